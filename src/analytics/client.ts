import type { ErrorObject, ValidateFunction } from 'ajv';
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
}

/** A bad flag or environment value: exit 2, before any request. The key never appears in it. */
export class ExportUsageError extends Error {}

/** The export stopped: exit 1. `cursor` resumes it (undefined: start over). */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly cursor: string | undefined,
  ) {
    super(message);
  }
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

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
}): ExportRequest {
  const fail = (message: string): never => {
    throw new ExportUsageError(message);
  };
  if (input.kind !== 'assistant' && input.kind !== 'feedback') fail(`analytics takes "assistant" or "feedback", not "${input.kind ?? ''}"`);
  const kind = input.kind as ExportKind;
  const projectId = input.projectId ?? '';
  if (!projectId) fail('--project (or NAVLINT_PROJECT_ID) is required: the project id from the API keys page of the dashboard');
  if (!/^[A-Za-z0-9._-]+$/.test(projectId)) fail('--project must be a project id: letters, digits, ".", "_" and "-"');
  const apiKey = input.apiKey ?? '';
  if (!apiKey) fail('NAVLINT_API_KEY is not set: export the admin API key from the dashboard in that variable (never as a flag)');
  if (!/^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/.test(apiKey)) fail('NAVLINT_API_KEY does not look like an admin API key: it should be the key prefix, "_", then the key');
  const baseUrl = (input.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) fail(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  for (const [flag, value] of [['--from', input.from], ['--to', input.to]] as const) {
    if (value !== undefined && !((isoDate.test(value) || isoDateTime.test(value)) && !Number.isNaN(Date.parse(value)))) {
      fail(`${flag} must be an ISO 8601 date-time (2026-01-31T12:00:00Z) or a date (2026-01-31), not "${value}"`);
    }
  }
  if (input.from && input.to && Date.parse(input.from) >= Date.parse(input.to)) fail('--from must be before --to (--to is exclusive)');
  const range = limits[kind];
  const limit = input.limit === undefined ? range.default : Number(input.limit);
  if (!Number.isInteger(limit) || limit < range.min || limit > range.max) fail(`--limit for ${kind} must be a whole number from ${range.min} to ${range.max}, not "${input.limit}"`);
  if (kind === 'assistant' && (input.source !== undefined || input.status !== undefined)) fail('--source and --status filter feedback only');
  if (input.source !== undefined && !feedbackSources.includes(input.source)) fail(`--source must be one of ${feedbackSources.join(', ')}, not "${input.source}"`);
  let status: string[] | undefined;
  if (input.status !== undefined) {
    status = input.status.split(',').map((s) => s.trim());
    const bad = status.filter((s) => !feedbackStatuses.includes(s));
    if (bad.length > 0 || status.length === 0) fail(`--status takes a comma-separated list of ${feedbackStatuses.join(', ')}; "${bad.join(',') || input.status}" is not one`);
  }
  if (input.cursor !== undefined && (input.cursor === '' || (kind === 'assistant' && !ulid.test(input.cursor)))) {
    fail(kind === 'assistant' ? '--cursor for assistant must be a ULID (26 characters), as nextCursor gives it' : '--cursor must not be empty');
  }
  const timeout = input.timeout === undefined ? 30 : Number(input.timeout);
  if (!(timeout > 0 && timeout <= 600)) fail(`--timeout must be a number of seconds from 0 to 600, not "${input.timeout}"`);
  const maxRetries = input.maxRetries === undefined ? 5 : Number(input.maxRetries);
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 20) fail(`--max-retries must be a whole number from 0 to 20, not "${input.maxRetries}"`);
  return { kind, projectId, apiKey, baseUrl, from: input.from, to: input.to, limit, source: input.source, status, cursor: input.cursor, timeoutMs: timeout * 1000, maxRetries };
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
}

/**
 * Fetches every page of an export in order, following nextCursor while hasMore is true (spec 4.3).
 * Retries 429, 5xx, timeouts, dropped connections and truncated bodies; a repeated cursor or a page
 * that does not match the spec's shapes stops it. Each page is yielded as soon as it arrives.
 */
export async function* exportPages(request: ExportRequest, hooks: ExportHooks = {}): AsyncGenerator<ExportPage> {
  const sleep = hooks.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const validate = (request.kind === 'assistant' ? validators.conversationPage : validators.feedbackPage) as ValidateFunction;
  const listKey = request.kind === 'assistant' ? 'conversations' : 'feedback';
  const seen = new Set<string>();
  let cursor = request.cursor;
  for (let number = 1; ; number++) {
    const body = await fetchPage(request, cursor, number, sleep, hooks.onRetry);
    if (!validate(body)) throw new ExportError(`page ${number} does not match the spec's ${listKey} response: ${describeErrors(validate.errors ?? [], body)}`, cursor);
    const page = body as { hasMore: boolean; nextCursor: string | null } & Record<string, Record<string, unknown>[]>;
    if (page.hasMore && !page.nextCursor) throw new ExportError(`page ${number} says hasMore but gives no nextCursor`, cursor);
    if (page.hasMore && (seen.has(page.nextCursor!) || page.nextCursor === cursor)) {
      throw new ExportError(`page ${number} returned cursor ${page.nextCursor} again: the server is looping, stopping`, cursor);
    }
    if (cursor) seen.add(cursor);
    yield { number, entries: page[listKey], nextCursor: page.hasMore ? page.nextCursor : null };
    if (!page.hasMore) return;
    cursor = page.nextCursor!;
  }
}

function describeErrors(errors: ErrorObject[], body: unknown): string {
  const first = errors.filter((e) => e.keyword !== 'if')[0] ?? errors[0];
  if (!first) return 'invalid';
  const where = first.instancePath ? first.instancePath.slice(1).replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.') : 'the response';
  if (first.keyword === 'required') return `${where} is missing "${(first.params as { missingProperty: string }).missingProperty}"`;
  const value = first.instancePath.split('/').slice(1).reduce<any>((at, key) => at?.[key], body);
  if (first.keyword === 'enum') return `${where} is ${JSON.stringify(value)}, not one of ${(first.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return `${where} ${first.message}`;
}

const statusMessages: Record<number, (request: ExportRequest) => string> = {
  401: () => 'the API key was rejected (401 Unauthorized): check NAVLINT_API_KEY',
  403: (r) => `the API key has no access to project ${r.projectId} (403 Forbidden)`,
  404: (r) => `project ${r.projectId} was not found (404 Not Found): check --project`,
};

async function fetchPage(request: ExportRequest, cursor: string | undefined, number: number, sleep: (ms: number) => Promise<void>, onRetry: ExportHooks['onRetry']): Promise<unknown> {
  const url = new URL(`${request.baseUrl}/v1/analytics/${encodeURIComponent(request.projectId)}/${request.kind}`);
  const query: Record<string, string | undefined> = { dateFrom: request.from, dateTo: request.to, limit: String(request.limit), source: request.source, status: request.status?.join(','), cursor };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);

  for (let attempt = 0; ; attempt++) {
    let retry: { reason: string; after?: number };
    try {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${request.apiKey}`, Accept: 'application/json' }, signal: AbortSignal.timeout(request.timeoutMs) });
      if (response.ok) {
        const text = await response.text();
        try {
          return JSON.parse(text);
        } catch {
          retry = { reason: `page ${number}: the response body is not complete JSON (${text.length} bytes)` };
        }
      } else if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        retry = { reason: `page ${number}: HTTP ${response.status}`, after: retryAfter(response.headers.get('retry-after')) };
      } else {
        const detail = await errorDetail(response);
        const message = statusMessages[response.status]?.(request) ?? `the server refused page ${number} (HTTP ${response.status})`;
        throw new ExportError(`${message}${detail ? `: ${detail}` : ''}`, cursor);
      }
    } catch (error) {
      if (error instanceof ExportError) throw error;
      const name = (error as Error).name;
      retry = { reason: `page ${number}: ${name === 'TimeoutError' ? `no answer within ${request.timeoutMs / 1000} s` : `connection failed (${(error as Error).message})`}` };
    }
    if (attempt >= request.maxRetries) throw new ExportError(`${retry.reason}, and still after ${request.maxRetries} retries`, cursor);
    // Exponential backoff with full jitter, at least what Retry-After asks for.
    const backoff = Math.min(30_000, 250 * 2 ** attempt) * (0.5 + Math.random());
    const wait = Math.max(backoff, retry.after ?? 0);
    onRetry?.(number, attempt + 1, retry.reason, wait);
    await sleep(wait);
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

/** Columns of the CSV export: the spec's fields, then the published description's extras; nested values as JSON. */
export const csvColumns: Record<ExportKind, string[]> = {
  assistant: ['id', 'timestamp', 'query', 'response', 'sources', 'queryCategory', 'responseType', 'resolutionStatus', 'pageUrl'],
  feedback: ['id', 'createdAt', 'path', 'source', 'status', 'comment', 'helpful', 'contact', 'code', 'filename', 'lang'],
};

export function csvRow(values: unknown[]): string {
  return (
    values
      .map((value) => {
        if (value === undefined || value === null) return '';
        const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
