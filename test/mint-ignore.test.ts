import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { defaultMintIgnores, isMintIgnored, mintIgnoreMatcher } from '../src/common/mint-ignore';

/** The platform's answer (@mintlify/common's createMintIgnoreMatcher, then isMintIgnoredBy for a file): `ignore` with the defaults and the lines, each once. */
function platformIgnores(mintignore: string | undefined, file: string): boolean {
  const lines = mintignore === undefined ? [] : mintignore.split(/\r?\n/).map((line) => line.trim());
  return ignore()
    .add([...new Set([...defaultMintIgnores, ...lines])])
    .ignores(file);
}

const names = [
  '.git',
  '.GitHub',
  '.claude',
  '.cursor',
  '.vscode',
  '.mintlify',
  '.MINTLIFY',
  'skills',
  'Skills',
  'node_modules',
  'README.md',
  'readme.md',
  'LICENSE.md',
  'changelog.md',
  'x.mdx',
  'y.md',
  'a.json',
  'b.YAML',
  'c.yml',
  '.hidden',
  '.x.mdx',
  'docs',
  'keep.mdx',
  'SKILL.md',
  'drafts',
];
const patterns = [
  '!README.md',
  'README.md',
  '!*.md',
  '*.mdx',
  'docs/*',
  '!docs/keep.mdx',
  '!.mintlify/**',
  '!.mintlify/',
  '.hidden/',
  '/docs',
  'docs',
  'drafts/',
  '**/x.mdx',
  '!.git',
  '!.github/',
  '# a comment',
  '',
  '  ',
  '.mintlify/skills/',
  '\\!x.mdx',
  'docs/**/y.md',
  '!node_modules',
  '/*.json',
  '.*',
  '!.hidden',
  'Docs/Keep.mdx',
  '!skills/',
];

describe("the platform's ignore rules (.mintignore and its defaults)", () => {
  it('answer for every path as @mintlify/common does with `ignore`, with and without a .mintignore', () => {
    fc.assert(
      fc.property(
        fc.option(
          fc
            .tuple(fc.array(fc.constantFrom(...patterns), { maxLength: 6 }), fc.constantFrom('\n', '\r\n'))
            .map(([lines, end]) => lines.join(end)),
          { nil: undefined },
        ),
        fc.array(
          fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
          { minLength: 1, maxLength: 10 },
        ),
        (mintignore, files) => {
          const matcher = mintIgnoreMatcher(mintignore);
          for (const file of files)
            expect([mintignore, file, isMintIgnored(matcher, file)]).toEqual([
              mintignore,
              file,
              platformIgnores(mintignore, file),
            ]);
        },
      ),
      { numRuns: Number(process.env.NAVLINT_FUZZ_RUNS ?? 2000) },
    );
  });

  it('the cases that matter', () => {
    const defaults = mintIgnoreMatcher(undefined);
    const ignored = (file: string, matcher = defaults) => isMintIgnored(matcher, file);
    // Dot folders are walked, but for tools' own; .mintlify only for skills/ and data files.
    expect(
      ['.hidden/a.mdx', 'guides/.draft.mdx', '.mintlify/skills/x/a.mdx', '.mintlify/x/spec.yaml'].map((f) =>
        ignored(f),
      ),
    ).toEqual([false, false, false, false]);
    expect(
      [
        '.git/a.md',
        'a/.github/b.mdx',
        '.claude/x.md',
        '.mintlify/a.mdx',
        '.mintlify/x/b.mdx',
        'node_modules/a.mdx',
        'docs/README.md',
        'Changelog.md',
      ].map((f) => ignored(f)),
    ).toEqual([true, true, true, true, true, true, true, true]);
    // A negation brings a file back, unless a folder above it is left out; the last line that matches decides.
    const user = mintIgnoreMatcher('docs/*\n!docs/keep.mdx\n!CHANGELOG.md\ndrafts/\n!drafts/a.mdx\n');
    expect(
      ['docs/keep.mdx', 'docs/other.mdx', 'CHANGELOG.md', 'README.md', 'drafts/a.mdx'].map((f) => ignored(f, user)),
    ).toEqual([false, true, false, true, true]);
  });
});
