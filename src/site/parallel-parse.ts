import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { PageParse, ParseOptions } from '../parsers/page-parse';

/** A text to parse (and how: a script, variables to put in), and what to do with its parse. */
export interface ParseJob {
  text: string;
  options?: ParseOptions;
  done(parse: PageParse): void;
}

/** What a worker is sent and sends back. */
export interface WorkerRequest {
  id: number;
  texts: string[];
  /** Each text's options, when one has any. */
  options?: (ParseOptions | undefined)[];
}
export interface WorkerReply {
  id: number;
  /** Their parses; or, when the worker could not parse them, why. */
  parses?: PageParse[];
  failed?: string;
}

/** Below this much text, starting workers (each loads the parser) costs more than it saves. */
const parallelFrom = 256 * 1024;
/** Texts sent to a worker at a time: enough to keep it busy between the main thread's turns, few enough to share the work out evenly. */
const batchBytes = 64 * 1024;
/**
 * How long a batch may be out before the main thread parses it itself: far longer than any batch
 * takes (the parser reads about 0.4 MB a second at worst), a bound for a worker that hangs.
 */
const batchLimitMs = (bytes: number) => 60_000 + bytes / 100;

/**
 * The worker script beside the running bundle (dist/mdx-worker.cjs); undefined when run from source
 * (the tests), where everything is parsed on the main thread.
 */
function workerScript(): string | undefined {
  if (typeof __filename !== 'string' || !__filename.endsWith('.cjs')) return undefined;
  const script = path.join(path.dirname(__filename), 'mdx-worker.cjs');
  return fs.existsSync(script) ? script : undefined;
}

/**
 * Parses every job's text and calls its `done` before returning: on worker threads, one per core,
 * when there is enough text to pay for them, else with `parseHere`. Synchronous, so that the rules
 * that read the pages stay plain functions: the main thread hands batches out and sleeps on a
 * shared counter the workers bump, reading the replies with receiveMessageOnPort. Jobs are drawn as
 * workers need them, so only the batches in flight are held in memory.
 */
export function parseAll(jobs: ParseJob[], parseHere: (text: string, options?: ParseOptions) => PageParse, onProgress?: (parsed: number) => void): void {
  const total = jobs.reduce((sum, job) => sum + job.text.length, 0);
  const script = total >= parallelFrom ? workerScript() : undefined;
  if (!script) {
    jobs.forEach((job, i) => {
      job.done(parseHere(job.text, job.options));
      onProgress?.(i + 1);
    });
    return;
  }
  const count = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(total / batchBytes)));
  // [0]: bumped at each reply; [1 + i]: set when worker i exits.
  const signal = new Int32Array(new SharedArrayBuffer(4 * (1 + count)));
  const workers = Array.from({ length: count }, (_, i) => startWorker(script, signal, 1 + i));
  const inFlight = new Map<number, { batch: ParseJob[]; worker: RunningWorker; sentAt: number; bytes: number }>();
  let next = 0;
  let parsed = 0;
  let batchId = 0;
  const finish = (batch: ParseJob[], parses?: PageParse[]) => {
    batch.forEach((job, i) => job.done(parses?.[i] ?? parseHere(job.text, job.options)));
    parsed += batch.length;
    onProgress?.(parsed);
  };
  const send = (worker: RunningWorker) => {
    const batch: ParseJob[] = [];
    let bytes = 0;
    for (; next < jobs.length && (batch.length === 0 || bytes < batchBytes); next++) {
      batch.push(jobs[next]);
      bytes += jobs[next].text.length;
    }
    if (batch.length === 0) return;
    inFlight.set(++batchId, { batch, worker, sentAt: Date.now(), bytes });
    const options = batch.some((job) => job.options) ? batch.map((job) => job.options) : undefined;
    worker.port.postMessage({ id: batchId, texts: batch.map((job) => job.text), ...(options ? { options } : {}) } satisfies WorkerRequest);
  };
  try {
    for (const worker of workers) send(worker);
    while (inFlight.size > 0) {
      const seen = Atomics.load(signal, 0);
      let replied = false;
      for (const worker of workers) {
        for (let message = receiveMessageOnPort(worker.port); message; message = receiveMessageOnPort(worker.port)) {
          const reply = message.message as WorkerReply;
          const { batch } = inFlight.get(reply.id)!;
          inFlight.delete(reply.id);
          finish(batch, reply.parses);
          replied = true;
          send(worker);
        }
      }
      if (replied || inFlight.size === 0 || Atomics.wait(signal, 0, seen, 1000) !== 'timed-out') continue;
      // A worker that exited (out of memory, killed) or hangs never replies: its batches are parsed here.
      for (const [id, { batch, worker, sentAt, bytes }] of inFlight) {
        if (Atomics.load(signal, worker.slot) === 0 && Date.now() - sentAt < batchLimitMs(bytes)) continue;
        inFlight.delete(id);
        finish(batch);
      }
    }
    finish(jobs.slice(next)); // left when every worker is gone
  } finally {
    for (const worker of workers) void worker.thread.terminate();
  }
}

interface RunningWorker {
  thread: Worker;
  port: MessagePort;
  /** Its place in the shared counters, set when it exits. */
  slot: number;
}

function startWorker(script: string, signal: Int32Array, slot: number): RunningWorker {
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(script, { workerData: { port: port2, signal, slot }, transferList: [port2] });
  thread.unref();
  return { thread, port: port1, slot };
}
