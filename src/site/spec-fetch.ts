import { CacheNamespace, isJsonObject } from '../common/cache-store';
import { reasonOf } from './url-checks';

/** What fetching a spec given by URL had: its text, or why there is none. */
export type FetchedSpec = { text: string } | { error: string };

export interface SpecFetchOptions {
  /** Where each spec's last text is kept with its ETag and Last-Modified (undefined: none kept). */
  cacheDir?: string;
  /** How long a fetch may take, body included. */
  timeoutMs?: number;
  /** The largest body read: a spec beyond it is not read. */
  maxBytes?: number;
  /** Stops the fetches (Ctrl-C). */
  signal?: AbortSignal;
}

/** A spec of 50 MB is ten times the largest public ones; a body beyond it is not a spec to read into memory. */
const defaultMaxBytes = 50 * 1024 * 1024;

interface Kept {
  url: string;
  etag?: string;
  lastModified?: string;
  text: string;
}

/**
 * Fetches each spec once, one at a time (a site names a few), with a timeout and a size limit. A
 * spec kept from an earlier run is asked for with its ETag and Last-Modified, and a 304 answer
 * reuses it; when the server cannot be reached (offline), the kept text is used as it is.
 */
export async function fetchSpecs(
  urls: readonly string[],
  options: SpecFetchOptions = {},
): Promise<Map<string, FetchedSpec>> {
  const fetched = new Map<string, FetchedSpec>();
  for (const url of new Set(urls)) {
    if (options.signal?.aborted) break;
    fetched.set(url, await fetchSpec(url, options));
  }
  return fetched;
}

async function fetchSpec(url: string, options: SpecFetchOptions): Promise<FetchedSpec> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const store = options.cacheDir
    ? new CacheNamespace(options.cacheDir, 'specs-by-url', 'kept 1', { maxEntries: 64 })
    : undefined;
  const kept = store?.getJson(url, isKept);
  const timeout = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': 'navlint (spec fetch)',
    accept: 'application/json, application/yaml, text/yaml, */*',
  };
  if (kept?.etag) headers['if-none-match'] = kept.etag;
  if (kept?.lastModified) headers['if-modified-since'] = kept.lastModified;
  try {
    const response = await fetch(url, {
      redirect: 'follow',
      headers,
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    });
    if (response.status === 304 && kept) {
      await response.body?.cancel().catch(() => {});
      return { text: kept.text };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { error: `answers ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return { error: tooLarge(maxBytes) };
    }
    const text = await readLimited(response, maxBytes);
    if (text === undefined) return { error: tooLarge(maxBytes) };
    // A cache folder that cannot be written only means fetching the whole spec again.
    store?.setJson(url, {
      url,
      etag: response.headers.get('etag') ?? undefined,
      lastModified: response.headers.get('last-modified') ?? undefined,
      text,
    });
    return { text };
  } catch (error) {
    // Offline, or the server is down: the text an earlier run had is the best there is.
    if (kept && !options.signal?.aborted) return { text: kept.text };
    return { error: reasonOf(error, timeoutMs) };
  }
}

const tooLarge = (maxBytes: number) => `is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`;

/** The body as text, or undefined once it grows past `maxBytes` (the rest is not read). */
async function readLimited(response: Response, maxBytes: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isKept = (value: unknown): value is Kept =>
  isJsonObject(value) && typeof (value as Partial<Kept>).text === 'string';
