import * as fs from 'node:fs';
import { type MessagePort, workerData } from 'node:worker_threads';
import { parseSiteFile, parsesInSmallHeap } from './mdx';
import { type PackedParse, type ParseOptions, packParse } from './page-parse';
import { type TextKeys, textKeysOf, type WorkerRequest } from './parse-messages';

/**
 * A worker thread of src/site/parallel-parse.ts: parses the batches of texts it is sent on its port
 * (or reads them from the files it is sent), replies with their parses, packed (or why it could
 * not: the main thread then parses them), and bumps the shared counter the main thread sleeps on;
 * on its way out it marks its slot, so that a sleeping main thread, which never sees the exit event,
 * learns it is gone.
 */
const { port, signal, slot } = workerData as { port: MessagePort; signal: Int32Array; slot: number };
const wake = () => {
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
};
process.on('exit', () => {
  Atomics.store(signal, slot, 1);
  wake();
});

/**
 * A text's parse, packed; null when its parse needs more than this thread's small heap
 * (src/site/parallel-parse.ts sets it): the main thread parses it.
 */
const parseHere = (text: string, options: ParseOptions | undefined): PackedParse | null =>
  parsesInSmallHeap(text, options) ? packParse(parseSiteFile(text, options)) : null;

/**
 * A file's parse (see parseHere), and what the main thread keys it by; null when there is no file to
 * read (gone since the walk: the main thread settles it).
 */
function parseFile(
  file: string,
  options: ParseOptions | undefined,
): { parse: PackedParse | null; read: TextKeys } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return { parse: parseHere(text, options), read: textKeysOf(text) };
}

port.on('message', ({ id, texts, files, options }: WorkerRequest) => {
  try {
    const parses: (PackedParse | null)[] = [];
    const read: (TextKeys | null)[] = [];
    texts.forEach((text, i) => {
      const parsed =
        text === null ? parseFile(files![i]!, options?.[i]) : { parse: parseHere(text, options?.[i]), read: null };
      parses.push(parsed?.parse ?? null);
      read.push(parsed?.read ?? null);
    });
    port.postMessage({ id, parses, ...(files ? { read } : {}) });
  } catch (error) {
    port.postMessage({ id, failed: String(error) });
  }
  wake();
});
