import * as fs from 'node:fs';
import * as path from 'node:path';

/** True when `file` is `root` itself or lies below it (no `..` escape, no other drive). */
export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** `file` relative to `root`, with forward slashes: how the site index names a file of the docs folder. */
export function relativePath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** A path as a user reads it: relative to `from` with forward slashes. */
export function displayPath(file: string, from: string = process.cwd()): string {
  return relativePath(from, file) || '.';
}

/** The top of the git worktree that holds `folder` (the nearest folder up with a `.git` entry); undefined outside one. */
export function worktreeTop(folder: string): string | undefined {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}
