import * as fs from 'node:fs';
import * as readline from 'node:readline';
import type { ExportKind } from './client';

/** An --input file that cannot be read as an export: a usage error, naming the file and the place. */
export class InputError extends Error {}

/** An entry of an export file, and which export it belongs to (undefined: neither). */
export interface InputEntry {
  kind: ExportKind | undefined;
  entry: Record<string, unknown>;
}

/** What a file held besides its entries. */
export interface InputSummary {
  /** Its name says it is the kept part of a stopped export (`FILE.partial`, `FILE.partial-2`). */
  partial: boolean;
  /** Its last line was cut short: the file was being written when it was read. */
  truncated: boolean;
  /** Lines (1-based) that are not JSON objects, the first few. */
  badLines: number[];
  badLineCount: number;
}

/** Which export an entry is from, by the fields only that export has. */
export function kindOf(entry: Record<string, unknown>): ExportKind | undefined {
  if ('query' in entry || 'sources' in entry || 'timestamp' in entry || 'resolutionStatus' in entry) return 'assistant';
  if ('path' in entry || 'createdAt' in entry || 'helpful' in entry || 'status' in entry || 'comment' in entry)
    return 'feedback';
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries a JSON value holds: an array of entries, an API page (`{ feedback: [...] }`), or one entry. */
function* entriesOf(value: unknown): Generator<InputEntry> {
  if (Array.isArray(value)) {
    for (const item of value) yield* isObject(item) ? entriesOf(item) : [noEntry];
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value.feedback) && 'hasMore' in value) {
    for (const entry of value.feedback) yield isObject(entry) ? { kind: 'feedback', entry } : noEntry;
  } else if (Array.isArray(value.conversations) && 'hasMore' in value) {
    for (const entry of value.conversations) yield isObject(entry) ? { kind: 'assistant', entry } : noEntry;
  } else yield { kind: kindOf(value), entry: value };
}

/** An item of a list that is no object (`null`, `3`): of neither export, and counted as such. */
const noEntry: InputEntry = { kind: undefined, entry: {} };

/**
 * Reads an export navlint wrote (jsonl or json: one entry a line, an array, or saved API pages),
 * streaming jsonl so that memory does not grow with the file. Lines that are not JSON are counted
 * and named, never fatal; a json file that does not parse is an InputError.
 */
export async function* readExportFile(file: string, summary: InputSummary): AsyncGenerator<InputEntry> {
  summary.partial = /\.partial(?:-\d+)?$/.test(file);
  const stat = statOrFail(file);
  if (stat.isDirectory()) throw new InputError(`--input ${file} is a folder: give an export file`);
  if (/\.csv$/i.test(file))
    throw new InputError(`--input ${file}: a csv export leaves out nested sources; export with --format jsonl or json`);
  // An array, or one object over several lines (an API page saved pretty-printed): one JSON value.
  const start = firstCharacters(file);
  if (start.startsWith('[') || (start.startsWith('{') && !firstLineParses(start))) {
    yield* entriesOf(parseWhole(file));
    return;
  }
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  let pending: { number: number; text: string } | undefined;
  const bad = (line: number) => {
    summary.badLineCount++;
    if (summary.badLines.length < 5) summary.badLines.push(line);
  };
  for await (const line of lines) {
    number++;
    const text = number === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (pending) bad(pending.number);
    pending = undefined;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      pending = { number, text }; // bad, unless it is the last line and the file ends without a newline
      continue;
    }
    if (typeof value !== 'object' || value === null)
      bad(number); // JSON, but no entry: `null`, `"text"`, `3`
    else yield* entriesOf(value);
  }
  if (pending) {
    if (endsWithNewline(file)) bad(pending.number);
    else summary.truncated = true;
  }
}

function statOrFail(file: string): fs.Stats {
  try {
    return fs.statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`--input ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`}`);
  }
}

/** The file's start (64 KiB), from its first character that is not white space. */
function firstCharacters(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(65_536);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer
      .subarray(0, read)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the first line of a file's start is JSON by itself (a jsonl file), or cut off by the 64 KiB read. */
function firstLineParses(start: string): boolean {
  const end = start.indexOf('\n');
  if (end < 0) return true;
  try {
    JSON.parse(start.slice(0, end));
    return true;
  } catch {
    return false;
  }
}

function endsWithNewline(file: string): boolean {
  const size = fs.statSync(file).size;
  if (size === 0) return true;
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1);
    fs.readSync(fd, buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

/** A json export, parsed whole; an InputError at the line and column where it stops being JSON. */
function parseWhole(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw error;
    throw new InputError(`--input ${file} is too large to read as one JSON value: export it with --format jsonl`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - before.lastIndexOf('\n');
    const cut = position >= text.trimEnd().length ? ': the file ends early (an export still being written?)' : '';
    throw new InputError(`--input ${file}:${line}:${column}: not JSON${cut}`);
  }
}
