import type {
  AttributeValue,
  PageA11y,
  PageBareLink,
  PageHeading,
  PageMedia,
  PagePosition,
  PageRange,
} from './page-parse';
import { hiddenFromHumans } from './visibility';

/** An mdast node as far as the accessibility rules read it. */
export interface A11yNode {
  type: string;
  name?: string | null;
  value?: string;
  alt?: string | null;
  url?: string;
  title?: string | null;
  depth?: number;
  attributes?: readonly { type: string; name?: string; value?: unknown }[];
  children?: readonly A11yNode[];
  position?: { start: PagePosition; end: PagePosition };
}

const mediaElements = new Set(['img', 'video', 'iframe']);
const headingElement = /^h([1-6])$/;
const isElement = (node: A11yNode) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const blank = (text: string) => text.trim() === '';

/**
 * The images, media elements, links without text and headings of a page's tree (the tree of the
 * text `toPage` maps back to the page's own places), as @mintlify/cli's `mint a11y`
 * (bin/mdxAccessibility.js) visits it: every node, those only agents see included, each marked.
 * `untitled`: the page's mode when it renders no title.
 */
export function a11yOf(
  root: A11yNode,
  toPage: (at: PagePosition) => PagePosition,
  untitled: string | undefined,
): PageA11y | undefined {
  const media: PageMedia[] = [];
  const links: (PageBareLink | undefined)[] = [];
  const headings: PageHeading[] = [];
  const rangeOf = (node: A11yNode): PageRange | undefined => {
    if (!node.position) return undefined;
    const start = toPage(node.position.start);
    if (isElement(node)) return [start.line, start.column, start.line, start.column + 1 + (node.name ?? '').length];
    const end = toPage(node.position.end);
    return [start.line, start.column, end.line, end.column];
  };
  // What each node holds as a link's content, worked out from its children's in the same walk.
  const visit = (node: A11yNode, agents: boolean): Held => {
    const at = rangeOf(node);
    const audience = agents ? { agents: true as const } : {};
    const name = isElement(node) ? (node.name ?? '') : undefined;
    if (at && node.type === 'image')
      media.push({ tag: '!', at, alt: node.alt ?? '', src: node.url ?? '', ...audience });
    else if (at && name && mediaElements.has(name)) {
      const found: PageMedia = { tag: name, at, ...audience };
      const alt = attribute(node, 'alt');
      const src = attribute(node, 'src');
      const title = attribute(node, 'title');
      const label = attribute(node, 'aria-label') ?? attribute(node, 'aria-labelledby');
      if (alt !== undefined) found.alt = alt;
      if (src !== undefined) found.src = src;
      if (title !== undefined) found.title = title;
      if (label !== undefined) found.label = label;
      media.push(found);
    }
    const level = node.type === 'heading' ? node.depth : Number(headingElement.exec(name ?? '')?.[1] ?? 0);
    if (at && level) headings.push(agents ? [level, ...at, 'agents'] : [level, ...at]);
    // A link's place in the list is taken before its content is known: the links stay in document order.
    const slot = at && isLink(node) ? links.push(undefined) - 1 : undefined;
    const held: Held = { text: false, emptyImages: 0, ...ownContent(node) };
    const below = agents || hiddenFromHumans(node);
    for (const child of node.children ?? []) {
      const inner = visit(child, below);
      held.text ||= inner.text;
      held.name ??= inner.name;
      held.emptyImages += inner.emptyImages;
    }
    // A card's title is its text (to it alone: mint a11y reads no attribute of what an <a> holds).
    const title = name === 'Card' ? attribute(node, 'title') : undefined;
    const titled = typeof title === 'string' && !blank(title);
    if (slot !== undefined && at && !held.text && !titled) {
      const bare: PageBareLink = { tag: name ?? '', at, ...audience };
      if (held.name) bare.name = held.name;
      if (held.emptyImages) bare.emptyImages = held.emptyImages;
      if (name === 'a' && attribute(node, 'href') === undefined) bare.noHref = true;
      links[slot] = bare;
    }
    return held;
  };
  visit(root, false);
  const bareLinks = links.filter((link) => link !== undefined);
  if (!media.length && !bareLinks.length && !headings.length && !untitled) return undefined;
  return {
    ...(media.length ? { media } : {}),
    ...(bareLinks.length ? { bareLinks } : {}),
    ...(headings.length ? { headings } : {}),
    ...(untitled ? { untitled } : {}),
  };
}

/**
 * What a node holds as a link's content: text (a text node not blank, as the platform's `<a>` check
 * reads it), what else names it for a screen reader, its images without alt.
 */
interface Held {
  text: boolean;
  name?: string;
  emptyImages: number;
}

/** What a node holds itself, before its children: its text, its name, or an image without alt. */
function ownContent(node: A11yNode): Partial<Held> {
  if (node.type === 'text') return { text: !blank(node.value ?? '') };
  if (node.type === 'inlineCode') return blank(node.value ?? '') ? {} : { name: 'code' };
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') return { name: 'expression' };
  if (node.type === 'link') return node.title && !blank(node.title) ? { name: 'title' } : {};
  if (node.type === 'image' || (isElement(node) && node.name === 'img')) {
    const alt = node.type === 'image' ? (node.alt ?? '') : attribute(node, 'alt');
    return alt === true || (alt !== undefined && !blank(alt)) ? { name: 'alt' } : { emptyImages: 1 };
  }
  if (!isElement(node)) return {};
  if (node.name === 'Card' && attribute(node, 'title') === true) return { name: 'expression' };
  for (const key of ['aria-label', 'aria-labelledby', 'title']) {
    const value = attribute(node, key);
    if (value === true || (value !== undefined && !blank(value)))
      return { name: key === 'title' ? 'title' : 'aria-label' };
  }
  return {};
}

/** A Markdown link or link reference, an `<a>`, a `<Card>` with an `href`. */
function isLink(node: A11yNode): boolean {
  if (node.type === 'link' || node.type === 'linkReference') return true;
  if (!isElement(node)) return false;
  return node.name === 'a' || (node.name === 'Card' && attribute(node, 'href') !== undefined);
}

/** An element's first attribute of that name, as it has it. */
function attribute(node: A11yNode, name: string): AttributeValue | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!found) return undefined;
  return typeof found.value === 'string' ? found.value : true;
}
