import * as fs from 'node:fs';
import { testCacheDir } from '../vitest.config';

/** The test run's cache folder goes with the run. */
export default function setup(): () => void {
  return () => fs.rmSync(testCacheDir, { recursive: true, force: true });
}
