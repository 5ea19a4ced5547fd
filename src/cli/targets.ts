import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { relativePath } from '../common/paths';
import type { Finding } from '../engine/lint';
import { pageUrlPath } from '../engine/page-link-targets';
import { docsFileOf, type Io, UsageError } from './io';

/**
 * What `navlint check` is asked to check: a whole site (a docs folder or its docs.json, or the
 * nearest up from here), or files of sites (what pre-commit and lint-staged pass): each site is
 * linted whole, and the findings in those files, and about them, are reported.
 */
export interface CheckTarget {
  docsFile: string;
  /** The files asked for, from the docs folder; undefined for the whole site. */
  files?: ReadonlySet<string>;
  /** The site paths (files, pages' URL paths) a finding elsewhere is reported for: those files, and those the commit deletes. */
  about?: ReadonlySet<string>;
}

/** The targets of `navlint check` from its arguments; the files outside any docs folder are left out. */
export function checkTargets(positionals: readonly string[], cwd: string, io?: Pick<Io, 'stderr'>): CheckTarget[] {
  const one = positionals.length === 1 ? path.resolve(cwd, positionals[0]) : undefined;
  // One argument that is a folder, a docs.json or nothing (which docsFileOf says) names a site.
  const wholeSite =
    positionals.length === 0 ||
    (one !== undefined && (isFolder(one) || path.basename(one) === 'docs.json' || !fs.existsSync(one)));
  if (wholeSite) return [{ docsFile: docsFileOf(positionals[0], cwd, io) }];
  const bySite = new Map<string, Set<string>>();
  for (const given of positionals) {
    const file = path.resolve(cwd, given);
    if (isFolder(file)) throw new UsageError(`${given} is a folder: give files, or one docs folder`);
    const docsFile = siteOf(file);
    if (!docsFile) {
      if (!fs.existsSync(file)) docsFileOf(given, cwd); // says it is not there
      continue;
    }
    const files = bySite.get(docsFile) ?? new Set<string>();
    files.add(relativePath(path.dirname(docsFile), file));
    bySite.set(docsFile, files);
  }
  return [...bySite].map(([docsFile, files]) => {
    const about = new Set<string>();
    for (const file of [...files, ...stagedDeletions(path.dirname(docsFile))])
      for (const name of [file, file.replace(/\.mdx?$/, ''), pageUrlPath(file)]) about.add(name);
    return { docsFile, files, about };
  });
}

/** Whether a finding is one a target asks for: in one of its files, or about one. */
export function wanted(target: CheckTarget, finding: Finding): boolean {
  if (!target.files) return true;
  const file = relativePath(path.dirname(target.docsFile), finding.file.path);
  return target.files.has(file) || (finding.about !== undefined && target.about!.has(finding.about));
}

const isFolder = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;

/** The docs.json of the nearest folder up from a file (the file itself when it is one). */
function siteOf(file: string): string | undefined {
  if (path.basename(file) === 'docs.json' && fs.existsSync(file)) return file;
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const docsFile = path.join(folder, 'docs.json');
    if (fs.statSync(docsFile, { throwIfNoEntry: false })?.isFile()) return docsFile;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/**
 * The files of a docs folder that git's index deletes (staged, not yet committed): pre-commit and
 * lint-staged pass the files a commit adds and changes, not those it deletes, whose pages other
 * files may still link to. None outside a git work tree.
 */
function stagedDeletions(root: string): string[] {
  const diff = spawnSync(
    'git',
    ['-c', 'core.quotePath=off', 'diff', '--cached', '--name-only', '--diff-filter=D', '--relative'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return diff.status === 0 ? diff.stdout.split('\n').filter(Boolean) : [];
}
