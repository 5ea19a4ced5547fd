import fc from 'fast-check';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { type PluggableList, unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { remarkAutolinkLiteralsOnDemand } from '../src/parsers/autolink-literals';
import { corpusPages } from './helpers';

const plugins: PluggableList = [remarkMdx, remarkGfm, [remarkFrontmatter, ['yaml', 'toml']], remarkMath];
const platform = unified()
  .use(remarkParse)
  .use([...plugins])
  .freeze();
const onDemand = unified()
  .use(remarkParse)
  .use([...plugins, remarkAutolinkLiteralsOnDemand])
  .freeze();

/** The tree, or the parse error's message. */
const treeOf = (processor: typeof platform, text: string) => {
  try {
    return processor.parse(text);
  } catch (error) {
    return String(error);
  }
};

// Pieces of text around what the transform's patterns need, and what hides them (code, links, escapes, references).
const piece = fc.constantFrom(
  'www.',
  'WWW.',
  'http://',
  'https://',
  'Https://',
  '@',
  'ana@',
  'ana&#64;',
  '\\@',
  'mailto:',
  'xmpp:',
  'example.com',
  'a',
  'b.c',
  '-',
  '_',
  '.',
  ' ',
  '\n',
  '\n\n',
  '`',
  '[',
  '](',
  ')',
  '<',
  '>',
  '*',
  '# ',
  '<Card title="',
  '">',
  '</Card>',
);
const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));

describe("remark-gfm's autolink literals, transformed only where they can be", () => {
  it('still makes a bare URL and an e-mail address links', () => {
    const tree = onDemand.parse('See www.example.com or ana@example.com.');
    const links = (tree.children[0] as { children: { type: string; url?: string }[] }).children
      .filter((node) => node.type === 'link')
      .map((node) => node.url);
    expect(links).toEqual(['http://www.example.com', 'mailto:ana@example.com']);
  });

  it('gives the same tree as the platform stack on random texts', () => {
    fc.assert(
      fc.property(text, (page) => {
        expect(treeOf(onDemand, page)).toEqual(treeOf(platform, page));
      }),
      { numRuns: 3_000 },
    );
  });

  const pages = corpusPages('mintlify__docs', 150, 'the autolink comparison on real pages');
  it.skipIf(!pages)('gives the same tree as the platform stack on the vendor’s pages', () => {
    for (const { page, text } of pages!) expect(treeOf(onDemand, text), page).toEqual(treeOf(platform, text));
  });
});
