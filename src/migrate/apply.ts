import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFailure, writeTemporary } from '../common/atomic';
import { MigrationError } from './types';

/** What a command writes: new texts, then files moved, then files deleted. */
export interface WritePlan {
  /** The docs folder: emptied folders are removed up to it, never it. */
  root: string;
  /** New text of every file that changes, absolute path → text; a moved file's under its path before the move. */
  writes: Map<string, { original: string; updated: string }>;
  /** Files moved once every write is in (absolute paths); their new folders are made before anything is written. */
  moves?: readonly { from: string; to: string }[];
  /** Files deleted once every write and move is in, absolute. */
  deletes: string[];
}

/** Why a plan was not written; unless it says otherwise, nothing was changed. */
export class WriteError extends MigrationError {}

export interface Writer {
  writeTemporary(file: string, text: string): string;
  rename(from: string, to: string): void;
  remove(file: string): void;
  /** Removes a folder if it is empty; false when it is not (or cannot be removed). */
  removeEmptyFolder(folder: string): boolean;
  /** Makes one folder, whose parent exists. */
  makeFolder(folder: string): void;
  /** Moves a file into a folder that exists (`git mv` for a file git tracks: gitWriter in move-command.ts). */
  move(from: string, to: string): void;
}

export const diskWriter: Writer = {
  writeTemporary,
  rename: (from, to) => fs.renameSync(from, to),
  remove: (file) => fs.rmSync(file, { force: true }),
  removeEmptyFolder(folder) {
    try {
      fs.rmdirSync(folder);
      return true;
    } catch {
      return false;
    }
  },
  makeFolder: (folder) => fs.mkdirSync(folder),
  move: (from, to) => fs.renameSync(from, to),
};

/**
 * Applies a plan so that a failure anywhere leaves the site as it was: the folders the moves need are
 * made first; every new content goes to a temporary file; then each is renamed into place; then the
 * files move (a failure puts back the files already moved and renamed, and removes the folders made);
 * only when all that succeeded are files deleted. A kill at any step leaves every file whole, its old
 * text or its new one, and no file's text only where nothing leads to it.
 */
export function applyPlan(plan: WritePlan, writer: Writer = diskWriter): void {
  const made = makeFolders(plan, writer);
  const staged: { file: string; temporary: string; original: string }[] = [];
  let writing = '';
  try {
    for (const [file, { original, updated }] of plan.writes) {
      writing = file;
      staged.push({ file, temporary: writer.writeTemporary(file, updated), original });
    }
  } catch (error) {
    for (const { temporary } of staged) writer.remove(temporary);
    removeFolders(made, writer);
    // The file asked, not the temporary file beside it that the error names.
    throw new WriteError(`cannot write ${writing}: ${writeFailure(error)}; nothing was changed`);
  }
  const renamed: typeof staged = [];
  const moved: { from: string; to: string }[] = [];
  try {
    for (const entry of staged) {
      writer.rename(entry.temporary, entry.file);
      renamed.push(entry);
    }
    for (const move of plan.moves ?? []) {
      writer.move(move.from, move.to);
      moved.push(move);
    }
  } catch (error) {
    for (const entry of staged) if (!renamed.includes(entry)) writer.remove(entry.temporary);
    const rollback: string[] = [];
    for (const { from, to } of moved.reverse()) {
      try {
        writer.move(to, from);
      } catch {
        rollback.push(to);
      }
    }
    for (const { file, original } of renamed) {
      try {
        writer.rename(writer.writeTemporary(file, original), file);
      } catch {
        rollback.push(file);
      }
    }
    if (rollback.length === 0) removeFolders(made, writer);
    if (rollback.length > 0)
      throw new WriteError(
        `writing failed (${(error as Error).message}) and ${rollback.join(', ')} could not be restored`,
      );
    throw new WriteError(
      `writing failed (${(error as Error).message}); every file was put back as it was, nothing was changed`,
    );
  }
  const kept: string[] = [];
  for (const file of plan.deletes) {
    try {
      writer.remove(file);
    } catch {
      kept.push(file);
    }
  }
  // Folders that held only what was moved or deleted go too, up to (never including) the docs folder.
  for (const file of [...plan.deletes, ...(plan.moves ?? []).map((move) => move.from)]) {
    for (
      let folder = path.dirname(file);
      folder !== plan.root && folder.startsWith(plan.root + path.sep);
      folder = path.dirname(folder)
    ) {
      if (!writer.removeEmptyFolder(folder)) break;
    }
  }
  if (kept.length > 0)
    throw new WriteError(
      `migrated, but could not delete ${kept.join(', ')}: their content is in the spec now; delete them by hand`,
    );
}

/** Makes the folders the moves go into, from the top down; the ones made, deepest first. Nothing is left made on failure. */
function makeFolders(plan: WritePlan, writer: Writer): string[] {
  const missing: string[] = [];
  for (const { to } of plan.moves ?? [])
    for (
      let folder = path.dirname(to);
      !missing.includes(folder) && !fs.existsSync(folder);
      folder = path.dirname(folder)
    )
      missing.push(folder);
  missing.sort((a, b) => a.length - b.length);
  const made: string[] = [];
  for (const folder of missing) {
    try {
      writer.makeFolder(folder);
      made.unshift(folder);
    } catch (error) {
      removeFolders(made, writer);
      throw new WriteError(`cannot make the folder ${folder}: ${writeFailure(error)}; nothing was changed`);
    }
  }
  return made;
}

function removeFolders(folders: string[], writer: Writer): void {
  for (const folder of folders) writer.removeEmptyFolder(folder);
}
