export interface Dataset {
  conversations: Record<string, unknown>[];
  feedback: Record<string, unknown>[];
}
export type Fault =
  | '429'
  | '500'
  | 'truncate'
  | 'html'
  | 'slow'
  | 'hang'
  | 'repeat-cursor'
  | 'repeat-page'
  | 'bad-source'
  | 'no-hasMore';
/** Response bodies an endpoint serves in order, each reached by the nextCursor of the one before. */
export type Pages = Partial<
  Record<'assistant' | 'feedback', ({ nextCursor: string | null; hasMore: boolean } & Record<string, unknown>)[]>
>;
export function makeDataset(count: number): Dataset;
export function makeSiteDataset(options: {
  feedbackPaths: string[];
  sourceUrls: string[];
  feedback?: number;
  conversations?: number;
  days?: number;
  seed?: number;
}): Dataset;
export function startServer(options: {
  dataset: Dataset;
  key: string;
  project?: string;
  faults?: Record<number, Fault>;
  slowMs?: number;
  endless?: boolean;
  pages?: Pages;
  gate?: (request: number) => Promise<void> | undefined;
}): Promise<{
  url: string;
  log: string[];
  requests: () => number;
  close: () => Promise<void>;
}>;
