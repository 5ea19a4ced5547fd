import * as fs from 'node:fs';
import { type MessagePort, workerData } from 'node:worker_threads';
import { blobId } from '../common/hash';
import { parseSiteFile } from './mdx';
import { type PackedParse, type ParseOptions, packParse } from './page-parse';

/**
 * A worker thread of src/site/parallel-parse.ts: parses the batches of texts it is sent on its port
 * (or reads them from the files it is sent), replies with their parses, packed (or why it could
 * not: the main thread then parses them), and bumps the shared counter the main thread sleeps on;
 * on its way out it marks its slot, so that a sleeping main thread, which never sees the exit event,
 * learns it is gone.
 */
/** What it is sent (src/site/parallel-parse.ts's WorkerRequest: the parsers' layer does not import the site's). */
interface WorkerRequest {
  id: number;
  texts: (string | null)[];
  files?: (string | null)[];
  options?: (ParseOptions | undefined)[];
}

const { port, signal, slot } = workerData as { port: MessagePort; signal: Int32Array; slot: number };
const wake = () => {
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
};
process.on('exit', () => {
  Atomics.store(signal, slot, 1);
  wake();
});
/** What the main thread keys a parse by, for a text the worker read itself. */
interface TextRead {
  hash: string;
  braces: boolean;
}

/** A file's parse, and what the main thread keys it by; null when there is no file to read (gone since the walk: the main thread settles it). */
function parseFile(file: string, options: ParseOptions | undefined): { parse: PackedParse; read: TextRead } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return { parse: packParse(parseSiteFile(text, options)), read: { hash: blobId(text), braces: text.includes('{{') } };
}

port.on('message', ({ id, texts, files, options }: WorkerRequest) => {
  try {
    const parses: (PackedParse | null)[] = [];
    const read: (TextRead | null)[] = [];
    texts.forEach((text, i) => {
      const parsed =
        text === null
          ? parseFile(files![i]!, options?.[i])
          : { parse: packParse(parseSiteFile(text, options?.[i])), read: null };
      parses.push(parsed?.parse ?? null);
      read.push(parsed?.read ?? null);
    });
    port.postMessage({ id, parses, ...(files ? { read } : {}) });
  } catch (error) {
    port.postMessage({ id, failed: String(error) });
  }
  wake();
});
