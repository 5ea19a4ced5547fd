import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFailure, writeTemporary } from '../common/atomic';
import { MigrationError, type MigrationPlan } from './types';

export interface Writer {
  writeTemporary(file: string, text: string): string;
  rename(from: string, to: string): void;
  remove(file: string): void;
  /** Removes a folder if it is empty; false when it is not (or cannot be removed). */
  removeEmptyFolder(folder: string): boolean;
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
};

/**
 * Applies a plan so that a failure anywhere leaves the site as it was: every new content goes to a
 * temporary file first; then each is renamed into place (a failure puts back the files already
 * renamed); only when every write succeeded are the MDX files deleted.
 */
export function applyMigration(plan: MigrationPlan, writer: Writer = diskWriter): void {
  const staged: { file: string; temporary: string; original: string }[] = [];
  let writing = '';
  try {
    for (const [file, { original, updated }] of plan.writes) {
      writing = file;
      staged.push({ file, temporary: writer.writeTemporary(file, updated), original });
    }
  } catch (error) {
    for (const { temporary } of staged) writer.remove(temporary);
    // The file asked, not the temporary file beside it that the error names.
    throw new MigrationError(`cannot write ${writing}: ${writeFailure(error)}; nothing was changed`);
  }
  const renamed: typeof staged = [];
  try {
    for (const entry of staged) {
      writer.rename(entry.temporary, entry.file);
      renamed.push(entry);
    }
  } catch (error) {
    const rollback: string[] = [];
    for (const entry of staged) if (!renamed.includes(entry)) writer.remove(entry.temporary);
    for (const { file, original } of renamed) {
      try {
        writer.rename(writer.writeTemporary(file, original), file);
      } catch {
        rollback.push(file);
      }
    }
    if (rollback.length > 0)
      throw new MigrationError(
        `writing failed (${(error as Error).message}) and ${rollback.join(', ')} could not be restored`,
      );
    throw new MigrationError(
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
  // Folders that held only migrated pages go too, up to (never including) the docs folder.
  for (const file of plan.deletes) {
    for (
      let folder = path.dirname(file);
      folder !== plan.root && folder.startsWith(plan.root + path.sep);
      folder = path.dirname(folder)
    ) {
      if (!writer.removeEmptyFolder(folder)) break;
    }
  }
  if (kept.length > 0)
    throw new MigrationError(
      `migrated, but could not delete ${kept.join(', ')}: their content is in the spec now; delete them by hand`,
    );
}
