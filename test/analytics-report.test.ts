// navlint analytics report against the contract server, over a real site: a generated month of
// feedback and conversations on pages that exist, pages that are gone, paths a redirect moved and
// generated endpoint pages. The numbers are worked out here from the data and what each path is
// known to be on the site, not by navlint's resolver.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Dataset, makeSiteDataset, startServer } from '../scripts/analytics-server.mjs';
import type { Report } from '../src/analytics/report-data';
import { key, tempDir } from './analytics-helpers';
import { navlint, navlintAsync, repo, sharedPath } from './helpers';

const polar = sharedPath('corpus/polarsource__polar', 'the analytics report test');
const mintlify = sharedPath('corpus/mintlify__docs', 'the analytics report test (languages)');

const origin = 'https://docs.example.com';
/** Each path of the data, and where it is known to land on the polar site (checked against its files below). */
const pages = ['/introduction', '/features/products', '/features/checkout/links', '/support'];
const redirected: Record<string, string> = {
  '/documentation/welcome-to-polar': '/introduction',
  '/documentation/basics/create-product': '/features/products',
  '/developers/sandbox': '/integrate/sandbox',
};
const generated = ['/api-reference/2026-04/benefits/get-benefit', '/api-reference/2026-04/benefits/list-benefits'];
const removed = ['/guides/old-pricing', '/features/removed-feature'];
const external = 'https://github.com/polarsource/polar';

type Known =
  | { landing: 'page' | 'generated'; page: string; redirect: boolean }
  | { landing: 'missing' | 'external'; page?: undefined; redirect?: undefined };
function known(written: string): Known {
  const at = written.startsWith(origin) ? written.slice(origin.length) : written;
  if (pages.includes(at)) return { landing: 'page', page: at, redirect: false };
  if (at in redirected) return { landing: 'page', page: redirected[at], redirect: true };
  if (generated.includes(at)) return { landing: 'generated', page: at, redirect: false };
  if (removed.includes(at)) return { landing: 'missing' };
  return { landing: 'external' };
}

const feedbackPaths = [...pages, ...Object.keys(redirected), ...generated, ...removed, `${origin}/features/products`];
const sourceUrls = [...feedbackPaths.slice(0, -1).map((at) => `${origin}${at}`), '/support', external];

/** The report's numbers, worked out from the entries and `known`. */
function expected(dataset: Dataset) {
  const feedbackPages: Record<string, { total: number; negative: number; open: number; viaRedirect: number }> = {};
  const missing: Record<string, number> = {};
  let total = 0;
  let negative = 0;
  let open = 0;
  let withoutPath = 0;
  for (const entry of dataset.feedback) {
    if (typeof entry.path !== 'string') {
      withoutPath++;
      continue;
    }
    total++;
    if (entry.status === 'pending' || entry.status === 'in_progress') open++;
    const bad = entry.helpful === false ? 1 : 0;
    negative += bad;
    const where = known(entry.path);
    if (where.landing === 'missing' || where.landing === 'external') {
      missing[entry.path] = (missing[entry.path] ?? 0) + 1;
      continue;
    }
    const row = (feedbackPages[where.page!] ??= { total: 0, negative: 0, open: 0, viaRedirect: 0 });
    row.total++;
    row.negative += bad;
    row.open += entry.status === 'pending' || entry.status === 'in_progress' ? 1 : 0;
    row.viaRedirect += where.redirect ? 1 : 0;
  }
  const missingSources: Record<string, number> = {};
  const redirectedSources: Record<string, number> = {};
  const cited: Record<string, number> = {};
  const categories: Record<string, { conversations: number; unanswered: number }> = {};
  let withoutSources = 0;
  for (const conversation of dataset.conversations) {
    const category = String(conversation.queryCategory ?? '(none)');
    categories[category] ??= { conversations: 0, unanswered: 0 };
    categories[category].conversations++;
    if (conversation.resolutionStatus === 'unanswered') categories[category].unanswered++;
    if (!Array.isArray(conversation.sources)) withoutSources++;
    for (const { url } of (conversation.sources ?? []) as { url: string }[]) {
      const where = known(url);
      if (where.landing === 'missing') missingSources[url] = (missingSources[url] ?? 0) + 1;
      if (where.landing === 'page' || where.landing === 'generated') {
        cited[where.page] = (cited[where.page] ?? 0) + 1;
        if (where.redirect) redirectedSources[url] = (redirectedSources[url] ?? 0) + 1;
      }
    }
  }
  return {
    total,
    negative,
    open,
    withoutPath,
    feedbackPages,
    missing,
    missingSources,
    redirectedSources,
    cited,
    categories,
    withoutSources,
  };
}

/** The key and project the contract server accepts, as the environment gives them. */
const apiEnv = { NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok' };

/** `navlint analytics report` of the polar site against a contract server at `url`: its arguments after navlint's. */
const reportArgs = (url: string, ...args: string[]) => ['analytics', 'report', polar!, '--base-url', url, ...args];

/** The same, as a whole command for a process of its own. */
const reportCommand = (url: string, ...args: string[]) => [
  process.execPath,
  path.join(repo, 'bin/navlint.cjs'),
  ...reportArgs(url, ...args),
];

/** Runs the report against a contract server serving `dataset`. */
async function reportFrom(dataset: Dataset, args: string[]) {
  const server = await startServer({ dataset, key });
  try {
    return await navlintAsync(reportArgs(server.url, ...args), { env: apiEnv });
  } finally {
    await server.close();
  }
}

/** Each row's citations, by the URL it cites. */
const citationsByUrl = (rows: { url: string; citations: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.url, row.citations]));

const byKey = <T>(rows: T[], keyOf: (row: T) => string, countOf: (row: T) => unknown): Record<string, unknown> =>
  Object.fromEntries(rows.map((row) => [keyOf(row), countOf(row)]));

describe.skipIf(!polar)('navlint analytics report, joined with a real site', () => {
  it('the paths of the data are what the test says they are on the site', () => {
    for (const at of [...pages, ...Object.values(redirected)])
      expect(fs.existsSync(`${polar}${at}.mdx`), at).toBe(true);
    for (const at of [...removed, ...Object.keys(redirected), ...generated])
      expect(fs.existsSync(`${polar}${at}.mdx`), at).toBe(false);
    const docs = JSON.parse(fs.readFileSync(path.join(polar!, 'docs.json'), 'utf8'));
    for (const [from, to] of Object.entries(redirected))
      expect(docs.redirects).toContainEqual(expect.objectContaining({ source: from, destination: to }));
  });

  it('counts every page, gone path, redirect and source as the data says, from the API', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const want = expected(dataset);
    const result = await reportFrom(dataset, ['--from', '2026-01-01', '--to', '2026-02-01', '--format', 'json']);
    expect(result.stderr).toBe(
      `navlint: note: ${want.withoutPath} feedback entries without a usable path were left out\nnavlint: note: conversations counted without: sources (${want.withoutSources})\n`,
    );
    expect(result.code).toBe(0);
    const report: Report = JSON.parse(result.stdout);
    expect(report.partial).toBe(false);
    expect(report.site.origin).toBe(origin);
    expect(report.timeline).toMatchObject({ unit: 'day' });
    expect(report.timeline.buckets).toHaveLength(31);
    expect(report.feedback.total).toBe(want.total);
    expect(report.feedback.negative).toBe(want.negative);
    expect(report.inputs.feedback.skipped).toEqual({ path: want.withoutPath });
    expect(
      byKey(
        report.feedback.pages,
        (row: { path: string }) => row.path,
        ({ total, negative, open, viaRedirect }) => ({ total, negative, open, viaRedirect }),
      ),
    ).toEqual(want.feedbackPages);
    expect(
      byKey(
        report.feedback.missing,
        (row: { path: string }) => row.path,
        (row: { total: number }) => row.total,
      ),
    ).toEqual(want.missing);
    const generatedRow = report.feedback.pages.find((row: { path: string }) => row.path === generated[0]);
    expect(generatedRow).toMatchObject({ kind: 'generated', operation: 'GET /v1/benefits/{id}', scopes: ['2026-04'] });
    const { assistant } = report;
    expect(assistant.conversations).toBe(dataset.conversations.length);
    expect(citationsByUrl(assistant.missingSources)).toEqual(want.missingSources);
    expect(citationsByUrl(assistant.redirectedSources)).toEqual(want.redirectedSources);
    expect(
      byKey(
        assistant.citedPages,
        (row) => row.path,
        (row) => row.citations,
      ),
    ).toEqual(want.cited);
    expect(assistant.citationsByLanding.external).toBeGreaterThan(0);
    expect(
      byKey(
        assistant.categories,
        (row: { category: string | null }) => row.category ?? '(none)',
        ({ conversations, unanswered }) => ({ conversations, unanswered }),
      ),
    ).toEqual(want.categories);
    const neverCited = new Set(assistant.neverCited.map((page: { path: string }) => page.path));
    for (const page of Object.keys(want.cited)) expect(neverCited.has(page), page).toBe(false);
    expect(neverCited.has('/features/benefits/introduction')).toBe(true);
    expect(assistant.listedPages).toBe(assistant.neverCited.length + Object.keys(want.cited).length);
  });

  it('says a report is partial when --max-pages stopped the export', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const result = await reportFrom(dataset, ['--max-pages', '2', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.partial).toBe(true);
    expect(report.inputs.feedback).toMatchObject({ partial: true, stopped: 'stopped after 2 pages (--max-pages 2)' });
    expect(report.inputs.feedback.entries + report.inputs.feedback.skipped.path).toBe(100);
    expect(result.stderr).toContain('navlint: the feedback input is partial: stopped after 2 pages (--max-pages 2)\n');
  });

  it('makes the same report again offline from the exports, and names what it left out', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const dir = tempDir();
    const feedbackFile = path.join(dir, 'feedback.jsonl');
    fs.writeFileSync(
      feedbackFile,
      `${dataset.feedback.map((entry) => JSON.stringify(entry)).join('\n')}\nnot json\n{"id":"cut","path":"/intro`,
    );
    fs.writeFileSync(path.join(dir, 'assistant.json.partial'), JSON.stringify(dataset.conversations));
    const fromFiles = navlint(
      [
        'analytics',
        'report',
        polar!,
        '--input',
        'feedback.jsonl',
        '--input',
        'assistant.json.partial',
        '--format',
        'json',
      ],
      { cwd: dir },
    );
    expect(fromFiles.code).toBe(0);
    expect(fromFiles.stderr).toContain(
      'navlint: feedback.jsonl: 1 line not a JSON object or array, left out (line 901)\n',
    );
    expect(fromFiles.stderr).toContain('navlint: the feedback input is partial: cut short in its last line\n');
    expect(fromFiles.stderr).toContain('navlint: the assistant input is partial\n');
    const report = JSON.parse(fromFiles.stdout);
    const fromApi = JSON.parse((await reportFrom(dataset, ['--format', 'json'])).stdout);
    expect(report.feedback).toEqual(fromApi.feedback);
    expect(report.assistant).toEqual(fromApi.assistant);
    expect(report.inputs.assistant).toMatchObject({ from: ['assistant.json.partial'], partial: true });
  });

  it('prints a terminal summary of what needs work', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const result = await reportFrom(dataset, ['--top', '3']);
    expect(result.code).toBe(0);
    const want = expected(dataset);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('navlint analytics report  polarsource__polar/docs.json  2026-01-01 to 2026-01-30');
    expect(lines).toContain(
      `Feedback: ${want.total} entries, ${want.negative} negative, ${want.open} open (pending or in progress); ${Object.values(want.missing).reduce((a, b) => a + b, 0)} on paths that land nowhere`,
    );
    const heading = lines.indexOf(
      `Feedback on paths that are no page today (2 paths, ${Object.values(want.missing).reduce((a, b) => a + b, 0)} entries)`,
    );
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toBe('  path                       entries  negative  open  did you mean');
    expect(lines.slice(heading + 2, heading + 4).map((line) => line.split(/\s{2,}/)[1])).toEqual(
      [...removed].sort((a, b) => want.missing[b] - want.missing[a] || a.localeCompare(b)),
    );
  });

  it('shows a progress line and a coloured summary fitted to the terminal', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const server = await startServer({ dataset, key });
    const command = reportCommand(server.url)
      .map((arg) => `'${arg}'`)
      .join(' ');
    // script(1) gives the command a terminal 72 columns wide; what it prints there comes back on script's stdout.
    const shown = await new Promise<string>((resolve) => {
      const child = spawn('script', ['-qec', `stty cols 72; ${command}`, '/dev/null'], {
        env: { ...process.env, ...apiEnv, NO_COLOR: '', FORCE_COLOR: '' },
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      child.on('close', () => resolve(text));
    });
    await server.close();
    expect(shown).toContain('\rfeedback: 1 page, 50 entries');
    expect(shown).toContain('\rfeedback: 18 pages, 900 entries\r\n');
    expect(shown).toContain('\rassistant: 6 pages, 600 entries\r\n');
    expect(shown).toContain('\x1b[1mPages with the most negative feedback\x1b[22m');
    const summary = shown.slice(shown.indexOf('navlint analytics report')).replace(/\x1b\[\d+m/g, '');
    const widths = summary.split(/\r?\n/).map((line) => line.length);
    expect(Math.max(...widths)).toBeLessThanOrEqual(72);
  });

  it('Ctrl-C while the pages come: the report of what came, marked partial, and exit 130', async () => {
    const dataset = makeSiteDataset({ feedbackPaths, sourceUrls });
    const dir = tempDir();
    let interrupt = () => {};
    // The third request (page 3 of the feedback) never gets an answer; navlint is interrupted when it arrives.
    const server = await startServer({
      dataset,
      key,
      gate: (n) => {
        if (n !== 3) return undefined;
        interrupt();
        return new Promise<void>(() => {});
      },
    });
    try {
      const [node, ...args] = reportCommand(server.url, '--format', 'json', '--output', 'report.json');
      const child = spawn(node, args, { cwd: dir, env: { ...process.env, ...apiEnv } });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
      const code = new Promise<number | null>((resolve) => child.on('close', resolve));
      interrupt = () => child.kill('SIGINT');
      expect(await code).toBe(130);
      expect(stderr).toContain('navlint: interrupted (SIGINT); the report covers what was fetched.\n');
      const report: Report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
      expect(report.partial).toBe(true);
      expect(report.inputs.feedback).toMatchObject({ partial: true, stopped: 'stopped after 2 pages: interrupted' });
      expect(report.inputs.feedback.entries + (report.inputs.feedback.skipped.path ?? 0)).toBe(100);
      expect(report.inputs.assistant).toMatchObject({
        entries: 0,
        partial: true,
        stopped: 'not fetched: interrupted (SIGINT)',
      });
      expect(fs.readdirSync(dir)).toEqual(['report.json']);
    } finally {
      await server.close();
    }
  });

  it('refuses what it cannot use with a message and exit 2', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'broken.json'), '[{"id": "a",\n  "path": ');
    const cases: [string[], string][] = [
      [['--input', 'nothing.jsonl'], 'navlint: --input nothing.jsonl: no such file\n'],
      [
        ['--input', 'broken.json'],
        'navlint: --input broken.json:2:11: not JSON: the file ends early (an export still being written?)\n',
      ],
      [
        ['--input', 'broken.json', '--from', '2026-01-01'],
        "navlint: --from is for the API; with --input the report covers the files' entries\n",
      ],
      [['--format', 'pdf', '--input', 'broken.json'], 'navlint: --format must be one of text, json, html, not "pdf"\n'],
      [
        ['--output', 'no/such/report.html', '--input', 'broken.json'],
        'navlint: --output no/such/report.html is in a folder that does not exist\n',
      ],
      [
        ['--site-url', 'docs.example.com', '--input', 'broken.json'],
        'navlint: --site-url must be the site\'s address, such as https://docs.example.com, not "docs.example.com"\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = navlint(['analytics', 'report', polar!, ...args], { cwd: dir, env: { NAVLINT_API_KEY: '' } });
      expect({ args, stderr: result.stderr, code: result.code }).toEqual({ args, stderr, code: 2 });
    }
    fs.mkdirSync(path.join(dir, 'broken-site'));
    fs.writeFileSync(path.join(dir, 'broken-site', 'docs.json'), '{ "navigation": ');
    const brokenSite = navlint(['analytics', 'report', 'broken-site', '--input', 'broken.json'], { cwd: dir });
    expect(brokenSite).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'navlint: broken-site/docs.json has no navigation navlint can read (Value expected: a string in double quotes, a number, true, false, null, an object or a list); run navlint check on it first: the report would call every page missing\n',
    });
    const noKey = navlint(['analytics', 'report', polar!], {
      cwd: dir,
      env: { NAVLINT_API_KEY: '', NAVLINT_PROJECT_ID: 'p' },
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/NAVLINT_API_KEY is not set.*; or report on earlier exports with --input FILE\n$/);
  });
});

describe.skipIf(!polar)('navlint analytics report, hostile exports', () => {
  it('reads a BOM, a pretty-printed API page, strict dates, escape sequences and a huge path without a hang', () => {
    const dir = tempDir();
    const entry = (id: string, at: string, createdAt: string) => ({
      id,
      path: at,
      createdAt,
      status: 'pending',
      source: 'contextual',
      helpful: false,
      comment: null,
      contact: null,
    });
    fs.writeFileSync(
      path.join(dir, 'bom.jsonl'),
      `\uFEFF${JSON.stringify(entry('a', '/introduction', '2026-01-02T00:00:00Z'))}\n${JSON.stringify(entry('b', '/introduction', '+275760-09-13T00:00:00Z'))}\n`,
    );
    const page = {
      feedback: [entry('c', '/gone\u001b[2J', '1'), entry('d', `/${'x'.repeat(5000)}`, 'pending 3')],
      nextCursor: null,
      hasMore: false,
    };
    fs.writeFileSync(path.join(dir, 'page.json'), JSON.stringify(page, null, 2));
    const result = navlint(['analytics', 'report', polar!, '--input', 'bom.jsonl', '--input', 'page.json'], {
      cwd: dir,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('navlint: note: feedback entries counted without: createdAt (3)\n');
    expect(result.stdout).toContain('  /gone?[2J ');
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout.split('\n')[0]).toBe(
      'navlint analytics report  polarsource__polar/docs.json  2026-01-02 to 2026-01-02',
    );
    expect(result.stdout).toContain(
      'Feedback: 4 entries, 4 negative, 4 open (pending or in progress); 2 on paths that land nowhere',
    );
  });
});

describe('navlint analytics report, dates', () => {
  it("covers the entries' first and last day, not their weeks'; an unset date (a zero time, 9999-12-31) is no date; a line of JSON but no entry is named", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, 'docs.json'),
      '{ "theme": "mint", "name": "T", "colors": { "primary": "#0D9373" }, "navigation": { "pages": ["introduction"] } }\n',
    );
    fs.writeFileSync(path.join(dir, 'introduction.mdx'), '---\ntitle: Introduction\n---\n\nText.\n');
    const entry = (id: string, createdAt: string) =>
      JSON.stringify({ id, path: '/introduction', createdAt, status: 'pending', source: 'contextual', helpful: true });
    fs.writeFileSync(
      path.join(dir, 'feedback.jsonl'),
      `${entry('a', '2026-01-07T10:00:00Z')}\n${entry('b', '2026-05-20T10:00:00Z')}\n${entry('c', '0001-01-01T00:00:00Z')}\n${entry('d', '9999-12-31T00:00:00Z')}\nnull\n"text"\n[null, 3]\n`,
    );
    const result = navlint(['analytics', 'report', '.', '--input', 'feedback.jsonl', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'navlint: feedback.jsonl: 2 lines not a JSON object or array, left out (line 5, 6)\nnavlint: feedback.jsonl: 2 entries of neither export, left out\nnavlint: note: feedback entries counted without: createdAt (2)\n',
    );
    const { timeline } = JSON.parse(result.stdout);
    expect([timeline.unit, timeline.first, timeline.last, timeline.buckets.length]).toEqual([
      'week',
      '2026-01-07',
      '2026-05-20',
      20,
    ]);
    const text = navlint(['analytics', 'report', '.', '--input', 'feedback.jsonl'], { cwd: dir });
    expect(text.stdout.split('\n')[0]).toBe(
      `navlint analytics report  ${path.basename(dir)}/docs.json  2026-01-07 to 2026-05-20 (week by week)`,
    );
  });
});

describe.skipIf(!mintlify)('navlint analytics report, languages', () => {
  it('joins a path under a language code of the navigation with that language', () => {
    const dir = tempDir();
    const entry = (id: string, at: string) =>
      JSON.stringify({
        id,
        path: at,
        createdAt: '2026-01-02T00:00:00Z',
        status: 'pending',
        source: 'contextual',
        helpful: false,
        comment: null,
        contact: null,
      });
    fs.writeFileSync(
      path.join(dir, 'feedback.jsonl'),
      `${[entry('a', '/fr/quickstart'), entry('b', '/en/quickstart'), entry('c', '/de/quickstart')].join('\n')}\n`,
    );
    const result = navlint(['analytics', 'report', mintlify!, '--input', 'feedback.jsonl', '--format', 'json'], {
      cwd: dir,
    });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(
      report.feedback.pages.map(({ path: at, file, scopes, paths }: Record<string, unknown>) => ({
        at,
        file,
        scopes,
        paths,
      })),
    ).toEqual([
      { at: '/fr/quickstart', file: 'fr/quickstart.mdx', scopes: ['fr'], paths: { '/fr/quickstart': 1 } },
      { at: '/quickstart', file: 'quickstart.mdx', scopes: ['en'], paths: { '/en/quickstart': 1 } },
    ]);
    expect(report.feedback.missing.map((row: { path: string }) => row.path)).toEqual(['/de/quickstart']);
  });
});
