import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { temporaryPath } from '../common/atomic';
import { csvColumns, csvRow, ExportError, exportPages, ExportUsageError, validateRequest, type ExportKind } from './client';

export interface AnalyticsIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: (text: string) => void;
  /** Show a progress line (stderr is a terminal). */
  progress: boolean;
}

/** Thrown for a usage mistake; the CLI turns it into exit 2. */
export class AnalyticsUsageError extends Error {}

const formats = ['jsonl', 'json', 'csv'];

/** navlint analytics assistant|feedback: validate, export page by page, write atomically. Returns the exit code. */
export async function runAnalytics(args: string[], io: AnalyticsIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        'base-url': { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        source: { type: 'string' },
        status: { type: 'string' },
        cursor: { type: 'string' },
        format: { type: 'string', default: 'jsonl' },
        output: { type: 'string' },
        timeout: { type: 'string' },
        'max-retries': { type: 'string' },
      },
    });
  } catch (error) {
    throw new AnalyticsUsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}; run navlint --help`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new AnalyticsUsageError('analytics takes one export: navlint analytics assistant|feedback [options]');
  if (!formats.includes(values.format)) throw new AnalyticsUsageError(`--format must be one of ${formats.join(', ')}, not "${values.format}"`);
  let request;
  try {
    request = validateRequest({
      kind: positionals[0],
      projectId: values.project ?? io.env.NAVLINT_PROJECT_ID,
      apiKey: io.env.NAVLINT_API_KEY,
      baseUrl: values['base-url'],
      from: values.from,
      to: values.to,
      limit: values.limit,
      source: values.source,
      status: values.status,
      cursor: values.cursor,
      timeout: values.timeout,
      maxRetries: values['max-retries'],
    });
  } catch (error) {
    if (error instanceof ExportUsageError) throw new AnalyticsUsageError(error.message);
    throw error;
  }

  const target = values.output ? path.resolve(io.cwd, values.output) : undefined;
  const output = openOutput(target, io.stdout);
  const encode = encoder(values.format, request.kind);
  let entries = 0;
  let pages = 0;
  let resumeAt = request.cursor;
  const started = Date.now();
  const progress = (done = false) => {
    if (!io.progress) return;
    const rate = entries / Math.max((Date.now() - started) / 1000, 0.001);
    io.stderr(`\r${pages} page${pages === 1 ? '' : 's'}, ${entries} entries, ${Math.round(rate)} entries/s${done ? '\n' : ''}`);
  };
  try {
    await output.write(encode.start());
    for await (const page of exportPages(request, { onRetry: (n, attempt, reason, wait) => io.progress && io.stderr(`\r${reason}; retry ${attempt} in ${(wait / 1000).toFixed(1)} s\n`) })) {
      let chunk = '';
      for (const entry of page.entries) chunk += encode.entry(entry, entries++ === 0);
      await output.write(chunk);
      pages++;
      resumeAt = page.nextCursor ?? undefined;
      progress();
    }
    await output.write(encode.end());
    output.commit();
    progress(true);
    return 0;
  } catch (error) {
    if (!(error instanceof ExportError)) {
      output.abandon();
      throw error;
    }
    await output.write(encode.end());
    const kept = output.keepPartial();
    progress(true);
    const resume = error.cursor ?? resumeAt;
    io.stderr(
      `navlint: the export stopped: ${error.message}\n` +
        `  ${entries} entries from ${pages} page${pages === 1 ? '' : 's'} were written${kept ? ` to ${path.relative(io.cwd, kept)}` : ''}.\n` +
        (resume ? `  Resume with --cursor ${resume}\n` : pages === 0 ? '  Nothing was exported; run the same command again.\n' : ''),
    );
    return 1;
  }
}

function encoder(format: string, kind: ExportKind) {
  const columns = csvColumns[kind];
  if (format === 'csv') return { start: () => csvRow(columns), entry: (e: Record<string, unknown>) => csvRow(columns.map((c) => e[c])), end: () => '' };
  if (format === 'json') return { start: () => '[', entry: (e: Record<string, unknown>, first: boolean) => `${first ? '\n' : ',\n'}${JSON.stringify(e)}`, end: () => '\n]\n' };
  return { start: () => '', entry: (e: Record<string, unknown>) => `${JSON.stringify(e)}\n`, end: () => '' };
}

/**
 * Where the export goes: stdout (with backpressure), or a temporary file beside --output that is
 * renamed into place when the export is complete, so FILE is never half-written.
 */
function openOutput(target: string | undefined, stdout: NodeJS.WritableStream) {
  if (!target) {
    return {
      write: (text: string) => new Promise<void>((resolve) => (text === '' || stdout.write(text) ? resolve() : stdout.once('drain', resolve))),
      commit: () => undefined,
      keepPartial: () => undefined,
      abandon: () => undefined,
    };
  }
  const temporary = temporaryPath(target);
  const fd = fs.openSync(temporary, 'wx');
  const close = () => {
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  };
  return {
    write: async (text: string) => {
      if (text) fs.writeSync(fd, text);
    },
    commit: () => {
      close();
      fs.renameSync(temporary, target);
    },
    /** The pages fetched before the failure, complete in themselves, kept beside FILE. */
    keepPartial: () => {
      close();
      fs.renameSync(temporary, `${target}.partial`);
      return `${target}.partial`;
    },
    abandon: () => {
      fs.closeSync(fd);
      fs.rmSync(temporary, { force: true });
    },
  };
}
