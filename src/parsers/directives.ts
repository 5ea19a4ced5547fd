import type { PageDirective, PagePosition } from './page-parse';

/** An mdast node as far as directives are read from it. */
export interface DirectiveNode {
  type: string;
  value?: string;
  children?: DirectiveNode[];
  position?: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/**
 * `navlint-disable-next-line page-link, page-anchor -- why`: the kind, the rule ids (none: every
 * rule), the reason after `--`. The comment's text, without its delimiters.
 */
const directivePattern = /^\s*navlint-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/;

/**
 * The directives of a page's MDX: its comments `{/* navlint-… *\/}` (an expression that holds only
 * a comment, which renders nothing). `text` is the parsed text (the tree's places are in it),
 * `toPage` takes a place in it to the page's own.
 */
export function mdxDirectives(
  root: DirectiveNode,
  text: string,
  toPage: (at: PagePosition) => PagePosition,
): PageDirective[] {
  const found: PageDirective[] = [];
  const visit = (node: DirectiveNode) => {
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.position) {
      const comment = /^\s*\/\*([\s\S]*?)\*\/\s*$/.exec(node.value ?? '');
      const body = comment && directivePattern.exec(comment[1]);
      if (body) {
        const start = toPage({ line: node.position.start.line, column: node.position.start.column });
        const end = toPage({ line: node.position.end.line, column: node.position.end.column });
        // The rule ids' places: in the text as parsed, from the node's start: `{` then the value.
        const valueAt = offsetOf(text, node.position.start) + 1;
        const bodyAt = valueAt + (node.value ?? '').indexOf(comment[1]) + body.index + body[0].indexOf(body[2]);
        const place = (offset: number) => toPage(positionOf(text, offset));
        found.push(directiveOf(body[1], body[2], bodyAt, place, start, end));
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return found;
}

/**
 * The directives of a page's frontmatter: its YAML comments `# navlint-…`, which reach the
 * frontmatter's own lines. `[from, to)` is the YAML block's place in the page's text.
 */
export function frontmatterDirectives(source: string, [from, to]: [number, number]): PageDirective[] {
  const found: PageDirective[] = [];
  const block = source.slice(from, to);
  // A comment starts at a `#` at a line's start or after white space (YAML's rule), outside quotes
  // as far as a line can tell: a directive holds no quote, so one before it means a string.
  for (const match of block.matchAll(/(^|[ \t])#([^\n\r]*)/gm)) {
    const line = block.slice(block.lastIndexOf('\n', match.index) + 1, match.index);
    if (/["']/.test(line)) continue;
    const body = directivePattern.exec(match[2]);
    if (!body) continue;
    const at = from + match.index + match[1].length;
    const place = (offset: number) => positionOf(source, offset);
    const bodyAt = at + 1 + body.index + body[0].indexOf(body[2]);
    found.push(directiveOf(body[1], body[2], bodyAt, place, place(at), place(at + 1 + match[2].length)));
  }
  return found;
}

/** A directive from its kind and what follows it (`rules -- reason`), which starts at `bodyAt`. */
function directiveOf(
  kind: string,
  rest: string,
  bodyAt: number,
  place: (offset: number) => PagePosition,
  start: PagePosition,
  end: PagePosition,
): PageDirective {
  const dashes = /(?:^|\s)--(?:\s|$)/.exec(rest);
  const list = dashes ? rest.slice(0, dashes.index) : rest;
  const reason = dashes ? rest.slice(dashes.index + dashes[0].length).trim() : '';
  const rules = [...list.matchAll(/[^\s,]+/g)].map((id) => ({
    id: id[0],
    start: place(bodyAt + id.index),
    end: place(bodyAt + id.index + id[0].length),
  }));
  return {
    kind: kind as PageDirective['kind'],
    rules,
    ...(reason ? { reason } : {}),
    start,
    end,
  };
}

/** The offset of a 1-based line and column in `text`. */
function offsetOf(text: string, at: { line: number; column: number }): number {
  let offset = 0;
  for (let line = 1; line < at.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + at.column - 1;
}

/** The 1-based line and column of an offset in `text`. */
function positionOf(text: string, offset: number): PagePosition {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}
