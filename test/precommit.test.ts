import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensurePreCommit4 } from '../scripts/pre-commit-install.mjs';
import { makeSite, repo, temporaryFolder } from './helpers';
import { git, releasedRepository, version } from './release-helpers';

const debianPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const hasPreCommit3 = debianPreCommit.status === 0 && /^pre-commit 3\./.test(debianPreCommit.stdout);
// CI installs Debian's pre-commit 3 (.ci/run); pre-commit 4 is installed here from pip, once.
const versions = [
  { name: 'pre-commit 3 (Debian)', command: () => (hasPreCommit3 ? 'pre-commit' : undefined) },
  { name: 'pre-commit 4 (pip)', command: () => ensurePreCommit4() },
];

let hooks: ReturnType<typeof releasedRepository>;
beforeAll(() => {
  hooks = releasedRepository();
}, 300_000);

/**
 * A docs repository that uses navlint's published hook as its README says: `repo:` navlint's
 * repository, `rev:` the release tag, `args: [docs]`. npm is pointed at a registry no one answers:
 * installing the hook fetches nothing.
 */
function docsRepository(preCommit: string, rev: string) {
  const docs = makeSite({});
  fs.cpSync(path.join(repo, 'fixtures/example'), path.join(docs, 'docs'), { recursive: true });
  fs.appendFileSync(path.join(docs, 'docs/index.mdx'), '\nRead about [webhooks](/guides/webhooks).\n');
  fs.writeFileSync(
    path.join(docs, '.pre-commit-config.yaml'),
    `repos:\n  - repo: ${hooks.dir}\n    rev: ${rev}\n    hooks:\n      - id: navlint\n        args: [docs]\n`,
  );
  fs.writeFileSync(path.join(docs, '.gitignore'), '.cache-pre-commit/\n');
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))),
    PRE_COMMIT_HOME: path.join(docs, '.cache-pre-commit'),
    NO_COLOR: '1',
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_cache: temporaryFolder('navlint-npm-cache-'),
    npm_config_update_notifier: 'false',
  };
  git(docs, 'init', '-q');
  const run = (...args: string[]) => spawnSync(preCommit, args, { cwd: docs, env, encoding: 'utf8' });
  const commit = (message: string) => {
    git(docs, 'add', '-A');
    const result = spawnSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', 'commit', '-m', message],
      { cwd: docs, env, encoding: 'utf8' },
    );
    return { status: result.status, output: result.stdout + result.stderr };
  };
  const edit = (file: string, from: string, to: string) => {
    const text = fs.readFileSync(path.join(docs, file), 'utf8');
    expect(text).toContain(from);
    fs.writeFileSync(path.join(docs, file), text.replace(from, to));
  };
  const undo = () => {
    git(docs, 'reset', '-q', '--hard', 'HEAD');
    git(docs, 'clean', '-qfd', '-e', '.cache-pre-commit');
  };
  const log = () => git(docs, 'log', '--format=%s').stdout;
  return { docs, run, commit, edit, undo, log };
}

describe.each(versions)('navlint as a pre-commit hook, with $name', ({ name, command }) => {
  const preCommit = command();
  it.skipIf(!preCommit && !process.env.CI)(
    'installs the release without building or fetching, passes a clean commit and refuses each broken one at its line',
    () => {
      expect(preCommit, `${name} is not installed`).toBeDefined();
      const site = docsRepository(preCommit!, hooks.tag);
      expect(site.run('install').status).toBe(0);
      const installed = site.run('install-hooks');
      expect([installed.status, installed.stdout + installed.stderr]).toEqual([0, expect.any(String)]);

      const clean = site.commit('docs');
      expect(clean.output).toMatch(/navlint\.+Passed/);
      expect(clean.status).toBe(0);

      site.edit('docs/docs.json', '"quickstart",', '"quickstrat",');
      const entry = site.commit('entry');
      expect(entry.status).toBe(1);
      expect(entry.output).toMatch(/navlint\.+Failed/);
      expect(entry.output).toContain(
        'docs/docs.json\n  22:19  error    page "quickstrat" not found: no quickstrat.mdx or quickstrat.md; did you mean "quickstart"?  page-exists',
      );
      site.undo();

      site.edit('docs/index.mdx', '(/guides/webhooks)', '(/guides/webhook)');
      const link = site.commit('link');
      expect(link.status).toBe(1);
      expect(link.output).toContain(
        'docs/index.mdx\n  8:23  error    link "/guides/webhook" lands on no page, generated endpoint page, redirect or file; did you mean "/guides/webhooks"?  page-link\n',
      );
      site.undo();

      fs.appendFileSync(path.join(site.docs, 'docs/quickstart.mdx'), '\nReplies arrive in <200ms.\n');
      const mdx = site.commit('mdx');
      expect(mdx.status).toBe(1);
      expect(mdx.output).toMatch(
        /docs\/quickstart\.mdx\n {2}8:19 {2}error {4}"<" starts a tag in MDX[^\n]* {2}mdx-syntax\n/,
      );
      site.undo();

      // A deletion, which no file pattern matches: the hook runs at every commit.
      site.edit(
        'docs/docs.json',
        '"pages": ["guides/authentication", "guides/webhooks"]',
        '"pages": ["guides/authentication"]',
      );
      git(site.docs, 'rm', '-q', 'docs/guides/webhooks.mdx');
      const deleted = site.commit('rm');
      expect(deleted.status).toBe(1);
      expect(deleted.output).toContain(
        'docs/index.mdx\n  8:23  error    link "/guides/webhooks" lands on no page, generated endpoint page, redirect or file  page-link\n',
      );
      expect(deleted.output).not.toContain('docs.json');
      site.undo();

      expect(site.log()).toBe('docs\n');
    },
    600_000,
  );

  it.skipIf(!preCommit && !process.env.CI)('`pre-commit autoupdate` finds the release tag from a source commit', () => {
    const site = docsRepository(preCommit!, hooks.source);
    const update = site.run('autoupdate');
    expect(update.status).toBe(0);
    expect(fs.readFileSync(path.join(site.docs, '.pre-commit-config.yaml'), 'utf8')).toContain(`rev: v${version}\n`);
  });
});
