import { blobId } from '../common/hash';
import type { PackedParse, ParseOptions } from './page-parse';

/**
 * What a parse of a text is kept under, whichever thread read the text: git's blob id of it, and
 * whether it has `{{`, where docs.json's variables go (src/site/page-parses.ts keys by both).
 */
export interface TextKeys {
  hash: string;
  braces: boolean;
}

export const textKeysOf = (text: string): TextKeys => ({ hash: blobId(text), braces: text.includes('{{') });

/** What the main thread sends a parse worker (src/parsers/mdx-worker.ts) for a batch. */
export interface WorkerRequest {
  id: number;
  /** Each page's text; null for one the worker reads itself from `files`. */
  texts: (string | null)[];
  /** The files to read, where a text is null. */
  files?: (string | null)[];
  /** Each text's options, when one has any. */
  options?: (ParseOptions | undefined)[];
}

/** What a parse worker sends back. */
export interface WorkerReply {
  id: number;
  /** Their parses, packed (null for a file it could not read); or, when the worker could not parse them, why. */
  parses?: (PackedParse | null)[];
  /** What it found in each file it read itself. */
  read?: (TextKeys | null)[];
  failed?: string;
}
