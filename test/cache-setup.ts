import * as fs from 'node:fs';
import { testCacheDir } from '../vitest.config';

/** The run's cache folder, where every navlint the tests start caches (vitest.config.ts), goes with the run. */
export default function setup(): () => void {
  return () => fs.rmSync(testCacheDir, { recursive: true, force: true });
}
