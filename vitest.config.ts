import * as os from 'node:os';
import * as path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    // Every navlint the tests start caches here, not in the user's ~/.cache (a test may set its own).
    env: { NAVLINT_CACHE_DIR: path.join(os.tmpdir(), `navlint-test-cache-${process.pid}`) },
  },
});
