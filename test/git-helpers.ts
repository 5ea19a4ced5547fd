import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { makeSite } from './helpers';

export const hasGit = spawnSync('git', ['--version']).status === 0;

export function git(dir: string, ...args: string[]): string {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(result.stderr.replace(/^(Cloning into|done|warning: You appear).*\n/gm, '')).toBe('');
  return result.stdout.trim();
}

/** A site committed in a repository of its own, in a subfolder `docs/` as many are. */
export function committedSite(files: Record<string, string>): { repo: string; docs: string } {
  const repo = makeSite(Object.fromEntries(Object.entries(files).map(([name, text]) => [`docs/${name}`, text])));
  git(repo, 'init', '-q');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'site');
  return { repo, docs: path.join(repo, 'docs') };
}

/**
 * Moves the files an hour back and has git note them, then the index half an hour back: no file is
 * "racily clean" (modified when the index was written), however fast the test runs.
 */
export function ageIndex(repo: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(repo, { recursive: true }) as string[]) {
    if (!name.startsWith('.git')) fs.utimesSync(path.join(repo, name), hourAgo, hourAgo);
  }
  git(repo, 'update-index', '--refresh', '-q');
  ageIndexFile(repo);
}

export function ageIndexFile(repo: string): void {
  const halfAnHourAgo = new Date(Date.now() - 1_800_000);
  fs.utimesSync(path.join(repo, '.git', 'index'), halfAnHourAgo, halfAnHourAgo);
}
