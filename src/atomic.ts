import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content in full:
 * a temporary file in the same folder, flushed, then renamed over the target (keeping its mode).
 */
export function writeFileAtomic(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.navlint-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
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
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
