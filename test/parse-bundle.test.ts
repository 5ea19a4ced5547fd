import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';
import { repo, sharedPath } from './helpers';

/**
 * The bundle's parser (dist/mdx.cjs, what every run parses with) is the source's stack as esbuild
 * bundles it, with the install's patch of mdast-util-from-markdown (patches/: one compile context a
 * tree), which the tests import too. These tests hold the bundle to the source: whatever the page,
 * the two parse it alike (verdict, position, links, anchors, imports, frontmatter). The patch is held
 * to the platform's own packages by `npm run conformance`.
 */
const bundled = (
  createRequire(import.meta.url)(path.join(repo, 'dist/mdx.cjs')) as { parseSiteFile: typeof parseSiteFile }
).parseSiteFile;

/** Every sixth page of the corpus (by path: all sites, .mdx and .md), and every page of the fixtures. */
function samplePages(): { page: string; text: string }[] {
  const pagesBelow = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.mdx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .sort()
      .map((file) => path.join(dir, file))
      .filter((file) => fs.statSync(file).isFile());
  const corpus = sharedPath('corpus', 'the bundled parser against the corpus');
  const sampled = corpus ? pagesBelow(corpus).filter((_, index) => index % 6 === 0) : [];
  return [...pagesBelow(path.join(repo, 'fixtures')), ...sampled].map((page) => ({
    page: path.relative(repo, page),
    text: fs.readFileSync(page, 'utf8'),
  }));
}

const pages = samplePages();

describe('the bundled parser', () => {
  it('parses real pages as the source does', () => {
    expect(pages.length).toBeGreaterThan(50);
    for (const { page, text } of pages)
      expect({ page, parse: bundled(text) }).toEqual({ page, parse: parseSiteFile(text) });
  });

  it('parses real pages with `<`, `{`, `}`, `<!--`, backticks and unclosed or stray tags inserted as the source does', () => {
    const insertion = fc.record({
      at: fc.noBias(fc.nat()),
      text: fc.constantFrom('<', '{', '}', '<!--', '`', '<Note>', '</Note>', '<5', '\n</div>\n', '> <Tab>'),
    });
    fc.assert(
      fc.property(
        fc.nat({ max: pages.length - 1 }),
        fc.array(insertion, { minLength: 1, maxLength: 3 }),
        (index, inserts) => {
          let text = pages[index].text;
          for (const { at, text: inserted } of inserts) {
            const offset = at % (text.length + 1);
            text = text.slice(0, offset) + inserted + text.slice(offset);
          }
          expect(bundled(text)).toEqual(parseSiteFile(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
