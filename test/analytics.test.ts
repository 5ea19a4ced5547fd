import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDataset, startServer, type Dataset, type Fault } from '../scripts/analytics-server.mjs';
import { makeSite, navlintAsync, repo } from './helpers';

const key = 'mint_Ab3dEf6hIj9kLmN0pQrStUvWxYz';
const dataset: Dataset = makeDataset(2500);
/** Everything the CLI printed or wrote, to prove the key never appears. */
const outputs: string[] = [];

async function exportWith(args: string[], options: { faults?: Record<number, Fault>; env?: Record<string, string | undefined>; cwd?: string } = {}) {
  const server = await startServer({ dataset, key, faults: options.faults });
  try {
    const base = args.includes('--base-url') ? [] : ['--base-url', server.url];
    const result = await navlintAsync(['analytics', ...args, ...base], { cwd: options.cwd, env: { NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok', ...options.env } });
    outputs.push(result.stdout, result.stderr);
    return { ...result, requests: server.log };
  } finally {
    await server.close();
  }
}
const lines = (text: string) => text.trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line));
const day = (iso: string) => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);

describe('navlint analytics: exports equal the dataset exactly', () => {
  it('assistant: every conversation once, in order, as JSON lines, following cursors', async () => {
    const { code, stdout, stderr, requests } = await exportWith(['assistant', '--limit', '300']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual(dataset.conversations);
    expect(requests).toHaveLength(9);
    expect(requests[1]).toMatch(/^GET \/v1\/analytics\/proj_ok\/assistant\?limit=300&cursor=01J/);
  });

  it('feedback: --from inclusive, --to exclusive, --source and --status filters', async () => {
    const { code, stdout } = await exportWith(['feedback', '--from', '2026-01-02', '--to', '2026-01-10T00:00:00Z', '--source', 'contextual', '--status', 'pending,resolved', '--project', 'proj_ok', '--limit', '100']);
    expect(code).toBe(0);
    const expected = dataset.feedback.filter((e) => day(e.createdAt as string) >= day('2026-01-02') && day(e.createdAt as string) < day('2026-01-10') && e.source === 'contextual' && ['pending', 'resolved'].includes(e.status as string));
    expect(expected.length).toBeGreaterThan(50);
    expect(lines(stdout)).toEqual(expected);
  });

  it('--format json is one array; --format csv flattens sources to JSON and has the source-specific columns', async () => {
    const json = await exportWith(['feedback', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(dataset.feedback);
    const csv = await exportWith(['assistant', '--format', 'csv', '--to', '2026-01-01T01:00:00Z']);
    expect(csv.stdout).toBe(
      'id,timestamp,query,response,sources,queryCategory,responseType,resolutionStatus,pageUrl\r\n' +
        'conv_0000000,2026-01-01T00:00:00.000Z,"How do I ""configure"", say, line\nbreaks? #0",Answer 0,[],,answer,unanswered,\r\n' +
        'conv_0000001,2026-01-01T00:10:00.000Z,Question 1,Answer 1,"[{""title"":""Page 1"",""url"":""https://docs.example.com/page-1""}]",category-1,answer,answered,\r\n' +
        'conv_0000002,2026-01-01T00:20:00.000Z,Question 2,Answer 2,"[{""title"":""Page 2"",""url"":""https://docs.example.com/page-2""}]",category-2,answer,answered,\r\n' +
        'conv_0000003,2026-01-01T00:30:00.000Z,Question 3,Answer 3,[],category-3,answer,answered,\r\n' +
        'conv_0000004,2026-01-01T00:40:00.000Z,Question 4,Answer 4,"[{""title"":""Page 4"",""url"":""https://docs.example.com/page-4""}]",,answer,answered,\r\n' +
        'conv_0000005,2026-01-01T00:50:00.000Z,Question 5,Answer 5,"[{""title"":""Page 5"",""url"":""https://docs.example.com/page-5""}]",category-0,answer,answered,\r\n',
    );
    const feedbackCsv = await exportWith(['feedback', '--format', 'csv', '--to', '2026-01-01T00:40:00Z']);
    expect(feedbackCsv.stdout.split('\r\n').slice(0, 3)).toEqual([
      'id,createdAt,path,source,status,comment,helpful,contact,code,filename,lang',
      'fb_0000000,2026-01-01T00:00:00.000Z,/guides/page-0,contextual,pending,,true,reader0@example.com,,,',
      'fb_0000001,2026-01-01T00:10:00.000Z,/guides/page-1,code_snippet,pending,"Comment 1, with ""quotes""",,,"console.log(1);\n",example-1.js,javascript',
    ]);
  });

  it('--output writes the file atomically: complete, and no temporary file left', async () => {
    const dir = makeSite({});
    const { code, stdout } = await exportWith(['feedback', '--output', 'export.jsonl'], { cwd: dir });
    expect([code, stdout]).toEqual([0, '']);
    expect(fs.readdirSync(dir)).toEqual(['export.jsonl']);
    expect(lines(fs.readFileSync(path.join(dir, 'export.jsonl'), 'utf8'))).toEqual(dataset.feedback);
  });
});

describe('faults are survived or reported', () => {
  const survived: [string, Record<number, Fault>, string[]][] = [
    ['429 with Retry-After', { 2: '429' }, []],
    ['500', { 3: '500', 4: '500' }, []],
    ['a truncated body', { 2: 'truncate' }, []],
    ['a slow response (over --timeout)', { 2: 'slow' }, ['--timeout', '1']],
  ];
  for (const [name, faults, extra] of survived) {
    it(`survives ${name}: every entry exactly once`, async () => {
      const { code, stdout, stderr, requests } = await exportWith(['feedback', '--limit', '100', ...extra], { faults });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(lines(stdout)).toEqual(dataset.feedback);
      expect(requests.length).toBe(25 + Object.keys(faults).length);
    }, 20_000);
  }

  it('stops on a repeating cursor, keeps what it had as FILE.partial, and the printed cursor resumes it', async () => {
    const dir = makeSite({});
    const stopped = await exportWith(['feedback', '--limit', '100', '--output', 'out.jsonl'], { faults: { 4: 'repeat-cursor' }, cwd: dir });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toBe('navlint: the export stopped: page 4 returned cursor c_300 again: the server is looping, stopping\n  300 entries from 3 pages were written to out.jsonl.partial.\n  Resume with --cursor c_300\n');
    expect(fs.readdirSync(dir)).toEqual(['out.jsonl.partial']);
    const resumed = await exportWith(['feedback', '--limit', '100', '--cursor', 'c_300', '--output', 'rest.jsonl'], { cwd: dir });
    expect(resumed.code).toBe(0);
    const all = [...lines(fs.readFileSync(path.join(dir, 'out.jsonl.partial'), 'utf8')), ...lines(fs.readFileSync(path.join(dir, 'rest.jsonl'), 'utf8'))];
    expect(all).toEqual(dataset.feedback);
  });

  it('gives up after --max-retries with the cursor to resume from', async () => {
    const { code, stdout, stderr } = await exportWith(['assistant', '--limit', '1000', '--max-retries', '1'], { faults: { 2: '500', 3: '500' } });
    expect(code).toBe(1);
    expect(lines(stdout)).toEqual(dataset.conversations.slice(0, 1000));
    expect(stderr).toMatch(/^navlint: the export stopped: page 2: HTTP 500, and still after 1 retries\n {2}1000 entries from 1 page were written\.\n {2}Resume with --cursor 01J0{13}[0-9A-Z]{10}\n$/);
  });

  const shapes: [string, Fault, string][] = [
    ['a feedback source outside the enum', 'bad-source', 'navlint: the export stopped: page 2 does not match the spec\'s feedback response: feedback[1].source is "email", not one of code_snippet, contextual, agent, thumbs_only\n'],
    ['a response without hasMore', 'no-hasMore', 'navlint: the export stopped: page 2 does not match the spec\'s feedback response: the response is missing "hasMore"\n'],
  ];
  for (const [name, fault, message] of shapes) {
    it(`reports ${name} with its page number`, async () => {
      const { code, stderr } = await exportWith(['feedback', '--limit', '100'], { faults: { 2: fault } });
      expect(code).toBe(1);
      expect(stderr).toBe(`${message}  100 entries from 1 page were written.\n  Resume with --cursor c_100\n`);
    });
  }

  const refused: [string, string[], Record<string, string>, string][] = [
    ['a rejected key', [], { NAVLINT_API_KEY: 'mint_wrongkey' }, 'navlint: the export stopped: the API key was rejected (401 Unauthorized): check NAVLINT_API_KEY: Invalid API key\n'],
    ['a project without access', ['--project', 'proj_forbidden'], {}, 'navlint: the export stopped: the API key has no access to project proj_forbidden (403 Forbidden): Forbidden\n'],
    ['an unknown project', ['--project', 'proj_nope'], {}, 'navlint: the export stopped: project proj_nope was not found (404 Not Found): check --project: Project not found\n'],
  ];
  for (const [name, args, env, message] of refused) {
    it(`ends with a clear message on ${name}`, async () => {
      const { code, stdout, stderr } = await exportWith(['feedback', ...args], { env });
      expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `${message}  0 entries from 0 pages were written.\n  Nothing was exported; run the same command again.\n` });
    });
  }
});

describe('every parameter is validated before any request (exit 2)', () => {
  const cases: [string[], Record<string, string | undefined>, string][] = [
    [['assistant', '--limit', '0'], {}, '--limit for assistant must be a whole number from 1 to 1000, not "0"'],
    [['feedback', '--limit', '101'], {}, '--limit for feedback must be a whole number from 1 to 100, not "101"'],
    [['feedback', '--limit', '2.5'], {}, '--limit for feedback must be a whole number from 1 to 100, not "2.5"'],
    [['feedback', '--from', '2026-13-01'], {}, '--from must be an ISO 8601 date-time (2026-01-31T12:00:00Z) or a date (2026-01-31), not "2026-13-01"'],
    [['feedback', '--to', 'yesterday'], {}, '--to must be an ISO 8601 date-time (2026-01-31T12:00:00Z) or a date (2026-01-31), not "yesterday"'],
    [['feedback', '--from', '2026-02-01', '--to', '2026-01-01'], {}, '--from must be before --to (--to is exclusive)'],
    [['feedback', '--source', 'email'], {}, '--source must be one of code_snippet, contextual, agent, thumbs_only, not "email"'],
    [['feedback', '--status', 'pending,done'], {}, '--status takes a comma-separated list of pending, in_progress, resolved, dismissed; "done" is not one'],
    [['assistant', '--source', 'contextual'], {}, '--source and --status filter feedback only'],
    [['assistant', '--cursor', 'c_100'], {}, '--cursor for assistant must be a ULID (26 characters), as nextCursor gives it'],
    [['feedback', '--format', 'xml'], {}, '--format must be one of jsonl, json, csv, not "xml"'],
    [['feedback', '--base-url', 'ftp://x'], {}, '--base-url must be an http(s) URL, not "ftp://x"'],
    [['feedback'], { NAVLINT_PROJECT_ID: undefined }, '--project (or NAVLINT_PROJECT_ID) is required: the project id from the API keys page of the dashboard'],
    [['feedback'], { NAVLINT_API_KEY: undefined }, 'NAVLINT_API_KEY is not set: export the admin API key from the dashboard in that variable (never as a flag)'],
    [['feedback'], { NAVLINT_API_KEY: 'secret-without-prefix' }, 'NAVLINT_API_KEY does not look like an admin API key: it should be the key prefix, "_", then the key'],
    [['feedback', '--key', key], {}, "Unknown option '--key'; run navlint --help"],
    [['visitors'], {}, 'analytics takes "assistant" or "feedback", not "visitors"'],
  ];
  for (const [args, env, message] of cases) {
    it(`${args.join(' ')} ${Object.keys(env).join(' ')}`.trim(), async () => {
      const result = await exportWith(args, { env });
      expect(result).toMatchObject({ code: 2, stdout: '', stderr: `navlint: ${message}\n` });
      expect(result.requests).toEqual([]);
    });
  }
});

describe('progress', () => {
  it('shows a progress line on stderr when it is a terminal', async () => {
    const server = await startServer({ dataset, key, faults: { 3: '500' } });
    const dir = makeSite({});
    const command = [process.execPath, path.join(repo, 'bin/navlint.cjs'), 'analytics', 'feedback', '--limit', '100', '--output', 'out.jsonl', '--base-url', server.url].map((a) => `'${a}'`).join(' ');
    // script(1) gives the command a terminal; what it prints there comes back on script's stdout.
    const shown = await new Promise<string>((resolve) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: dir, env: { ...process.env, NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok' } });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      child.on('close', () => resolve(text));
    });
    await server.close();
    outputs.push(shown);
    expect(shown).toMatch(/\rpage 3: HTTP 500; retry 1 in \d+\.\d s\r?\n/);
    expect(shown).toMatch(/\r1 page, 100 entries, \d+ entries\/s/);
    expect(shown).toMatch(/\r25 pages, 2500 entries, \d+ entries\/s\r?\n$/);
    expect(lines(fs.readFileSync(path.join(dir, 'out.jsonl'), 'utf8'))).toEqual(dataset.feedback);
  }, 20_000);
});

describe('the key', () => {
  it('never appears in any output of these tests', () => {
    expect(outputs.length).toBeGreaterThan(40);
    for (const text of outputs) expect(text).not.toContain(key.slice(5));
  });
});
