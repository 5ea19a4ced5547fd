import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsWith, makeSite, navlint } from './helpers';

/** A site whose index page links three pages that are not there, with what each test adds. */
function site(files: Record<string, string> = {}) {
  return makeSite({
    'docs.json': docsWith('{ "pages": ["index", "guide"] }'),
    'index.mdx': '# Home\n\n[one](/one)\n\n[two](/two)\n\n[three](/three)\n',
    'guide.mdx': '# Guide\n\nText.\n',
    ...files,
  });
}

const json = (dir: string, ...args: string[]) => {
  const run = navlint(['check', dir, '--format', 'json', '--no-cache', ...args]);
  return { code: run.code, stderr: run.stderr, results: JSON.parse(run.stdout || '[]') as Result[] };
};
interface Message {
  ruleId: string;
  severity: number;
  message: string;
  line: number;
  column: number;
  suppressions?: { kind: string; justification: string }[];
  fix?: { range: [number, number]; text: string };
}
interface Result {
  filePath: string;
  messages: Message[];
  suppressedMessages: Message[];
}
const brief = (messages: Message[]) => messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.severity}`);
const of = (results: Result[], dir: string, file: string) =>
  results.find((r) => r.filePath === path.join(dir, file)) ?? { messages: [], suppressedMessages: [] };

describe('directives in pages', () => {
  it('turn a rule off for the next line, the same line, and a stretch; the reason is kept in JSON', () => {
    const dir = site({
      'index.mdx': [
        '# Home',
        '',
        '{/* navlint-disable-next-line page-link -- served by the proxy */}',
        '[one](/one)',
        '',
        '[two](/two) {/* navlint-disable-line */}',
        '',
        '{/* navlint-disable page-link */}',
        '[three](/three)',
        '{/* navlint-enable page-link */}',
        '',
        '[four](/four)',
        '',
      ].join('\n'),
    });
    const { code, results } = json(dir);
    const index = of(results, dir, 'index.mdx');
    expect(brief(index.messages)).toEqual(['page-link 12:8 2']);
    expect(index.suppressedMessages.map((m) => [m.line, m.suppressions])).toEqual([
      [4, [{ kind: 'directive', justification: 'served by the proxy' }]],
      [6, [{ kind: 'directive', justification: '' }]],
      [9, [{ kind: 'directive', justification: '' }]],
    ]);
    expect(code).toBe(1);
    const stylish = navlint(['check', dir, '--no-cache']);
    expect(stylish.stdout).toContain(
      '✖ 1 problem (1 error, 0 warnings), 3 suppressed … and 1 accessibility finding: --a11y shows it\n',
    );
  });

  it('a disable for the rest of the file reaches a finding about the whole page; a YAML comment reaches the frontmatter', () => {
    const dir = site({
      'docs.json': docsWith('{ "pages": ["index", "guide"] }'),
      'orphan.mdx':
        '---\ntitle: Orphan\n# navlint-disable-next-line frontmatter-type\nmode: 5\n---\n\n{/* navlint-disable orphan-page -- linked from the app */}\n\nText.\n',
      'index.mdx': '# Home\n',
      'navlint.config.json': '{ "rules": { "orphan-page": "warn" } }',
    });
    const { code, results } = json(dir);
    expect(of(results, dir, 'orphan.mdx').messages).toEqual([]);
    expect(brief(of(results, dir, 'orphan.mdx').suppressedMessages)).toEqual([
      'orphan-page 1:1 1',
      'frontmatter-type 4:7 1',
    ]);
    expect(code).toBe(0);
  });

  it('cannot hide that a page does not parse', () => {
    const dir = site({ 'index.mdx': '{/* navlint-disable */}\n\nIn <200ms.\n' });
    const { code, results } = json(dir);
    expect(brief(of(results, dir, 'index.mdx').messages)).toEqual(['mdx-syntax 3:4 2']);
    expect(code).toBe(1);
  });

  it('a directive that turns nothing off is a warning, an error with --report-unused-disable-directives, and --fix removes it', () => {
    const page =
      '# Home\n\n{/* navlint-disable-next-line page-link */}\nNo link here.\n\n[x](/guide) {/* navlint-disable-line page-link, page-anchor */}\n';
    const dir = site({ 'index.mdx': page });
    const { code, results } = json(dir);
    expect(
      of(results, dir, 'index.mdx').messages.map((m) => [m.ruleId, m.line, m.column, m.severity, m.message]),
    ).toEqual([
      [
        'unused-disable-directive',
        3,
        1,
        1,
        '"navlint-disable-next-line page-link" turns nothing off: the next line has no page-link finding; remove it',
      ],
      [
        'unused-disable-directive',
        6,
        13,
        1,
        '"navlint-disable-line page-link, page-anchor" turns nothing off: its line has no page-link or page-anchor finding; remove it',
      ],
    ]);
    expect(code).toBe(0);
    expect(json(dir, '--report-unused-disable-directives').code).toBe(1);
    expect(navlint(['check', dir, '--no-cache', '--fix']).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'index.mdx'), 'utf8')).toBe('# Home\n\nNo link here.\n\n[x](/guide)\n');
  });

  it('of two rules a directive names, the one that turns nothing off is taken out by the fix', () => {
    const dir = site({
      'index.mdx': '# Home\n\n[x](/nowhere#here) {/* navlint-disable-line page-anchor, page-link */}\n',
    });
    const { results } = json(dir);
    const [unused] = of(results, dir, 'index.mdx').messages;
    expect(unused.message).toBe(
      '"navlint-disable-line page-anchor, page-link" names page-anchor, which its line has no finding of; remove it',
    );
    expect(navlint(['check', dir, '--no-cache', '--fix']).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'index.mdx'), 'utf8')).toBe(
      '# Home\n\n[x](/nowhere#here) {/* navlint-disable-line page-link */}\n',
    );
  });
});

describe('the suppressions file (bulk suppressions, as ESLint 9.24)', () => {
  it('--suppress-all writes every finding by file and rule, sorted, after which the site passes', () => {
    const dir = site();
    const write = navlint(['check', dir, '--no-cache', '--suppress-all']);
    expect(write.stdout).toBe('✔ 0 problems, 3 suppressed\n');
    expect(write.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'navlint-suppressions.json'), 'utf8')).toBe(
      `${JSON.stringify(
        {
          'index.mdx': {
            'page-link': {
              count: 3,
              messages: {
                'link "/one" lands on no page, generated endpoint page, redirect or file': 1,
                'link "/three" lands on no page, generated endpoint page, redirect or file': 1,
                'link "/two" lands on no page, generated endpoint page, redirect or file': 1,
              },
            },
          },
        },
        null,
        2,
      )}\n`,
    );
    const after = json(dir);
    expect([after.code, of(after.results, dir, 'index.mdx').messages]).toEqual([0, []]);
    expect(of(after.results, dir, 'index.mdx').suppressedMessages.map((m) => m.suppressions)).toEqual([
      [{ kind: 'file', justification: '' }],
      [{ kind: 'file', justification: '' }],
      [{ kind: 'file', justification: '' }],
    ]);
  });

  it('a new finding of the same rule in the same file is reported alone, even when lines moved', () => {
    const dir = site();
    navlint(['check', dir, '--no-cache', '--suppress-all']);
    fs.writeFileSync(
      path.join(dir, 'index.mdx'),
      '# Home\n\nIntro.\n\n[four](/four)\n\n[one](/one)\n\n[two](/two)\n\n[three](/three)\n',
    );
    const { code, results } = json(dir);
    expect(of(results, dir, 'index.mdx').messages.map((m) => [m.line, m.message])).toEqual([
      [5, 'link "/four" lands on no page, generated endpoint page, redirect or file'],
    ]);
    expect(code).toBe(1);
  });

  it('a fixed finding leaves the file stale, which fails until --prune-suppressions takes it out', () => {
    const dir = site();
    navlint(['check', dir, '--no-cache', '--suppress-all']);
    fs.writeFileSync(path.join(dir, 'index.mdx'), '# Home\n\n[one](/guide)\n\n[two](/two)\n\n[three](/three)\n');
    expect(navlint(['check', dir, '--no-cache'])).toEqual({
      code: 2,
      stdout: '✔ 0 problems, 2 suppressed\n',
      stderr:
        'navlint: the suppressions file holds 1 finding that no longer occurs: run navlint check --prune-suppressions to take it out (or --pass-on-unpruned-suppressions)\n',
    });
    expect(navlint(['check', dir, '--no-cache', '--pass-on-unpruned-suppressions']).code).toBe(0);
    expect(navlint(['check', dir, '--no-cache', '--prune-suppressions']).code).toBe(0);
    const pruned = JSON.parse(fs.readFileSync(path.join(dir, 'navlint-suppressions.json'), 'utf8'));
    expect(pruned['index.mdx']['page-link']).toEqual({
      count: 2,
      messages: {
        'link "/three" lands on no page, generated endpoint page, redirect or file': 1,
        'link "/two" lands on no page, generated endpoint page, redirect or file': 1,
      },
    });
    expect(navlint(['check', dir, '--no-cache']).code).toBe(0);
  });

  it('--suppress-rule writes one rule, --suppressions-location another file; docs.json findings too', () => {
    const dir = site({ 'docs.json': docsWith('{ "pages": ["index", "guide", "gone"] }') });
    const elsewhere = path.join(makeSite({}), 'baseline', 'navlint.json');
    const write = navlint([
      'check',
      dir,
      '--no-cache',
      '--suppress-rule',
      'page-exists',
      '--suppressions-location',
      elsewhere,
    ]);
    expect(write.stdout).toMatch(/✖ 3 problems \(3 errors, 0 warnings\), 1 suppressed … and 1 accessibility finding/);
    expect(Object.keys(JSON.parse(fs.readFileSync(elsewhere, 'utf8')))).toEqual(['docs.json']);
    expect(fs.existsSync(path.join(dir, 'navlint-suppressions.json'))).toBe(false);
    expect(navlint(['check', dir, '--no-cache', '--suppress-rule', 'page-lnk']).stderr).toBe(
      'navlint: --suppress-rule: unknown rule "page-lnk"; did you mean "page-link"?\n',
    );
  });

  it('a suppressions file that is not one is a usage error at its line and column', () => {
    const dir = site({
      'navlint-suppressions.json': '{\n  "index.mdx": { "page-link": { "count": 3 } }\n  "x": {}\n}\n',
    });
    expect(navlint(['check', dir, '--no-cache'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: ${path.join(dir, 'navlint-suppressions.json')}:3:3: not valid JSON: Comma expected: a "," goes between the items of a list and between the members of an object\n`,
    });
  });
});

describe('the config by file: ignores and overrides', () => {
  it('"ignores" leaves a file out of every rule, pages included; "overrides" sets rules for some files', () => {
    const dir = site({
      'drafts/wip.mdx': 'Draft with <br> and <200.\n',
      'es/index.mdx': '# Inicio\n\n[x](/es/none#a)\n',
      'navlint.config.json': JSON.stringify({
        ignores: ['drafts/**'],
        overrides: [{ files: ['es/**'], rules: { 'page-link': 'warn', 'orphan-page': 'off' } }],
      }),
    });
    const { results } = json(dir);
    expect(results.map((r) => path.relative(dir, r.filePath))).toEqual(['es/index.mdx', 'index.mdx']);
    expect(brief(of(results, dir, 'es/index.mdx').messages)).toEqual(['page-link 3:5 1']);
  });

  it('--fix leaves an ignored file as it is', () => {
    const dir = site({
      'drafts/wip.mdx': 'Draft in <200ms.\n',
      'live.mdx': 'Live in <200ms.\n',
      'navlint.config.json': JSON.stringify({ ignores: ['drafts/'] }),
    });
    navlint(['check', dir, '--no-cache', '--fix']);
    expect(fs.readFileSync(path.join(dir, 'drafts/wip.mdx'), 'utf8')).toBe('Draft in <200ms.\n');
    expect(fs.readFileSync(path.join(dir, 'live.mdx'), 'utf8')).toBe('Live in &lt;200ms.\n');
  });

  it('a rule off everywhere but in an override runs for those files alone', () => {
    const dir = site({
      'es/index.mdx': '# Inicio\n\n[x](/es/none)\n',
      'navlint.config.json': JSON.stringify({
        rules: { 'page-link': 'off' },
        overrides: [{ files: ['es/'], rules: { 'page-link': 'error' } }],
      }),
    });
    const { results } = json(dir);
    expect(results.map((r) => [path.relative(dir, r.filePath), brief(r.messages)])).toEqual([
      ['es/index.mdx', ['page-link 3:5 2']],
    ]);
  });

  it('an unknown rule or key gets a did-you-mean, a syntax error its line and column', () => {
    const config = (text: string) => site({ 'navlint.config.json': text });
    const file = (dir: string) => path.join(dir, 'navlint.config.json');
    const a = config('{\n  "rules": { "page-lnk": "off" }\n}\n');
    expect(navlint(['check', a]).stderr).toBe(
      `navlint: ${file(a)}:2:14: unknown rule "page-lnk" in "rules"; did you mean "page-link"?; navlint rules lists them\n`,
    );
    const b = config('{ "overides": [] }');
    expect(navlint(['check', b]).stderr).toBe(
      `navlint: ${file(b)}:1:3: unknown key "overides"; did you mean "overrides"?\n`,
    );
    const c = config('{\n  "rules": {\n    "page-link": "off"\n    "orphan-page": "warn"\n  }\n}\n');
    expect(navlint(['check', c])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: ${file(c)}:4:5: not valid JSON: Comma expected: a "," goes between the items of a list and between the members of an object\n`,
    });
    const d = config('{ "overrides": [{ "rules": { "page-link": "off" } }] }');
    expect(navlint(['check', d]).stderr).toBe(
      `navlint: ${file(d)}:1:17: overrides[0] needs "files": the globs of the files its rules are for\n`,
    );
  });
});

describe('navlint check FILE…, as pre-commit and lint-staged pass files', () => {
  it('reports the findings in those files and about them (a page the commit deletes), none elsewhere', () => {
    const dir = site({
      'other.mdx': '# Other\n\n[old](/nowhere)\n',
      'docs.json': docsWith('{ "pages": ["index", "guide", "other"] }'),
    });
    const inGiven = navlint(['check', path.join(dir, 'index.mdx'), '--no-cache', '--format', 'json']);
    expect(
      (JSON.parse(inGiven.stdout) as Result[]).map((r) => [path.relative(dir, r.filePath), r.messages.length]),
    ).toEqual([['index.mdx', 3]]);
    // guide.mdx gone from the disk: the entry and a link to it are about it.
    fs.rmSync(path.join(dir, 'guide.mdx'));
    fs.appendFileSync(path.join(dir, 'other.mdx'), '\n[guide](/guide)\n');
    const about = navlint([
      'check',
      path.join(dir, 'guide.mdx'),
      path.join(dir, 'other.mdx'),
      '--no-cache',
      '--format',
      'json',
    ]);
    expect(
      (JSON.parse(about.stdout) as Result[]).map((r) => [path.relative(dir, r.filePath), brief(r.messages)]),
    ).toEqual([
      ['docs.json', ['page-exists 2:38 2']],
      ['other.mdx', ['page-link 3:7 2', 'page-link 5:9 2']],
    ]);
    expect(about.code).toBe(1);
  });
});
