import * as fs from 'node:fs';
import * as path from 'node:path';
import { CacheNamespace, isJsonObject } from '../common/cache-store';

/** What a URL answered: its last status after redirects, or why nothing was had from it. */
export type UrlVerdict = { status: number } | { error: string };

export interface UrlCheckOptions {
  /** Where verdicts are kept for a day (undefined: none kept). */
  cacheDir?: string;
  /** Requests in flight to one host at a time. */
  perHost?: number;
  /** Requests in flight in all. */
  total?: number;
  /** How long a request may take, headers and redirects included. */
  timeoutMs?: number;
  /** Tries after the first, on 429, 5xx and failed connections. */
  retries?: number;
  /** The wait before the first retry, doubled at each (a Retry-After header is used instead, up to maxWaitMs). */
  backoffMs?: number;
  maxWaitMs?: number;
  /** Told each verdict as it is had, with the count done so far. */
  onVerdict?: (done: number, total: number) => void;
  /** Stops the check (Ctrl-C): requests in flight are dropped, none start, and what was had is kept. */
  signal?: AbortSignal;
  /** Now, in ms (tests). */
  now?: () => number;
}

/** How long a verdict that settles anything (a 2xx, a 404) is kept. */
const dayMs = 24 * 60 * 60 * 1000;

/** A verdict that a retry tomorrow cannot change: kept for a day. Failures and 5xx may pass, and are asked again next run. */
const lasting = (verdict: UrlVerdict) => 'status' in verdict && verdict.status < 500 && verdict.status !== 429;

const retryable = (verdict: UrlVerdict) => !('status' in verdict) || verdict.status === 429 || verdict.status >= 500;

/**
 * Asks every URL once (GET, following redirects; the body is not read), a few at a time per host,
 * with retries on 429, 5xx and failed connections, and verdicts kept for a day in the cache folder.
 */
export async function checkUrls(
  urls: readonly string[],
  options: UrlCheckOptions = {},
): Promise<Map<string, UrlVerdict>> {
  const now = options.now ?? Date.now;
  const store = options.cacheDir ? verdictStore(options.cacheDir) : undefined;
  const cached: Cache = store?.getJson(verdictsKey, isJsonObject) ?? {};
  const verdicts = new Map<string, UrlVerdict>();
  const distinct = [...new Set(urls)];
  const toAsk: string[] = [];
  for (const url of distinct) {
    const kept = cached[url];
    if (kept && now() - kept[0] < dayMs) verdicts.set(url, kept[1]);
    else toAsk.push(url);
  }
  let done = verdicts.size;
  options.onVerdict?.(done, distinct.length);
  await runLimited(toAsk, options, async (url) => {
    const verdict = await askWithRetries(url, options);
    if (options.signal?.aborted && !lasting(verdict)) return; // cut short, not an answer
    verdicts.set(url, verdict);
    if (lasting(verdict)) cached[url] = [now(), verdict];
    options.onVerdict?.(++done, distinct.length);
  });
  // Only the verdicts of the last day are kept; a cache folder that cannot be written only means asking again.
  store?.setJson(
    verdictsKey,
    Object.fromEntries(Object.entries(cached).filter(([, [checkedAt]]) => now() - checkedAt < dayMs)),
  );
  return verdicts;
}

/** Runs `task` on every URL, at most `perHost` per host and `total` in all at once, in order. */
async function runLimited(
  urls: readonly string[],
  options: UrlCheckOptions,
  task: (url: string) => Promise<void>,
): Promise<void> {
  const perHost = options.perHost ?? 2;
  const total = options.total ?? 16;
  const busy = new Map<string, number>();
  const waiting = [...urls];
  let running = 0;
  await new Promise<void>((resolve) => {
    const pump = () => {
      if (waiting.length === 0 || options.signal?.aborted) {
        waiting.length = 0;
        if (running === 0) resolve();
        return;
      }
      for (let i = 0; i < waiting.length && running < total; ) {
        const host = hostOf(waiting[i]);
        if ((busy.get(host) ?? 0) >= perHost) {
          i++;
          continue;
        }
        const [url] = waiting.splice(i, 1);
        busy.set(host, (busy.get(host) ?? 0) + 1);
        running++;
        void task(url).finally(() => {
          busy.set(host, busy.get(host)! - 1);
          running--;
          pump();
        });
      }
    };
    pump();
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

async function askWithRetries(url: string, options: UrlCheckOptions): Promise<UrlVerdict> {
  const retries = options.retries ?? 2;
  const { signal } = options;
  let verdict = await ask(url, options.timeoutMs ?? 10_000, signal);
  for (let attempt = 0; attempt < retries && retryable(verdict.verdict) && !signal?.aborted; attempt++) {
    const backoff = (options.backoffMs ?? 1000) * 2 ** attempt;
    await wait(Math.min(options.maxWaitMs ?? 30_000, verdict.retryAfterMs ?? backoff), signal);
    if (!signal?.aborted) verdict = await ask(url, options.timeoutMs ?? 10_000, signal);
  }
  return verdict.verdict;
}

/** A wait that ends early when the check is stopped. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** One GET: the status after redirects (the body is not read), or why there is none; and how long the server asked to wait. */
async function ask(
  url: string,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<{ verdict: UrlVerdict; retryAfterMs?: number }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      redirect: 'follow',
      signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
      headers: { 'user-agent': 'navlint (link check)', accept: 'text/html,*/*' },
    });
    await response.body?.cancel().catch(() => {});
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      verdict: { status: response.status },
      ...(Number.isFinite(retryAfter) && response.headers.has('retry-after')
        ? { retryAfterMs: retryAfter * 1000 }
        : {}),
    };
  } catch (error) {
    return { verdict: { error: reasonOf(error, timeoutMs) } };
  }
}

/** Why a request failed, in words: `no answer within 10 s`, `could not be reached (ENOTFOUND)`. */
export function reasonOf(error: unknown, timeoutMs: number): string {
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string; message?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  if (cause?.code) return `could not be reached (${cause.code})`;
  return `could not be reached (${cause?.message ?? String(error)})`;
}

type Cache = Record<string, [checkedAt: number, verdict: UrlVerdict]>;

/** What URLs answered, whatever build asked them. */
function verdictStore(cacheDir: string): CacheNamespace {
  // Where an earlier layout kept them.
  fs.rmSync(path.join(cacheDir, 'external-links.json'), { force: true });
  return new CacheNamespace(cacheDir, 'external-links', 'verdicts 1');
}

const verdictsKey = 'verdicts';
