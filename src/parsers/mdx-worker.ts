import { type MessagePort, workerData } from 'node:worker_threads';
import { parseSiteFile } from './mdx';
import { type PackedParse, type ParseOptions, packParse } from './page-parse';

/**
 * A worker thread of src/site/parallel-parse.ts: parses the batches of texts it is sent on its port,
 * replies with their parses, packed (or why it could not: the main thread then parses them), and bumps the
 * shared counter the main thread sleeps on; on its way out it marks its slot, so that a sleeping main
 * thread, which never sees the exit event, learns it is gone.
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
port.on(
  'message',
  ({ id, texts, options }: { id: number; texts: string[]; options?: (ParseOptions | undefined)[] }) => {
    try {
      port.postMessage({
        id,
        parses: texts.map((text, i): PackedParse => packParse(parseSiteFile(text, options?.[i]))),
      });
    } catch (error) {
      port.postMessage({ id, failed: String(error) });
    }
    wake();
  },
);
