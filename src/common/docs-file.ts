import * as fs from 'node:fs';
import * as path from 'node:path';

/** No docs.json where the command line points: a usage error for the shell that asked. */
export class DocsFileError extends Error {}

/**
 * The docs.json a target names: the file itself, or docs.json inside a folder. With no target, the
 * nearest docs.json from the current folder up.
 */
export function findDocsFile(target: string | undefined, cwd: string): string {
  if (target === undefined) {
    for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
      const found = docsFileIn(folder);
      if (found) return found;
      if (path.dirname(folder) === folder)
        throw new DocsFileError(`no docs.json found in ${path.resolve(cwd)} or any folder above it`);
    }
  }
  const absolute = path.resolve(cwd, target);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw new DocsFileError(`${target}: no such file or folder`);
  }
  if (stat.isFile()) {
    // The platform reads docs.json and no other name: any other file is a mistaken target, not a site.
    if (path.basename(absolute) !== 'docs.json')
      throw new DocsFileError(`${target} is not a docs.json: give the docs folder or its docs.json`);
    return absolute;
  }
  const docsFile = docsFileIn(absolute);
  if (!docsFile) throw new DocsFileError(`no docs.json found in ${target}`);
  return docsFile;
}

/** A folder's docs.json, when it has one; a docs.json that is not a file is a mistake to say. */
function docsFileIn(folder: string): string | undefined {
  const docsFile = path.join(folder, 'docs.json');
  const stat = fs.statSync(docsFile, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw new DocsFileError(`${docsFile} is not a file`);
  return stat && docsFile;
}
