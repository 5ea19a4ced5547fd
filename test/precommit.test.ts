import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, repo } from './helpers';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
const git = (cwd: string, ...args: string[]) =>
  spawnSync(
    'git',
    ['-c', 'user.name=navlint test', '-c', 'user.email=test@navlint.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd, encoding: 'utf8' },
  );

/** navlint's working tree (tracked and new files) as a git repository pre-commit can install from. */
function hookRepository(): { dir: string; rev: string } {
  const dir = makeSite({});
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'navlint');
  return { dir, rev: git(dir, 'rev-parse', 'HEAD').stdout.trim() };
}

// CI installs pre-commit (.ci/run); elsewhere the test runs when pre-commit is there.
describe.skipIf(!hasPreCommit && !process.env.CI)('pre-commit (the real program) with the published hook', () => {
  it('installs navlint from its repository, refuses a commit that breaks the navigation and passes a clean one', () => {
    const hooks = hookRepository();
    const docs = makeSite({});
    fs.cpSync(path.join(repo, 'fixtures/example'), path.join(docs, 'docs'), { recursive: true });
    fs.writeFileSync(
      path.join(docs, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${hooks.dir}\n    rev: ${hooks.rev}\n    hooks:\n      - id: navlint\n        args: [docs]\n`,
    );
    const env = { ...process.env, PRE_COMMIT_HOME: path.join(docs, '.cache-pre-commit'), NO_COLOR: '1' };
    git(docs, 'init', '-q');
    fs.writeFileSync(path.join(docs, '.gitignore'), '.cache-pre-commit/\n');
    expect(spawnSync('pre-commit', ['install'], { cwd: docs, env, encoding: 'utf8' }).status).toBe(0);

    git(docs, 'add', '-A');
    const clean = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-m', 'docs'], {
      cwd: docs,
      env,
      encoding: 'utf8',
    });
    expect(clean.stdout + clean.stderr).toMatch(/navlint\.+Passed/);
    expect(clean.status).toBe(0);

    const fr = path.join(docs, 'docs/fr.json');
    fs.writeFileSync(fr, fs.readFileSync(fr, 'utf8').replace('"language": "fr"', '"language": "fr-fr"'));
    git(docs, 'add', '-A');
    const broken = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-m', 'break'], {
      cwd: docs,
      env,
      encoding: 'utf8',
    });
    const output = broken.stdout + broken.stderr;
    expect(output).toMatch(/navlint\.+Failed/);
    expect(output).toContain(
      'docs/fr.json\n  2:15  error    language code "fr-fr" is not supported; did you mean "fr"?  language-code',
    );
    expect(broken.status).toBe(1);
    expect(git(docs, 'log', '--format=%s').stdout).toBe('docs\n');

    // A deletion alone, which no file pattern matches: the hook runs at every commit.
    git(docs, 'checkout', 'HEAD', '--', 'docs/fr.json');
    git(docs, 'rm', '-q', 'docs/quickstart.mdx');
    const deleted = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-m', 'rm'], {
      cwd: docs,
      env,
      encoding: 'utf8',
    });
    expect(deleted.stdout + deleted.stderr).toMatch(/navlint\.+Failed/);
    expect(deleted.stdout + deleted.stderr).toContain('page "quickstart" not found');
    expect(deleted.stdout + deleted.stderr).not.toContain('language-code');
    expect(deleted.status).toBe(1);
  }, 300_000);
});
