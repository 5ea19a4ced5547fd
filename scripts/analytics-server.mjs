// A contract server for the analytics API (spec part 4), for tests and the benchmark: node:http on
// 127.0.0.1 and a random port, a generated dataset, both list endpoints with their filters, cursors
// and limits, and faults injected on chosen requests.
import { createServer } from 'node:http';
import { seededRandom } from './seeded-random.mjs';

const sources = ['contextual', 'code_snippet', 'agent', 'thumbs_only'];
const statuses = ['pending', 'in_progress', 'resolved', 'dismissed'];
const start = Date.UTC(2026, 0, 1);

/** Deterministic data: `count` entries each, one every 10 minutes from 2026-01-01. */
export function makeDataset(count) {
  const at = (i) => new Date(start + i * 600_000).toISOString();
  const conversations = Array.from({ length: count }, (_, i) => ({
    id: `conv_${String(i).padStart(7, '0')}`,
    timestamp: at(i),
    query: i % 7 === 0 ? `How do I "configure", say, line\nbreaks? #${i}` : `Question ${i}`,
    response: `Answer ${i}`,
    sources: i % 3 === 0 ? [] : [{ title: `Page ${i % 50}`, url: `https://docs.example.com/page-${i % 50}` }],
    queryCategory: i % 4 === 0 ? null : `category-${i % 5}`,
    responseType: 'answer',
    resolutionStatus: i % 9 === 0 ? 'unanswered' : 'answered',
    pageUrl: null,
  }));
  const feedback = Array.from({ length: count }, (_, i) => {
    const source = sources[i % 4];
    const base = {
      id: `fb_${String(i).padStart(7, '0')}`,
      path: `/guides/page-${i % 80}`,
      comment: i % 5 === 0 ? null : `Comment ${i}, with "quotes"`,
      createdAt: at(i),
      source,
      status: statuses[Math.floor(i / 4) % 4],
    };
    if (source === 'contextual')
      return { ...base, helpful: i % 2 === 0, contact: i % 3 === 0 ? `reader${i}@example.com` : null };
    if (source === 'code_snippet')
      return { ...base, code: `console.log(${i});\n`, filename: `example-${i}.js`, lang: 'javascript' };
    return base;
  });
  return { conversations, feedback };
}

/** `count` times over `days` days from 2026-01-01, sorted, fewer at weekends. */
function timesOver(count, days, random) {
  const times = [];
  while (times.length < count) {
    const time = start + random() * days * 86_400_000;
    const weekday = new Date(time).getUTCDay();
    if ((weekday === 0 || weekday === 6) && random() < 0.6) continue;
    times.push(time);
  }
  return times.sort((a, b) => a - b).map((time) => new Date(Math.floor(time / 1000) * 1000).toISOString());
}

/**
 * A month of data over a site, for the report. Feedback is on `feedbackPaths`, the first ones most
 * often; conversations cite one to three of `sourceUrls`, each at most once; every 30th entry has no
 * `path` or no `sources` (an entry the report must count, not crash on). Seeded: the same on every run.
 */
export function makeSiteDataset({
  feedbackPaths,
  sourceUrls,
  feedback = 900,
  conversations = 600,
  days = 30,
  seed = 7,
}) {
  const random = seededRandom(seed);
  const categories = ['billing', 'webhooks', 'checkout', null];
  const pick = (list) => list[Math.floor(list.length * random() ** 2)];
  const feedbackTimes = timesOver(feedback, days, random);
  const feedbackEntries = feedbackTimes.map((createdAt, i) => {
    const path = pick(feedbackPaths);
    const base = {
      id: `fb_${String(i).padStart(6, '0')}`,
      path,
      comment: random() < 0.3 ? `Comment ${i}` : null,
      createdAt,
      source: random() < 0.2 ? 'thumbs_only' : 'contextual',
      status: statuses[Math.floor(random() * 4)],
    };
    if (i % 30 === 29) delete base.path;
    if (base.source !== 'contextual') return base;
    // Some pages are liked less than others.
    const dislike = 0.1 + 0.5 * ((feedbackPaths.indexOf(path) % 3) / 2);
    return { ...base, helpful: random() >= dislike, contact: null };
  });
  const conversationEntries = timesOver(conversations, days, random).map((timestamp, i) => {
    const cited = new Set();
    const many = 1 + Math.floor(random() * 3);
    while (cited.size < Math.min(many, sourceUrls.length)) cited.add(pick(sourceUrls));
    const entry = {
      id: `conv_${String(i).padStart(6, '0')}`,
      timestamp,
      query: `Question ${i}`,
      response: `Answer ${i}`,
      sources: [...cited].map((url, k) => ({ title: `Source ${k}`, url })),
      queryCategory: categories[Math.floor(random() * categories.length)],
      responseType: 'answer',
      resolutionStatus: random() < 0.15 ? 'unanswered' : 'answered',
      pageUrl: null,
    };
    if (i % 30 === 29) delete entry.sources;
    return entry;
  });
  return { conversations: conversationEntries, feedback: feedbackEntries };
}

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ULID-shaped cursor that encodes an offset. */
function assistantCursor(offset) {
  let text = '';
  for (let n = offset, i = 0; i < 10; i++, n = Math.floor(n / 32)) text = crockford[n % 32] + text;
  return `01J${'0'.repeat(13)}${text}`;
}
function offsetOf(kind, cursor) {
  if (kind === 'feedback') return /^c_\d+$/.test(cursor) ? Number(cursor.slice(2)) : NaN;
  if (!/^01J0{13}[0-9A-HJKMNP-TV-Z]{10}$/.test(cursor)) return NaN;
  return [...cursor.slice(16)].reduce((n, c) => n * 32 + crockford.indexOf(c), 0);
}

/**
 * Starts the server. `faults` maps a request number (1-based, counting every request) to one of
 * '429', '500', 'truncate', 'html' (a proxy's error page, with status 200), 'slow', 'hang' (no answer
 * until the server closes), 'repeat-cursor',
 * 'repeat-page' (the entries of the page before, with a new cursor), 'bad-source', 'no-hasMore';
 * each happens once. `endless`: hasMore is always true, with a new cursor, past the end of the data.
 * `pages`: serve these response bodies of an endpoint instead, in order, each reached by the
 * nextCursor of the one before (the first without a cursor). `gate(n)`: the answer to request n
 * waits until the promise it returns settles.
 */
export function startServer({
  dataset,
  key,
  project = 'proj_ok',
  faults = {},
  slowMs = 3000,
  endless = false,
  pages = {},
  gate,
}) {
  let requests = 0;
  const times = new Map();
  // Each entry's time, parsed once: a long export makes a thousand requests.
  const timesOf = (list, kind) => {
    if (!times.has(kind))
      times.set(
        kind,
        list.map((e) => Date.parse(kind === 'assistant' ? e.timestamp : e.createdAt)),
      );
    return times.get(kind);
  };
  const log = [];
  const server = createServer(async (req, res) => {
    const number = ++requests;
    await gate?.(number);
    const url = new URL(req.url, 'http://localhost');
    log.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status, body, headers = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      res.end(text);
    };
    const match = /^\/v1\/analytics\/([^/]+)\/(assistant|feedback)$/.exec(url.pathname);
    if (!match) return send(404, { error: 'Not found' });
    if (req.headers.authorization !== `Bearer ${key}`) return send(401, { error: 'Invalid API key' });
    const [, projectId, kind] = match;
    if (projectId === 'proj_forbidden') return send(403, { error: 'Forbidden' });
    if (projectId !== project) return send(404, { error: 'Project not found' });

    const q = url.searchParams;
    if (pages[kind]) {
      const list = pages[kind];
      const at = q.has('cursor') ? list.findIndex((page) => page.nextCursor === q.get('cursor')) + 1 : 0;
      if ((q.has('cursor') && at === 0) || at >= list.length)
        return send(400, { error: 'Invalid query parameters', details: [{ message: 'invalid cursor' }] });
      return faults[number] === 'hang' ? undefined : send(200, list[at]);
    }
    const range = kind === 'assistant' ? [1, 1000, 100] : [1, 100, 50];
    const limit = q.has('limit') ? Number(q.get('limit')) : range[2];
    if (!Number.isInteger(limit) || limit < range[0] || limit > range[1])
      return send(400, {
        error: 'Invalid query parameters',
        details: [{ message: `limit must be between ${range[0]} and ${range[1]}` }],
      });
    // ISO 8601 as navlint sends it; a date, or a date-time without an offset, is UTC.
    const day = (value) => {
      if (value.length === 10) return Date.parse(`${value}T00:00:00Z`);
      const text = value
        .replace(',', '.')
        .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
        .replace(/([+-]\d{2})$/, '$1:00');
      return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
    };
    const from = q.has('dateFrom') ? day(q.get('dateFrom')) : -Infinity;
    const to = q.has('dateTo') ? day(q.get('dateTo')) : Infinity;
    let list = kind === 'assistant' ? dataset.conversations : dataset.feedback;
    if (from !== -Infinity || to !== Infinity) {
      const times = timesOf(list, kind);
      list = list.filter((_, i) => times[i] >= from && times[i] < to); // dateTo is exclusive
    }
    if (kind === 'feedback' && q.has('source')) list = list.filter((e) => e.source === q.get('source'));
    if (kind === 'feedback' && q.has('status')) {
      const wanted = q.get('status').split(',');
      list = list.filter((e) => wanted.includes(e.status));
    }
    const offset = q.has('cursor') ? offsetOf(kind, q.get('cursor')) : 0;
    if (Number.isNaN(offset))
      return send(400, { error: 'Invalid query parameters', details: [{ message: 'invalid cursor' }] });
    const entries = list.slice(offset, offset + limit);
    const hasMore = endless || offset + limit < list.length;
    const cursorAt = (n) => (kind === 'assistant' ? assistantCursor(n) : `c_${n}`);
    const page = {
      [kind === 'assistant' ? 'conversations' : 'feedback']: entries,
      nextCursor: hasMore ? cursorAt(offset + limit) : null,
      hasMore,
    };

    switch (faults[number]) {
      case '429':
        return send(429, { error: 'Too many requests' }, { 'retry-after': '1' });
      case '500':
        return send(500, { error: 'Server error' });
      case 'truncate': {
        const text = JSON.stringify(page);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        return setTimeout(() => res.destroy(), 20);
      }
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<html><body>Bad gateway</body></html>');
      case 'slow':
        return setTimeout(() => !res.destroyed && send(200, page), slowMs);
      case 'hang':
        return undefined;
      case 'repeat-page':
        return send(200, {
          ...page,
          [kind === 'assistant' ? 'conversations' : 'feedback']: list.slice(Math.max(offset - limit, 0), offset),
        });
      case 'repeat-cursor':
        return send(200, { ...page, nextCursor: q.get('cursor') ?? cursorAt(0), hasMore: true });
      case 'bad-source':
        return send(200, { ...page, feedback: page.feedback.map((e, i) => (i === 1 ? { ...e, source: 'email' } : e)) });
      case 'no-hasMore': {
        const { hasMore: _, ...rest } = page;
        return send(200, rest);
      }
      default:
        return send(200, page);
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}`,
        log,
        requests: () => requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
