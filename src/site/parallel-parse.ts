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
 * that read the pages stay plain functions: between its turns the scheduler sleeps on a shared
 * counter the workers bump.
 */
export function parseAll(
  jobs: ParseJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  onProgress?: (parsed: number) => void,
): void {
  for (const pause of schedule(jobs, parseHere, onProgress, () => false))
    if (pause.signal) Atomics.wait(pause.signal, 0, pause.seen, wakeMs);
}

/**
 * `parseAll` without blocking: the caller's event loop runs while the workers parse (the language
 * server answers requests meanwhile), and without workers the texts are parsed a batch at a time
 * between turns of the loop. `stop` is asked between batches: when it says so, the jobs not yet
 * read are left undone.
 */
export async function parseAllInBackground(
  jobs: ParseJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  stop: () => boolean = () => false,
): Promise<void> {
  for (const pause of schedule(jobs, parseHere, undefined, stop)) {
    if (!pause.signal) await new Promise((resolve) => setImmediate(resolve));
    else {
      const waited = waitAsync(pause.signal, 0, pause.seen, wakeMs);
      if (waited.async) await waited.value;
    }
  }
}

/** How long the scheduler sleeps at most before it looks again for a worker that is gone or late. */
const wakeMs = 1000;

/** Atomics.waitAsync (Node 16 and later; ES2024, past the library this code is typed with). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeout: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/**
 * Where the scheduler waits before its next turn: for the shared counter at `signal[0]` to move from
 * `seen` (a worker replied or exited); with no signal, for a turn of the event loop between
 * batches parsed on this thread.
 */
interface Pause {
  signal?: Int32Array;
  seen: number;
}

/**
 * The one scheduler of `parseAll` and `parseAllInBackground`, which differ only in how they wait at
 * each `Pause` it yields. Jobs are drawn as workers need them, so only the batches in flight are
 * held in memory; a worker has one batch out at a time, and one that exited (out of memory, killed)
 * or is late past `batchLimitMs` has its batch parsed here and gets no more. Replies are read with
 * receiveMessageOnPort, which a thread asleep in Atomics.wait can do and an event listener cannot.
 */
function* schedule(
  jobs: ParseJob[],
  parseHere: (text: string, options?: ParseOptions) => PageParse,
  onProgress: ((parsed: number) => void) | undefined,
  stop: () => boolean,
): Generator<Pause, void, void> {
  let parsed = 0;
  const finish = (batch: ReadJob[], reply?: WorkerReply) => {
    settle(batch, parseHere, reply);
    parsed += batch.length;
    onProgress?.(parsed);
  };
  const reader = new JobReader(jobs, () => onProgress?.(++parsed));
  const next = (limit: number, forWorker = false) => (stop() ? [] : reader.read(limit, forWorker));
  // Whether there is enough text to pay for workers is known by reading up to that much.
  const first = next(parallelFrom);
  const script = reader.done && textBytes(first) < parallelFrom ? undefined : workerScript();
  if (!script) {
    for (let batch = first; batch.length > 0; batch = next(batchBytes)) {
      finish(batch);
      yield { seen: 0 };
    }
    return;
  }
  reader.putBack(first);
  const count = Math.max(1, os.availableParallelism());
  // [0]: bumped at each reply and exit; [1 + i]: set when worker i exits.
  const signal = new Int32Array(new SharedArrayBuffer(4 * (1 + count)));
  const workers = Array.from({ length: count }, (_, i) => startWorker(script, signal, 1 + i));
  const inFlight = new Map<RunningWorker, { id: number; batch: ReadJob[]; sentAt: number; bytes: number }>();
  let batchId = 0;
  const { receiveMessageOnPort } = nodeWorkerThreads();
  const send = (worker: RunningWorker) => {
    const batch = next(batchBytes, true);
    if (batch.length === 0) return void worker.thread.terminate();
    inFlight.set(worker, { id: ++batchId, batch, sentAt: Date.now(), bytes: textBytes(batch) });
    worker.port.postMessage(requestOf(batchId, batch));
  };
  try {
    for (const worker of workers) send(worker);
    while (inFlight.size > 0) {
      const seen = Atomics.load(signal, 0);
      let replied = false;
      for (const [worker, out] of [...inFlight]) {
        const message = receiveMessageOnPort(worker.port);
        if (message) {
          replied = true;
          const reply = message.message as WorkerReply;
          if (reply.id !== out.id) continue;
          inFlight.delete(worker);
          finish(out.batch, reply);
          send(worker);
        } else if (Atomics.load(signal, worker.slot) !== 0 || Date.now() - out.sentAt >= batchLimitMs(out.bytes)) {
          inFlight.delete(worker);
          finish(out.batch);
          void worker.thread.terminate();
        }
      }
      if (!replied && inFlight.size > 0) yield { signal, seen };
    }
    for (let rest = next(batchBytes); rest.length > 0; rest = next(batchBytes)) finish(rest); // left when every worker is gone
  } finally {
    for (const worker of workers) void worker.thread.terminate();
  }
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
 * A parse's garbage is young and its result small: a page is parsed a few kilobytes at a time
 * (src/parsers/mdx-chunks.ts), whose working state dies in a young generation this size.
 */
const workerYoungGenerationMb = 16;
/**
 * A worker's parse holds one page's tree and the state of one part of it: far below this, which
 * keeps V8 from letting the garbage of a site's parses pile up; a cap near what is live makes it
 * collect so often that the parse slows. A text whose parse may need more (parsesInSmallHeap in
 * src/parsers/mdx.ts) the worker leaves to this thread; should one still run out, the worker exits
 * and its batch is parsed here.
 */
const workerOldGenerationMb = 128;

function startWorker(script: string, signal: Int32Array, slot: number): RunningWorker {
  const { MessageChannel, Worker } = nodeWorkerThreads();
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(script, {
    workerData: { port: port2, signal, slot },
    transferList: [port2],
    resourceLimits: {
      maxYoungGenerationSizeMb: workerYoungGenerationMb,
      maxOldGenerationSizeMb: workerOldGenerationMb,
    },
  });
  // The worker marks its slot on its way out; this marks it when the worker could not (terminated),
  // seen by a scheduler that waits on the event loop.
  thread.once('exit', () => {
    Atomics.store(signal, slot, 1);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
  thread.unref();
  return { thread, port: port1, slot };
}
