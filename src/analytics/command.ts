import * as fs from 'node:fs';
import * as path from 'node:path';
import { temporaryPath } from '../common/atomic';
import { onStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import { type CommandUsage, helpOption, usageText } from '../common/usage';
import { type AnalyticsIo, AnalyticsUsageError, parseArguments } from './arguments';
import {
  count,
  csvColumns,
  csvRow,
  defaultBaseUrl,
  ExportAborted,
  ExportError,
  type ExportKind,
  type ExportRequest,
  ExportUsageError,
  exportPages,
  feedbackSources,
  feedbackStatuses,
  fieldsLeftOut,
  limits,
  shellQuote,
  validateRequest,
} from './client';

export { type AnalyticsIo, AnalyticsUsageError } from './arguments';

/** --output FILE could not be written (a full disk, FILE a folder by now); `renaming`: the data is complete in the temporary file. */
class OutputError extends Error {
  constructor(
    message: string,
    readonly renaming = false,
  ) {
    super(message);
  }
}

const formats = ['jsonl', 'json', 'csv'];
const kinds: ExportKind[] = ['assistant', 'feedback'];

const usage = {
  synopsis: [
    'navlint analytics assistant [options]',
    'navlint analytics feedback [options]',
    'navlint analytics report [DIR] [options]   (navlint analytics report --help)',
  ],
  summary:
    "Export the AI assistant's conversations, or the readers' feedback, from the analytics API, page by page.\nThe admin API key is read from NAVLINT_API_KEY, never from a flag.",
  options: {
    project: { type: 'string', value: 'ID', help: 'the project id (or NAVLINT_PROJECT_ID)' },
    from: { type: 'string', value: 'DATE', help: 'ISO 8601 date-time or date (YYYY-MM-DD), sent as written' },
    to: { type: 'string', value: 'DATE', help: 'the same, exclusive' },
    limit: {
      type: 'string',
      value: 'N',
      help: `page size: ${kinds.map((kind) => `${kind} ${limits[kind].min}-${limits[kind].max} (default ${limits[kind].default})`).join(', ')}`,
    },
    source: { type: 'string', value: 'S', help: `feedback: ${feedbackSources.join(', ')}` },
    status: { type: 'string', value: 'LIST', help: `feedback: comma list of ${feedbackStatuses.join(', ')}` },
    cursor: { type: 'string', value: 'C', help: 'start from a cursor navlint printed, to resume or continue' },
    'max-pages': { type: 'string', value: 'N', help: 'stop after N pages, printing the cursor to continue from' },
    format: { type: 'string', default: 'jsonl', value: 'F', help: `${formats.join(', ')} (default ${formats[0]})` },
    output: {
      type: 'string',
      value: 'FILE',
      help: 'write FILE atomically (FILE.partial and a cursor to resume on failure or Ctrl-C)',
    },
    'base-url': { type: 'string', value: 'URL', help: `default ${defaultBaseUrl}` },
    timeout: { type: 'string', value: 'SECONDS', help: 'per request (default 30)' },
    'max-retries': { type: 'string', value: 'N', help: 'retries of a page (default 5)' },
    help: helpOption,
  },
  footer:
    'Exit codes: 0 exported (or stopped by --max-pages), 1 the export stopped, 2 usage error, 130 and 143 interrupted (SIGINT, SIGTERM).',
} satisfies CommandUsage;
const { options } = usage;

const parse = (args: string[]) => parseArguments(args, options);

/** navlint analytics assistant|feedback: validate, export page by page, write atomically. Returns the exit code. */
export async function runAnalytics(args: string[], io: AnalyticsIo): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    io.stdout.write(usageText(usage));
    return 0;
  }
  const request = requestOf(values, positionals, io.env);
  // A signal or a closed stdout stops the export: the request in flight is cancelled, what was
  // written is kept. A second signal ends the process at once (the temporary file removed).
  const stop = new AbortController();
  const target = values.output ? path.resolve(io.cwd, values.output) : undefined;
  const run = new ExportRun(io, request, target);
  const output = openOutputOrRefuse(target, values.output, io.stdout, (error) => {
    run.stdoutFailed = error;
    stop.abort();
  });
  const stopListening = stopOnSignals(run, output, stop);
  const encode = encoder(values.format, request.kind);
  try {
    return await exportAll(request, output, encode, run, stop.signal);
  } catch (error) {
    return await endStopped(error, output, encode, run);
  } finally {
    stopListening();
  }
}

/** Stops the export on SIGINT or SIGTERM, and ends the process at a second one. Returns what stops listening. */
function stopOnSignals(run: ExportRun, output: Output, stop: AbortController): () => void {
  return onStopSignals((signal) => {
    if (run.interrupted) {
      output.abandon();
      process.exit(signalExitCodes[signal]);
    }
    run.interrupted = signal;
    stop.abort();
  });
}

/** The export the command line asks for, checked; a usage error when it is not one. */
function requestOf(
  values: ReturnType<typeof parse>['values'],
  positionals: string[],
  env: NodeJS.ProcessEnv,
): ExportRequest {
  if (positionals.length !== 1)
    throw new AnalyticsUsageError('analytics takes one export: navlint analytics assistant|feedback [options]');
  if (!formats.includes(values.format))
    throw new AnalyticsUsageError(`--format must be one of ${formats.join(', ')}, not "${values.format}"`);
  try {
    return validateRequest({
      kind: positionals[0],
      projectId: values.project ?? env.NAVLINT_PROJECT_ID,
      apiKey: env.NAVLINT_API_KEY,
      baseUrl: values['base-url'],
      from: values.from,
      to: values.to,
      limit: values.limit,
      source: values.source,
      status: values.status,
      cursor: values.cursor,
      timeout: values.timeout,
      maxRetries: values['max-retries'],
      maxPages: values['max-pages'],
    });
  } catch (error) {
    if (error instanceof ExportUsageError) throw new AnalyticsUsageError(error.message);
    throw error;
  }
}

/** openOutput, or a usage error saying why --output cannot be written. */
function openOutputOrRefuse(
  target: string | undefined,
  given: string | undefined,
  stdout: NodeJS.WritableStream,
  onFailed: (error: NodeJS.ErrnoException) => void,
): Output {
  try {
    return openOutput(target, stdout, onFailed);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const why: Record<string, string> = {
      EISDIR: 'is a folder: give a file name',
      ENOENT: 'is in a folder that does not exist',
      ENOTDIR: 'is in a folder that does not exist',
      EACCES: 'cannot be written: permission denied',
      EPERM: 'cannot be written: permission denied',
      EROFS: 'is on a read-only file system',
    };
    throw new AnalyticsUsageError(`--output ${given} ${why[code] ?? `cannot be written (${code})`}`);
  }
}

/** One export's progress, how it was stopped, and the lines it ends with on stderr. */
class ExportRun {
  entries = 0;
  pages = 0;
  /** Where the next page starts. */
  resumeAt: string | undefined;
  interrupted: StopSignal | undefined;
  stdoutFailed: NodeJS.ErrnoException | undefined;
  readonly leftOut: ReturnType<typeof leftOutTally>;
  private readonly started = Date.now();

  constructor(
    private readonly io: AnalyticsIo,
    request: ExportRequest,
    readonly target: string | undefined,
  ) {
    this.resumeAt = request.cursor;
    this.leftOut = leftOutTally(request.kind);
  }

  progress(done = false): void {
    if (!this.io.progress) return;
    const rate = this.entries / Math.max((Date.now() - this.started) / 1000, 0.001);
    this.io.stderr(
      `\r${count(this.pages, 'page')}, ${count(this.entries, 'entry', 'entries')}, ${Math.round(rate)} entries/s${done ? '\n' : ''}`,
    );
  }

  /** The last words of a run, after the note on fields left out, if any. */
  finish(text = ''): void {
    const all = this.leftOut.note(this.entries) + text;
    if (all) this.io.stderr(all);
  }

  written(where: string | undefined): string {
    const { entries, pages } = this;
    return `  ${count(entries, 'entry', 'entries')} from ${count(pages, 'page')} ${entries === 1 ? 'was' : 'were'} written${where ? ` to ${path.relative(this.io.cwd, where)}` : ''}.\n`;
  }

  onRetry = (_page: number, attempt: number, reason: string, wait: number) =>
    this.io.progress && this.io.stderr(`\r${reason}; retry ${attempt} in ${(wait / 1000).toFixed(1)} s\n`);

  /** Puts the output in place; an OutputError that keeps the data when it cannot. */
  commit(output: Output): void {
    try {
      output.commit();
    } catch (error) {
      throw new OutputError(
        `${path.relative(this.io.cwd, this.target!)} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        true,
      );
    }
  }
}

/** Fetches and writes every page (or --max-pages of them), then puts the output in place. */
async function exportAll(
  request: ExportRequest,
  output: Output,
  encode: Encoder,
  run: ExportRun,
  signal: AbortSignal,
): Promise<number> {
  await output.write(encode.start());
  for await (const page of exportPages(request, { onRetry: run.onRetry, signal })) {
    let chunk = '';
    for (const entry of page.entries) {
      run.leftOut.add(entry);
      chunk += encode.entry(entry, run.entries++ === 0);
    }
    await output.write(chunk);
    run.pages++;
    run.resumeAt = page.nextCursor ?? undefined;
    run.progress();
    if (signal.aborted) throw new ExportAborted('the export was stopped');
    if (page.nextCursor !== null && run.pages === request.maxPages) {
      await output.write(encode.end());
      run.commit(output);
      run.progress(true);
      run.finish(
        `navlint: stopped after ${count(run.pages, 'page')} (--max-pages ${request.maxPages}); more entries follow.\n${run.written(run.target)}  Continue with --cursor ${shellQuote(page.nextCursor)}\n`,
      );
      return 0;
    }
  }
  await output.write(encode.end());
  run.commit(output);
  run.progress(true);
  run.finish();
  return 0;
}

/** Ends an export that stopped before its end: keeps what was fetched if it can, says why and how to go on. */
async function endStopped(error: unknown, output: Output, encode: Encoder, run: ExportRun): Promise<number> {
  if (error instanceof OutputError) {
    // FILE could not be written: what was fetched is kept if it can be, else the temporary file goes.
    let kept: string | undefined;
    try {
      kept = keepOrAbandon(output, error.renaming && run.pages > 0);
    } catch {
      output.abandon();
    }
    run.finish(`navlint: the export stopped: ${error.message}\n${kept ? run.written(kept) : ''}`);
    return 1;
  }
  if (run.stdoutFailed && !run.interrupted) {
    // As cat does when the reader of its output has gone (`| head -n 1`): a quiet, normal end.
    if (run.stdoutFailed.code === 'EPIPE') return 0;
    run.finish(`navlint: the export stopped: writing to stdout failed (${run.stdoutFailed.message})\n`);
    return 1;
  }
  if (!(error instanceof ExportError) && !(error instanceof ExportAborted)) {
    output.abandon();
    throw error;
  }
  await output.write(encode.end());
  const kept = keepOrAbandon(output, run.pages > 0);
  run.progress(true);
  // Where the next page starts; worth a line only when this run got further than its --cursor.
  const resume = error instanceof ExportError ? (error.cursor ?? run.resumeAt) : run.resumeAt;
  const resumeLine = resume !== undefined && run.pages > 0 ? `  Resume with --cursor ${shellQuote(resume)}\n` : '';
  if (run.interrupted) {
    run.finish(`navlint: the export was interrupted (${run.interrupted}).\n${run.written(kept)}${resumeLine}`);
    return signalExitCodes[run.interrupted];
  }
  const failure = error as ExportError;
  // Only a failure that may pass (the network, the server's 5xx) is worth running again as it is.
  const advice = failure.fix ? `  ${failure.fix}\n` : '';
  const again = !failure.fix && run.pages === 0 ? '  Nothing was exported; run the same command again.\n' : '';
  run.finish(`navlint: the export stopped: ${failure.message}\n${run.written(kept)}${advice}${resumeLine}${again}`);
  return 1;
}

/** The partial file kept when `keep`, else the output abandoned (undefined). */
function keepOrAbandon(output: Output, keep: boolean): string | undefined {
  if (keep) return output.keepPartial();
  output.abandon();
  return undefined;
}

/** Which documented fields the server left out, and of how many entries: said once, at the end of the run. */
function leftOutTally(kind: ExportKind) {
  const fields = new Set<string>();
  let entries = 0;
  return {
    add(entry: Record<string, unknown>) {
      const lacking = fieldsLeftOut(kind, entry);
      if (lacking.length > 0) entries++;
      for (const field of lacking) fields.add(field);
    },
    note(total: number): string {
      if (entries === 0) return '';
      const names = csvColumns[kind].filter((column) => fields.has(column)); // in the document's order
      return `navlint: note: the server left out fields that the published API document lists: ${names.join(', ')} (in ${entries} of ${count(total, 'entry', 'entries')})\n`;
    },
  };
}

/** How entries are written in a format: what comes before them, each entry, what comes after. */
interface Encoder {
  start(): string;
  entry(entry: Record<string, unknown>, first: boolean): string;
  end(): string;
}

function encoder(format: string, kind: ExportKind): Encoder {
  const columns = csvColumns[kind];
  if (format === 'csv')
    return {
      start: () => csvRow(columns),
      entry: (e: Record<string, unknown>) => csvRow(columns.map((c) => e[c])),
      end: () => '',
    };
  if (format === 'json')
    return {
      start: () => '[',
      entry: (e: Record<string, unknown>, first: boolean) => `${first ? '\n' : ',\n'}${JSON.stringify(e)}`,
      end: () => '\n]\n',
    };
  return { start: () => '', entry: (e: Record<string, unknown>) => `${JSON.stringify(e)}\n`, end: () => '' };
}

/** Where the export is written. */
interface Output {
  write(text: string): Promise<void>;
  /** Puts the complete export in place. */
  commit(): void;
  /** The pages fetched before the stop, complete in themselves, kept beside FILE under a name no earlier run has taken. */
  keepPartial(): string | undefined;
  /** Removes what was written. */
  abandon(): void;
}

/**
 * Where the export goes: stdout (with backpressure; `onClosed` when its reader has gone), or a
 * temporary file beside --output that is renamed into place when the export is complete, so FILE is
 * never half-written. The temporary file never outlives the export: renamed, or removed.
 */
function openOutput(
  target: string | undefined,
  stdout: NodeJS.WritableStream,
  onFailed: (error: NodeJS.ErrnoException) => void,
): Output {
  if (!target) {
    let closed = false;
    const waiting = new Set<() => void>();
    const close = (error: NodeJS.ErrnoException) => {
      if (!closed) onFailed(error);
      closed = true;
      for (const resolve of waiting) resolve();
    };
    // EPIPE and the like come as an 'error' event: without a listener, a stack trace.
    stdout.on?.('error', close);
    return {
      write: (text: string) =>
        new Promise<void>((resolve) => {
          if (closed || text === '' || stdout.write(text)) return resolve();
          const done = () => {
            waiting.delete(done);
            stdout.off?.('drain', done);
            resolve();
          };
          waiting.add(done);
          stdout.once('drain', done);
        }),
      commit: () => undefined,
      keepPartial: () => undefined,
      abandon: () => undefined,
    };
  }
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
  const temporary = temporaryPath(target);
  const fd = fs.openSync(temporary, 'wx');
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  };
  return {
    write: async (text: string) => {
      try {
        if (text && open) fs.writeSync(fd, text);
      } catch (error) {
        throw new OutputError(
          `writing ${path.basename(target)} failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        );
      }
    },
    commit: () => {
      close();
      fs.renameSync(temporary, target);
    },
    keepPartial: () => {
      close();
      for (let n = 1; ; n++) {
        const kept = n === 1 ? `${target}.partial` : `${target}.partial-${n}`;
        if (fs.existsSync(kept)) continue;
        try {
          fs.linkSync(temporary, kept); // fails if `kept` has appeared since: an earlier partial file is never replaced
          fs.rmSync(temporary, { force: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
          fs.renameSync(temporary, kept); // a file system without hard links
        }
        return kept;
      }
    },
    abandon: () => {
      if (open) {
        open = false;
        fs.closeSync(fd);
      }
      fs.rmSync(temporary, { force: true });
    },
  };
}
