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
