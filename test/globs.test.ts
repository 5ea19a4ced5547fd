import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { globMatcher } from '../src/common/globs';
import { pageMatcher } from '../src/engine/config';

describe('globMatcher', () => {
  it('answers as picomatch does, for the globs of .mintignore and ignorePages', () => {
    const segment = fc.constantFrom(
      'a',
      'b',
      'node_modules',
      '.hidden',
      'x.mdx',
      'y.md',
      'drafts',
      'v1.0',
      'A',
      '*',
      '**',
      '*.mdx',
      '?',
      '[ab]',
      '{a,b}',
      '!(a)',
      'a*b',
      '.',
    );
    const glob = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
    const path = fc
      .array(
        fc.constantFrom('a', 'b', 'node_modules', '.hidden', 'x.mdx', 'y.md', 'drafts', 'v1.0', 'A', 'ab', 'aXb', ''),
        { maxLength: 4 },
      )
      .map((parts) => parts.join('/'));
    fc.assert(
      fc.property(
        fc.array(glob, { minLength: 1, maxLength: 3 }),
        fc.array(path, { maxLength: 8 }),
        fc.boolean(),
        (globs, paths, dot) => {
          const options = dot ? { dot: true } : undefined;
          const theirs = picomatch(globs, options);
          const ours = globMatcher(globs, options);
          for (const p of paths) expect([globs, dot, p, ours(p)]).toEqual([globs, dot, p, theirs(p)]);
        },
      ),
      { numRuns: Number(process.env.NAVLINT_FUZZ_RUNS ?? 2000) },
    );
  });

  it('the cases the page scan meets', () => {
    const ignored = globMatcher(['**/node_modules/**', 'drafts', 'drafts/**', '**/secret.mdx', '**/secret.mdx/**']);
    expect(
      ['node_modules/a/b.mdx', 'a/node_modules/x.md', 'drafts', 'drafts/a.mdx', 'a/secret.mdx', 'secret.mdx'].map(
        ignored,
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(['node_modules', 'a/drafts', 'guides/a.mdx', ''].map(ignored)).toEqual([
      picomatch('**/node_modules/**')('node_modules'),
      false,
      false,
      false,
    ]);
  });
});

describe('pageMatcher (ignorePages)', () => {
  it('matches entries and globs written with or without a leading slash, pages with or without their extension', () => {
    const slashed = pageMatcher(['/drafts/**']);
    const plain = pageMatcher(['drafts/**']);
    const pages = ['/drafts/c', 'drafts/c', 'drafts/c.mdx', 'guides/drafts/c', '/guides/a'];
    expect(pages.map(slashed)).toEqual([true, true, true, false, false]);
    expect(pages.map(plain)).toEqual([true, true, true, false, false]);
  });
});
