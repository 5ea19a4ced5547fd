import * as path from 'node:path';
import { picocolors } from '../common/lazy';
import { count } from './client';
import { formatNumber, type Report } from './report-data';

type Colors = ReturnType<typeof import('picocolors').createColors>;

export interface TextOptions {
  color: boolean;
  /** The terminal's width: tables are fitted to it. */
  columns: number;
  /** Rows of each table. */
  top: number;
}

/** A cell, and how it is aligned: numbers to the right. */
type Cell = string | number;

/** Text from the data, made safe for a terminal: control characters (escape sequences) shown as "?". */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
const formatCell = (cell: Cell) => (typeof cell === 'number' ? formatNumber(cell) : printable(cell));

/** Cuts text to a width, with an ellipsis in the middle of a path (its start and its end both say something). */
function fitted(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const head = Math.ceil((width - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (width - 1 - head))}`;
}

const visibleLength = (text: string) => text.replace(/\x1b\[\d+m/g, '').length;

/** A line of prose wrapped at `columns`, its following lines indented by two spaces. */
function wrapped(line: string, columns: number): string {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current === '' ? word : `${current} ${word}`;
    if (current !== '' && visibleLength(next) > columns) {
      lines.push(current);
      current = `  ${word}`;
    } else current = next;
  }
  lines.push(current);
  return `${lines.join('\n')}\n`;
}

/**
 * A table fitted to `columns`: numbers right-aligned at their own width, the text columns sharing what
 * is left, the widest shrunk first.
 */
export function table(headers: string[], rows: Cell[][], columns: number, c: Colors): string {
  const cells = rows.map((row) => row.map(formatCell));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i].length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number'));
  const gap = 2;
  const indent = 2;
  let over = indent + widths.reduce((sum, w) => sum + w, 0) + gap * (widths.length - 1) - columns;
  while (over > 0) {
    const widest = widths.reduce((best, w, i) => (!numeric[i] && w > (widths[best] ?? -1) ? i : best), -1);
    if (widest < 0 || widths[widest] <= headers[widest].length + 2) break;
    const cut = Math.min(over, widths[widest] - Math.max(headers[widest].length, 12));
    if (cut <= 0) break;
    widths[widest] -= cut;
    over -= cut;
  }
  const line = (row: string[]) =>
    `${' '.repeat(indent)}${row
      .map((cell, i) => {
        const text = fitted(cell, widths[i]);
        return numeric[i] ? text.padStart(widths[i]) : i === row.length - 1 ? text : text.padEnd(widths[i]);
      })
      .join(' '.repeat(gap))
      .trimEnd()}`;
  return [c.dim(line(headers)), ...cells.map((row) => line(row))].map((l) => `${l}\n`).join('');
}

/** A section: its heading, its table of the first `top` rows, and how many more there are. */
function section(title: string, headers: string[], rows: Cell[][], options: TextOptions, c: Colors): string {
  if (rows.length === 0) return '';
  const more = rows.length - options.top;
  return `\n${wrapped(c.bold(title), options.columns)}${table(headers, rows.slice(0, options.top), options.columns, c)}${
    more > 0 ? `${c.dim(`  … ${formatNumber(more)} more (--format json or html lists them all)`)}\n` : ''
  }`;
}

/** The report as a terminal summary: what it covers, then a few tables of what needs work. */
export function formatReportText(report: Report, options: TextOptions): string {
  const c = picocolors().createColors(options.color);
  const { feedback, assistant } = report;
  const line = (prose: string) => wrapped(prose, options.columns);
  let text = line(
    `${c.bold('navlint analytics report')}  ${path.basename(path.dirname(report.site.docsFile))}/${path.basename(report.site.docsFile)}${coverage(report)}`,
  );
  if (report.site.origin && !report.site.originGiven)
    text += line(c.dim(`Site: ${report.site.origin} (the address most cited URLs have; --site-url sets it)`));
  if (report.partial) text += line(c.yellow(`Partial: ${printable(partialReasons(report))}`));
  const missingEntries = feedback.byLanding.missing ?? 0;
  text += line(
    `Feedback: ${formatNumber(feedback.total)} entries, ${c.red(formatNumber(feedback.negative))} negative, ${formatNumber(feedback.open)} open (pending or in progress); ${c.yellow(formatNumber(missingEntries))} on paths that land nowhere`,
  );
  const missingCitations = assistant.citationsByLanding.missing ?? 0;
  text += line(
    `Assistant: ${formatNumber(assistant.conversations)} conversations, ${formatNumber(assistant.unanswered)} unanswered; ${formatNumber(assistant.citations)} sources cited, ${c.yellow(formatNumber(missingCitations))} land nowhere, ${formatNumber(assistant.citationsByLanding.redirect ?? 0)} through a redirect`,
  );
  text += section(
    'Pages with the most negative feedback',
    ['page', 'file', 'negative', 'total', 'open'],
    feedback.pages
      .filter((row) => row.negative > 0)
      .map((row) => [row.path, row.file ?? '', row.negative, row.total, row.open]),
    options,
    c,
  );
  text += section(
    `Feedback on paths that are no page today (${count(feedback.missing.length, 'path')}, ${count(missingEntries, 'entry', 'entries')})`,
    ['path', 'entries', 'negative', 'open', 'did you mean'],
    feedback.missing.map((row) => [row.path, row.total, row.negative, row.open, row.nearest ?? row.external ?? '']),
    options,
    c,
  );
  text += section(
    `Assistant sources that land nowhere (${count(assistant.missingSources.length, 'URL')}, ${count(missingCitations, 'citation')})`,
    ['url', 'citations', 'conversations', 'did you mean'],
    assistant.missingSources.map((row) => [row.url, row.citations, row.conversations, row.nearest ?? '']),
    options,
    c,
  );
  text += section(
    'Assistant sources through a redirect',
    ['url', 'citations', 'lands on'],
    assistant.redirectedSources.map((row) => [
      row.url,
      row.citations,
      row.page ?? row.redirects[row.redirects.length - 1],
    ]),
    options,
    c,
  );
  text += section(
    'Unanswered questions by category',
    ['category', 'conversations', 'unanswered'],
    assistant.categories
      .filter((row) => row.unanswered > 0)
      .map((row) => [row.category ?? '(none)', row.conversations, row.unanswered]),
    options,
    c,
  );
  text += neverCited(report, options, c);
  return text;
}

function coverage(report: Report): string {
  const { buckets, unit, first, last } = report.timeline;
  if (buckets.length === 0) return '';
  return `  ${first} to ${last}${unit === 'day' ? '' : ` (${unit} by ${unit})`}`;
}

function partialReasons(report: Report): string {
  return (['feedback', 'assistant'] as const)
    .filter((kind) => report.inputs[kind].partial)
    .map((kind) => `${kind} ${report.inputs[kind].stopped ?? 'from a partial export file'}`)
    .join('; ');
}

function neverCited(report: Report, options: TextOptions, c: Colors): string {
  const { neverCited: pages, conversations } = report.assistant;
  if (conversations === 0 || pages.length === 0) return '';
  const shown = pages
    .slice(0, options.top)
    .map((page) => `  ${fitted(printable(page.path), options.columns - 2)}\n`)
    .join('');
  const more = pages.length - options.top;
  const heading = `Pages no answer cites (${formatNumber(pages.length)} of ${formatNumber(report.assistant.listedPages)} listed or generated)`;
  return `\n${wrapped(c.bold(heading), options.columns)}${shown}${
    more > 0 ? `${c.dim(`  … ${formatNumber(more)} more`)}\n` : ''
  }`;
}
