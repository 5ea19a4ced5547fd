import type { ErrorObject, ValidateFunction } from 'ajv';
import analyticsSchema from '../../schemas/analytics.schema.json';
import * as validators from '../generated/validators.js';

/** The two exports of spec part 4. */
export type ExportKind = 'assistant' | 'feedback';

/** The platform's production API, from its published OpenAPI description (the spec leaves it "not shown"). */
export const defaultBaseUrl = 'https://api.mintlify.com';

export const limits: Record<ExportKind, { min: number; max: number; default: number }> = {
  // The assistant default is the published description's; the spec gives only the range.
  assistant: { min: 1, max: 1000, default: 100 },
  feedback: { min: 1, max: 100, default: 50 },
};

/** Feedback sources: the spec's two, and the two more the published description and real exports have. */
export const feedbackSources = ['code_snippet', 'contextual', 'agent', 'thumbs_only'];
export const feedbackStatuses = ['pending', 'in_progress', 'resolved', 'dismissed'];

export interface ExportRequest {
  kind: ExportKind;
  projectId: string;
  apiKey: string;
  baseUrl: string;
  from?: string;
  to?: string;
  limit: number;
  source?: string;
  status?: string[];
  cursor?: string;
  /** Per request, milliseconds. */
  timeoutMs: number;
  maxRetries: number;
  /** Stop after this many pages (a normal end that prints the cursor to continue from). */
  maxPages?: number;
}

/** A bad flag or environment value: exit 2, before any request. The key never appears in it. */
export class ExportUsageError extends Error {}

/**
 * The export stopped: exit 1. `cursor` resumes it (undefined: start over). `fix`, a sentence, says
 * what to change when running the same command again cannot help; without it the failure may pass
 * (the network, 429 and 5xx after the retries).
 */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly cursor: string | undefined,
    readonly fix?: string,
  ) {
    super(message);
  }
}

/** The export was stopped from outside (a signal, a closed stdout): no message of its own. */
export class ExportAborted extends Error {}

/** "1 entry", "2 entries". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// ISO 8601 extended format: a calendar date, optionally a time (minutes, seconds, a fraction) and an offset.
const isoForm =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * The instant an ISO 8601 date or date-time stands for, in milliseconds (a date or a date-time
 * without an offset read as UTC, for comparing --from with --to only: the text is sent as it is), or
 * why it is not one: a form navlint does not read, or a date or time that does not exist.
 */
export function parseIsoDate(text: string): number | { error: string } {
  const m = isoForm.exec(text);
  if (!m) return { error: 'form' };
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (month < 1 || month > 12) return { error: `there is no month ${m[2]}` };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return { error: `${monthNames[month - 1]} ${m[1]} has ${days} days` };
  if (hour > 23 || minute > 59 || second > 59)
    return { error: 'hours go from 00 to 23, minutes and seconds from 00 to 59' };
  const offsetHours = Number(m[9] ?? 0);
  const offsetMinutes = Number(m[10] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return { error: `the offset ${m[8]} is not one` };
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const offset = (m[8]?.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return Date.UTC(year, month - 1, day, hour, minute, second) + fraction - offset;
}

/** A value as a POSIX shell word: as it is when it is safe, else in single quotes. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Checks every value before any request is made; messages name the flag and what it accepts. */
export function validateRequest(input: {
  kind: string;
  projectId?: string;
  apiKey?: string;
  baseUrl?: string;
  from?: string;
  to?: string;
  limit?: string;
  source?: string;
  status?: string;
  cursor?: string;
  timeout?: string;
  maxRetries?: string;
  maxPages?: string;
}): ExportRequest {
  const fail = (message: string): never => {
    throw new ExportUsageError(message);
  };
  if (input.kind !== 'assistant' && input.kind !== 'feedback')
    fail(`analytics takes "assistant" or "feedback", not "${input.kind ?? ''}"`);
  const kind = input.kind as ExportKind;
  const projectId = input.projectId ?? '';
  if (!projectId)
    fail('--project (or NAVLINT_PROJECT_ID) is required: the project id from the API keys page of the dashboard');
  if (!/^[A-Za-z0-9._-]+$/.test(projectId)) fail('--project must be a project id: letters, digits, ".", "_" and "-"');
  const apiKey = input.apiKey ?? '';
  if (!apiKey)
    fail('NAVLINT_API_KEY is not set: export the admin API key from the dashboard in that variable (never as a flag)');
  if (!/^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/.test(apiKey))
    fail('NAVLINT_API_KEY does not look like an admin API key: it should be the key prefix, "_", then the key');
  const baseUrl = (input.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) fail(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  const instants: number[] = [];
  for (const [flag, value] of [
    ['--from', input.from],
    ['--to', input.to],
  ] as const) {
    if (value === undefined) continue;
    const instant = parseIsoDate(value);
    if (typeof instant === 'number') instants.push(instant);
    else if (instant.error === 'form')
      fail(
        `${flag} must be an ISO 8601 date-time (2026-01-31T12:00:00Z, 2026-01-31T12:00) or a date (2026-01-31), not "${value}"`,
      );
    else fail(`${flag} "${value}" is not a date that exists: ${instant.error}`);
  }
  if (instants.length === 2 && instants[0] >= instants[1]) fail('--from must be before --to (--to is exclusive)');
  const range = limits[kind];
  const limit = input.limit === undefined ? range.default : Number(input.limit);
  if (!Number.isInteger(limit) || limit < range.min || limit > range.max)
    fail(`--limit for ${kind} must be a whole number from ${range.min} to ${range.max}, not "${input.limit}"`);
  if (kind === 'assistant' && (input.source !== undefined || input.status !== undefined))
    fail('--source and --status filter feedback only');
  if (input.source !== undefined && !feedbackSources.includes(input.source))
    fail(`--source must be one of ${feedbackSources.join(', ')}, not "${input.source}"`);
  let status: string[] | undefined;
  if (input.status !== undefined) {
    status = input.status.split(',').map((s) => s.trim());
    const bad = status.filter((s) => !feedbackStatuses.includes(s));
    if (bad.length > 0 || status.length === 0)
      fail(
        `--status takes a comma-separated list of ${feedbackStatuses.join(', ')}; "${bad.join(',') || input.status}" is not one`,
      );
  }
  // Any cursor a response gave: nextCursor has no declared format, so navlint passes it on as it is.
  if (input.cursor === '')
    fail(
      '--cursor must not be empty: give the cursor navlint printed, or leave --cursor out to start at the beginning',
    );
  const timeout = input.timeout === undefined ? 30 : Number(input.timeout);
  if (!(timeout > 0 && timeout <= 600))
    fail(`--timeout must be a number of seconds from 0 to 600, not "${input.timeout}"`);
  const maxRetries = input.maxRetries === undefined ? 5 : Number(input.maxRetries);
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 20)
    fail(`--max-retries must be a whole number from 0 to 20, not "${input.maxRetries}"`);
  const maxPages = input.maxPages === undefined ? undefined : Number(input.maxPages);
  if (
    maxPages !== undefined &&
    !(Number.isSafeInteger(maxPages) && maxPages >= 1 && /^\d+$/.test(input.maxPages!.trim()))
  )
    fail(`--max-pages must be a whole number of 1 or more, not "${input.maxPages}"`);
  return {
    kind,
    projectId,
    apiKey,
    baseUrl,
    from: input.from,
    to: input.to,
    limit,
    source: input.source,
    status,
    cursor: input.cursor,
    timeoutMs: timeout * 1000,
    maxRetries,
    maxPages,
  };
}

export interface ExportPage {
  /** 1-based. */
  number: number;
  entries: Record<string, unknown>[];
  /** The cursor that continues after this page, or null at the end. */
  nextCursor: string | null;
}

export interface ExportHooks {
  /** Waits before a retry; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry: the page, the attempt, why, and the wait. */
  onRetry?: (page: number, attempt: number, reason: string, waitMs: number) => void;
  /** Aborting it stops the export at once (the request in flight, or the wait before a retry): ExportAborted. */
  signal?: AbortSignal;
}

const shapeFix =
  'Check --base-url: this server does not answer as the published analytics API does; the same command gets the same answer.';
const loopFix = 'The server is not moving on: try again later, or bound the export with --max-pages.';

/**
 * Fetches every page of an export in order, following nextCursor while hasMore is true (spec 4.3).
 * Retries 429, 5xx, timeouts, dropped connections and truncated bodies; a page that does not match
 * the published document's shapes (but for fields of an entry other than its id), a repeated cursor or
 * a page that repeats the entries of the page before stops it. Each page is yielded as soon as it arrives.
 */
export async function* exportPages(request: ExportRequest, hooks: ExportHooks = {}): AsyncGenerator<ExportPage> {
  // The wait before a retry ends early when the export is stopped.
  const sleep =
    hooks.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          hooks.signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        hooks.signal?.addEventListener('abort', done);
      }));
  // The envelope and an id per entry: what the export needs (fieldsLeftOut names the rest).
  const validate = (
    request.kind === 'assistant' ? validators.usableConversationPage : validators.usableFeedbackPage
  ) as ValidateFunction;
  const listKey = request.kind === 'assistant' ? 'conversations' : 'feedback';
  const seen = new Set<string>();
  let cursor = request.cursor;
  let previous: Record<string, unknown>[] = [];
  for (let number = 1; ; number++) {
    const body = await fetchPage(request, cursor, number, sleep, hooks);
    if (!validate(body)) {
      throw new ExportError(
        `page ${number} does not match the ${listKey} response of the published API document: ${describeErrors(validate.errors ?? [], body)}`,
        cursor,
        shapeFix,
      );
    }
    const page = body as { hasMore: boolean; nextCursor: string | null } & Record<string, Record<string, unknown>[]>;
    if (page.hasMore && !page.nextCursor)
      throw new ExportError(`page ${number} says hasMore but gives no nextCursor`, cursor, shapeFix);
    if (page.hasMore && (seen.has(page.nextCursor!) || page.nextCursor === cursor)) {
      throw new ExportError(
        `page ${number} returned cursor ${shellQuote(page.nextCursor!)} again: the server is looping, stopping`,
        cursor,
        loopFix,
      );
    }
    const entries = page[listKey];
    if (repeats(entries, previous)) {
      throw new ExportError(
        `page ${number} repeats the ${count(entries.length, 'entry', 'entries')} of page ${number - 1}: the server is looping, stopping`,
        cursor,
        loopFix,
      );
    }
    if (cursor !== undefined) seen.add(cursor);
    yield { number, entries, nextCursor: page.hasMore ? page.nextCursor : null };
    if (!page.hasMore) return;
    previous = entries;
    cursor = page.nextCursor!;
  }
}

/** The fields the published document requires of an entry, for each of its entry shapes. */
const documentedShapes: Record<ExportKind, string[][]> = {
  assistant: [analyticsSchema.$defs.conversationPage.properties.conversations.items.required],
  feedback: analyticsSchema.$defs.feedbackPage.properties.feedback.items.anyOf.map((shape) => shape.required),
};

/**
 * The fields the published document requires that an entry lacks, in the shape it lacks the fewest
 * of: none for an entry the document allows. A server that follows the spec (parts 2.1, 2.3) may
 * leave them out; the entry is exported as it came.
 */
export function fieldsLeftOut(kind: ExportKind, entry: Record<string, unknown>): string[] {
  const lacking = documentedShapes[kind].map((required) => required.filter((field) => !Object.hasOwn(entry, field)));
  return lacking.reduce((fewest, fields) => (fields.length < fewest.length ? fields : fewest));
}

/** A page with the same entries as the one before (not an empty one: a sparse filter may give several). */
function repeats(entries: Record<string, unknown>[], previous: Record<string, unknown>[]): boolean {
  if (entries.length === 0 || entries.length !== previous.length) return false;
  for (let i = 0; i < entries.length; i++) if (entries[i].id !== previous[i].id) return false;
  return JSON.stringify(entries) === JSON.stringify(previous);
}

function describeErrors(errors: ErrorObject[], body: unknown): string {
  let first = errors[0];
  if (!first) return 'invalid';
  // An entry that fits none of anyOf's shapes: tell the first error of the shape it comes closest to.
  const anyOf = /^(.*\/anyOf)\/\d+\//.exec(first.schemaPath)?.[1];
  const entry =
    anyOf &&
    errors.find(
      (e) =>
        e.keyword === 'anyOf' && e.schemaPath === anyOf && `${first.instancePath}/`.startsWith(`${e.instancePath}/`),
    )?.instancePath;
  if (anyOf && entry !== undefined) {
    const branches = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      const branch =
        e.schemaPath.startsWith(`${anyOf}/`) && `${e.instancePath}/`.startsWith(`${entry}/`)
          ? e.schemaPath.slice(anyOf.length + 1).split('/')[0]
          : undefined;
      if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
    first = [...branches.values()].reduce((best, group) => (group.length < best.length ? group : best))[0];
  }
  const where = first.instancePath
    ? first.instancePath
        .slice(1)
        .replace(/\/(\d+)/g, '[$1]')
        .replace(/\//g, '.')
    : 'the response';
  if (first.keyword === 'required')
    return `${where} is missing "${(first.params as { missingProperty: string }).missingProperty}"`;
  const value = first.instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], body);
  if (first.keyword === 'enum')
    return `${where} is ${JSON.stringify(value)}, not one of ${(first.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  if (first.keyword === 'type')
    return `${where} is ${JSON.stringify(value)}, not ${[(first.params as { type: string | string[] }).type].flat().join(' or ')}`;
  return `${where} ${first.message}`;
}

const statusMessages: Record<number, (request: ExportRequest) => [message: string, fix: string]> = {
  400: () => [
    'the server refused the request (400 Bad Request)',
    'Change the value the server names (--from, --to, --limit, --source, --status or --cursor); the same command gets the same answer.',
  ],
  401: () => [
    'the API key was rejected (401 Unauthorized)',
    'Set NAVLINT_API_KEY to an admin API key from the API keys page of the dashboard.',
  ],
  403: (r) => [
    `the API key has no access to project ${r.projectId} (403 Forbidden)`,
    `Use an admin API key of the organization that owns project ${r.projectId}, or check --project.`,
  ],
  404: (r) => [
    `project ${r.projectId} was not found (404 Not Found)`,
    'Check --project (or NAVLINT_PROJECT_ID) against the API keys page of the dashboard, and --base-url.',
  ],
};

async function fetchPage(
  request: ExportRequest,
  cursor: string | undefined,
  number: number,
  sleep: (ms: number) => Promise<void>,
  hooks: ExportHooks,
): Promise<unknown> {
  const url = new URL(`${request.baseUrl}/v1/analytics/${encodeURIComponent(request.projectId)}/${request.kind}`);
  const query: Record<string, string | undefined> = {
    dateFrom: request.from,
    dateTo: request.to,
    limit: String(request.limit),
    source: request.source,
    status: request.status?.join(','),
    cursor,
  };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  const stop = hooks.signal;
  const aborted = () => new ExportAborted('the export was stopped');

  for (let attempt = 0; ; attempt++) {
    if (stop?.aborted) throw aborted();
    let retry: { reason: string; after?: number };
    try {
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = stop ? AbortSignal.any([stop, timeout]) : timeout;
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${request.apiKey}`, Accept: 'application/json' },
        signal,
      });
      if (response.ok) {
        const text = await response.text();
        try {
          return JSON.parse(text);
        } catch {
          // A proxy's or gateway's error page comes as HTML with status 200: say so, not that JSON was cut off.
          const type = response.headers.get('content-type')?.split(';')[0].trim();
          const what = type && !/\bjson\b/i.test(type) ? `is ${type}, not JSON` : 'is not complete JSON';
          retry = { reason: `page ${number}: the response body ${what} (${count(text.length, 'byte')})` };
        }
      } else if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        retry = {
          reason: `page ${number}: HTTP ${response.status}`,
          after: retryAfter(response.headers.get('retry-after')),
        };
      } else {
        const detail = await errorDetail(response);
        const [message, fix] = statusMessages[response.status]?.(request) ?? [
          `the server refused page ${number} (HTTP ${response.status})`,
          'Check --base-url and the options; the same command gets the same answer.',
        ];
        throw new ExportError(`${message}${detail ? `: ${detail}` : ''}`, cursor, fix);
      }
    } catch (error) {
      if (error instanceof ExportError) throw error;
      if (stop?.aborted) throw aborted();
      retry = {
        reason: `page ${number}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${request.timeoutMs / 1000} s` : connectionFailure(error as Error, url)}`,
      };
    }
    if (attempt >= request.maxRetries)
      throw new ExportError(
        request.maxRetries === 0
          ? retry.reason
          : `${retry.reason}, and still after ${count(request.maxRetries, 'retry', 'retries')}`,
        cursor,
      );
    // Exponential backoff with full jitter, at least what Retry-After asks for.
    const backoff = Math.min(30_000, 250 * 2 ** attempt) * (0.5 + Math.random());
    const wait = Math.max(backoff, retry.after ?? 0);
    hooks.onRetry?.(number, attempt + 1, retry.reason, wait);
    await sleep(wait);
  }
}

/** What went wrong with the connection, naming the host: undici's "fetch failed" says neither. */
function connectionFailure(error: Error, url: URL): string {
  const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
  const code = cause?.code ?? (error as Error & { code?: string }).code;
  const host = url.host;
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${host}`;
    case 'ENOTFOUND':
      return `host ${url.hostname} not found`;
    case 'EAI_AGAIN':
      return `could not look up host ${url.hostname} (EAI_AGAIN)`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `the connection to ${host} was closed before the answer was complete`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `no connection to ${host} (timed out)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} is unreachable (${code})`;
    default:
      if (error.message === 'terminated') return `the connection to ${host} was closed before the answer was complete`;
      return `connection to ${host} failed (${code ?? cause?.message ?? error.message})`;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds (capped at 5 minutes). */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 300_000) : undefined;
}

async function errorDetail(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string; details?: { message: string }[] };
    return [body.error, ...(body.details ?? []).map((d) => d.message)].filter(Boolean).join('; ');
  } catch {
    return '';
  }
}

/** Columns of the CSV export: the properties of the published document's entry shapes (fields beyond them are left out); nested values as JSON. */
export const csvColumns: Record<ExportKind, string[]> = {
  assistant: [
    'id',
    'timestamp',
    'query',
    'response',
    'sources',
    'queryCategory',
    'responseType',
    'resolutionStatus',
    'pageUrl',
  ],
  feedback: [
    'id',
    'createdAt',
    'path',
    'source',
    'status',
    'comment',
    'helpful',
    'contact',
    'code',
    'filename',
    'lang',
  ],
};

export function csvRow(values: unknown[]): string {
  return `${values
    .map((value) => {
      if (value === undefined || value === null) return '';
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}
