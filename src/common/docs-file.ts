import * as fs from 'node:fs';
import * as path from 'node:path';

/** No docs.json where the command line points: a usage error for the shell that asked. */
export class DocsFileError extends Error {}

/** Where a repository keeps its docs folder, looked in when there is no docs.json where a command points. */
export const docsFolders = ['docs', 'packages/docs', 'apps/docs'];

/**
 * The docs.json a target names: the file itself, or docs.json inside a folder. With no target, the
 * nearest docs.json from the current folder up. Where there is none, the one docs folder of the
 * repository the folder is (`docsFolders`), said through `note`; several are a mistake that lists them.
 */
export function findDocsFile(target: string | undefined, cwd: string, note?: (text: string) => void): string {
  if (target === undefined) {
    for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
      const found = docsFileIn(folder);
      if (found) return found;
      if (path.dirname(folder) === folder) break;
    }
    return inDocsFolder(path.resolve(cwd), `${path.resolve(cwd)} or any folder above it`, note);
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
  return docsFileIn(absolute) ?? inDocsFolder(absolute, target, note);
}

/** The docs.json of the one docs folder in `folder` (`where`: the folder as the message names it). */
function inDocsFolder(folder: string, where: string, note?: (text: string) => void): string {
  const found = docsFolders
    .map((name) => ({ name, file: docsFileIn(path.join(folder, name)) }))
    .filter((candidate) => candidate.file !== undefined);
  if (found.length === 0) {
    const folders = docsFolders.map((name) => `${name}/`);
    throw new DocsFileError(
      `no docs.json found in ${where}, nor in ${folders.slice(0, -1).join(', ')} or ${folders.at(-1)} in it`,
    );
  }
  if (found.length > 1)
    throw new DocsFileError(
      `no docs.json in ${where}, and several docs folders have one: ${found.map(({ name }) => name).join(', ')}; give the one to check`,
    );
  note?.(`no docs.json in ${where}: checking ${found[0].name}/docs.json`);
  return found[0].file!;
}

/** A folder's docs.json, when it has one; a docs.json that is not a file is a mistake to say. */
function docsFileIn(folder: string): string | undefined {
  const docsFile = path.join(folder, 'docs.json');
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(docsFile, { throwIfNoEntry: false });
  } catch {
    return undefined; // a path through a file (docs/ a file, not a folder)
  }
  if (stat && !stat.isFile()) throw new DocsFileError(`${docsFile} is not a file`);
  return stat && docsFile;
}
