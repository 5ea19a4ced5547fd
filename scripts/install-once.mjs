// @ts-check
// A program the end-to-end tests drive, installed once into a folder of a cache outside the
// repository: built in a staging folder beside it, marked finished, then renamed into place, so that
// an install that was killed is redone rather than taken for whole.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Runs `install(staging)` unless `folder` holds a finished install; then `folder` holds it. */
export function installOnce(/** @type {string} */ folder, /** @type {(staging: string) => void} */ install) {
  if (existsSync(join(folder, '.installed'))) return;
  mkdirSync(dirname(folder), { recursive: true });
  const staging = mkdtempSync(join(dirname(folder), `.staging-${basename(folder)}-`));
  try {
    install(staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(staging, '.installed'), `${new Date().toISOString()}\n`);
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
}
