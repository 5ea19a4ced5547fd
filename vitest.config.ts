import * as os from 'node:os';
import * as path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** Every navlint the tests start caches here, not in the user's ~/.cache (a test may set its own). */
export const testCacheDir = path.join(os.tmpdir(), `navlint-test-cache-${process.pid}`);

// The dependencies' production builds in the tests, as the bundle has them: Vitest resolves packages
// with the `development` condition unless NODE_ENV says production, and micromark's development
// build throws its own assertions where the production build reports the page's mistake.
process.env.NODE_ENV = 'production';

/**
 * The test projects, by what a test file needs beside the sources:
 * - unit: nothing (src/ and fixtures in memory): `npm run test:quick`;
 * - cli: the built program (bin/navlint.cjs → dist/), checked current with src/ first;
 * - e2e: programs and browsers (editors, pre-commit, a registry, Chromium), which they install or skip;
 * - corpus: the real sites of ../shared/corpus, each parsed once before any file runs.
 * A file is unit unless listed here; test/architecture.test.ts holds unit files to using no build.
 */
export const cliTests = [
  'analytics.test.ts',
  'cli.test.ts',
  'data-files.test.ts',
  'external-links.test.ts',
  'fix.test.ts',
  'formats.test.ts',
  'fuzz.test.ts',
  'git-index.test.ts',
  'hostile.test.ts',
  'kill.test.ts',
  'lsp-page-moves.test.ts',
  'lsp-pages.test.ts',
  'lsp-robust.test.ts',
  'lsp-suppressions.test.ts',
  'lsp.test.ts',
  'migrate.test.ts',
  'mv.test.ts',
  'package.test.ts',
  'page-links.test.ts',
  'pages.test.ts',
  'parse-bundle.test.ts',
  'rule-links.test.ts',
  'spec-fetch.test.ts',
  'suppressions.test.ts',
];

export const e2eTests = [
  'analytics-report-html.test.ts',
  'emacs.test.ts',
  'github-action.test.ts',
  'neovim.test.ts',
  'precommit.test.ts',
  'registry.test.ts',
  'vscode.test.ts',
];

export const corpusTests = [
  'a11y-differential.test.ts',
  'analytics-report.test.ts',
  'autolink-literals.test.ts',
  'cache.test.ts',
  'corpus.test.ts',
  'endpoint-page-path.test.ts',
  'frontmatter.test.ts',
  'json-strict.test.ts',
  'migrate-urls.test.ts',
  'mdx-parts-corpus.test.ts',
  'mv-corpus.test.ts',
  'schema-differential.test.ts',
  'smartypants.test.ts',
  'suggest-threshold.test.ts',
  'suppressions-corpus.test.ts',
];

const inTest = (files: string[]) => files.map((file) => `test/${file}`);

export default defineConfig({
  test: {
    // A time limit catches a hang, never a slow machine: a busy 2-core CI runner takes several times a laptop's.
    testTimeout: 120_000,
    // The bench's copies of real sites hold their own tests.
    exclude: [...configDefaults.exclude, '.bench/**'],
    hookTimeout: 120_000,
    setupFiles: ['test/setup.ts'],
    env: { NODE_ENV: 'test', NAVLINT_CACHE_DIR: testCacheDir },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/cache-setup.ts'],
          exclude: [...configDefaults.exclude, ...inTest([...cliTests, ...e2eTests, ...corpusTests])],
        },
      },
      {
        extends: true,
        test: { name: 'cli', include: inTest(cliTests), globalSetup: ['test/cache-setup.ts', 'test/built-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'e2e', include: inTest(e2eTests), globalSetup: ['test/cache-setup.ts', 'test/built-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'corpus',
          include: inTest(corpusTests),
          globalSetup: ['test/cache-setup.ts', 'test/built-setup.ts', 'test/global-setup.ts'],
        },
      },
    ],
  },
});
