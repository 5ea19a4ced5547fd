import { workerData, type MessagePort } from 'node:worker_threads';
import { parseMdxPage } from './mdx';
import type { PageParse } from './page-parse';

/**
 * A worker thread of src/site/parallel-parse.ts: parses the batches of texts it is sent on its port,
 * replies with their parses, and bumps the shared counter the main thread sleeps on.
 */
const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
port.on('message', ({ id, texts }: { id: number; texts: string[] }) => {
  port.postMessage({ id, parses: texts.map((text): PageParse => parseMdxPage(text)) });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
