import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Dataset, type Fault, makeDataset, startServer } from '../scripts/analytics-server.mjs';
import {
  exportWith as exportFrom,
  key,
  keyNeverPrinted,
  lines,
  outputs,
  type ServerOptions,
  tempDir,
} from './analytics-helpers';
import { repo } from './helpers';

const dataset: Dataset = makeDataset(2500);
const exportWith = (
  args: string[],
  options: ServerOptions & { env?: Record<string, string | undefined>; cwd?: string } = {},
) => exportFrom(dataset, args, options);
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
    const { code, stdout } = await exportWith([
      'feedback',
      '--from',
      '2026-01-02',
      '--to',
      '2026-01-10T00:00:00Z',
      '--source',
      'contextual',
      '--status',
      'pending,resolved',
      '--project',
      'proj_ok',
      '--limit',
      '100',
    ]);
    expect(code).toBe(0);
    const expected = dataset.feedback.filter(
      (e) =>
        day(e.createdAt as string) >= day('2026-01-02') &&
        day(e.createdAt as string) < day('2026-01-10') &&
        e.source === 'contextual' &&
        ['pending', 'resolved'].includes(e.status as string),
    );
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
    const dir = tempDir();
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
    const dir = tempDir();
    const stopped = await exportWith(['feedback', '--limit', '100', '--output', 'out.jsonl'], {
      faults: { 4: 'repeat-cursor' },
      cwd: dir,
    });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toBe(
      'navlint: the export stopped: page 4 returned cursor c_300 again: the server is looping, stopping\n' +
        '  300 entries from 3 pages were written to out.jsonl.partial.\n' +
        '  The server is not moving on: try again later, or bound the export with --max-pages.\n' +
        '  Resume with --cursor c_300\n',
    );
    expect(fs.readdirSync(dir)).toEqual(['out.jsonl.partial']);
    const resumed = await exportWith(['feedback', '--limit', '100', '--cursor', 'c_300', '--output', 'rest.jsonl'], {
      cwd: dir,
    });
    expect(resumed.code).toBe(0);
    const all = [
      ...lines(fs.readFileSync(path.join(dir, 'out.jsonl.partial'), 'utf8')),
      ...lines(fs.readFileSync(path.join(dir, 'rest.jsonl'), 'utf8')),
    ];
    expect(all).toEqual(dataset.feedback);
  });

  it('gives up after --max-retries with the cursor to resume from', async () => {
    const { code, stdout, stderr } = await exportWith(['assistant', '--limit', '1000', '--max-retries', '1'], {
      faults: { 2: '500', 3: '500' },
    });
    expect(code).toBe(1);
    expect(lines(stdout)).toEqual(dataset.conversations.slice(0, 1000));
    expect(stderr).toMatch(
      /^navlint: the export stopped: page 2: HTTP 500, and still after 1 retry\n {2}1000 entries from 1 page were written\.\n {2}Resume with --cursor 01J0{13}[0-9A-Z]{10}\n$/,
    );
  });

  it("says a page came as HTML (a proxy's error page), not that its JSON was cut off", async () => {
    const { code, stderr } = await exportWith(['feedback', '--limit', '100', '--max-retries', '1'], {
      faults: { 1: 'html', 2: 'html' },
    });
    expect([code, stderr]).toEqual([
      1,
      'navlint: the export stopped: page 1: the response body is text/html, not JSON (37 bytes), and still after 1 retry\n  0 entries from 0 pages were written.\n  Nothing was exported; run the same command again.\n',
    ]);
  });

  const shapes: [string, Fault, string][] = [
    [
      'a feedback source outside the enum',
      'bad-source',
      'feedback[1].source is "email", not one of code_snippet, contextual, agent, thumbs_only',
    ],
    ['a response without hasMore', 'no-hasMore', 'the response is missing "hasMore"'],
  ];
  for (const [name, fault, message] of shapes) {
    it(`reports ${name} with its page number`, async () => {
      const { code, stderr } = await exportWith(['feedback', '--limit', '100'], { faults: { 2: fault } });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `navlint: the export stopped: page 2 does not match the feedback response of the published API document: ${message}\n` +
          '  100 entries from 1 page were written.\n' +
          '  Check --base-url: this server does not answer as the published analytics API does; the same command gets the same answer.\n' +
          '  Resume with --cursor c_100\n',
      );
    });
  }

  // A rerun as it is cannot help: the message says what to change instead.
  const refused: [string, string[], Record<string, string>, string, string][] = [
    [
      'a rejected key',
      [],
      { NAVLINT_API_KEY: 'mint_wrongkey' },
      'the API key was rejected (401 Unauthorized): Invalid API key',
      'Set NAVLINT_API_KEY to an admin API key from the API keys page of the dashboard.',
    ],
    [
      'a project without access',
      ['--project', 'proj_forbidden'],
      {},
      'the API key has no access to project proj_forbidden (403 Forbidden): Forbidden',
      'Use an admin API key of the organization that owns project proj_forbidden, or check --project.',
    ],
    [
      'an unknown project',
      ['--project', 'proj_nope'],
      {},
      'project proj_nope was not found (404 Not Found): Project not found',
      'Check --project (or NAVLINT_PROJECT_ID) against the API keys page of the dashboard, and --base-url.',
    ],
    [
      'a cursor the server refuses (400)',
      ['--cursor', 'c_x'],
      {},
      'the server refused the request (400 Bad Request): Invalid query parameters; invalid cursor',
      'Change the value the server names (--from, --to, --limit, --source, --status or --cursor); the same command gets the same answer.',
    ],
  ];
  for (const [name, args, env, message, fix] of refused) {
    it(`ends with a clear message on ${name}`, async () => {
      const { code, stdout, stderr } = await exportWith(['feedback', ...args], { env });
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: `navlint: the export stopped: ${message}\n  0 entries from 0 pages were written.\n  ${fix}\n`,
      });
    });
  }

  it('keeps "run the same command again" for failures that may pass: 5xx after the retries', async () => {
    const { code, stdout, stderr } = await exportWith(['feedback', '--max-retries', '1'], {
      faults: { 1: '500', 2: '500' },
    });
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'navlint: the export stopped: page 1: HTTP 500, and still after 1 retry\n  0 entries from 0 pages were written.\n  Nothing was exported; run the same command again.\n',
    });
  });
});

describe('every parameter is validated before any request (exit 2)', () => {
  const cases: [string[], Record<string, string | undefined>, string][] = [
    [['assistant', '--limit', '0'], {}, '--limit for assistant must be a whole number from 1 to 1000, not "0"'],
    [['feedback', '--limit', '101'], {}, '--limit for feedback must be a whole number from 1 to 100, not "101"'],
    [['feedback', '--limit', '2.5'], {}, '--limit for feedback must be a whole number from 1 to 100, not "2.5"'],
    [['feedback', '--limit', '-1'], {}, '--limit for feedback must be a whole number from 1 to 100, not "-1"'],
    [['feedback', '--max-retries', '-2'], {}, '--max-retries must be a whole number from 0 to 20, not "-2"'],
    [['feedback', '--max-pages', '0'], {}, '--max-pages must be a whole number of 1 or more, not "0"'],
    [['feedback', '--max-pages', '2.5'], {}, '--max-pages must be a whole number of 1 or more, not "2.5"'],
    [
      ['feedback', '--base-url', 'http://127.0.0.1:9', '--limit'],
      {},
      '--limit needs a value; run navlint analytics --help',
    ],
    [
      ['feedback', '--project', '--limit', '5'],
      {},
      '--project needs a value before "--limit"; a value that starts with "-" is written --project=-…',
    ],
    [['feedback', '--from', '2026-13-01'], {}, '--from "2026-13-01" is not a date that exists: there is no month 13'],
    [
      ['feedback', '--from', '2026-02-30'],
      {},
      '--from "2026-02-30" is not a date that exists: February 2026 has 28 days',
    ],
    [
      ['feedback', '--from', '2026-04-31', '--to', '2026-05-01'],
      {},
      '--from "2026-04-31" is not a date that exists: April 2026 has 30 days',
    ],
    [
      ['feedback', '--to', '2028-02-30T10:00:00Z'],
      {},
      '--to "2028-02-30T10:00:00Z" is not a date that exists: February 2028 has 29 days',
    ],
    [
      ['feedback', '--to', '2026-01-31T24:00'],
      {},
      '--to "2026-01-31T24:00" is not a date that exists: hours go from 00 to 23, minutes and seconds from 00 to 59',
    ],
    [
      ['feedback', '--to', 'yesterday'],
      {},
      '--to must be an ISO 8601 date-time (2026-01-31T12:00:00Z, 2026-01-31T12:00) or a date (2026-01-31), not "yesterday"',
    ],
    [['feedback', '--from', '2026-02-01', '--to', '2026-01-01'], {}, '--from must be before --to (--to is exclusive)'],
    [
      ['feedback', '--from', '2026-01-31T12:00:00', '--to', '2026-01-31T13:00:00+02:00'],
      {},
      '--from must be before --to (--to is exclusive)',
    ],
    [
      ['feedback', '--cursor', ''],
      {},
      '--cursor must not be empty: give the cursor navlint printed, or leave --cursor out to start at the beginning',
    ],
    [
      ['feedback', '--source', 'email'],
      {},
      '--source must be one of code_snippet, contextual, agent, thumbs_only, not "email"',
    ],
    [
      ['feedback', '--status', 'pending,done'],
      {},
      '--status takes a comma-separated list of pending, in_progress, resolved, dismissed; "done" is not one',
    ],
    [['assistant', '--source', 'contextual'], {}, '--source and --status filter feedback only'],
    [['feedback', '--format', 'xml'], {}, '--format must be one of jsonl, json, csv, not "xml"'],
    [['feedback', '--base-url', 'ftp://x'], {}, '--base-url must be an http(s) URL, not "ftp://x"'],
    [
      ['feedback'],
      { NAVLINT_PROJECT_ID: undefined },
      '--project (or NAVLINT_PROJECT_ID) is required: the project id from the API keys page of the dashboard',
    ],
    [
      ['feedback'],
      { NAVLINT_API_KEY: undefined },
      'NAVLINT_API_KEY is not set: export the admin API key from the dashboard in that variable (never as a flag)',
    ],
    [
      ['feedback'],
      { NAVLINT_API_KEY: 'secret-without-prefix' },
      'NAVLINT_API_KEY does not look like an admin API key: it should be the key prefix, "_", then the key',
    ],
    [['feedback', '--key', key], {}, "Unknown option '--key'; run navlint analytics --help"],
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
    const dir = tempDir();
    const command = [
      process.execPath,
      path.join(repo, 'bin/navlint.cjs'),
      'analytics',
      'feedback',
      '--limit',
      '100',
      '--output',
      'out.jsonl',
      '--base-url',
      server.url,
    ]
      .map((a) => `'${a}'`)
      .join(' ');
    // script(1) gives the command a terminal; what it prints there comes back on script's stdout.
    const shown = await new Promise<string>((resolve) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        cwd: dir,
        env: { ...process.env, NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok' },
      });
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

describe('the key', () => keyNeverPrinted(40));
