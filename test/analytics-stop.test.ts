// How an export ends when it does not simply run to its last page: a signal, a closed stdout,
// --max-pages, a server that never stops or is not there. Each case runs the built CLI as a child
// process against the local contract server on 127.0.0.1.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Dataset, makeDataset, startServer } from '../scripts/analytics-server.mjs';
import {
  exited,
  exportWith as exportFrom,
  key,
  keyNeverPrinted,
  lines,
  type ServerOptions,
  spawnExport,
  tempDir,
  until,
} from './analytics-helpers';

const dataset: Dataset = makeDataset(2500);
const exportWith = (args: string[], options: ServerOptions & { cwd?: string } = {}) =>
  exportFrom(dataset, args, options);
const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

describe('a signal during the export', () => {
  // The fourth request gets no answer: the signal comes while it is in flight, after exactly 3 pages.
  const cases: ['SIGINT' | 'SIGTERM', number, string, (text: string) => unknown][] = [
    ['SIGINT', 130, 'jsonl', lines],
    ['SIGTERM', 143, 'json', (text) => JSON.parse(text)],
  ];
  for (const [signal, code, format, parse] of cases) {
    it(`${signal} with --output: stops fetching, keeps FILE.partial, prints the cursor, exits ${code}, leaves no temporary file`, async () => {
      const dir = tempDir();
      const server = await startServer({ dataset, key, faults: { 4: 'hang' } });
      try {
        const child = spawnExport(
          server.url,
          ['feedback', '--limit', '100', '--format', format, '--output', `out.${format}`],
          dir,
        );
        const result = exited(child);
        await until(() => server.requests() === 4);
        child.kill(signal);
        expect(await result).toEqual({
          code,
          signal: null,
          stdout: '',
          stderr: `navlint: the export was interrupted (${signal}).\n  300 entries from 3 pages were written to out.${format}.partial.\n  Resume with --cursor c_300\n`,
        });
        expect(server.requests()).toBe(4);
        expect(fs.readdirSync(dir)).toEqual([`out.${format}.partial`]);
        expect(parse(read(dir, `out.${format}.partial`))).toEqual(dataset.feedback.slice(0, 300));
      } finally {
        await server.close();
      }
      // The printed cursor takes the export on from there.
      const rest = await exportWith(['feedback', '--limit', '100', '--cursor', 'c_300']);
      expect(lines(rest.stdout)).toEqual(dataset.feedback.slice(300));
    }, 30_000);
  }

  it('SIGINT before the first page: nothing kept, no temporary file, exit 130', async () => {
    const dir = tempDir();
    const server = await startServer({ dataset, key, faults: { 1: 'hang' } });
    try {
      const child = spawnExport(server.url, ['feedback', '--output', 'out.jsonl'], dir);
      const result = exited(child);
      await until(() => server.requests() === 1);
      child.kill('SIGINT');
      expect(await result).toEqual({
        code: 130,
        signal: null,
        stdout: '',
        stderr: 'navlint: the export was interrupted (SIGINT).\n  0 entries from 0 pages were written.\n',
      });
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('SIGTERM while writing to stdout: the pages so far are out, the cursor is printed, exit 143', async () => {
    const server = await startServer({ dataset, key, faults: { 3: 'hang' } });
    try {
      const child = spawnExport(server.url, ['assistant', '--limit', '10'], tempDir());
      const result = exited(child);
      await until(() => server.requests() === 3);
      child.kill('SIGTERM');
      const { code, stdout, stderr } = await result;
      expect(code).toBe(143);
      expect(lines(stdout)).toEqual(dataset.conversations.slice(0, 20));
      expect(stderr).toBe(
        'navlint: the export was interrupted (SIGTERM).\n  20 entries from 2 pages were written.\n  Resume with --cursor 01J0000000000000000000000M\n',
      );
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a second FILE.partial never replaces the first: it is FILE.partial-2', async () => {
    const dir = tempDir();
    for (const n of [1, 2]) {
      const { code } = await exportWith(['feedback', '--limit', '100', '--output', 'out.jsonl'], {
        faults: { 3: 'repeat-cursor' },
        cwd: dir,
      });
      expect([n, code]).toEqual([n, 1]);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(['out.jsonl.partial', 'out.jsonl.partial-2']);
    expect(read(dir, 'out.jsonl.partial-2')).toBe(read(dir, 'out.jsonl.partial'));
  });
});

describe('a closed stdout (`navlint analytics … | head -n 1`)', () => {
  for (const format of ['jsonl', 'json', 'csv']) {
    it(`${format}: ends quietly with exit 0, as cat does, and fetches no more`, async () => {
      const server = await startServer({ dataset, key });
      try {
        const child = spawnExport(server.url, ['feedback', '--limit', '100', '--format', format], tempDir());
        // The reader takes the first chunk and goes, as head does.
        child.stdout.once('data', () => child.stdout.destroy());
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
        const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
          child.on('close', (c, s) => resolve([c, s])),
        );
        expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
        // 2500 entries are about 500 kB: far more than a pipe holds, so it stopped before the end.
        expect(server.requests()).toBeLessThan(25);
      } finally {
        await server.close();
      }
    }, 30_000);
  }
});

describe('--max-pages', () => {
  it('stops after N pages as a normal end: FILE complete, exit 0, the cursor to continue from', async () => {
    const dir = tempDir();
    const first = await exportWith(['feedback', '--limit', '100', '--max-pages', '3', '--output', 'out.jsonl'], {
      cwd: dir,
    });
    expect(first).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        'navlint: stopped after 3 pages (--max-pages 3); more entries follow.\n  300 entries from 3 pages were written to out.jsonl.\n  Continue with --cursor c_300\n',
    });
    expect(first.requests).toHaveLength(3);
    expect(fs.readdirSync(dir)).toEqual(['out.jsonl']);
    const rest = await exportWith(['feedback', '--limit', '100', '--cursor', 'c_300']);
    expect([...lines(read(dir, 'out.jsonl')), ...lines(rest.stdout)]).toEqual(dataset.feedback);
  });

  it('bounds a server that says hasMore with a new cursor forever', async () => {
    const { code, stdout, stderr, requests } = await exportWith(['feedback', '--limit', '100', '--max-pages', '40'], {
      endless: true,
    });
    expect(code).toBe(0);
    expect(requests).toHaveLength(40);
    expect(lines(stdout)).toEqual(dataset.feedback);
    expect(stderr).toBe(
      'navlint: stopped after 40 pages (--max-pages 40); more entries follow.\n  2500 entries from 40 pages were written.\n  Continue with --cursor c_4000\n',
    );
  });

  it('says nothing when the export ends first; says "1 entry", "1 page"', async () => {
    const whole = await exportWith(['feedback', '--limit', '100', '--max-pages', '25']);
    expect([whole.code, whole.stderr, lines(whole.stdout)]).toEqual([0, '', dataset.feedback]);
    const one = await exportWith(['feedback', '--limit', '1', '--max-pages', '1']);
    expect([one.code, one.stderr]).toEqual([
      0,
      'navlint: stopped after 1 page (--max-pages 1); more entries follow.\n  1 entry from 1 page was written.\n  Continue with --cursor c_1\n',
    ]);
  });
});

describe('a server that does not move on, or is not there', () => {
  it('stops when a page repeats the entries of the page before', async () => {
    const { code, stdout, stderr, requests } = await exportWith(['feedback', '--limit', '100'], {
      faults: { 3: 'repeat-page' },
    });
    expect(code).toBe(1);
    expect(requests).toHaveLength(3);
    expect(lines(stdout)).toEqual(dataset.feedback.slice(0, 200));
    expect(stderr).toBe(
      'navlint: the export stopped: page 3 repeats the 100 entries of page 2: the server is looping, stopping\n' +
        '  200 entries from 2 pages were written.\n' +
        '  The server is not moving on: try again later, or bound the export with --max-pages.\n' +
        '  Resume with --cursor c_200\n',
    );
  });

  it('names the host and the cause when the connection is refused', async () => {
    const server = await startServer({ dataset, key });
    await server.close(); // nothing listens on its port now
    const host = server.url.slice('http://'.length);
    const retried = await exportWith(['feedback', '--base-url', server.url, '--max-retries', '1']);
    expect(retried).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `navlint: the export stopped: page 1: connection refused by ${host}, and still after 1 retry\n  0 entries from 0 pages were written.\n  Nothing was exported; run the same command again.\n`,
    });
    const once = await exportWith(['feedback', '--base-url', server.url, '--max-retries', '0']);
    expect(once.stderr.split('\n')[0]).toBe(`navlint: the export stopped: page 1: connection refused by ${host}`);
  });
});

describe('cursors are passed on as the server gave them, and printed shell-quoted', () => {
  const entry = (i: number) => ({
    id: `c${i}`,
    timestamp: '2026-01-01T00:00:00Z',
    query: 'q',
    response: 'r',
    sources: [],
    resolutionStatus: 'answered',
    queryCategory: null,
    pageUrl: null,
  });
  const pages = {
    assistant: [
      { conversations: [entry(1)], nextCursor: 'exercitation elit laborum', hasMore: true },
      { conversations: [entry(2)], nextCursor: "it's next", hasMore: true },
      { conversations: [entry(3)], nextCursor: null, hasMore: false },
    ],
  };

  it('a non-ULID assistant cursor: quoted in the hint, accepted by --cursor', async () => {
    const first = await exportWith(['assistant', '--max-pages', '1'], { pages });
    expect([first.code, lines(first.stdout), first.stderr]).toEqual([
      0,
      [entry(1)],
      "navlint: stopped after 1 page (--max-pages 1); more entries follow.\n  1 entry from 1 page was written.\n  Continue with --cursor 'exercitation elit laborum'\n",
    ]);
    const second = await exportWith(['assistant', '--cursor', 'exercitation elit laborum', '--max-pages', '1'], {
      pages,
    });
    expect([second.code, lines(second.stdout), second.stderr]).toEqual([
      0,
      [entry(2)],
      "navlint: stopped after 1 page (--max-pages 1); more entries follow.\n  1 entry from 1 page was written.\n  Continue with --cursor 'it'\\''s next'\n",
    ]);
    const last = await exportWith(['assistant', '--cursor', "it's next"], { pages });
    expect([last.code, lines(last.stdout), last.stderr]).toEqual([0, [entry(3)], '']);
    expect(last.requests).toEqual([`GET /v1/analytics/proj_ok/assistant?limit=100&cursor=it%27s+next`]);
  });
});

describe('dates as ISO 8601 has them', () => {
  it('a date-time without an offset is accepted and sent as it is (the contract server reads it as UTC)', async () => {
    const { code, stdout, requests } = await exportWith([
      'assistant',
      '--from',
      '2026-01-01T01:00:00',
      '--to',
      '2026-01-01T02:00',
    ]);
    expect(code).toBe(0);
    expect(requests).toEqual([
      'GET /v1/analytics/proj_ok/assistant?dateFrom=2026-01-01T01%3A00%3A00&dateTo=2026-01-01T02%3A00&limit=100',
    ]);
    expect(lines(stdout)).toEqual(dataset.conversations.slice(6, 12));
  });

  it('offsets with or without a colon, fractions of a second, a leap day', async () => {
    const { code, stdout } = await exportWith([
      'assistant',
      '--from',
      '2026-01-01T02:00:00.000+0100',
      '--to',
      '2026-01-01T01:30:00,5+00:00',
    ]);
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual(dataset.conversations.slice(6, 10));
    const leap = await exportWith(['feedback', '--from', '2028-02-29', '--limit', '1']);
    expect([leap.code, leap.stdout]).toEqual([0, '']);
  });
});

describe('an --output FILE that cannot be written', () => {
  it('a folder, or a missing folder: exit 2 before any request', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'out'));
    const folder = await exportWith(['feedback', '--output', 'out'], { cwd: dir });
    expect(folder).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'navlint: --output out is a folder: give a file name\n',
      requests: [],
    });
    const missing = await exportWith(['feedback', '--output', 'nowhere/out.jsonl'], { cwd: dir });
    expect(missing).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'navlint: --output nowhere/out.jsonl is in a folder that does not exist\n',
      requests: [],
    });
    expect(fs.readdirSync(dir)).toEqual(['out']);
  });

  it('FILE turned into a folder during the export: the entries are kept as FILE.partial, exit 1', async () => {
    const dir = tempDir();
    let open = () => {};
    const server = await startServer({
      dataset,
      key,
      gate: (n) => (n === 25 ? new Promise<void>((resolve) => (open = resolve)) : undefined),
    });
    try {
      const result = exited(spawnExport(server.url, ['feedback', '--limit', '100', '--output', 'out.jsonl'], dir));
      await until(() => server.requests() === 25);
      fs.mkdirSync(path.join(dir, 'out.jsonl'));
      open();
      const { code, stderr } = await result;
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr:
          'navlint: the export stopped: out.jsonl could not be written (EISDIR)\n  2500 entries from 25 pages were written to out.jsonl.partial.\n',
      });
      expect(fs.readdirSync(dir).sort()).toEqual(['out.jsonl', 'out.jsonl.partial']);
      expect(lines(read(dir, 'out.jsonl.partial'))).toEqual(dataset.feedback);
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('the key', () => keyNeverPrinted(20));
