// @ts-check
// pre-commit 4 from pip (Debian has 3.0.4, which .ci/run installs), in a virtual environment of its
// own in a cache folder outside the repository, for the hook's end-to-end test with both versions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'navlint', 'pre-commit-4');
export const preCommit4 = join(cacheRoot, 'venv', 'bin', 'pre-commit');

/** Installs pre-commit 4.x once; returns its command, or undefined (with the reason on stderr) when pip cannot. */
export function ensurePreCommit4() {
  if (existsSync(join(cacheRoot, '.installed'))) return preCommit4;
  rmSync(cacheRoot, { recursive: true, force: true });
  mkdirSync(cacheRoot, { recursive: true });
  const steps = [
    ['python3', ['-m', 'venv', join(cacheRoot, 'venv')]],
    [
      join(cacheRoot, 'venv', 'bin', 'pip'), // No retries: where the public index is unreachable, the machine's own index (pip.conf) answers.
      ['install', '--quiet', '--disable-pip-version-check', '--retries', '0', 'pre-commit>=4,<5'],
    ],
  ];
  for (const [command, args] of /** @type {[string, string[]][]} */ (steps)) {
    const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (run.status !== 0) {
      process.stderr.write(
        `pre-commit 4 could not be installed: ${command} ${args.join(' ')} exited ${run.status}\n${run.stderr}`,
      );
      return undefined;
    }
  }
  writeFileSync(join(cacheRoot, '.installed'), `${new Date().toISOString()}\n`);
  return preCommit4;
}

if (process.argv[1] === new URL(import.meta.url).pathname) ensurePreCommit4();
