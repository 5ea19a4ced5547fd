import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testCacheDir } from '../vitest.config';

const repo = path.resolve(__dirname, '..');

/**
 * Parses the pages of the real-site corpus once, with the built CLI (on every core), into the test
 * run's cache folder, where the tests that lint those sites in process find each page's parse by
 * its content: a test file would otherwise parse 3,800 pages on one core.
 */
export default function setup(): void {
  const corpus = path.resolve(repo, '../shared/corpus');
  const bin = path.join(repo, 'bin/navlint.cjs');
  if (fs.existsSync(path.join(corpus, 'INDEX.tsv')) && fs.existsSync(path.join(repo, 'dist/navlint.cjs'))) {
    for (const site of fs.readdirSync(corpus).filter((name) => fs.existsSync(path.join(corpus, name, 'docs.json')))) {
      spawnSync(process.execPath, [bin, 'check', path.join(corpus, site), '--format', 'json'], {
        env: { ...process.env, NAVLINT_CACHE_DIR: testCacheDir },
        stdio: 'ignore',
      });
    }
  }
}
