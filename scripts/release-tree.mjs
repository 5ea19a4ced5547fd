// @ts-check
// The release commit: what `rev: vX.Y.Z` (pre-commit) and `uses: navlint/navlint@v0` (the Action) check
// out. Its tree is the published package (scripts/pack.mjs: bin/, dist/, the rule pages, README,
// LICENSE, package.json without build scripts or devDependencies) with .pre-commit-hooks.yaml and
// action.yml beside it; its parent is the source it was built from. pre-commit 4 installs a hook's
// repository with `npm install -g git+file://…`, which does not build it, and pre-commit 3 with
// `npm install` there then `npm pack`: both install the built package as it is, with nothing to fetch.
//
//   node scripts/release-tree.mjs [--package DIR] [--tag] [--merge]
//
// --tag tags the commit vX.Y.Z and moves vMAJOR to it (the Action's `@v0`); --merge records it in the
// current branch's history with the branch's tree unchanged (`git merge -s ours`), so that
// `pre-commit autoupdate`, which takes the newest tag the default branch reaches, finds it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The files of the checkout that go into the release tree beside the package. */
export const besideThePackage = ['.pre-commit-hooks.yaml', 'action.yml'];

/**
 * Makes the release commit of the package in `packageDir` on top of `repository`'s HEAD; returns
 * its id. `files` is where .pre-commit-hooks.yaml and action.yml are taken from.
 */
export function releaseCommit({ repository, packageDir, files = root, tag = false, merge = false }) {
  const git = (/** @type {string[]} */ args, /** @type {NodeJS.ProcessEnv} */ env = {}) =>
    execFileSync('git', args, { cwd: repository, encoding: 'utf8', env: { ...process.env, ...env } }).trim();
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const tree = mkdtempSync(join(tmpdir(), 'navlint-release-'));
  const index = join(tree, '.git-index');
  try {
    cpSync(packageDir, join(tree, 'files'), { recursive: true });
    for (const file of besideThePackage) cpSync(join(files, file), join(tree, 'files', file));
    const withIndex = { GIT_INDEX_FILE: index };
    git(['--work-tree', join(tree, 'files'), 'add', '--all', '--force', '.'], withIndex);
    const treeId = git(['write-tree'], withIndex);
    const head = git(['rev-parse', 'HEAD']);
    const commit = git([
      '-c',
      'user.name=navlint release',
      '-c',
      'user.email=release@navlint.invalid',
      'commit-tree',
      treeId,
      '-p',
      head,
      '-m',
      `navlint v${version}: the published package, its pre-commit hook and GitHub Action\n\nBuilt from ${head}.`,
    ]);
    if (tag) {
      git(['tag', '--force', `v${version}`, commit]);
      git(['tag', '--force', `v${version.split('.')[0]}`, commit]);
    }
    if (merge) {
      const merged = git([
        '-c',
        'user.name=navlint release',
        '-c',
        'user.email=release@navlint.invalid',
        'commit-tree',
        `${head}^{tree}`,
        '-p',
        head,
        '-p',
        commit,
        '-m',
        `Release v${version}`,
      ]);
      git(['update-ref', '-m', `release v${version}`, 'HEAD', merged, head]);
    }
    return commit;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--package');
  const packageDir = at >= 0 ? args[at + 1] : join(root, '.artifacts', 'package');
  try {
    const commit = releaseCommit({
      repository: root,
      packageDir,
      tag: args.includes('--tag'),
      merge: args.includes('--merge'),
    });
    process.stdout.write(`${commit}\n`);
  } catch (error) {
    process.stderr.write(`release-tree: ${/** @type {Error} */ (error).message}\n`);
    process.exit(1);
  }
}
