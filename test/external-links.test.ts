import type * as http from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrls } from '../src/site/url-checks';
import { cacheFiles, localServer, makeSite, navlintAsync, readCacheEntry, temporaryFolder } from './helpers';
import { page, requiredKeys } from './sites';

/**
 * `--check-external` against a server on 127.0.0.1 that answers 200, 301, 404, 429 then 200, 503,
 * and one route that never answers. The server counts the requests each path got and the most it
 * had not answered yet at once.
 */
let served: Awaited<ReturnType<typeof localServer>>;
let base: string;
const asked = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;
const hanging: http.ServerResponse[] = [];
/** Told of each request for /hang as it arrives. */
let onHang = () => {};

beforeAll(async () => {
  served = await localServer((request, response) => {
    const url = request.url ?? '';
    asked.set(url, (asked.get(url) ?? 0) + 1);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // Counted out when answered: the client asks the next URL only once it has the answer's headers.
    const answer = (status: number, headers: Record<string, string> = {}) => {
      inFlight--;
      response.writeHead(status, headers);
      response.end('body');
    };
    if (url === '/hang') {
      hanging.push(response);
      return onHang();
    }
    if (url.startsWith('/slow/')) return void setImmediate(() => setImmediate(() => answer(200)));
    if (url === '/ok' || url === '/ok?x=1') return answer(200);
    if (url === '/moved') return answer(301, { location: '/ok' });
    if (url === '/moved-away') return answer(301, { location: '/gone' });
    if (url === '/gone') return answer(404);
    if (url === '/forbidden') return answer(403);
    if (url === '/busy') return asked.get(url) === 1 ? answer(429, { 'retry-after': '0' }) : answer(200);
    if (url === '/down') return answer(503);
    return answer(500);
  }, hanging);
  base = served.base;
});

afterAll(() => served.stop());

const quick = { timeoutMs: 300, backoffMs: 1, retries: 2 };

describe('checkUrls', () => {
  it('follows redirects, retries 429 and 5xx (a Retry-After first), gives up on a server that never answers, and asks each URL once', async () => {
    asked.clear();
    const urls = ['/ok', '/moved', '/moved-away', '/gone', '/forbidden', '/busy', '/down', '/hang', '/ok'].map(
      (p) => base + p,
    );
    const verdicts = await checkUrls(urls, quick);
    expect(Object.fromEntries([...verdicts].map(([url, verdict]) => [url.slice(base.length), verdict]))).toEqual({
      '/ok': { status: 200 },
      '/moved': { status: 200 },
      '/moved-away': { status: 404 },
      '/gone': { status: 404 },
      '/forbidden': { status: 403 },
      '/busy': { status: 200 },
      '/down': { status: 503 },
      '/hang': { error: 'no answer within 0.3 s' },
    });
    // Each once, but a 429 asked again once, a 503 and a hang three times (two retries); a redirect's target is asked by the redirect.
    expect(Object.fromEntries(asked)).toEqual({
      '/ok': 2,
      '/moved': 1,
      '/moved-away': 1,
      '/gone': 2,
      '/forbidden': 1,
      '/busy': 2,
      '/down': 3,
      '/hang': 3,
    });
  });

  it('asks a host two at a time', async () => {
    inFlight = 0;
    mostInFlight = 0;
    await checkUrls(
      Array.from({ length: 10 }, (_, i) => `${base}/slow/${i}`),
      { ...quick, perHost: 2 },
    );
    expect(mostInFlight).toBe(2);
  });

  it('keeps for a day the answers that settle a URL, not failures', async () => {
    const cacheDir = temporaryFolder('navlint-external-');
    let now = 1_000_000;
    const urls = ['/ok', '/gone', '/down'].map((p) => base + p);
    await checkUrls(urls, { ...quick, cacheDir, now: () => now });
    asked.clear();
    now += 23 * 60 * 60 * 1000;
    const again = await checkUrls(urls, { ...quick, cacheDir, now: () => now });
    expect(Object.fromEntries(asked)).toEqual({ '/down': 3 });
    expect(again.get(`${base}/gone`)).toEqual({ status: 404 });
    asked.clear();
    now += 2 * 60 * 60 * 1000;
    await checkUrls(urls, { ...quick, cacheDir, now: () => now });
    expect(Object.fromEntries(asked)).toEqual({ '/ok': 1, '/gone': 1, '/down': 3 });
  });
});

describe('navlint check --check-external', () => {
  it('reports the links that answer 404, 410 or a server error, at their place; asks nothing without the flag, and nothing again within the day', async () => {
    const dir = makeSite({
      'index.mdx': page(),
      'guides/a.mdx': `---\ntitle: A\n---\n\n[Fine](${base}/ok) [Moved](${base}/moved#part) [Gone](${base}/gone)\n\n<Card title="C" href="${base}/moved-away" />\n\n![Logo](${base}/forbidden)\n`,
      'docs.json': `{ ${requiredKeys}\n  "navigation": { "pages": ["index", "guides/a"] }\n}\n`,
    });
    const cacheDir = temporaryFolder('navlint-external-cache-');
    const run = async (extra: string[]) => {
      const result = await navlintAsync(['check', dir, '--format', 'json', ...extra], {
        env: { NAVLINT_CACHE_DIR: cacheDir },
      });
      expect(result.stderr).toBe('');
      return JSON.parse(result.stdout).flatMap(
        (r: {
          filePath: string;
          messages: {
            line: number;
            column: number;
            endColumn: number;
            ruleId: string;
            severity: number;
            message: string;
          }[];
        }) =>
          r.messages.map(
            (m) =>
              `${path.relative(dir, r.filePath)} ${m.line}:${m.column}-${m.endColumn} ${m.ruleId} ${m.severity} ${m.message}`,
          ),
      );
    };
    asked.clear();
    expect(await run([])).toEqual([]);
    expect(asked.size).toBe(0);
    const expected = [
      `guides/a.mdx 5:${41 + 2 * base.length}-${46 + 3 * base.length} external-link 1 link "${base}/gone" answers 404 Not Found`,
      `guides/a.mdx 7:23-${34 + base.length} external-link 1 link "${base}/moved-away" answers 404 Not Found`,
    ];
    expect(await run(['--check-external'])).toEqual(expected);
    expect(Object.fromEntries(asked)).toEqual({ '/ok': 2, '/moved': 1, '/moved-away': 1, '/gone': 2, '/forbidden': 1 });
    asked.clear();
    expect(await run(['--check-external'])).toEqual(expected);
    expect(asked.size).toBe(0);
    expect(cacheFiles(cacheDir, 'external-links')).toHaveLength(1);
  });

  it('stops at Ctrl-C while a server keeps it waiting: says how far it got, keeps the answers had, reports nothing', async () => {
    const files = (links: string) => ({
      'index.mdx': page(),
      'guides/a.mdx': `---\ntitle: A\n---\n\n${links}\n`,
      'docs.json': `{ ${requiredKeys}\n  "navbar": { "links": [{ "label": "Status", "href": "${base}/ok" }] },\n  "navigation": { "pages": ["index", "guides/a"] }\n}\n`,
    });
    const cacheDir = temporaryFolder('navlint-external-cache-');
    const env = { NAVLINT_CACHE_DIR: cacheDir };
    // docs.json's link is asked, and its answer kept.
    asked.clear();
    const first = await navlintAsync(['check', makeSite(files('Text')), '--format', 'json', '--check-external'], {
      env,
    });
    expect([first.code, first.stderr, JSON.parse(first.stdout)[0]?.messages ?? []]).toEqual([0, '', []]);
    expect(Object.fromEntries(asked)).toEqual({ '/ok': 1 });
    // A page's link that never answers: Ctrl-C once the server has the request.
    const interrupted = await navlintAsync(
      ['check', makeSite(files(`[Hang](${base}/hang)`)), '--format', 'json', '--check-external'],
      {
        env,
        started: (child) => (onHang = () => child.kill('SIGINT')),
      },
    );
    onHang = () => {};
    expect(interrupted).toEqual({
      code: 130,
      stdout: '',
      stderr:
        'navlint: stopped (SIGINT) while checking external links: 1 of 2 URLs answered, their answers kept in the cache for the next run; nothing reported\n',
    });
    expect(Object.keys(readCacheEntry(cacheFiles(cacheDir, 'external-links')[0]).value)).toEqual([`${base}/ok`]);
  });
});
