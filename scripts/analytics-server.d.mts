export interface Dataset {
  conversations: Record<string, unknown>[];
  feedback: Record<string, unknown>[];
}
export type Fault = '429' | '500' | 'truncate' | 'slow' | 'repeat-cursor' | 'bad-source' | 'no-hasMore';
export function makeDataset(count: number): Dataset;
export function startServer(options: { dataset: Dataset; key: string; project?: string; faults?: Record<number, Fault>; slowMs?: number }): Promise<{
  url: string;
  log: string[];
  requests: () => number;
  close: () => Promise<void>;
}>;
