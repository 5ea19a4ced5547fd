import type { PageLink, PagePosition } from './page-parse';
import { hiddenFromHumans } from './visibility';

/** An mdast node as far as links are read from it. */
export interface LinkNode {
  type: string;
  url?: string;
  /** A reference's or definition's label, normalized. */
  identifier?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown; position?: NodePosition }[];
  children?: LinkNode[];
  position?: NodePosition;
}
interface NodePosition {
  start: { line: number; column: number; offset?: number };
  end: { line: number; column: number; offset?: number };
}

/** The attributes that embed a file (beside `href`, which links, and `icon`, which may name an icon). */
const embedAttributes = new Set(['src', 'img', 'poster']);
const isPathLike = (value: string) =>
  /^(?:\/|\.{1,2}\/|https?:)/.test(value) || /\.(?:svg|png|jpe?g|gif|webp|avif|ico)$/i.test(value);
/** The platform's own components that load a file from an attribute: `<Card img>`, `<Icon src>`. */
const platformEmbeds = new Set(['Card img', 'Icon src']);
/** A value that reads as a path or URL: a `/`, `./`, `../` or scheme start, or a file extension. */
const isFilePath = (value: string) =>
  /^(?:\/|\.{1,2}\/|[a-z][a-z0-9+.-]*:)/i.test(value) || /\.[a-z0-9]{2,5}$/i.test(value.replace(/[?#].*$/, ''));

/**
 * Whether an attribute holds a URL, as real sites use them (a survey of the corpus: `href` of `a`,
 * `Card`, `Tile`, `Link` and their own cards; `src` of `img`, `video`, `source`, `iframe`, `audio`;
 * `img` of `Card`): any `href`; `src`, `img` and `poster` where the browser or the
 * platform loads a file from it (an HTML element, `<Card img>`, `<Icon src>`), and on a component of
 * the site's own only when its value is a path (real sites pass identifiers there too:
 * `<AgentFeedbackCTA src="docs-agent" />`); `icon` when it is a path, not an icon's name.
 */
function holdsUrl(element: string, attribute: string, value: string): boolean {
  if (attribute === 'href') return true;
  if (attribute === 'icon') return isPathLike(value);
  if (!embedAttributes.has(attribute)) return false;
  const html = /^[a-z]/.test(element);
  return html || platformEmbeds.has(`${element} ${attribute}`) || isFilePath(value);
}

/**
 * Every link of a page's tree, with where its URL is written: Markdown links, images and reference
 * definitions, and string attributes that hold a URL on any element. `text` is the parsed text (the
 * tree's offsets are in it), `toPage` takes a place in it to the page's own. Links in code are not
 * links to the parser, so they are not here.
 */
export function linksOf(root: LinkNode, text: string, toPage: (at: PagePosition) => PagePosition): PageLink[] {
  const links: PageLink[] = [];
  let lineStarts: number[] | undefined;
  const placeOf = (offset: number): PagePosition => {
    lineStarts ??= lineStartsOf(text);
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low] + 1 };
  };
  const add = (url: string, start: number, end: number, holder: string, forAgents: boolean, expression = false) => {
    const from = toPage(placeOf(start));
    const to = toPage(placeOf(end));
    const link: PageLink = [
      url,
      from.line,
      from.column,
      to.line === from.line ? to.column : from.column + (end - start),
      holder,
    ];
    // No hole before the last: the same tuple once packed as JSON.
    if (forAgents || expression) link.push(forAgents ? 'agents' : null);
    if (expression) link.push('expression');
    links.push(link);
  };
  const visit = (node: LinkNode, forAgents: boolean) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (
      (node.type === 'link' || node.type === 'image' || node.type === 'definition') &&
      node.url !== undefined &&
      start !== undefined &&
      end !== undefined
    ) {
      const written = writtenUrl(text, node, start, end);
      if (written) {
        if (node.type === 'definition') definitions.push([links.length, node.identifier ?? '']);
        add(node.url, written[0], written[1], node.type === 'link' ? '' : node.type === 'image' ? '!' : ':', forAgents);
      }
    }
    if (node.type === 'imageReference' || node.type === 'linkReference')
      (node.type === 'imageReference' ? imageLabels : linkLabels).add(node.identifier ?? '');
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes) {
      for (const attribute of node.attributes) {
        const { name, position } = attribute;
        if (attribute.type !== 'mdxJsxAttribute' || !name || position?.start.offset === undefined) continue;
        const written = writtenAttributeValue(text.slice(position.start.offset, position.end.offset!), attribute.value);
        if (!written) continue;
        const [value, from, to] = written;
        if (!holdsUrl(node.name ?? '', name, value)) continue;
        if (node.name === 'use') continue; // an SVG sprite's symbol, drawn from a file a generator names: not a link, nor a page's image
        const at = position.start.offset;
        add(value, at + from, at + to, `${node.name ?? ''} ${name}`, forAgents, typeof attribute.value !== 'string');
      }
    }
    const below = forAgents || hiddenFromHumans(node);
    node.children?.forEach((child) => visit(child, below));
  };
  // A definition may come before the references that use it: those only images use are known at the end.
  const definitions: [index: number, label: string][] = [];
  const imageLabels = new Set<string>();
  const linkLabels = new Set<string>();
  visit(root, false);
  for (const [index, label] of definitions)
    if (imageLabels.has(label) && !linkLabels.has(label)) links[index][4] = '!:'; // what it holds is an image
  return links;
}

/**
 * An attribute's string and where it is written in the attribute's text `written`: a quoted value
 * (`href="/a"`), or an expression that is one string literal with nothing to unescape or
 * interpolate (`href={"/a"}`, `` src={`/a.png`} ``), which the component gets as the same string.
 */
function writtenAttributeValue(written: string, value: unknown): [string, number, number] | undefined {
  if (typeof value === 'string') {
    const quote = written.search(/["']/);
    return quote < 0 ? undefined : [value, quote + 1, written.length - 1];
  }
  const expression = (value as { type?: string; value?: unknown } | null)?.value;
  if (typeof expression !== 'string') return undefined;
  const literal = /^\s*(["'`])([^"'`\\\r\n$]*)\1\s*$/.exec(expression);
  const at = literal ? written.indexOf(`{${expression}}`) : -1;
  if (!literal || at < 0) return undefined;
  const from = at + 1 + expression.indexOf(literal[1]) + 1;
  return [literal[2], from, from + literal[2].length];
}

/** Where each line starts, its ends as the parser counts them (and SourceFile): `\n`, `\r\n` and a lone `\r`. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  const ends = /\r\n?|\n/g;
  for (let end = ends.exec(text); end; end = ends.exec(text)) starts.push(end.index + end[0].length);
  return starts;
}

/**
 * Where a Markdown link's, image's or definition's destination is written, as offsets into the text:
 * after the `](` (or `]:`) that ends its text, in angle brackets or up to white space or the `)`.
 * An autolink (`https://…` written bare) is its whole span.
 */
function writtenUrl(text: string, node: LinkNode, start: number, end: number): [number, number] | undefined {
  const span = text.slice(start, end);
  if (node.type === 'link' && !span.startsWith('[')) return [start, end];
  const lastChild = node.children?.at(-1)?.position?.end.offset;
  const marker = node.type === 'definition' ? ']:' : '](';
  const from = span.indexOf(marker, lastChild !== undefined ? lastChild - start : 0);
  if (from < 0) return undefined;
  let at = from + 2;
  while (at < span.length && /\s/.test(span[at])) at++;
  if (span[at] === '<') {
    const close = span.indexOf('>', at);
    return close < 0 ? undefined : [start + at + 1, start + close];
  }
  let stop = at;
  let depth = 0;
  for (; stop < span.length; stop++) {
    const char = span[stop];
    if (/\s/.test(char)) break;
    if (char === '(') depth++;
    else if (char === ')' && depth-- === 0) break;
  }
  return [start + at, start + stop];
}
