import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { MessagePort, Worker } from 'node:worker_threads';
import { nodeWorkerThreads } from '../common/lazy';
import type { PackedParse, PageParse, ParseOptions } from '../parsers/page-parse';
import type { TextKeys, WorkerReply, WorkerRequest } from '../parsers/parse-messages';

/**
 * A text to parse, read only when it is about to be (so that only the texts in flight are held in
 * memory), and what to do with its parse. `text` gives undefined when reading settled it (a cache
 * had its parse by its content, or the file is gone).
 */
export interface ParseJob {
  text(): string | undefined;
  /**
   * A file a worker may read itself instead (its text is the file on disk, and no cache could have
   * its parse by content): the texts of a cold run then never pass through this thread's heap.
   * `text` is still asked when this thread parses it after all.
   */
  file?: string;
  /** How it is parsed: a script, variables to put in. */
  options?: ParseOptions;
  /** A worker's parse comes packed, one made on this thread does not; `read`: what the worker that read the file found in it. */
  done(parse: PageParse | PackedParse, read?: TextKeys): void;
}

/** Below this much text, starting workers (each loads the parser) costs more than it saves. */
const parallelFrom = 256 * 1024;
/** Texts sent to a worker at a time: enough to keep it busy between the main thread's turns, few enough to share the work out evenly. */
const batchBytes = 64 * 1024;
/** What a file a worker reads counts for in a batch, its size unknown here: about a page. */
const fileBytes = 4 * 1024;
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
export function parseAll(
  jobs: ParseJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  onProgress?: (parsed: number) => void,
): void {
  let parsed = 0;
  const finish = (batch: ReadJob[], reply?: WorkerReply) => {
    settle(batch, parseHere, reply);
    parsed += batch.length;
    onProgress?.(parsed);
  };
  const reader = new JobReader(jobs, () => onProgress?.(++parsed));
  // Whether there is enough text to pay for workers is known by reading up to that much.
  const first = reader.read(parallelFrom);
  const script = reader.done && textBytes(first) < parallelFrom ? undefined : workerScript();
  if (!script) {
    for (let batch = first; batch.length > 0; batch = reader.read(batchBytes)) finish(batch);
    return;
  }
  reader.putBack(first);
  const count = Math.max(1, os.availableParallelism());
  // [0]: bumped at each reply; [1 + i]: set when worker i exits.
  const signal = new Int32Array(new SharedArrayBuffer(4 * (1 + count)));
  const workers = Array.from({ length: count }, (_, i) => startWorker(script, signal, 1 + i));
  const inFlight = new Map<number, { batch: ReadJob[]; worker: RunningWorker; sentAt: number; bytes: number }>();
  let batchId = 0;
  const { receiveMessageOnPort } = nodeWorkerThreads();
  const send = (worker: RunningWorker) => {
    const batch = reader.read(batchBytes, true);
    if (batch.length === 0) return;
    inFlight.set(++batchId, { batch, worker, sentAt: Date.now(), bytes: textBytes(batch) });
    worker.port.postMessage(requestOf(batchId, batch));
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
          finish(batch, reply);
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
    for (let rest = reader.read(batchBytes); rest.length > 0; rest = reader.read(batchBytes)) finish(rest); // left when every worker is gone
  } finally {
    for (const worker of workers) void worker.thread.terminate();
  }
}

/**
 * `parseAll` without blocking: the caller's event loop runs while the workers parse (the language
 * server answers requests meanwhile), a worker that exits is seen by its event, and without workers
 * the texts are parsed a batch at a time between turns of the loop. `stop` is asked between batches:
 * when it says so, the jobs not yet read are left undone.
 */
export async function parseAllInBackground(
  jobs: ParseJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  stop: () => boolean = () => false,
): Promise<void> {
  const finish = (batch: ReadJob[], reply?: WorkerReply) => settle(batch, parseHere, reply);
  const reader = new JobReader(jobs, () => {});
  const first = reader.read(parallelFrom);
  const script = reader.done && textBytes(first) < parallelFrom ? undefined : workerScript();
  if (!script) {
    for (let batch = first; batch.length > 0 && !stop(); batch = reader.read(batchBytes)) {
      finish(batch);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return;
  }
  reader.putBack(first);
  const signal = new Int32Array(new SharedArrayBuffer(4 * 2)); // the workers' counters, unread here
  const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, () => startWorker(script, signal, 1));
  await new Promise<void>((resolve) => {
    let running = workers.length;
    const serve = (worker: RunningWorker) => {
      let batch: ReadJob[] = [];
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        batch = stop() ? [] : reader.read(batchBytes, true);
        if (batch.length === 0) return retire();
        timer = setTimeout(() => void worker.thread.terminate(), batchLimitMs(textBytes(batch)));
        worker.port.postMessage(requestOf(0, batch));
      };
      const retire = () => {
        clearTimeout(timer);
        worker.port.removeAllListeners('message');
        worker.thread.removeAllListeners('exit');
        worker.port.close();
        void worker.thread.terminate();
        if (--running === 0) resolve();
      };
      worker.port.on('message', (reply: WorkerReply) => {
        clearTimeout(timer);
        finish(batch, reply);
        send();
      });
      // Gone (out of memory, killed, or stopped for hanging): its batch is parsed here, the rest by the others.
      worker.thread.once('exit', () => {
        finish(batch);
        batch = [];
        retire();
      });
      send();
    };
    workers.forEach(serve);
  });
  // Every worker gone with jobs left: parsed here.
  for (let rest = stop() ? [] : reader.read(batchBytes); rest.length > 0; rest = stop() ? [] : reader.read(batchBytes))
    finish(rest);
}

/** A job whose text has been read, or whose file a worker is to read. */
interface ReadJob {
  job: ParseJob;
  text?: string;
}

/**
 * Calls each job's `done` with its parse: the worker's where its reply has one, else one made here
 * (from the text read here, or read now for a file the worker did not read). A job whose text
 * reading settles is done with.
 */
function settle(
  batch: readonly ReadJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  reply?: WorkerReply,
): void {
  batch.forEach(({ job, text }, i) => {
    const packed = reply?.parses?.[i];
    if (packed) return job.done(packed, reply?.read?.[i] ?? undefined);
    const read = text ?? job.text();
    if (read !== undefined) job.done(parseHere(read, job.options));
  });
}

/** What a worker is sent for a batch. */
function requestOf(id: number, batch: readonly ReadJob[]): WorkerRequest {
  const options = batch.some(({ job }) => job.options) ? batch.map(({ job }) => job.options) : undefined;
  const files = batch.some(({ text }) => text === undefined)
    ? batch.map(({ job, text }) => (text === undefined ? job.file! : null))
    : undefined;
  return {
    id,
    texts: batch.map(({ text }) => text ?? null),
    ...(files ? { files } : {}),
    ...(options ? { options } : {}),
  };
}

const textBytes = (batch: readonly ReadJob[]) => batch.reduce((sum, { text }) => sum + (text?.length ?? fileBytes), 0);

/** Reads the jobs' texts in order, a batch at a time; a job that reading settles is told to `settled`. */
class JobReader {
  private next = 0;
  private returned: ReadJob[] = [];

  constructor(
    private readonly jobs: readonly ParseJob[],
    private readonly settled: () => void,
  ) {}

  get done(): boolean {
    return this.returned.length === 0 && this.next >= this.jobs.length;
  }

  /**
   * The next texts, until about `limit` characters (at least one text unless none is left); `forWorker`:
   * a job's file that a worker can read is left for it to read.
   */
  read(limit: number, forWorker = false): ReadJob[] {
    const batch: ReadJob[] = [];
    let bytes = 0;
    while (batch.length === 0 || bytes < limit) {
      const read = this.returned.shift() ?? this.readNext(forWorker);
      if (!read) break;
      batch.push(read);
      bytes += read.text?.length ?? fileBytes;
    }
    return batch;
  }

  /** Texts read and not used yet: they come first again. */
  putBack(batch: ReadJob[]): void {
    this.returned = batch.concat(this.returned);
  }

  private readNext(forWorker: boolean): ReadJob | undefined {
    while (this.next < this.jobs.length) {
      const job = this.jobs[this.next++];
      if (forWorker && job.file !== undefined) return { job };
      const text = job.text();
      if (text !== undefined) return { job, text };
      this.settled();
    }
    return undefined;
  }
}

interface RunningWorker {
  thread: Worker;
  port: MessagePort;
  /** Its place in the shared counters, set when it exits. */
  slot: number;
}

/**
 * A parse's garbage is young and its result small: a worker's young generation this size keeps the
 * parse about as fast as V8's default one, with a smaller heap per worker. Smaller slows it: more of
 * a large page's tree outlives a scavenge and goes to the old generation.
 */
const workerYoungGenerationMb = 32;

function startWorker(script: string, signal: Int32Array, slot: number): RunningWorker {
  const { MessageChannel, Worker } = nodeWorkerThreads();
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(script, {
    workerData: { port: port2, signal, slot },
    transferList: [port2],
    resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb },
  });
  thread.unref();
  return { thread, port: port1, slot };
}
