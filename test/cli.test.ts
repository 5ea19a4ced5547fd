import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, navlint, repo } from './helpers';
import { requiredKeys } from './sites';

const tenMistakes = `fixtures/ten-mistakes/docs.json
  3:28   error    docs.json: "styling.eyebrows" must be one of "section", "breadcrumbs"  schema
  11:13  warning  "expanded" has no effect on top-level group "Get started": top-level groups are always expanded  expanded-top-level
  12:55  warning  group "Advanced" has unknown property "expand"; did you mean "expanded"?  unknown-property
  14:40  warning  group "Later" has no pages  empty-group
  16:9   error    tab "Guides" holds both "groups" and "anchors": an element holds one type of child per level  single-child-type
  18:16  error    duplicate tab "Guides": a sibling has the same name (first at line 7)  duplicate-name
  19:7   error    tab #3 is missing required field "tab"  schema
  22:46  error    href of menu item "Unsafe" uses the "javascript:" scheme; only http, https and mailto links or relative paths are allowed  href-format
  25:5   error    navigation has more than one primary pattern: "languages" beside "tabs"; keep one at the root and nest the others inside it  navigation-root
  25:33  error    language code "jp-JP" is not supported; did you mean "jp"?  language-code

✖ 10 problems (7 errors, 3 warnings)
  0 errors and 1 warning potentially fixable with the \`--fix\` option.
`;

// The platform's own check stops at the first of these; navlint reports all ten, each at its line.
const tenOutside = `fixtures/ten-mistakes-outside-navigation/docs.json
  1:1    error    docs.json is missing required field "name"  schema
  3:12   error    docs.json: "theme" must be one of "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "luma", "sequoia"; did you mean "mint"?  schema
  4:26   error    docs.json: "colors.primary" must be a hex colour such as "#0D9373"  schema
  5:22   error    logo.light "/logo/light.svg" not found: the docs folder has no file logo/light.svg  file-exists
  6:14   error    favicon "/favicon.svg" not found: the docs folder has no file favicon.svg  file-exists
  8:44   error    href of navbar link #1 uses the "javascript:" scheme; only http, https and mailto links or relative paths are allowed  href-format
  11:55  error    docs.json: "footer.socials" has unknown key "twiter"; did you mean "twitter"?  schema
  17:42  error    redirect destination "/quick-start" lands on no page, generated endpoint page, folder of listed pages or redirect source; did you mean "/quickstart"?  redirect-destination
  19:17  error    redirect source "/intro" is listed twice (first at line 18): the platform refuses to build  redirect-duplicate-source
  20:40  error    redirect "/old" loops: /old → /older → /old  redirect-loop

✖ 10 problems (10 errors, 0 warnings)
`;

describe('navlint check', () => {
  it('reports ten mistakes outside navigation at once, each at its line (fixtures/ten-mistakes-outside-navigation)', () => {
    expect(navlint(['check', 'fixtures/ten-mistakes-outside-navigation'])).toEqual({ code: 1, stdout: tenOutside, stderr: '' });
  });

  it('passes the bundled example site with no output', () => {
    expect(navlint(['check', 'fixtures/example'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports ten different mistakes at once, each at its line (stylish)', () => {
    expect(navlint(['check', 'fixtures/ten-mistakes'])).toEqual({ code: 1, stdout: tenMistakes, stderr: '' });
  });

  it('accepts docs.json itself as the target, and the current folder by default', () => {
    expect(navlint(['check', 'fixtures/ten-mistakes/docs.json']).stdout).toBe(tenMistakes);
    expect(navlint(['check'], { cwd: path.join(repo, 'fixtures/ten-mistakes') }).stdout).toBe(tenMistakes.replace('fixtures/ten-mistakes/', ''));
  });

  it('colours stylish output on request, and not with --no-color', () => {
    const coloured = navlint(['check', 'fixtures/ten-mistakes', '--color']).stdout;
    expect(coloured).toContain('\u001b[31merror\u001b[39m');
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(tenMistakes);
    expect(navlint(['check', 'fixtures/ten-mistakes', '--color', '--no-color']).stdout).toBe(tenMistakes);
  });

  it('--quiet reports errors only', () => {
    const { code, stdout } = navlint(['check', 'fixtures/ten-mistakes', '--quiet']);
    expect(code).toBe(1);
    expect(stdout).not.toContain('warning  ');
    expect(stdout).toContain('✖ 7 problems (7 errors, 0 warnings)');
  });

  it('writes ESLint-compatible JSON with absolute paths, fixes and suggestions', () => {
    const { code, stdout } = navlint(['check', 'fixtures/ten-mistakes', '--format', 'json']);
    expect(code).toBe(1);
    const results = JSON.parse(stdout);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result.filePath).toBe(path.join(repo, 'fixtures/ten-mistakes/docs.json'));
    expect({ ...result, messages: result.messages.length }).toEqual({
      filePath: result.filePath,
      messages: 10,
      errorCount: 7,
      warningCount: 3,
      fixableErrorCount: 0,
      fixableWarningCount: 1,
    });
    const text = fs.readFileSync(result.filePath, 'utf8');
    const expanded = result.messages[1];
    expect(expanded).toEqual({
      ruleId: 'expanded-top-level',
      severity: 1,
      message: '"expanded" has no effect on top-level group "Get started": top-level groups are always expanded',
      line: 11,
      column: 13,
      endLine: 11,
      endColumn: 29,
      fix: { range: [text.indexOf('"expanded"'), text.indexOf('"pages": ["index"')], text: '' },
    });
    const unknown = result.messages[2];
    expect(unknown.suggestions).toEqual([{ desc: 'Rename to "expanded"', fix: { range: [text.indexOf('"expand"'), text.indexOf('"expand"') + 8], text: '"expanded"' } }]);
    expect(unknown.fix).toBeUndefined();
  });

  it('prints [] in JSON and nothing in stylish for a clean site', () => {
    expect(navlint(['check', 'fixtures/example', '--format', 'json'])).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('names a $ref file in the report and reports findings inside it', () => {
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys} "navigation": { "languages": [{ "$ref": "fr.json" }] } }`,
      'fr.json': '{\n  "language": "fr-fr",\n  "pages": []\n}\n',
    });
    const { code, stdout } = navlint(['check', dir, '--format', 'json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).map((r: { filePath: string; messages: { ruleId: string; line: number; column: number }[] }) => [r.filePath, r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}`)])).toEqual([
      [path.join(dir, 'fr.json'), ['language-code 2:15']],
    ]);
  });
});

describe('output into a pipe', () => {
  it('a reader that stops early (`| head`) ends the run quietly with its exit code, whether the pipe blocks or not', async () => {
    const pages = Array.from({ length: 4000 }, (_, i) => `"missing/page-${i}"`).join(', ');
    const dir = makeSite({ 'docs.json': `{ ${requiredKeys}\n  "navigation": { "pages": [${pages}] }\n}\n` });
    const child = spawn(process.execPath, [path.join(repo, 'bin/navlint.cjs'), 'check', dir, '--no-cache'], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    // Read one chunk, then close the pipe, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([1, '']);
    // A shell's pipe, which blocks.
    const shell = spawnSync('sh', ['-c', `"${process.execPath}" "${path.join(repo, 'bin/navlint.cjs')}" check "${dir}" --no-cache | head -c 10 >/dev/null; echo "$?"`], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([shell.stdout, shell.stderr]).toEqual(['0\n', '']);
    const status = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${path.join(repo, 'bin/navlint.cjs')}" check "${dir}" --no-cache | head -c 10 >/dev/null; echo "$?"`], { encoding: 'utf8' });
    expect([status.stdout, status.stderr]).toEqual(['1\n', '']);
  });
});

describe('usage errors exit 2 with a message and no stack trace', () => {
  const cases: [string[], string][] = [
    [['check', 'no/such/folder'], 'navlint: no/such/folder: no such file or folder\n'],
    [['check', 'src'], 'navlint: no docs.json found in src\n'],
    [['check', 'fixtures/example', '--format', 'xml'], 'navlint: unknown format "xml"; use stylish, json, sarif, github\n'],
    [['check', 'fixtures/example', '--bogus'], "navlint: Unknown option '--bogus'; run navlint --help\n"],
    [['check', 'a', 'b'], 'navlint: check takes one site, got 2: a b\n'],
    [['frobnicate'], 'navlint: unknown command "frobnicate"; run navlint --help\n'],
    [['rules', 'no-such-rule'], 'navlint: unknown rule "no-such-rule"; run navlint rules for the list\n'],
    [['migrate-mdx', 'fixtures/migrate-site', '--extension-key', 'mint'], 'navlint: --extension-key must be a vendor extension name such as x-mint, not "mint"\n'],
    [['migrate-mdx', 'fixtures/migrate-site', '--dry-run', '--check'], 'navlint: use --dry-run or --check, not both\n'],
    [['lsp'], 'navlint: lsp speaks over stdin and stdout: run navlint lsp --stdio\n'],
  ];
  for (const [args, stderr] of cases) {
    it(args.join(' '), () => expect(navlint(args)).toEqual({ code: 2, stdout: '', stderr }));
  }

  it('a docs.json that is a folder, unreadable or binary still gets a clean answer', () => {
    const dir = makeSite({ 'docs.json/keep': '' });
    expect(navlint(['check', path.join(dir, 'docs.json')])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^navlint: .*docs\.json/) });
    const binary = makeSite({ 'docs.json': '\u0000\u0001\u0002PNG' });
    const result = navlint(['check', binary]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('json-syntax');
  });
});

describe('navlint rules', () => {
  it('lists every rule with severity, fixable and description', () => {
    const { code, stdout } = navlint(['rules']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('json-syntax                error           docs.json or a file it includes with $ref is not valid JSON');
    expect(stdout).toContain('expanded-top-level         warn   fixable  "expanded" on a top-level group, where it has no effect');
  });

  it('explains one rule with a valid and an invalid example', () => {
    const { stdout } = navlint(['rules', 'expanded-top-level']);
    expect(stdout).toMatch(/^expanded-top-level \(default: warn, fixable with --fix\)\n\n/);
    expect(stdout).toContain('Valid:\n  { "group": "API", "pages": [{ "group": "Users", "expanded": true');
    expect(stdout).toContain('Invalid:\n  { "group": "API", "expanded": true');
  });
});
