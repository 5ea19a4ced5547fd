import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pack } from '../scripts/pack.mjs';
import { releaseCommit } from '../scripts/release-tree.mjs';
import { makeSite, repo, temporaryFolder } from './helpers';

export const { version } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };

let packed: { tarball: string; packageDir: string } | undefined;

/** navlint packed as it is published (scripts/pack.mjs), from the dist/ that `npm test` built: once a test file, in a folder of its own. */
export function packedNavlint(): { tarball: string; packageDir: string } {
  if (!packed) {
    const into = temporaryFolder('navlint-pack-');
    packed = { tarball: pack({ build: false, into }), packageDir: path.join(into, 'package') };
  }
  return packed;
}

export const git = (cwd: string, ...args: string[]) =>
  spawnSync(
    'git',
    ['-c', 'user.name=navlint test', '-c', 'user.email=test@navlint.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd, encoding: 'utf8' },
  );

/**
 * navlint's repository as a release leaves it: the checkout's files (tracked and new) committed on
 * main, then the release commit of the packed package, tagged vX.Y.Z and v0 and merged into main
 * with main's tree (scripts/release-tree.mjs --tag --merge).
 */
export function releasedRepository(): { dir: string; tag: string; source: string } {
  const dir = makeSite({});
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'navlint');
  const source = git(dir, 'rev-parse', 'HEAD').stdout.trim();
  releaseCommit({ repository: dir, packageDir: packedNavlint().packageDir, tag: true, merge: true });
  return { dir, tag: `v${version}`, source };
}
