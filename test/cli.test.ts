import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colorWanted } from '../src/cli/cli';
import { docsWith, makeSite, navlint, repo } from './helpers';
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

✖ 10 problems (7 errors, 3 warnings) … and 1 accessibility finding: --a11y shows it
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
    expect(navlint(['check', 'fixtures/ten-mistakes-outside-navigation'])).toEqual({
      code: 1,
      stdout: tenOutside,
      stderr: '',
    });
  });

  it('passes the bundled example site with no output', () => {
    expect(navlint(['check', 'fixtures/example'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports ten different mistakes at once, each at its line (stylish)', () => {
    expect(navlint(['check', 'fixtures/ten-mistakes'])).toEqual({ code: 1, stdout: tenMistakes, stderr: '' });
  });

  it('accepts docs.json itself as the target, and the current folder by default', () => {
    expect(navlint(['check', 'fixtures/ten-mistakes/docs.json']).stdout).toBe(tenMistakes);
    expect(navlint(['check'], { cwd: path.join(repo, 'fixtures/ten-mistakes') }).stdout).toBe(
      tenMistakes.replace('fixtures/ten-mistakes/', ''),
    );
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
    expect(stdout).toContain('✖ 7 problems (7 errors, 0 warnings) … and 1 accessibility finding: --a11y shows it');
  });

  it('keeps the accessibility rules off, says how many they would find, and turns them on with --a11y or the config', () => {
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys.replace('#0D9373', '#0A5C46')}\n  "navigation": { "pages": ["index", "missing"] }\n}\n`,
      'index.mdx': '---\ntitle: Home\n---\n\n![](/a.png)\n\n### Skipped a level\n',
      'a.png': '',
    });
    const off = navlint(['check', dir, '--max-warnings', '0']);
    expect(off.code).toBe(1);
    expect(off.stdout).not.toContain('a11y-');
    expect(off.stdout).toContain(
      '\n✖ 1 problem (1 error, 0 warnings) … and 2 accessibility findings: --a11y shows them\n',
    );
    expect(navlint(['check', dir, '--format', 'json']).stdout).not.toContain('a11y-');
    const on = navlint(['check', dir, '--a11y']).stdout;
    expect(on).toContain(
      '  5:1  error    image "/a.png" has an empty alt text, which `mint a11y` reports: describe the image, or, if the site marks decorative images so (WCAG H67), set "decorativeAlt": true  a11y-image-alt\n',
    );
    expect(on).toContain('  7:1  warning  a level-3 heading after a level-1 one');
    expect(on).toContain('\n✖ 3 problems (2 errors, 1 warning)\n');
    fs.writeFileSync(path.join(dir, 'navlint.config.json'), '{ "a11y": "warn", "decorativeAlt": true }');
    const warned = navlint(['check', dir]).stdout;
    expect(warned).not.toContain('a11y-image-alt');
    expect(warned).toContain('  7:1  warning  a level-3 heading after a level-1 one');
    expect(warned).toContain('\n✖ 2 problems (1 error, 1 warning)\n');
    expect(navlint(['check', dir, '--a11y']).stdout).toContain('\n✖ 2 problems (1 error, 1 warning)\n');
    fs.writeFileSync(path.join(dir, 'navlint.config.json'), '{ "a11y": "on" }');
    expect(navlint(['check', dir]).stderr).toContain(
      '"a11y" must be "off", "warn" or "error": the accessibility rules, off, as warnings, or on',
    );
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
      suppressedMessages: [],
      errorCount: 7,
      fatalErrorCount: 0,
      warningCount: 3,
      fixableErrorCount: 0,
      fixableWarningCount: 1,
      usedDeprecatedRules: [],
    });
    expect(Object.keys(result)).toEqual([
      'filePath',
      'messages',
      'suppressedMessages',
      'errorCount',
      'fatalErrorCount',
      'warningCount',
      'fixableErrorCount',
      'fixableWarningCount',
      'usedDeprecatedRules',
    ]);
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
      // The line of the key alone: the lines around it as they were.
      fix: {
        range: [
          text.lastIndexOf('\n', text.indexOf('"expanded"')) + 1,
          text.indexOf('\n', text.indexOf('"expanded"')) + 1,
        ],
        text: '',
      },
    });
    const unknown = result.messages[2];
    expect(unknown.suggestions).toEqual([
      {
        desc: 'Rename to "expanded"',
        fix: { range: [text.indexOf('"expand"'), text.indexOf('"expand"') + 8], text: '"expanded"' },
      },
    ]);
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
    expect(
      JSON.parse(stdout).map(
        (r: { filePath: string; messages: { ruleId: string; line: number; column: number }[] }) => [
          r.filePath,
          r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}`),
        ],
      ),
    ).toEqual([[path.join(dir, 'fr.json'), ['language-code 2:15']]]);
  });
});

describe('output into a pipe', () => {
  it('a reader that stops early (`| head`) ends the run quietly with its exit code, whether the pipe blocks or not', async () => {
    const pages = Array.from({ length: 4000 }, (_, i) => `"missing/page-${i}"`).join(', ');
    const dir = makeSite({ 'docs.json': `{ ${requiredKeys}\n  "navigation": { "pages": [${pages}] }\n}\n` });
    const child = spawn(process.execPath, [path.join(repo, 'bin/navlint.cjs'), 'check', dir, '--no-cache'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    // Read one chunk, then close the pipe, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([1, '']);
    // A shell's pipe, which blocks.
    const shell = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" "${path.join(repo, 'bin/navlint.cjs')}" check "${dir}" --no-cache | head -c 10 >/dev/null; echo "$?"`,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect([shell.stdout, shell.stderr]).toEqual(['0\n', '']);
    const status = spawnSync(
      'bash',
      [
        '-c',
        `set -o pipefail; "${process.execPath}" "${path.join(repo, 'bin/navlint.cjs')}" check "${dir}" --no-cache | head -c 10 >/dev/null; echo "$?"`,
      ],
      { encoding: 'utf8' },
    );
    expect([status.stdout, status.stderr]).toEqual(['1\n', '']);
  });
});

const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

describe.skipIf(!hasTaskset)('a cold check on two cores', () => {
  const bin = path.join(repo, 'bin/navlint.cjs');
  /** navlint on the first two cores only, as on a runner of two; `env` over the test's. */
  const onTwoCores = (args: string[], env: Record<string, string> = {}) =>
    spawn('taskset', ['-c', '0,1', process.execPath, bin, ...args], {
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '', ...env },
    });
  const closed = (child: ReturnType<typeof spawn>) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>((resolve) => {
      let stdout = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
      child.on('close', (code, signal) => resolve({ code, signal, stdout }));
    });
  /** The pids whose parent is `parent`, and the flags of each (/proc). */
  const childrenOf = (parent: number) =>
    fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return ppid === parent
            ? [{ pid: Number(pid), cmdline: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') }]
            : [];
        } catch {
          return []; // gone meanwhile
        }
      });

  it("runs in a child with one V8 helper thread, whose output and exit code are the command's", async () => {
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys} "navigation": { "pages": ["a", "b"] } }\n`,
      'a.mdx': '# A\n',
    });
    const plain = await closed(onTwoCores(['check', dir, '--no-cache'], { NODE_OPTIONS: '--v8_pool_size=4' }));
    expect(plain.code).toBe(1);
    expect(await closed(onTwoCores(['check', dir, '--no-cache']))).toEqual({ ...plain, signal: null });
  });

  /** A site whose cold check takes seconds: 3,000 pages. */
  const slowSite = () =>
    makeSite({
      'docs.json': `{ ${requiredKeys} "navigation": { "pages": ["p0"] } }\n`,
      ...Object.fromEntries(
        Array.from({ length: 3000 }, (_, i) => [`p${i}.mdx`, `# P${i}\n\n${'Some text of a page. '.repeat(100)}\n`]),
      ),
    });

  it("starts no child with a pool size of the user's own (in either of node's spellings), nor under a debugger", async () => {
    const dir = slowSite();
    for (const options of ['--v8_pool_size=3', '--inspect=127.0.0.1:0']) {
      const parent = onTwoCores(['check', dir, '--no-cache'], { NODE_OPTIONS: options });
      let ended = false;
      const done = closed(parent).finally(() => (ended = true));
      let children = 0;
      while (!ended) {
        children += childrenOf(parent.pid!).length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect({ options, code: (await done).code, children }).toEqual({ options, code: 0, children: 0 });
    }
  });

  it('gives a stop signal to the child, and ends by it', async () => {
    const parent = onTwoCores(['check', slowSite(), '--no-cache']);
    let ended = false;
    const done = closed(parent).finally(() => (ended = true));
    // The child, once it is there (taskset runs node in its own place: the parent is the pid spawned).
    let child: { pid: number; cmdline: string } | undefined;
    while (!ended && !(child = childrenOf(parent.pid!).find((found) => found.cmdline.includes('--v8-pool-size=1'))))
      await new Promise((resolve) => setImmediate(resolve));
    if (!child) throw new Error('the check ended with no child of one helper thread');
    parent.kill('SIGTERM');
    expect(await done).toMatchObject({ code: null, signal: 'SIGTERM' });
    expect(() => process.kill(child.pid, 0)).toThrow(/ESRCH/);
  });
});

/** Whether this machine can run a command as another user, for whom chmod 000 means what it says (root reads anything). */
const setprivWorks = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']).status === 0;

describe.skipIf(!setprivWorks)('a file or folder the check cannot read', () => {
  /** navlint run as nobody, on a site every user can read but for what a case locks. */
  const asNobody = (dir: string) => {
    fs.chmodSync(dir, 0o755);
    const result = spawnSync(
      'setpriv',
      [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        path.join(repo, 'bin/navlint.cjs'),
        'check',
        '.',
        '--no-cache',
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const siteWith = (locked: string) => {
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys} "navigation": { "pages": ["a", "sub/b"] } }\n`,
      'a.mdx': '# A\n',
      'sub/b.mdx': '# B\n',
      'data.json': '{ "a": 1 }\n',
    });
    fs.chmodSync(path.join(dir, 'sub'), 0o755);
    fs.chmodSync(path.join(dir, locked), 0);
    return dir;
  };

  for (const locked of ['sub', 'a.mdx', 'data.json'])
    it(`says it cannot read ${locked}, and exits 2 without a report`, () => {
      expect(asNobody(siteWith(locked))).toEqual({
        code: 2,
        stdout: '',
        stderr: `navlint: cannot read ${locked}: permission denied; the site is not checked\n`,
      });
    });
});

describe('colour', () => {
  it('is on a terminal only, as ESLint has it: NO_COLOR off, FORCE_COLOR on but for 0 and false, TERM=dumb off', () => {
    const cases: [NodeJS.ProcessEnv, boolean, boolean][] = [
      [{}, true, true],
      [{}, false, false],
      [{ CI: 'true' }, false, false],
      [{ TERM: 'dumb' }, true, false],
      [{ NO_COLOR: '1' }, true, false],
      [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
      [{ FORCE_COLOR: '1' }, false, true],
      [{ FORCE_COLOR: 'true' }, false, true],
      [{ FORCE_COLOR: '0' }, true, false],
      [{ FORCE_COLOR: 'false' }, true, false],
      [{ FORCE_COLOR: '' }, false, false],
    ];
    expect(cases.map(([env, isTTY]) => colorWanted(env, isTTY))).toEqual(cases.map(([, , wanted]) => wanted));
  });
});

describe('usage errors exit 2 with a message and no stack trace', () => {
  const cases: [string[], string][] = [
    [['check', 'no/such/folder'], 'navlint: no/such/folder: no such file or folder\n'],
    [['check', 'src'], 'navlint: no docs.json found in src, nor in docs/, packages/docs/ or apps/docs/ in it\n'],
    [
      ['check', 'fixtures/example', 'fixtures/ten-mistakes'],
      'navlint: fixtures/example is a folder: give files, or one docs folder\n',
    ],
    [
      ['check', 'fixtures/example', '--format', 'xml'],
      'navlint: unknown format "xml"; use stylish, json, json-with-metadata, sarif, github\n',
    ],
    [['check', 'fixtures/example', '--bogus'], "navlint: Unknown option '--bogus'; run navlint check --help\n"],
    [['check', 'a', 'b'], 'navlint: a: no such file or folder\n'],
    [['frobnicate'], 'navlint: unknown command "frobnicate"; run navlint --help\n'],
    [['rules', 'no-such-rule'], 'navlint: unknown rule "no-such-rule"; run navlint rules for the list\n'],
    [
      ['rules', 'page-lnk'],
      'navlint: unknown rule "page-lnk"; did you mean "page-link"?; run navlint rules for the list\n',
    ],
    [['rule'], 'navlint: unknown command "rule"; did you mean "rules"?; run navlint --help\n'],
    [
      ['migrate-mdx', 'fixtures/migrate-site', '--extension-key', 'mint'],
      'navlint: --extension-key must be a vendor extension name such as x-mint, not "mint"\n',
    ],
    [['migrate-mdx', 'fixtures/migrate-site', '--dry-run', '--check'], 'navlint: use --dry-run or --check, not both\n'],
    [
      ['mv', 'fixtures/move-site/quickstart'],
      'navlint: mv takes OLD and NEW, got 1: fixtures/move-site/quickstart; run navlint mv --help\n',
    ],
    [
      ['mv', '/no/site/a', 'b'],
      'navlint: no docs.json found in /no/site or any folder above it, nor in docs/, packages/docs/ or apps/docs/ in it\n',
    ],
    [['lsp'], 'navlint: lsp speaks over stdin and stdout: run navlint lsp --stdio\n'],
    [['lsp', '--tcp'], "navlint: Unknown option '--tcp'; run navlint lsp --help\n"],
    [['rules', '--all'], "navlint: Unknown option '--all'; run navlint rules --help\n"],
  ];
  for (const [args, stderr] of cases) {
    it(args.join(' '), () => expect(navlint(args)).toEqual({ code: 2, stdout: '', stderr }));
  }

  it('a docs.json that is a folder, unreadable or binary still gets a clean answer', () => {
    const dir = makeSite({ 'docs.json/keep': '' });
    expect(navlint(['check', path.join(dir, 'docs.json')])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^navlint: .*docs\.json/),
    });
    const binary = makeSite({ 'docs.json': '\u0000\u0001\u0002PNG' });
    const result = navlint(['check', binary]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('json-syntax');
  });

  it('a folder whose docs.json is a folder, asked for by the folder or found from inside it', () => {
    const dir = makeSite({ 'docs.json/keep': '', 'guides/a.mdx': '' });
    const stderr = `navlint: ${path.join(dir, 'docs.json')} is not a file\n`;
    expect(navlint(['check', dir])).toEqual({ code: 2, stdout: '', stderr });
    expect(navlint(['check'], { cwd: path.join(dir, 'guides') })).toEqual({ code: 2, stdout: '', stderr });
  });

  it('--output that names a folder, or a file below a file: said before the lint, nothing written; a missing folder is made', () => {
    const dir = makeSite({ 'notes.txt': 'x' });
    expect(navlint(['check', 'fixtures/example', '--output', dir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: --output ${dir} is a folder; give a file to write the report to\n`,
    });
    const belowFile = path.join(dir, 'notes.txt', 'report.json');
    expect(navlint(['check', 'fixtures/example', '--output', belowFile])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: --output ${belowFile}: ${path.dirname(belowFile)} is a file, not a folder\n`,
    });
    expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
    // As ESLint's --output-file: the report's folder is made.
    const report = path.join(dir, 'reports', 'lint', 'navlint.json');
    expect(navlint(['check', 'fixtures/example', '--format', 'json', '--output', report])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toEqual([]);
  });

  it('a repository root with no docs.json: the one in docs/, packages/docs/ or apps/docs/, said; several listed', () => {
    const docs = docsWith('{ "pages": ["index"] }');
    const repoRoot = makeSite({ 'docs/docs.json': docs, 'docs/index.mdx': '# Home\n', 'README.md': '' });
    const said = (where: string) => `navlint: no docs.json in ${where}: checking docs/docs.json\n`;
    expect(navlint(['check', repoRoot, '--format', 'json'])).toEqual({
      code: 0,
      stdout: '[]\n',
      stderr: said(repoRoot),
    });
    expect(navlint(['check', '--format', 'json'], { cwd: repoRoot })).toEqual({
      code: 0,
      stdout: '[]\n',
      stderr: said(`${repoRoot} or any folder above it`),
    });
    fs.mkdirSync(path.join(repoRoot, 'apps/docs'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'apps/docs/docs.json'), docs);
    expect(navlint(['check', repoRoot])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: no docs.json in ${repoRoot}, and several docs folders have one: docs, apps/docs; give the one to check\n`,
    });
  });

  it('--cache-location that names a file, or a folder below one: said, rather than a run that silently caches nothing', () => {
    const file = path.join(makeSite({ 'cache.txt': 'x' }), 'cache.txt');
    expect(navlint(['check', 'fixtures/example', '--cache-location', file])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: --cache-location ${file} is a file; give the folder to keep the caches in\n`,
    });
    const below = path.join(file, 'sub');
    expect(navlint(['check', 'fixtures/example', '--cache-location', below])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: --cache-location ${below}: ${file} is a file; give the folder to keep the caches in\n`,
    });
  });
});

// Each command's usage, as git's and ESLint's subcommands print theirs: a wrong or missing option line fails.
describe("navlint COMMAND --help (and -h) prints the command's own usage on stdout, exit 0", () => {
  const usages: [string[], string][] = [
    [
      ['check'],
      `Usage: navlint check [DIR|docs.json] [options]
       navlint check FILE... [options]

Lint a site: docs.json, the $ref files it includes, the pages, specs and files it names, and its redirects.
With no DIR, the nearest docs.json from the current folder up. With files (what pre-commit and lint-staged
pass), their sites are linted and the findings in those files and about them are reported.

Options:
  --format NAME                       stylish (default), json and json-with-metadata (ESLint's), sarif (2.1.0), github (annotations)
  --output FILE                       write the report to FILE instead of stdout
  --config FILE                       use this config instead of navlint.config.json / package.json "navlint"
  --fix                               apply the fixes that need no guessing, then report what remains
  --fix-dry-run                       show the fixes as a diff without writing
  --no-cache                          do not read or write navlint's caches (NAVLINT_CACHE_DIR); ESLint's --cache changes nothing
  --cache-location DIR                keep the caches in DIR (for a CI cache step), as ESLint's flag
  --check-external                    also ask every http(s) URL docs.json and the pages link to, once each (answers kept a day in the cache); fetch the specs given by URL
  --a11y                              turn the accessibility rules on (mint a11y's checks and more), as "a11y": "error" in the config
  --quiet                             report errors only
  --list-all                          stylish: list every finding (by default, a rule's findings in a file past its first 10 of more than 20 are counted)
  --report-unused-disable-directives  report each navlint-disable comment that turns nothing off as an error (a warning by default: reportUnusedDisableDirectives)
  --suppress-all                      write every finding into the suppressions file, which then keeps them from being reported
  --suppress-rule ID                  write this rule's findings into the suppressions file (repeatable)
  --prune-suppressions                take out of the suppressions file what no longer occurs
  --suppressions-location FILE        the suppressions file (default: navlint-suppressions.json in the docs folder)
  --pass-on-unpruned-suppressions     do not fail when the suppressions file holds what no longer occurs
  --max-warnings N                    exit 1 when there are more than N warnings
  --color, --no-color                 force colour on or off (default: when the terminal supports it)
  -h, --help                          show this help
  -v, --version                       print the version

Exit codes: 0 no errors, 1 errors found (or too many warnings), 2 usage or config error, no docs.json, or a suppressions file that holds what no longer occurs, 130 and 143 stopped (SIGINT, SIGTERM) while checking external links.
`,
    ],
    [
      ['rules'],
      `Usage: navlint rules [RULE-ID]

List the rules: id, default severity, whether --fix fixes it, what it catches.
With RULE-ID, print that rule's page (rules/RULE-ID.md): what it catches and why, examples, options, messages.

Options:
  -h, --help  show this help
`,
    ],
    [
      ['lsp'],
      `Usage: navlint lsp --stdio

Run the language server, for an editor to start: diagnostics, quick fixes, completion, go to definition, hover, references, and pages moved or renamed with every link to them.

Options:
  --stdio                speak the Language Server Protocol over stdin and stdout (required)
  --clientProcessId PID  the editor's process: the server exits when it does (vscode-languageclient passes it)
  -h, --help             show this help
`,
    ],
    [
      ['mv'],
      `Usage: navlint mv OLD NEW [options]

Move a page (.mdx or .md, named with or without its extension) or a folder of pages, and rewrite every place
that names them: docs.json's entries and $ref files, links in pages and snippets, components' hrefs, redirect
destinations; add a redirect from each old URL to its new one. OLD and NEW are paths from the current folder
(NEW ending in / is a folder to move a page into); the site is the nearest docs.json above OLD.

Options:
  --dry-run      print the whole change as a diff, and what the real run would refuse; write nothing
  --no-redirect  add no redirect from the old URLs (a redirect to one is still pointed at the new one)
  --config FILE  as for check
  --no-color     no colour in the findings
  -h, --help     show this help

Exit codes: 0 moved (or, with --dry-run, would move), 1 refused or the moved site would have new errors: nothing was changed, 2 usage error, 130 and 143 stopped (SIGINT, SIGTERM) while writing, once every file was written.
`,
    ],
    [
      ['migrate-mdx'],
      `Usage: navlint migrate-mdx [DIR] [options]

Move the MDX endpoint pages of a site into its OpenAPI specs' x-mint extension, keeping every URL.
With no DIR, the nearest docs.json from the current folder up.

Options:
  --dry-run               print the diffs, the files to delete and what the real run would refuse; write nothing
  --check                 list the MDX endpoint pages left to migrate (exit 1 if any)
  --list-unreached        list the operations of the specs that no entry or page reaches
  --new-urls              let pages move to their generated URLs, with a redirect from each old URL
  --prefer-language CODE  where pages of several languages write into one spec, it takes this language's text; the others' pages stay as they are
  --skip-unresolved       migrate what can be, leave the pages that cannot as they are, and list them
  --extension-key KEY     the vendor extension to write (default: x-mint, or extensionKey in the config)
  --config FILE           as for check
  --no-color              no colour in the diff
  -h, --help              show this help
`,
    ],
    [
      ['analytics'],
      `Usage: navlint analytics assistant [options]
       navlint analytics feedback [options]
       navlint analytics report [DIR] [options]   (navlint analytics report --help)

Export the AI assistant's conversations, or the readers' feedback, from the analytics API, page by page.
The admin API key is read from NAVLINT_API_KEY, never from a flag.

Options:
  --project ID       the project id (or NAVLINT_PROJECT_ID)
  --from DATE        ISO 8601 date-time or date (YYYY-MM-DD), sent as written
  --to DATE          the same, exclusive
  --limit N          page size: assistant 1-1000 (default 100), feedback 1-100 (default 50)
  --source S         feedback: code_snippet, contextual, agent, thumbs_only
  --status LIST      feedback: comma list of pending, in_progress, resolved, dismissed
  --cursor C         start from a cursor navlint printed, to resume or continue
  --max-pages N      stop after N pages, printing the cursor to continue from
  --format F         jsonl, json, csv (default jsonl)
  --output FILE      write FILE atomically (FILE.partial and a cursor to resume on failure or Ctrl-C)
  --base-url URL     default https://api.mintlify.com
  --timeout SECONDS  per request (default 30)
  --max-retries N    retries of a page (default 5)
  -h, --help         show this help

Exit codes: 0 exported (or stopped by --max-pages), 1 the export stopped, 2 usage error, 130 and 143 interrupted (SIGINT, SIGTERM).
`,
    ],
    [
      ['analytics', 'report'],
      `Usage: navlint analytics report [DIR] [options]

Join readers' feedback and the assistant's answers with the site at DIR (default: the nearest docs.json up from here):
the pages with the most negative feedback, feedback on pages that are gone, sources that land nowhere, unanswered questions.
The entries come from the analytics API (NAVLINT_API_KEY, as the exports) or from earlier exports (--input).

Options:
  --input FILE       an export navlint wrote (jsonl or json, feedback or assistant), instead of the API; repeatable
  --project ID       the project id (or NAVLINT_PROJECT_ID)
  --from DATE        as for the exports: the first day (ISO 8601)
  --to DATE          the same, exclusive
  --max-pages N      fetch at most N pages of each export (the report says it is partial)
  --base-url URL     as for the exports
  --timeout SECONDS  per request (default 30)
  --max-retries N    retries of a page (default 5)
  --site-url URL     the site's address (https://docs.example.com); default: the host most cited URLs have
  --format F         text, json, html (default text)
  --output FILE      write the report to FILE (atomically) instead of stdout
  --top N            rows of each table in the text summary (default 10)
  --no-color         no colour in the text summary
  -h, --help         show this help

Exit codes: 0 the report was written, 1 an export stopped (what came is reported, marked partial), 2 usage error, 130 and 143 interrupted (the report of what came is written).
`,
    ],
  ];
  for (const [command, usage] of usages) {
    it(command.join(' '), () => {
      expect(navlint([...command, '--help'])).toEqual({ code: 0, stdout: usage, stderr: '' });
      expect(navlint([...command, '-h'])).toEqual({ code: 0, stdout: usage, stderr: '' });
    });
  }

  it('analytics assistant and analytics feedback: the usage of analytics, before any check of the environment', () => {
    const analytics = navlint(['analytics', '--help']).stdout;
    for (const kind of ['assistant', 'feedback']) {
      expect(navlint(['analytics', kind, '--help'], { env: { NAVLINT_API_KEY: undefined } })).toEqual({
        code: 0,
        stdout: analytics,
        stderr: '',
      });
    }
  });

  it("navlint --help lists the commands, points to their own help, and lists no command's options", () => {
    const { code, stdout, stderr } = navlint(['--help']);
    expect([code, stderr]).toEqual([0, '']);
    const ending =
      "\n  navlint help COMMAND                      the command's synopsis and options (COMMAND --help, -h the same)\n\nOptions:\n  -h, --help      show this help\n  -v, --version   print the version\n";
    expect(stdout.slice(-ending.length)).toBe(ending);
    // navlint alone, and navlint help, print the same, as ESLint's and git's do.
    expect(navlint([])).toEqual({ code: 0, stdout, stderr: '' });
    expect(navlint(['help'])).toEqual({ code: 0, stdout, stderr: '' });
  });

  it("navlint help COMMAND is the command's --help", () => {
    for (const command of ['check', 'rules', 'mv', 'migrate-mdx', 'lsp']) {
      const own = navlint([command, '--help']);
      expect(own.code).toBe(0);
      expect(navlint(['help', command])).toEqual(own);
    }
    expect(navlint(['help', 'chek'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: unknown command "chek"; did you mean "check"?; run navlint --help\n',
    });
  });
});

describe('navlint rules', () => {
  it('lists every rule with severity, fixable and description', () => {
    const { code, stdout } = navlint(['rules']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'json-syntax                error  fixable  docs.json or a file it includes with $ref is not valid JSON',
    );
    expect(stdout.split('\n')[1]).toBe(
      'json-ref                   error           a $ref whose file is missing, outside the docs folder, or part of a cycle',
    );
    expect(stdout).toContain(
      'expanded-top-level         warn   fixable  "expanded" on a top-level group, where it has no effect',
    );
  });

  it("prints one rule's page, as rules/<id>.md has it, from the built program alone", () => {
    const { code, stdout } = navlint(['rules', 'expanded-top-level']);
    expect(code).toBe(0);
    expect(stdout).toBe(fs.readFileSync(path.join(repo, 'rules/expanded-top-level.md'), 'utf8'));
    expect(stdout).toMatch(/^# expanded-top-level\n/);
    expect(stdout).toContain('\n- Default severity: warn\n- Fixable: yes');
  });
});
