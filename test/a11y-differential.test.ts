import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
// @ts-expect-error: a script of the repository, plain JavaScript
import { ensureInstall, installDir, MINT_CLI_VERSION } from '../scripts/platform-install.mjs';
import { lint } from '../src/engine/lint';
import { corpusSites } from './helpers';

/**
 * navlint's accessibility rules against the platform's `mint a11y` (@mintlify/cli, installed on first
 * use into a cache folder outside the repository by scripts/platform-install.mjs), on every site of
 * the corpus: the functions its command calls, called offline on the site's folder, for the pages
 * (checkMdxAccessibility) and the colours (getConfigObj, getBackgroundColors, checkDocsColors). Every
 * finding it reports, navlint reports at the same file, line and column, and nothing more; every
 * contrast it does not pass, navlint reports with the same ratio and verdict, at the colour's value.
 */

const { corpus, sites } = corpusSites('the differential test of the accessibility rules');

/** The platform's functions, from the install (loadPlatform: or why it cannot be installed here). */
interface Platform {
  checkMdxAccessibility(dir: string): Promise<{
    missingAltAttributes: { filePath: string; line?: number; column?: number; tagName: string }[];
    totalFiles: number;
  }>;
  checkDocsColors(colors: unknown, background: { lightHex: string; darkHex: string }, navigation: unknown): Colors;
  getBackgroundColors(config: unknown): { lightHex: string; darkHex: string };
  getConfigObj(dir: string, type: 'docs'): Promise<{ colors?: unknown; navigation?: unknown } | null>;
}
interface ContrastResult {
  ratio: number;
  recommendation: 'pass' | 'warning' | 'fail';
}
interface Colors {
  primaryContrast: ContrastResult | null;
  lightContrast: ContrastResult | null;
  darkContrast: ContrastResult | null;
  darkOnLightContrast: ContrastResult | null;
  anchorResults: { name: string; lightContrast: ContrastResult | null; darkContrast: ContrastResult | null }[];
}

async function loadPlatform(): Promise<Platform | string> {
  try {
    ensureInstall();
  } catch (error) {
    return `@mintlify/cli@${MINT_CLI_VERSION} could not be installed (${(error as Error).message})`;
  }
  const modules = path.join(installDir, 'node_modules');
  const [mdx, colors, common, prebuild] = await Promise.all(
    [
      '@mintlify/cli/bin/mdxAccessibility.js',
      '@mintlify/cli/bin/accessibility.js',
      '@mintlify/common/dist/index.js',
      '@mintlify/prebuild/dist/index.js',
    ].map((file) => import(path.join(modules, file))),
  );
  return {
    checkMdxAccessibility: mdx.checkMdxAccessibility,
    checkDocsColors: colors.checkDocsColors,
    getBackgroundColors: common.getBackgroundColors,
    getConfigObj: prebuild.getConfigObj,
  };
}

/** The element of a finding as the platform names it (its `tagName`). */
function elementOf(ruleId: string, message: string): string {
  if (ruleId === 'a11y-link-text') return '<a>';
  if (message.startsWith('image ')) return 'image (markdown)';
  return /^<(\w+)>/.exec(message)?.[1] ?? message;
}

/** The platform's contrast results that do not pass, as "label ratio verdict", in its order. */
function platformContrasts(colors: Colors): string[] {
  const said = (label: string, result: ContrastResult | null) =>
    result && result.recommendation !== 'pass' ? [`${label} ${result.ratio.toFixed(2)} ${result.recommendation}`] : [];
  return [
    ...said('colors.primary light', colors.primaryContrast),
    ...said('colors.light dark', colors.lightContrast),
    ...said('colors.dark dark', colors.darkContrast),
    ...said('colors.dark light', colors.darkOnLightContrast),
    ...colors.anchorResults.flatMap((anchor) => [
      ...said(`anchor ${JSON.stringify(anchor.name)}'s color.light light`, anchor.lightContrast),
      ...said(`anchor ${JSON.stringify(anchor.name)}'s color.dark dark`, anchor.darkContrast),
    ]),
  ];
}

const compared = new Set(['a11y-image-alt', 'a11y-link-text', 'a11y-contrast', 'mdx-syntax']);

describe.skipIf(!corpus)("the accessibility rules agree with the platform's mint a11y on every corpus site", () => {
  let loaded: Platform | string;
  // The first run installs the platform's CLI: about 2 minutes, more on a busy machine.
  beforeAll(async () => {
    loaded = await loadPlatform();
  }, 900_000);

  for (const site of sites) {
    it(`${site}: the same findings at the same places, contrast included`, async (context) => {
      if (typeof loaded === 'string') {
        process.stderr.write(`note: the differential test of the accessibility rules is skipped: ${loaded}\n`);
        context.skip();
        return;
      }
      const root = path.join(corpus, site);
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
      let pages: Awaited<ReturnType<Platform['checkMdxAccessibility']>>;
      try {
        pages = await loaded.checkMdxAccessibility(root);
      } finally {
        console.warn = warn;
      }
      const config = await loaded.getConfigObj(root, 'docs');
      const colors = config?.colors
        ? platformContrasts(
            loaded.checkDocsColors(config.colors, loaded.getBackgroundColors(config), config.navigation),
          )
        : [];

      const result = lint({
        docsFile: path.join(root, 'docs.json'),
        ruleSet,
        cacheDir: process.env.NAVLINT_CACHE_DIR,
        a11y: 'error',
        ruleFilter: (meta) => compared.has(meta.id),
      });
      const relative = (file: string) => path.relative(root, file);
      const found = result.findings.filter((f) => f.ruleId !== 'a11y-contrast' && f.ruleId !== 'mdx-syntax');
      expect(
        found.map((f) => `${relative(f.file.path)}:${f.line}:${f.column} ${elementOf(f.ruleId, f.message)}`).sort(),
      ).toEqual(
        pages.missingAltAttributes
          .map((issue) => `${relative(issue.filePath)}:${issue.line}:${issue.column} ${issue.tagName}`)
          .sort(),
      );
      // The pages it checks are navlint's pages that are no snippet.
      expect(result.site.parsedPages().filter((file) => !result.site.isSnippet(file))).toHaveLength(pages.totalFiles);
      // A page it cannot parse (it says so, and checks nothing in it) is one navlint reports as not parsing.
      const unparsed = new Set(
        result.findings.filter((f) => f.ruleId === 'mdx-syntax').map((f) => relative(f.file.path)),
      );
      for (const warning of warnings) {
        const file = /^Warning: Could not parse (.+?): /.exec(warning)?.[1];
        expect(file && unparsed.has(relative(file)), warning).toBe(true);
      }

      const contrasts = result.findings.filter((f) => f.ruleId === 'a11y-contrast');
      expect(
        contrasts.map((f) => {
          const [, label, ratio, mode] =
            /^(.+?) "[^"]*" has a contrast of ([\d.]+):1 with the (light|dark) background/.exec(f.message)!;
          return `${label} ${mode} ${ratio} ${f.severity === 1 ? 'warning' : 'fail'}`;
        }),
      ).toEqual(colors);
      // Each at the colour's value: its string, quoted, in docs.json or the $ref file that holds it.
      for (const f of contrasts) {
        const color = /^.+? "([^"]*)" has a contrast/.exec(f.message)![1];
        expect(f.file.text.slice(f.offset, f.offset + f.length)).toBe(JSON.stringify(color));
      }
    }, 900_000); // the platform's checker on 1,100 pages: only a hang reaches it
  }
});
