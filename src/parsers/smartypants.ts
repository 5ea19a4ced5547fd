/**
 * remark-smartypants 3.0.2's transform (MIT), which the platform's render runs before it makes any
 * id: the text of the whole page, joined, gets curly quotes in one pass (a quote's direction depends
 * on what comes before it), then each text node gets its dashes, ellipses and ``backticks'' in a
 * second pass of its own. Ported so that the second pass, which parses every text node of the page
 * with retext, is skipped for a text it cannot change: one without `--`, two dots (spaced or not),
 * ``` `` ``` or `''`, which is nearly every text; the result is the plugin's.
 * test/smartypants.test.ts holds the two to each other.
 */
import { retext } from 'retext';
import retextSmartypants from 'retext-smartypants';

/** The parts of an mdast node the transform reads and changes. */
export interface SmartNode {
  type: string;
  name?: string | null;
  value?: string;
  children?: SmartNode[];
}

const quotes = retext().use(retextSmartypants, { ellipses: false, dashes: false, backticks: false }).freeze();
const marks = retext().use(retextSmartypants, { quotes: false }).freeze();
/** What the second pass changes: `--`, dots with only white space between them (U+0085 is white space to retext, not to `\s`), ``` `` ```, `''`. */
const markCharacters = /--|\.[\s\u0085]*\.|``|''/;

const VISITED_NODES = new Set(['text', 'inlineCode', 'paragraph']);
const IGNORED_HTML_ELEMENTS = new Set(['style', 'script']);

/** The plugin's `check`: a text, inline code or paragraph with a parent, not inside a `<style>`, `<script>` or fragment. */
const visited = (node: SmartNode, parent: SmartNode | undefined) =>
  parent !== undefined &&
  (parent.type !== 'mdxJsxTextElement' ||
    (typeof parent.name === 'string' && !IGNORED_HTML_ELEMENTS.has(parent.name))) &&
  VISITED_NODES.has(node.type) &&
  (typeof node.value === 'string' || node.type === 'paragraph');

/** Smartens the text nodes of `root` in place, as `unified().use(remarkSmartypants).runSync(root)` does. */
export function smartenTree(root: SmartNode): void {
  let allText = '';
  const nodes: SmartNode[] = [];
  const walk = (node: SmartNode, parent: SmartNode | undefined) => {
    if (visited(node, parent)) {
      if (typeof node.value === 'string') allText += node.type === 'text' ? node.value : 'A'.repeat(node.value.length);
      else allText += ' '; // a paragraph: the plugin's "fake" space, so that a quote opening it is seen as one
      nodes.push(node);
    }
    if (node.children) for (const child of node.children) walk(child, node);
  };
  walk(root, undefined);
  const quoted = quotes.processSync(allText).toString();
  let start = 0;
  for (const node of nodes) {
    if (typeof node.value !== 'string') {
      start += 1;
      continue;
    }
    const end = start + node.value.length;
    if (node.type === 'text') {
      const text = quoted.slice(start, end);
      node.value = markCharacters.test(text) ? marks.processSync(text).toString() : text;
    }
    start = end;
  }
}
