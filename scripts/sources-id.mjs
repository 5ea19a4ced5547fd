// @ts-check
// The identity of what a build is made from: every file of src/ (but what the build generates in it),
// rules/, schemas/, patches/ and the build's own scripts, and the lockfile. The build writes it into
// dist/; the tests that run the built program check it first, so that they never test a stale dist/.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const inputs = [
  'src',
  'rules',
  'schemas',
  'patches',
  'scripts/build.mjs',
  'scripts/openapi-schemas.mjs',
  'package-lock.json',
];

/** A hash of the build's inputs in `root`. */
export function sourcesId(/** @type {string} */ root) {
  const hash = createHash('sha256');
  const add = (/** @type {string} */ file) => {
    const name = relative(root, file);
    if (name.startsWith(join('src', 'generated'))) return;
    if (statSync(file).isDirectory()) {
      for (const entry of readdirSync(file).sort()) add(join(file, entry));
      return;
    }
    hash.update(name).update('\0').update(readFileSync(file)).update('\0');
  };
  for (const input of inputs) {
    try {
      add(join(root, input));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the build writes it. */
export const sourcesIdFile = (/** @type {string} */ root) => join(root, 'dist', 'sources-id');
