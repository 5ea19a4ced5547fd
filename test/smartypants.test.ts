import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkSmartypants from 'remark-smartypants';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { type SmartNode, smartenTree } from '../src/parsers/smartypants';
import { corpusPages } from './helpers';

const parser = unified().use(remarkParse).use([remarkMdx, remarkGfm]).freeze();
const plugin = unified().use(remarkSmartypants).freeze();

/** The tree of `text` smartened by the plugin and by the port, or undefined when it does not parse. */
function bothWays(text: string): { plugin: unknown; port: unknown } | undefined {
  let tree: SmartNode;
  try {
    tree = parser.parse(text) as SmartNode;
  } catch {
    return undefined;
  }
  const port = structuredClone(tree);
  smartenTree(port);
  return { plugin: plugin.runSync(structuredClone(tree) as never), port };
}

// Pieces around what either pass changes: quotes of both kinds, dashes, dots, backticks, and the nodes that split a text.
const piece = fc.constantFrom(
  "'",
  '"',
  "''",
  '``',
  '`',
  '-',
  '--',
  '---',
  '.',
  '..',
  '...',
  '. . .',
  '.\u0085.',
  '\u00a0',
  ' ',
  '\n',
  '\n\n',
  'word',
  "it's",
  "'80s",
  '**',
  '_',
  '[a](b)',
  '`code`',
  '<span>',
  '</span>',
  '<style>',
  '</style>',
  '<>',
  '</>',
  '# ',
  '> ',
);
const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));

describe('smartenTree: remark-smartypants, with its second pass only where it changes something', () => {
  it('makes quotes curly across nodes, and dashes and ellipses', () => {
    const tree = parser.parse('Say "hi *there*" -- then... wait') as SmartNode;
    smartenTree(tree);
    const values: string[] = [];
    const walk = (node: SmartNode) => {
      if (node.type === 'text') values.push(node.value!);
      node.children?.forEach(walk);
    };
    walk(tree);
    expect(values).toEqual(['Say “hi ', 'there', '” — then… wait']);
  });

  it('gives the plugin’s tree on random texts', () => {
    fc.assert(
      fc.property(text, (page) => {
        const trees = bothWays(page);
        if (trees) expect(trees.port).toEqual(trees.plugin);
      }),
      { numRuns: 2_000 },
    );
  });

  const pages = corpusPages('mintlify__docs', 60, 'the smartypants comparison on real pages');
  it.skipIf(!pages)('gives the plugin’s tree on the vendor’s pages', () => {
    for (const { page, text } of pages!) {
      const trees = bothWays(text);
      if (trees) expect(trees.port, page).toEqual(trees.plugin);
    }
  });
});
