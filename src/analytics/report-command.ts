import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { DocsFileError, findDocsFile } from '../common/docs-file';
import { onStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import { type CommandUsage, helpOption, usageText } from '../common/usage';
import { type AnalyticsIo, AnalyticsUsageError, parseArguments } from './arguments';
import {
  count,
  ExportAborted,
  ExportError,
  type ExportKind,
  type ExportRequest,
  ExportUsageError,
  exportPages,
  validateRequest,
} from './client';
import { type Report, ReportBuilder } from './report-data';
import { formatReportHtml } from './report-html';
import { InputError, type InputSummary, readExportFile } from './report-input';
import { type ReportSite, readReportSite, SiteUnreadable } from './report-join';
import { formatReportText } from './report-text';

export { AnalyticsUsageError } from './arguments';

const formats = ['text', 'json', 'html'];
const kinds: ExportKind[] = ['feedback', 'assistant'];

const usage = {
  synopsis: ['navlint analytics report [DIR] [options]'],
  summary:
    "Join readers' feedback and the assistant's answers with the site at DIR (default: the nearest docs.json up from here):\nthe pages with the most negative feedback, feedback on pages that are gone, sources that land nowhere, unanswered questions.\nThe entries come from the analytics API (NAVLINT_API_KEY, as the exports) or from earlier exports (--input).",
  options: {
    input: {
      type: 'string',
      multiple: true,
      value: 'FILE',
      help: 'an export navlint wrote (jsonl or json, feedback or assistant), instead of the API; repeatable',
    },
    project: { type: 'string', value: 'ID', help: 'the project id (or NAVLINT_PROJECT_ID)' },
    from: { type: 'string', value: 'DATE', help: 'as for the exports: the first day (ISO 8601)' },
    to: { type: 'string', value: 'DATE', help: 'the same, exclusive' },
    'max-pages': {
      type: 'string',
      value: 'N',
      help: 'fetch at most N pages of each export (the report says it is partial)',
    },
    'base-url': { type: 'string', value: 'URL', help: 'as for the exports' },
    timeout: { type: 'string', value: 'SECONDS', help: 'per request (default 30)' },
    'max-retries': { type: 'string', value: 'N', help: 'retries of a page (default 5)' },
    'site-url': {
      type: 'string',
      value: 'URL',
      help: "the site's address (https://docs.example.com); default: the host most cited URLs have",
    },
    format: { type: 'string', default: 'text', value: 'F', help: `${formats.join(', ')} (default text)` },
    output: { type: 'string', value: 'FILE', help: 'write the report to FILE (atomically) instead of stdout' },
    top: { type: 'string', default: '10', value: 'N', help: 'rows of each table in the text summary (default 10)' },
    'no-color': { type: 'boolean', help: 'no colour in the text summary' },
    help: helpOption,
  },
  footer:
    'Exit codes: 0 the report was written, 1 an export stopped (what came is reported, marked partial), 2 usage error, 130 and 143 interrupted (the report of what came is written).',
} satisfies CommandUsage;
const { options } = usage;

type Values = ReturnType<typeof parseArguments<typeof options>>['values'];

/** What the command line asks for, checked before the site is read or a request made. */
interface ReportPlan {
  docsFile: string;
  inputs?: string[];
  requests?: ExportRequest[];
  origin?: URL;
  format: string;
  output?: string;
  top: number;
}

/** navlint analytics report: gather the entries, join them with the site, write the report. Returns the exit code. */
export async function runReport(args: string[], io: AnalyticsIo): Promise<number> {
  const { values, positionals } = parseArguments(args, options, 'navlint analytics report');
  if (values.help) {
    io.stdout.write(usageText(usage));
    return 0;
  }
  const plan = planOf(values, positionals, io);
  const builder = new ReportBuilder(siteOrRefuse(plan.docsFile, io.cwd));
  const gathered = plan.inputs
    ? await readInputs(plan.inputs, builder, io)
    : await fetchExports(plan.requests!, builder, io);
  if (gathered.exit !== 0 && gathered.entries === 0) return gathered.exit;
  const report = builder.finish({ from: values.from, to: values.to }, plan.origin);
  writeReport(report, plan, io);
  io.stderr(notes(report));
  return gathered.exit;
}

function siteOrRefuse(docsFile: string, cwd: string): ReportSite {
  try {
    return readReportSite(docsFile);
  } catch (error) {
    if (error instanceof SiteUnreadable)
      throw new AnalyticsUsageError(error.message.replace(docsFile, path.relative(cwd, docsFile) || docsFile));
    throw error;
  }
}

function planOf(values: Values, positionals: string[], io: AnalyticsIo): ReportPlan {
  if (positionals.length > 1)
    throw new AnalyticsUsageError(`report takes one site, got ${positionals.length}: ${positionals.join(' ')}`);
  if (!formats.includes(values.format))
    throw new AnalyticsUsageError(`--format must be one of ${formats.join(', ')}, not "${values.format}"`);
  const top = Number(values.top);
  if (!Number.isInteger(top) || top < 1)
    throw new AnalyticsUsageError(`--top takes a whole number of 1 or more, not "${values.top}"`);
  let docsFile: string;
  try {
    docsFile = findDocsFile(positionals[0], io.cwd);
  } catch (error) {
    if (error instanceof DocsFileError) throw new AnalyticsUsageError(error.message);
    throw error;
  }
  const plan: ReportPlan = { docsFile, format: values.format, top, origin: originOf(values['site-url']) };
  if (values.output) plan.output = writableOutput(values.output, io.cwd);
  if (values.input) {
    const apiFlags = (['project', 'from', 'to', 'max-pages', 'base-url', 'timeout', 'max-retries'] as const).filter(
      (flag) => values[flag] !== undefined,
    );
    if (apiFlags.length > 0)
      throw new AnalyticsUsageError(
        `--${apiFlags[0]} is for the API; with --input the report covers the files' entries`,
      );
    plan.inputs = values.input.map((file) => path.resolve(io.cwd, file));
  } else plan.requests = kinds.map((kind) => requestOf(kind, values, io.env));
  return plan;
}

/** --output's path, refused before any request when it cannot be written: a folder, or in a folder that is not there. */
function writableOutput(given: string, cwd: string): string {
  const target = path.resolve(cwd, given);
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw new AnalyticsUsageError(`--output ${given} is a folder: give a file name`);
  if (!fs.statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory())
    throw new AnalyticsUsageError(`--output ${given} is in a folder that does not exist`);
  return target;
}

function originOf(siteUrl: string | undefined): URL | undefined {
  if (siteUrl === undefined) return undefined;
  try {
    const url = new URL(siteUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // said below
  }
  throw new AnalyticsUsageError(
    `--site-url must be the site's address, such as https://docs.example.com, not "${siteUrl}"`,
  );
}

function requestOf(kind: ExportKind, values: Values, env: NodeJS.ProcessEnv): ExportRequest {
  try {
    return validateRequest({
      kind,
      projectId: values.project ?? env.NAVLINT_PROJECT_ID,
      apiKey: env.NAVLINT_API_KEY,
      baseUrl: values['base-url'],
      from: values.from,
      to: values.to,
      timeout: values.timeout,
      maxRetries: values['max-retries'],
      maxPages: values['max-pages'],
    });
  } catch (error) {
    if (error instanceof ExportUsageError)
      throw new AnalyticsUsageError(
        `${error.message}${/NAVLINT_API_KEY|--project/.test(error.message) ? '; or report on earlier exports with --input FILE' : ''}`,
      );
    throw error;
  }
}

/** How gathering the entries ended: the exit code so far, and how many entries came. */
interface Gathered {
  exit: number;
  entries: number;
}

async function readInputs(files: string[], builder: ReportBuilder, io: AnalyticsIo): Promise<Gathered> {
  let entries = 0;
  for (const file of files) {
    const summary: InputSummary = { partial: false, truncated: false, badLines: [], badLineCount: 0 };
    const shown = path.relative(io.cwd, file) || file;
    const found = new Set<ExportKind>();
    let neither = 0;
    try {
      for await (const { kind, entry } of readExportFile(file, summary)) {
        if (!kind) {
          neither++;
          continue;
        }
        if (!found.has(kind)) builder.input(kind, shown, false);
        found.add(kind);
        builder.add(kind, entry);
        entries++;
      }
    } catch (error) {
      if (error instanceof InputError) throw new AnalyticsUsageError(error.message.replace(file, shown));
      throw error;
    }
    const partial = summary.partial || summary.truncated;
    for (const kind of found)
      builder.input(kind, shown, partial, summary.truncated ? 'cut short in its last line' : undefined);
    if (summary.badLineCount > 0)
      io.stderr(
        `navlint: ${shown}: ${count(summary.badLineCount, 'line')} not a JSON object or array, left out (line ${summary.badLines.join(', ')}${summary.badLineCount > summary.badLines.length ? ', …' : ''})\n`,
      );
    if (neither > 0)
      io.stderr(`navlint: ${shown}: ${count(neither, 'entry', 'entries')} of neither export, left out\n`);
    if (found.size === 0 && neither === 0 && summary.badLineCount === 0) io.stderr(`navlint: ${shown}: no entries\n`);
  }
  return { exit: 0, entries };
}

/** Fetches both exports, page by page, into the builder. Ctrl-C or SIGTERM stops it: what came is reported. */
async function fetchExports(requests: ExportRequest[], builder: ReportBuilder, io: AnalyticsIo): Promise<Gathered> {
  const stop = new AbortController();
  let interrupted: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    if (interrupted) process.exit(signalExitCodes[signal]);
    interrupted = signal;
    stop.abort();
  });
  let exit = 0;
  let entries = 0;
  try {
    for (const request of requests) {
      if (interrupted) {
        builder.input(request.kind, request.baseUrl, true, `not fetched: interrupted (${interrupted})`);
        continue;
      }
      const fetched = await fetchExport(request, builder, io, stop.signal);
      entries += fetched.entries;
      if (interrupted) exit = signalExitCodes[interrupted];
      else if (fetched.exit !== 0) exit = fetched.exit;
    }
  } finally {
    stopListening();
  }
  if (interrupted) io.stderr(`navlint: interrupted (${interrupted}); the report covers what was fetched.\n`);
  return { exit, entries };
}

async function fetchExport(
  request: ExportRequest,
  builder: ReportBuilder,
  io: AnalyticsIo,
  signal: AbortSignal,
): Promise<Gathered> {
  const from = `${request.baseUrl.replace(/\/$/, '')}/v1/analytics/${request.projectId}/${request.kind}`;
  let pages = 0;
  let entries = 0;
  const progress = (done = false) =>
    io.progress &&
    io.stderr(`\r${request.kind}: ${count(pages, 'page')}, ${count(entries, 'entry', 'entries')}${done ? '\n' : ''}`);
  try {
    for await (const page of exportPages(request, { signal })) {
      for (const entry of page.entries) builder.add(request.kind, entry);
      pages++;
      entries += page.entries.length;
      progress();
      if (page.nextCursor !== null && pages === request.maxPages) {
        progress(true);
        builder.input(
          request.kind,
          from,
          true,
          `stopped after ${count(pages, 'page')} (--max-pages ${request.maxPages})`,
        );
        return { exit: 0, entries };
      }
    }
    progress(true);
    builder.input(request.kind, from, false);
    return { exit: 0, entries };
  } catch (error) {
    if (!(error instanceof ExportError) && !(error instanceof ExportAborted)) throw error;
    if (pages > 0) progress(true);
    const why = error instanceof ExportError ? error.message : 'interrupted';
    builder.input(request.kind, from, true, `stopped after ${count(pages, 'page')}: ${why}`);
    if (error instanceof ExportError)
      io.stderr(
        `navlint: the ${request.kind} export stopped: ${error.message}\n${error.fix ? `  ${error.fix}\n` : ''}`,
      );
    return { exit: 1, entries };
  }
}

function writeReport(report: Report, plan: ReportPlan, io: AnalyticsIo): void {
  const toFile = plan.output !== undefined;
  const folder = toFile ? path.dirname(plan.output!) : io.cwd;
  const root = path.dirname(plan.docsFile);
  const fileLink = (file: string) =>
    path.relative(folder, path.join(root, file)).split(path.sep).map(encodeURIComponent).join('/');
  const text =
    plan.format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : plan.format === 'html'
        ? formatReportHtml(report, { fileLink })
        : formatReportText(report, {
            color: !toFile && (io.color ?? false),
            // Fitted to a terminal only: a file or a pipe gets whole lines.
            columns: toFile ? Number.POSITIVE_INFINITY : (io.columns ?? Number.POSITIVE_INFINITY),
            top: plan.top,
          });
  if (!toFile) {
    io.stdout.write(text);
    return;
  }
  try {
    writeFileAtomic(plan.output!, text);
  } catch (error) {
    throw new AnalyticsUsageError(
      `--output ${path.relative(io.cwd, plan.output!)} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

const entryName: Record<ExportKind, [string, string]> = {
  feedback: ['feedback entry', 'feedback entries'],
  assistant: ['conversation', 'conversations'],
};

/** The lines on stderr after the report: entries left out or incomplete, and a partial input. */
function notes(report: Report): string {
  let text = '';
  for (const kind of kinds) {
    const input = report.inputs[kind];
    const name = entryName[kind][1];
    for (const [field, n] of Object.entries(input.skipped))
      text += `navlint: note: ${count(n, entryName[kind][0], entryName[kind][1])} without a usable ${field} ${n === 1 ? 'was' : 'were'} left out\n`;
    const incomplete = Object.entries(input.incomplete);
    if (incomplete.length > 0)
      text += `navlint: note: ${name} counted without: ${incomplete.map(([field, n]) => `${field} (${n})`).join(', ')}\n`;
    if (input.duplicates > 0)
      text += `navlint: note: ${count(input.duplicates, entryName[kind][0], name)} seen twice ${input.duplicates === 1 ? 'was' : 'were'} counted once\n`;
    if (input.partial) text += `navlint: the ${kind} input is partial${input.stopped ? `: ${input.stopped}` : ''}\n`;
  }
  const { feedback, assistant } = report;
  const landed = (counts: Record<string, number>) =>
    Object.entries(counts).some(([kind, n]) => n > 0 && kind !== 'missing' && kind !== 'external');
  if (feedback.total + assistant.citations > 0 && !landed(feedback.byLanding) && !landed(assistant.citationsByLanding))
    text += `navlint: warning: no path or URL landed on a page of ${report.site.docsFile}: is it the site the analytics are of${report.site.originGiven ? '' : ', or is --site-url needed'}?\n`;
  return text;
}
