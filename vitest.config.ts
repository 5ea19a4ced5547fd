import * as os from 'node:os';
import * as path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** Every navlint the tests start caches here, not in the user's ~/.cache (a test may set its own). */
export const testCacheDir = path.join(os.tmpdir(), `navlint-test-cache-${process.pid}`);

// The dependencies' production builds in the tests, as the bundle has them: Vitest resolves packages
// with the `development` condition unless NODE_ENV says production, and micromark's development
// build throws its own assertions where the production build reports the page's mistake.
process.env.NODE_ENV = 'production';

export default defineConfig({
  test: {
    // A time limit catches a hang, never a slow machine: a busy 2-core CI runner takes several times a laptop's.
    testTimeout: 120_000,
    // The bench's copies of real sites hold their own tests.
    exclude: [...configDefaults.exclude, '.bench/**'],
    hookTimeout: 120_000,
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: { NODE_ENV: 'test', NAVLINT_CACHE_DIR: testCacheDir },
  },
});
