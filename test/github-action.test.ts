import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { argumentsOf } from '../src/cli/github-action';
import { evaluate, runAction } from './github-runner';
import { makeSite, repo, sharedPath, temporaryFolder } from './helpers';
import { git, releasedRepository, version } from './release-helpers';

const polar = sharedPath('corpus/polarsource__polar', 'the GitHub Action test on a corpus site');

/** The Action as `uses: navlint/navlint@v0` checks it out: the release tag's tree. */
let action: string;
beforeAll(() => {
  const released = releasedRepository();
  action = temporaryFolder('navlint-action-');
  const archive = execFileSync('git', ['archive', 'v0'], { cwd: released.dir, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', action], { input: archive });
}, 300_000);

/** A docs repository with its site in docs/, committed, then a second commit that changes it (`change`). */
function workspace(site: string, change?: (docs: string) => void): string {
  const dir = makeSite({});
  fs.cpSync(site, path.join(dir, 'docs'), { recursive: true });
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'docs');
  if (change) {
    change(path.join(dir, 'docs'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'change');
  }
  return dir;
}

/** What `navlint check --format json` reports there: by rule (its highest severity and count), and errors and warnings. */
function cliCounts(dir: string) {
  const run = spawnSync(process.execPath, [path.join(repo, 'bin/navlint.cjs'), 'check', 'docs', '--format', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const counts = new Map<string, { severity: number; count: number }>();
  const bySeverity = [0, 0, 0];
  for (const file of JSON.parse(run.stdout) as { messages: { ruleId: string; severity: number }[] }[])
    for (const m of file.messages) {
      bySeverity[m.severity]++;
      const entry = counts.get(m.ruleId) ?? { severity: m.severity, count: 0 };
      entry.count++;
      entry.severity = Math.max(entry.severity, m.severity);
      counts.set(m.ruleId, entry);
    }
  return { counts, errors: bySeverity[2], warnings: bySeverity[1] };
}

const annotations = (stdout: string) => stdout.split('\n').filter((line) => /^::(error|warning) /.test(line));

describe('the GitHub Action (action.yml), its steps run as the runner runs them', () => {
  it.skipIf(!polar)(
    'annotates a site with findings (those on changed lines first), writes SARIF, the summary and the outputs, and fails',
    () => {
      const dir = workspace(polar!, (docs) =>
        fs.appendFileSync(path.join(docs, 'introduction.mdx'), '\nSee [the pricing page](/pricing-old).\n'),
      );
      const changedLine = fs.readFileSync(path.join(dir, 'docs/introduction.mdx'), 'utf8').split('\n').length - 1;
      const run = runAction(action, { inputs: { directory: 'docs' }, workspace: dir });
      expect(run.status).toBe(1);

      const { counts, errors, warnings } = cliCounts(dir);
      const total = errors + warnings;
      const lines = annotations(run.stdout);
      expect(lines).toHaveLength(total);
      expect(lines[0]).toBe(
        `::error file=docs/introduction.mdx,line=${changedLine},col=24,endLine=${changedLine},endColumn=36,title=navlint(page-link)::link "/pricing-old" lands on no page, generated endpoint page, redirect or file`,
      );

      const sarifFile = path.join(path.dirname(run.outputs['sarif-file']), 'navlint.sarif');
      expect(run.outputs).toEqual({
        'sarif-file': sarifFile,
        errors: String(errors),
        warnings: String(warnings),
      });
      const sarif = JSON.parse(fs.readFileSync(sarifFile, 'utf8'));
      expect(sarif.runs[0].results).toHaveLength(total);
      expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toMatch(/^docs\//);

      const rows = [...counts]
        .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
        .map(
          ([id, { severity, count }]) =>
            `| [${id}](https://github.com/navlint/navlint/blob/v${version}/rules/${id}.md) | ${severity === 2 ? 'error' : 'warning'} | ${count} |`,
        );
      const summary = run.summary.split('\n');
      expect(summary.slice(0, 6 + rows.length)).toEqual([
        '## navlint',
        '',
        `❌ ${run.outputs.errors} errors and ${run.outputs.warnings} warnings in ${new Set(lines.map((l) => /file=([^,]+)/.exec(l)![1])).size} files of \`docs\`.`,
        '',
        '| rule | severity | findings |',
        '|---|---|---|',
        ...rows,
      ]);
      const listed = summary.filter((line) => line.startsWith('- ['));
      expect(listed).toHaveLength(20);
      expect(
        listed.every((line) =>
          /^- \[docs\/[^\]]+:\d+:\d+\]\(https:\/\/github\.com\/docs-team\/docs\/blob\/0123456789abcdef0123456789abcdef01234567\/docs\/[^)]+#L\d+\) \*\*(error|warning)\*\* .+ \(`[a-z-]+`\)$/.test(
            line,
          ),
        ),
      ).toBe(true);
      expect(summary).toContain(`… and ${total - 20} more: the annotations and the SARIF file list them all.`);

      // The cache step keeps the folder the check filled with each page's parse.
      expect(run.used).toEqual([
        {
          uses: 'actions/cache@v4',
          with: {
            path: path.join(path.dirname(sarifFile), 'navlint-cache'),
            key: `navlint-Linux-${version}-4242-1`,
            'restore-keys': `navlint-Linux-${version}-`,
          },
        },
      ]);
      expect(fs.readdirSync(run.used[0].with.path)).toContain('page-parses');
    },
    300_000,
  );

  it('passes a clean site: no annotation, a one-line summary, zero counts', () => {
    const dir = workspace(path.join(repo, 'fixtures/example'));
    const run = runAction(action, { inputs: { directory: 'docs', cache: 'false' }, workspace: dir });
    expect(run.status).toBe(0);
    expect(annotations(run.stdout)).toEqual([]);
    expect(run.summary).toBe('## navlint\n\n✅ No problems in `docs`.\n');
    expect([run.outputs.errors, run.outputs.warnings]).toEqual(['0', '0']);
    expect(run.used).toEqual([]);
  });

  it('fails on warnings only when fail-on-warnings is true, and takes extra options from args', () => {
    const dir = workspace(path.join(repo, 'fixtures/example'), (docs) => {
      const file = path.join(docs, 'docs.json');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('"group": "Get started",', '"group": "Get started", "expanded": true,'),
      );
    });
    const warning =
      '::warning file=docs/docs.json,line=19,col=41,endLine=19,endColumn=57,title=navlint(expanded-top-level)::"expanded" has no effect on top-level group "Get started": top-level groups are always expanded';
    const lenient = runAction(action, { inputs: { directory: 'docs' }, workspace: dir });
    expect([lenient.status, annotations(lenient.stdout)]).toEqual([0, [warning]]);
    const strict = runAction(action, { inputs: { directory: 'docs', 'fail-on-warnings': 'true' }, workspace: dir });
    expect([strict.status, annotations(strict.stdout)]).toEqual([1, [warning]]);
    const quiet = runAction(action, { inputs: { directory: 'docs', args: '--quiet' }, workspace: dir });
    expect([quiet.status, annotations(quiet.stdout), quiet.outputs.warnings]).toEqual([0, [], '0']);
    const refused = runAction(action, { inputs: { directory: 'docs', args: '--format json' }, workspace: dir });
    expect([refused.status, refused.stderr]).toEqual([
      2,
      "navlint: the Action's args cannot take --format: the Action reports in its own formats and changes no file\n",
    ]);
  });

  it('says to use a release tag when the ref is the source, which has no build', () => {
    const source = temporaryFolder('navlint-action-source-');
    fs.copyFileSync(path.join(repo, 'action.yml'), path.join(source, 'action.yml'));
    const run = runAction(source, { workspace: workspace(path.join(repo, 'fixtures/example')) });
    expect([run.status, run.stdout]).toEqual([
      2,
      '::error title=navlint::this ref of navlint is its source, not a release: use a release tag, as in uses: navlint/navlint@v0\n',
    ]);
  });
});

describe('the runner emulation and the inputs', () => {
  it('evaluates the expressions action.yml uses as GitHub does', () => {
    const context = {
      inputs: { cache: 'TRUE', 'fail-on-warnings': '' },
      steps: { setup: { outputs: { 'cache-dir': '/t' } } },
    };
    expect(evaluate("inputs.cache == 'true'", context)).toBe(true);
    expect(evaluate("inputs.cache != 'true'", context)).toBe(false);
    expect(evaluate('steps.setup.outputs.cache-dir', context)).toBe('/t');
    expect(evaluate("inputs.fail-on-warnings || 'false'", context)).toBe('false');
    expect(evaluate("!(inputs.cache == 'true') && 'x'", context)).toBe(false);
  });

  it('splits args as a shell does', () => {
    expect(argumentsOf(`--quiet --config "my config.json" --max-warnings 3 'a b'`)).toEqual([
      '--quiet',
      '--config',
      'my config.json',
      '--max-warnings',
      '3',
      'a b',
    ]);
    expect(argumentsOf('')).toEqual([]);
  });
});
