import type * as http from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSpecs } from '../src/site/spec-fetch';
import { localServer, makeSite, navlintAsync, temporaryFolder } from './helpers';
import { requiredKeys } from './sites';

/**
 * Specs given by URL, served from 127.0.0.1: one with an ETag that answers 304 to it, a 404, bodies
 * over the size limit (declared, and streamed without a length), one served once and then cut off,
 * and one that never answers. The server counts the requests and the conditional ones of each path.
 */
const spec = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Registry', version: '1' },
  paths: { '/nodes': { get: { summary: 'List nodes', tags: ['Registry'] } } },
});
let served: Awaited<ReturnType<typeof localServer>>;
let base: string;
const asked = new Map<string, number>();
const conditional = new Map<string, number>();
const hanging: http.ServerResponse[] = [];
const megabyte = 1024 * 1024;

beforeAll(async () => {
  served = await localServer((request, response) => {
    const url = request.url ?? '';
    asked.set(url, (asked.get(url) ?? 0) + 1);
    if (request.headers['if-none-match']) conditional.set(url, (conditional.get(url) ?? 0) + 1);
    if (url === '/openapi') {
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
      return void response.writeHead(200, { etag: '"v1"', 'content-type': 'application/json' }).end(spec);
    }
    if (url === '/declared-huge') {
      response.writeHead(200, { 'content-length': String(2 * megabyte) });
      return void response.end('x'.repeat(2 * megabyte));
    }
    if (url === '/streamed-huge') {
      response.writeHead(200);
      for (let i = 0; i < 3; i++) response.write('x'.repeat(megabyte / 2));
      return void response.end();
    }
    // Served once, then the connection is cut, as when the network is gone.
    if (url === '/once')
      return void (asked.get(url) === 1 ? response.writeHead(200).end(spec) : request.socket.destroy());
    if (url === '/hang') return void hanging.push(response);
    response.writeHead(404).end('not here');
  }, hanging);
  base = served.base;
});

afterAll(() => served.stop());

describe('fetchSpecs', () => {
  it('fetches a spec once, keeps it with its ETag, and reuses it on a 304', async () => {
    const cacheDir = temporaryFolder('navlint-specs-');
    asked.clear();
    conditional.clear();
    const url = `${base}/openapi`;
    expect(await fetchSpecs([url, url], { cacheDir })).toEqual(new Map([[url, { text: spec }]]));
    expect(await fetchSpecs([url], { cacheDir })).toEqual(new Map([[url, { text: spec }]]));
    expect([asked.get('/openapi'), conditional.get('/openapi')]).toEqual([2, 1]);
  });

  it('says why it has no text: an error status, a body over the limit, no answer in time', async () => {
    const urls = ['/missing', '/declared-huge', '/streamed-huge', '/hang'].map((p) => base + p);
    const fetched = await fetchSpecs(urls, { maxBytes: megabyte, timeoutMs: 300 });
    expect(Object.fromEntries([...fetched].map(([url, got]) => [url.slice(base.length), got]))).toEqual({
      '/missing': { error: 'answers 404' },
      '/declared-huge': { error: 'is larger than 1 MB' },
      '/streamed-huge': { error: 'is larger than 1 MB' },
      '/hang': { error: 'no answer within 0.3 s' },
    });
  });

  it('uses the text kept from an earlier run when the server cannot be reached, and says so without one', async () => {
    const url = `${base}/once`;
    asked.clear();
    const cacheDir = temporaryFolder('navlint-specs-');
    expect((await fetchSpecs([url], { cacheDir })).get(url)).toEqual({ text: spec });
    expect((await fetchSpecs([url], { cacheDir })).get(url)).toEqual({ text: spec });
    const failed = (await fetchSpecs([url])).get(url);
    expect(failed && 'error' in failed && failed.error.startsWith('could not be reached (')).toBe(true);
    expect(asked.get('/once')).toBe(3);
  });
});

describe('navlint check with a spec given by URL', () => {
  const files = (source: string) => ({
    'index.mdx':
      '---\ntitle: Home\n---\n\n[List](/api-reference/registry/list-nodes) [Lost](/api-reference/registry/list-nodez)\n',
    'docs.json': `{ ${requiredKeys}
  "navigation": { "tabs": [
    { "tab": "Docs", "pages": ["index"] },
    { "tab": "Registry", "openapi": { "source": "${source}", "directory": "api-reference" }, "pages": ["GET /nodes", "GET /nodez"] }
  ] }
}
`,
  });
  const findings = async (dir: string, extra: string[], cacheDir: string) => {
    const result = await navlintAsync(['check', dir, '--format', 'json', ...extra], {
      env: { NAVLINT_CACHE_DIR: cacheDir },
    });
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout).flatMap(
      (r: {
        filePath: string;
        messages: { line: number; column: number; ruleId: string; severity: number; message: string }[];
      }) =>
        r.messages.map(
          (m) => `${path.relative(dir, r.filePath)} ${m.line}:${m.column} ${m.ruleId} ${m.severity} ${m.message}`,
        ),
    );
  };

  it('offline, says once that the spec is not read and judges nothing that depends on it; --check-external fetches it and checks all', async () => {
    const source = `${base}/openapi`;
    const dir = makeSite(files(source));
    const cacheDir = temporaryFolder('navlint-specs-cache-');
    asked.clear();
    conditional.clear();
    expect(await findings(dir, [], cacheDir)).toEqual([
      `docs.json 4:49 openapi-source 1 openapi "${source}" is a URL, and navlint fetches a spec only with --check-external: its endpoint entries, the pages it generates and the links into "/api-reference" are not checked`,
    ]);
    expect(asked.size).toBe(0);
    const checked = [
      `docs.json 4:${109 + source.length} endpoint-exists 2 endpoint "GET /nodez" is not in ${source}; did you mean "GET /nodes"?`,
      'index.mdx 5:51 page-link 2 link "/api-reference/registry/list-nodez" lands on no page, generated endpoint page, redirect or file; did you mean "/api-reference/registry/list-nodes"?',
    ];
    expect(await findings(dir, ['--check-external'], cacheDir)).toEqual(checked);
    // Asked again with its ETag: the 304 reuses the text kept.
    expect(await findings(dir, ['--check-external'], cacheDir)).toEqual(checked);
    expect([asked.get('/openapi'), conditional.get('/openapi')]).toEqual([2, 1]);
  });

  it('says why a spec could not be fetched, and judges nothing that depends on it', async () => {
    const source = `${base}/missing`;
    const dir = makeSite(files(source));
    expect(await findings(dir, ['--check-external'], temporaryFolder('navlint-specs-cache-'))).toEqual([
      `docs.json 4:49 openapi-source 1 openapi "${source}" could not be fetched (answers 404): its endpoint entries, the pages it generates and the links into "/api-reference" are not checked`,
    ]);
  });
});
