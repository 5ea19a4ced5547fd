import * as fs from 'node:fs';
import * as path from 'node:path';
import { sourcesId, sourcesIdFile } from '../scripts/sources-id.mjs';

const repo = path.resolve(__dirname, '..');

/**
 * The tests that run the built program (bin/navlint.cjs → dist/) test what src/ says only if dist/
 * was built from it: the build writes the identity of its inputs (scripts/sources-id.mjs), checked here.
 */
export default function setup(): void {
  const built = fs.existsSync(sourcesIdFile(repo)) ? fs.readFileSync(sourcesIdFile(repo), 'utf8').trim() : undefined;
  if (built === undefined) throw new Error('dist/ is not built: run npm run build (npm test builds first)');
  if (built !== sourcesId(repo))
    throw new Error('dist/ is older than src/, rules/ or schemas/: run npm run build (npm test builds first)');
}
