import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes `text` to a new temporary file beside `file` (same folder, so a rename is atomic), flushed
 * to disk unless `durable` is false, with the target's mode, and returns its path.
 */
export function writeTemporary(file: string, text: string | Uint8Array, durable = true): string {
  const temporary = temporaryPath(file);
  let mode: number | undefined;
  try {
    mode = fs.statSync(file).mode;
  } catch {
    // a new file
  }
  try {
    const fd = fs.openSync(temporary, 'wx', mode);
    try {
      fs.writeFileSync(fd, text);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/** A new, unused name beside `file` for its temporary copy. */
export function temporaryPath(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.navlint-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`,
  );
}

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content in full.
 * Caches pass `durable: false`: after a power cut they may be empty, which reads as no cache, and
 * they skip the flush that costs more than the rest of a run's writes.
 */
export function writeFileAtomic(file: string, text: string | Uint8Array, durable = true): void {
  const temporary = writeTemporary(file, text, durable);
  try {
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * `fs.mkdirSync(folder, { recursive: true })` without its endless loop where a folder exists but
 * refuses a new child with ENOENT (`/proc`): each missing folder is made once, from the top down, and
 * any error but EEXIST is thrown.
 */
export function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); !fs.statSync(at, { throwIfNoEntry: false }); at = path.dirname(at)) {
    missing.push(at);
    if (path.dirname(at) === at) break;
  }
  for (const at of missing.reverse()) {
    try {
      fs.mkdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** A system error's words without its path (that of the temporary file beside the one asked): `permission denied`. */
export function writeFailure(error: unknown): string {
  const message = (error as Error).message;
  return /^E[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
}
