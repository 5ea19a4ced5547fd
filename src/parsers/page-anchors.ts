/**
 * The ids a reader's browser can land on in a page (`#id`, `/page#id`), as the platform renders the
 * page: behaviour ported from @mintlify/common 1.0.1182 (ISC licence), the version @mintlify/cli
 * 4.0.1552 installs, and from the packages its render runs:
 * - `getMdx` / `getMDXOptions` and `@mintlify/mdx` 4.0.6's `serialize`: the order of the passes, with
 *   remark-smartypants (curly quotes, dashes, ellipses) before any id is made;
 * - `slugify.js` (`slugify`, `cleanHeadingId`), `mdx/lib/remark-utils.js` (`getUnicodeId`,
 *   `getTableOfContentsTitle`), `mdx/titleMarkdown.js`;
 * - remark plugins `remarkPrompt`, `remarkParseTitleMarkdown`, `remarkComponentIds`,
 *   `remarkUnwrapJsxHeadings`, `remarkExtractTableOfContents` (with `remarkVisibilityForMarkdown`'s
 *   audience rules), `remarkMdxExtractPanel`, `remarkMdxRemoveUnknownJsx` (and `allowedComponents`
 *   of `mdx/utils.js`); rehype plugins `rehypeParamFieldIds`, `rehypeUnicodeIds`;
 * - `mdx/componentIds.js`: which components render their `id` prop, and which clean it first;
 * - mdast-util-to-hast 13.2.2's footnote ids (`user-content-fn-…`, `user-content-fnref-…`,
 *   `footnote-label`), with micromark-util-sanitize-uri 2.0.1's `normalizeUri` (both MIT);
 * - the prebuild's inlining of a default-imported snippet in place of its element
 *   (`resolveAllImports`, `resolveComponentWithContent`), when the caller lends the snippets.
 * The slugs themselves (`slugify`, `getUnicodeId`, `generateComponentId`, `generateParamFieldId`) are ./slug.ts's.
 *
 * Not followed: `<MDX>` inside `{…}` expressions (`remarkMdxExpandExpressions`), legacy
 * `<Snippet file>` injection, docs.json `variables` (substitute them before parsing to follow them),
 * and ids that only an expression (`id={x}`) or a component's own code gives.
 */

import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { componentId, headingSlug, paramFieldId, slugCounter, unicodeId } from './slug';
import { smartenTree } from './smartypants';
import { hiddenFromHumans } from './visibility';

// --- The trees ------------------------------------------------------------------------------

/** The parts of an mdast node (remark-parse with remark-mdx and remark-gfm) that ids depend on. */
export interface AnchorNode {
  type: string;
  name?: string | null;
  value?: unknown;
  depth?: number;
  identifier?: string;
  attributes?: readonly AnchorAttribute[];
  children?: readonly AnchorNode[];
  data?: unknown;
}
export interface AnchorAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
/** The root of a page's tree, as the parse gives it after the `{#id}` heading pass. */
export interface Root {
  type: string;
  children: readonly AnchorNode[];
}

export interface AnchorOptions {
  /**
   * The tree of the snippet an import's source names (as written: `/snippets/a.mdx`,
   * `../b.mdx`), parsed like a page; undefined when there is no such file. With it, the headings
   * and elements of a default-imported snippet count where its element stands, as the platform's
   * prebuild inlines them; a snippet's own imports are asked for with the snippet's tree as `from`.
   */
  snippet?: (source: string, from: Root) => Root | undefined;
  /** The page's frontmatter `mode` (./frontmatter-block.ts reads it): `custom` and `frame` pages give their headings no ids. */
  mode?: string;
}

/** A working copy of a node: the passes below change it as the platform's plugins change theirs. */
interface Node {
  type: string;
  name?: string | null;
  value?: string;
  depth?: number;
  identifier?: string;
  /** A code block's language, a list's and list item's looseness and check box: what their hast text depends on. */
  lang?: string | null;
  spread?: boolean | null;
  checked?: boolean | null;
  attributes: Attribute[];
  children?: Node[];
  /** An mdxjsEsm node's program, an attribute expression's own. */
  estree?: EsProgram;
  /** The title's text, as `remarkParseTitleMarkdown` stores it (undefined: not computed yet; null: none). */
  titleText?: string | null;
}
interface Attribute {
  type: string;
  name?: string;
  value?: string | number | null | { value?: string; estree?: EsProgram };
}
interface EsProgram {
  body?: EsNode[];
}
interface EsNode {
  type: string;
  [key: string]: unknown;
}

function copyOf(node: AnchorNode): Node {
  const copy: Node = { type: node.type, attributes: (node.attributes ?? []).map(attributeOf) };
  if (node.name !== undefined) copy.name = node.name;
  if (typeof node.value === 'string') copy.value = node.value;
  if (typeof node.depth === 'number') copy.depth = node.depth;
  if (typeof node.identifier === 'string') copy.identifier = node.identifier;
  const { lang, spread, checked } = node as { lang?: unknown; spread?: unknown; checked?: unknown };
  if (typeof lang === 'string') copy.lang = lang;
  if (typeof spread === 'boolean') copy.spread = spread;
  if (typeof checked === 'boolean') copy.checked = checked;
  if (node.children) copy.children = node.children.map(copyOf);
  const estree = (node.data as { estree?: EsProgram } | undefined)?.estree;
  if (estree) copy.estree = estree;
  return copy;
}

function attributeOf(attribute: AnchorAttribute): Attribute {
  const { type, name, value } = attribute;
  if (value && typeof value === 'object') {
    const expression = value as { value?: unknown; data?: { estree?: EsProgram } };
    return {
      type,
      name,
      value: {
        value: typeof expression.value === 'string' ? expression.value : undefined,
        estree: expression.data?.estree,
      },
    };
  }
  return { type, name, value: value as Attribute['value'] };
}

// --- Custom heading ids ----------------------------------------------------------------------

const emoji =
  /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/** `cleanHeadingId`: percent-decoded, without `?,;:!'"()[]{}` and emoji; `safeCleanHeadingId` keeps an id that does not decode. */
function cleanHeadingId(id: string): string {
  try {
    return decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
      .replace(/[?,;:!'"()[\]{}]/g, '')
      .replace(emoji, '');
  } catch {
    return id;
  }
}

// --- Attributes and titles --------------------------------------------------------------------

const isFlow = (node: Node) => node.type === 'mdxJsxFlowElement';
const isElement = (node: Node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const attribute = (node: Node, name: string) => node.attributes.find((a) => a.name === name);
const hasAttribute = (node: Node, name: string) => node.attributes.some((a) => a.name === name);
/** A literal string value (the TOC's `getStringAttribute`: the empty string included). */
const stringAttribute = (node: Node, name: string): string | undefined => {
  const value = attribute(node, name)?.value;
  return typeof value === 'string' ? value : undefined;
};
function setAttribute(node: Node, name: string, value: string | number): void {
  const created: Attribute = { type: 'mdxJsxAttribute', name, value };
  const index = node.attributes.findIndex((a) => a.name === name);
  if (index === -1) node.attributes.push(created);
  else node.attributes[index] = created;
}

/** Every node in document order (unist-util-visit's preorder), each with its parent. */
function visit(node: Node, visitor: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  visitor(node, parent);
  if (node.children) for (const child of node.children) visit(child, visitor, node);
}

/** `getTableOfContentsTitle`: the text of a heading; text right after a flow element does not count. */
function tocTitle(node: Node, index = 1, siblings: Node[] = []): string {
  if (node.name === 'Update') {
    const label = node.attributes.find((a) => a.name === 'label' && typeof a.value === 'string');
    return (label?.value as string | undefined) ?? '';
  }
  const last = siblings[index - 1];
  const afterFlow = last?.type === 'mdxJsxFlowElement';
  const lastIsSmall = last !== undefined && typeof last.value === 'string' && !last.value.startsWith('<small');
  if (node.type === 'inlineCode' || (node.type === 'text' && (!afterFlow || lastIsSmall))) return node.value ?? '';
  if (!node.children) return '';
  let title = '';
  node.children.forEach((child, i, children) => (title += tocTitle(child, i, children)));
  return title;
}

const TITLE_COMPONENTS = new Set(['Accordion', 'Card', 'Color.Row', 'Step', 'Tab', 'Tile']);
const titleParser = unified().use(remarkParse).use(remarkGfm).freeze();

/** `getTitleMarkdownText`: the text of a title written in Markdown, as remarkParseTitleMarkdown stored it. */
function titleMarkdownText(node: Node, fallback: string): string {
  if (node.titleText === undefined) {
    node.titleText = null;
    const title =
      isElement(node) && node.name && TITLE_COMPONENTS.has(node.name)
        ? node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'title')
        : undefined;
    const value = title ? titleValue(title) : undefined;
    if (value !== undefined) node.titleText = titleMarkdownToText(value);
  }
  return node.titleText ?? fallback;
}

function titleValue(title: Attribute): string | undefined {
  if (typeof title.value === 'string') return title.value;
  const statement = title.value && typeof title.value === 'object' ? title.value.estree?.body?.[0] : undefined;
  const expression =
    statement?.type === 'ExpressionStatement' ? (statement.expression as { type: string; value?: unknown }) : undefined;
  return expression?.type === 'Literal' && typeof expression.value === 'string' ? expression.value : undefined;
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/**
 * A title that Markdown leaves as it is: letters, digits, spaces, the ASCII punctuation that no
 * inline construct starts with, and any character beyond ASCII but white space (Markdown gives
 * none a meaning of its own); not ending in white space (which the paragraph would trim), and no
 * bare URL (GFM makes it a link without a position, which the title then drops).
 */
const plainTitle = /^(?:[A-Za-z0-9 ,.:;?'"()/+%#=-]|[^\0-\x7f\s])*$/u;
const bareUrl = /www\.|:\/\//i;

/** titleMarkdown.js's `titleMarkdownToText` (`parseTitleMarkdown`, then the TOC title of the nodes), without a parse for a plain title. */
export function titleMarkdownToText(value: string): string {
  return plainTitle.test(value) && !value.endsWith(' ') && !bareUrl.test(value) ? value : parsedTitleText(value);
}

/** `titleMarkdownToText` by parsing the title, whatever it holds. */
export function parsedTitleText(value: string): string {
  if (!value) return '';
  const nodes = parseTitleMarkdown(value);
  return tocTitle({ type: 'paragraph', attributes: [], children: nodes.map(toNode) });
}

function toNode(node: MdNode): Node {
  return { type: node.type, attributes: [], value: node.value, children: node.children?.map(toNode) };
}

function parseTitleMarkdown(value: string): MdNode[] {
  const prefix = 'title: ';
  const source = `${prefix}${value.replace(/\n/g, ' ')}`;
  let root: MdNode;
  try {
    root = titleParser.parse(source) as MdNode;
  } catch {
    return [{ type: 'text', value }];
  }
  const paragraph = root.children?.length === 1 ? root.children[0] : undefined;
  if (paragraph?.type !== 'paragraph') return [{ type: 'text', value }];
  const nodes = sanitizeTitleNodes(paragraph.children ?? [], source);
  const first = nodes[0];
  if (first?.type !== 'text' || !first.value!.startsWith(prefix)) return [{ type: 'text', value }];
  first.value = first.value!.slice(prefix.length);
  if (!first.value) nodes.shift();
  return nodes;
}

function sanitizeTitleNodes(nodes: MdNode[], source: string): MdNode[] {
  const sanitized: MdNode[] = [];
  const sourceOf = (node: MdNode) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return typeof start === 'number' && typeof end === 'number' ? source.slice(start, end) : '';
  };
  const append = (value: string) => {
    if (!value) return;
    const previous = sanitized.at(-1);
    if (previous?.type === 'text') previous.value += value;
    else sanitized.push({ type: 'text', value });
  };
  for (const node of nodes) {
    if (node.type === 'text') append(node.value!.replace(/\n/g, ' '));
    else if (node.type === 'inlineCode') sanitized.push({ type: 'inlineCode', value: node.value });
    else if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'delete')
      sanitized.push({ ...node, children: sanitizeTitleNodes(node.children ?? [], source) });
    else if (node.type === 'link' && isSupportedTitleLink(node, sourceOf(node)))
      sanitized.push({ ...node, children: sanitizeTitleNodes(node.children ?? [], source) });
    else append(sourceOf(node));
  }
  return sanitized;
}

function isSupportedTitleLink(node: MdNode, raw: string): boolean {
  const destination = (node.url ?? '').trim();
  return (
    raw.startsWith('[') &&
    destination.length > 0 &&
    (/^(?:https?:\/\/|mailto:|tel:|\/|#|\.\.?\/)/i.test(destination) ||
      destination.includes('/') ||
      /^[^\s@]+\.[^\s]+$/u.test(destination))
  );
}

// --- The passes, in the platform's order ----------------------------------------------------------

const AVOIDED_PAGE_MODES = ['custom', 'frame'];
const HEADING_LEVELS = [1, 2, 3, 4];
const JSX_HEADINGS = ['h1', 'h2', 'h3', 'h4'];
const ALL_HEADING_NAMES = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'Heading']);

/** The page's frontmatter `mode` when it renders no title (nor ids of its headings): `custom` or `frame`. */
export function untitledMode(mode: string | undefined): string | undefined {
  return mode && AVOIDED_PAGE_MODES.includes(mode) ? mode : undefined;
}

/**
 * @mdx-js/mdx's remarkMarkAndUnravel, the compile's first step: a paragraph of nothing but JSX
 * elements and expressions (and white space) gives them to its parent as flow elements, so
 * `<ParamField path="a">x</ParamField>` on one line is a flow element for the plugins after it.
 */
function unravel(parent: Node): void {
  const children = parent.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    const inner = node.type === 'paragraph' ? (node.children ?? []) : [];
    const jsx = (child: Node) => child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression';
    if (
      inner.some(jsx) &&
      inner.every((child) => jsx(child) || (child.type === 'text' && !/[^\t\n\f\r ]/.test(child.value ?? '')))
    ) {
      const raised = inner.filter((child) => !(child.type === 'text' && /^[\t\r\n ]+$/.test(child.value ?? '')));
      for (const child of raised)
        if (jsx(child)) child.type = child.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression';
      children.splice(i, 1, ...raised);
      i--; // visited again, as the node now at this place
      continue;
    }
    unravel(node);
  }
}

/** What a compile found it needs: the text of whole elements (rehypeUnicodeIds), which remark-smartypants has changed. */
interface Context {
  smartened: boolean;
  readsText?: boolean;
}

/**
 * remark-smartypants as `serialize` runs it before the platform's plugins: `'` and `"` become curly
 * quotes, `--` a dash, `...` an ellipsis, and so in heading ids. It reads the text of the whole page
 * at once (a quote's direction depends on what comes before), so it runs on the whole working copy,
 * and only when a heading has such a character.
 */
const smartCharacters = /['"`]|--|\.\.|\. \./;
function smartenQuotes(root: Node, context: Context, always: boolean): void {
  let needed = always;
  const look = (node: Node, inHeading: boolean) => {
    if (needed) return;
    const heading = inHeading || node.type === 'heading' || (isFlow(node) && ALL_HEADING_NAMES.has(node.name ?? ''));
    if (heading && node.type === 'text' && smartCharacters.test(node.value ?? '')) needed = true;
    node.children?.forEach((child) => look(child, heading));
  };
  look(root, false);
  if (needed) smartenTree(root);
  context.smartened = needed;
}

/** remarkPrompt: a `<Prompt>`'s body becomes a string prop; nothing in it is rendered as content. */
function dropPromptBodies(root: Node): void {
  visit(root, (node) => {
    if (isElement(node) && node.name === 'Prompt' && node.children?.length) node.children = [];
  });
}

/** remarkComponentIds: headings (with one counter for the page), Tabs, Accordions, Views. */
function componentIds(root: Node, avoided: boolean): void {
  const headings = slugCounter();
  visit(root, (node) => {
    if (node.type !== 'heading' || avoided || !HEADING_LEVELS.includes(node.depth ?? 0)) return;
    const slug = headingSlug(tocTitle(node), headings);
    node.type = 'mdxJsxFlowElement';
    node.name = 'Heading';
    node.attributes = [
      { type: 'mdxJsxAttribute', name: 'level', value: node.depth! },
      { type: 'mdxJsxAttribute', name: 'id', value: slug },
    ];
  });

  // Tabs: an explicit literal id is kept (and reserved); otherwise the title's slug, on a counter of its own.
  const tabs = slugCounter();
  const usedTabIds = new Set<string>();
  visit(root, (node) => {
    const id = isFlow(node) && node.name === 'Tab' ? attribute(node, 'id')?.value : undefined;
    if (id && typeof id === 'string') usedTabIds.add(id);
  });
  visit(root, (node) => {
    if (!isFlow(node) || node.name !== 'Tab') return;
    const explicit = attribute(node, 'id')?.value;
    if (explicit && typeof explicit === 'string') return;
    const title = attribute(node, 'title')?.value;
    if (!title || typeof title !== 'string') return;
    const visible = titleMarkdownText(node, title);
    let slug = headingSlug(visible, tabs);
    while (usedTabIds.has(slug)) slug = headingSlug(visible, tabs);
    usedTabIds.add(slug);
    if (slug && !hasAttribute(node, 'id')) node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: slug });
  });

  for (const [name, markdown] of [
    ['Accordion', true],
    ['View', false],
  ] as const) {
    const counts = new Map<string, number>();
    visit(root, (node) => {
      if (!isFlow(node) || node.name !== name) return;
      const title = attribute(node, 'title')?.value;
      if (typeof title !== 'string' || !title || hasAttribute(node, 'id')) return;
      const text = markdown ? titleMarkdownText(node, title) : title;
      const base = componentId(text);
      const count = counts.get(base) ?? 0;
      counts.set(base, count + 1);
      node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: componentId(text, count) });
    });
  }
}

/** remarkUnwrapJsxHeadings: a JSX heading's paragraphs give their children to the heading. */
function unwrapJsxHeadings(root: Node): void {
  visit(root, (node) => {
    if (isFlow(node) && ALL_HEADING_NAMES.has(node.name ?? '') && node.children) {
      node.children = node.children.flatMap((child) =>
        child.type === 'paragraph' && child.children ? child.children : [child],
      );
    }
  });
}

const TOC_EXCLUDING = ['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt'];

/**
 * remarkExtractTableOfContents: each heading the table of contents lists, each Step with a
 * `titleSize` of h2 or h3, each Update with a label gets its id: the explicit one cleaned, or its
 * title's slug, and both kinds share one counter (`x`, `x-2`, `x-3`…, past any id already taken).
 */
function tableOfContents(root: Node, avoided: boolean): void {
  const seen = new Map<string, number>();
  const deduplicate = (slug: string) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix += 1;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
  const excluded = new Set<Node>();
  const inheritedTitleSize = new Map<Node, string>();
  const excludeBelow = (node: Node) => node.children?.forEach((child) => visit(child, (below) => excluded.add(below)));
  visit(root, (node) => {
    if (isFlow(node) && TOC_EXCLUDING.includes(node.name ?? '')) excludeBelow(node);
    if (hiddenFromHumans(node)) excludeBelow(node);
    if (isFlow(node) && node.name === 'Steps') {
      const size = stringAttribute(node, 'titleSize');
      if (size) {
        const inherit = (children: Node[] = []) => {
          for (const child of children) {
            if (!isFlow(child)) continue;
            if (child.name === 'Step') inheritedTitleSize.set(child, size);
            else if (child.name == null) inherit(child.children);
          }
        };
        inherit(node.children);
      }
    }
  });
  visit(root, (node) => {
    if (excluded.has(node)) return;
    const flow = isFlow(node);
    const markdownHeading = node.type === 'heading' && HEADING_LEVELS.includes(node.depth ?? 0);
    const jsxHeading = flow && JSX_HEADINGS.includes(node.name ?? '');
    const transformed = flow && node.name === 'Heading';
    const update = flow && node.name === 'Update' && node.attributes.some((a) => a.name === 'label');
    const step = flow && node.name === 'Step';
    const titleSize = step ? (stringAttribute(node, 'titleSize') ?? inheritedTitleSize.get(node)) : undefined;
    const noAnchor =
      flow &&
      node.attributes.some(
        (a) =>
          a.name === 'noAnchor' &&
          (a.value == null || a.value === 'true' || (typeof a.value === 'object' && a.value.value === 'true')),
      );
    const stepTitle = step ? titleMarkdownText(node, stringAttribute(node, 'title') ?? '') : undefined;
    const validStep = step && !noAnchor && ['h2', 'h3'].includes(titleSize ?? '') && stepTitle!.trim() !== '';
    if (!markdownHeading && !jsxHeading && !transformed && !update && !validStep) return;
    if (avoided && (markdownHeading || jsxHeading)) return;
    const hasId = flow && hasAttribute(node, 'id');
    let level: number | undefined;
    if (node.name === 'Update') level = node.depth = 1;
    else if (node.name === 'Step')
      level = node.depth = titleSize === 'h2' ? 2 : titleSize === 'h3' ? 3 : titleSize === 'h4' ? 4 : 3;
    else if (node.depth !== undefined) level = node.depth;
    else if (node.name === 'Heading') {
      const value = attribute(node, 'level')?.value;
      if (typeof value === 'number') level = value;
    } else if (node.name?.[1]) {
      const number = Number(node.name[1]);
      level = Number.isNaN(number) ? undefined : number;
      if (level !== undefined) node.depth = level;
    }
    const title = stepTitle ?? tocTitle(node);
    const explicit =
      node.name === 'Heading' || node.name === 'Step' || node.name === 'Update' || hasId
        ? stringAttribute(node, 'id')
        : undefined;
    const slug = deduplicate(explicit ? cleanHeadingId(explicit) || headingSlug(title) : headingSlug(title));
    if (node.name === 'Update' || node.name === 'Step') {
      if (stringAttribute(node, 'id') !== slug) setAttribute(node, 'id', slug);
    } else if (node.name === 'Heading') {
      if (explicit && slug !== explicit) setAttribute(node, 'id', slug);
    } else if (level !== undefined && hasId) {
      if (explicit && slug !== explicit) setAttribute(node, 'id', slug);
      node.attributes.unshift({ type: 'mdxJsxAttribute', name: 'level', value: level });
    } else if (level !== undefined) {
      node.attributes = [
        { type: 'mdxJsxAttribute', name: 'level', value: level },
        { type: 'mdxJsxAttribute', name: 'id', value: slug },
        ...(jsxHeading ? node.attributes : []),
      ];
    }
    node.type = 'mdxJsxFlowElement';
    if (node.name !== 'Update' && node.name !== 'Step') node.name = 'Heading';
  });
}

/**
 * remarkMdxExtractPanel: the first `<Panel>` with content leaves the page and is compiled on its
 * own (getMdx), with the page's exports; any other `<Panel>` is dropped. The panel's root is given
 * back, to be compiled where the panel stood.
 */
function extractPanel(root: Node): Node | undefined {
  let panel: Node | undefined;
  const blank = (node: Node) =>
    node.type === 'text'
      ? !(node.value ?? '').trim()
      : node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression'
        ? /^\s*(?:\/\*[\s\S]*?\*\/\s*)*$/.test(node.value ?? '')
        : false;
  const unwrap = (children: Node[]): Node[] =>
    children.flatMap((child) =>
      isFlow(child) && child.name === 'Panel'
        ? unwrap(child.children ?? [])
        : [{ ...child, children: child.children && unwrap(child.children) }],
    );
  const walk = (parent: Node) => {
    const children = parent.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (isFlow(node) && node.name === 'Panel') {
        if (!panel && !(node.children ?? []).every(blank)) {
          const esm = (root.children ?? []).filter((child) => child.type === 'mdxjsEsm');
          panel = { type: 'root', attributes: [], children: [...esm, ...unwrap(node.children ?? [])] };
          children.splice(i, 1, { type: 'navlintPanel', attributes: [] });
        } else {
          children.splice(i--, 1);
        }
        continue;
      }
      walk(node);
    }
  };
  walk(root);
  return panel;
}

// remarkMdxRemoveUnknownJsx's list (common's `allowedComponents`): any other flow element is replaced by a comment, its content with it.
const ALLOWED_COMPONENTS = new Set(
  (
    'ApiPlayground Accordion AccordionGroup Badge Callout CodeGroup CodeBlock Color Color.Row Color.Item CustomCode CustomComponent DynamicCustomComponent ' +
    'Danger Tile Tree Tree.Folder Tree.File FileTree SnippetGroup Panel RequestExample ResponseExample Param ParamField Prompt Card CardGroup Columns Column ' +
    'Expandable Frame GitHub GitHub.Repo Github Github.Repo Heading Info Icon MDX Link MDXContentController ResponseField Warning Note Tip Check Tabs Tab ' +
    'Tooltip Latex Step Steps Update a b br button clipPath col colgroup defs div form g h1 h2 h3 h4 head hr iframe img input label li link ol p path ' +
    'picture rect script section source span sub sup svg table tbody td th thead tr ul video code kbd pre ZoomImage OptimizedVideo Mermaid Variation ' +
    'Visibility View zapier-zap-templates'
  ).split(' '),
);

/** Whether the platform renders an element of this name as one of its components or elements (allowedComponents). */
export const isPlatformComponent = (name: string): boolean => ALLOWED_COMPONENTS.has(name);

/** The components a page defines: its exported functions (getExportedFunctionNames) and what it imports by name, which the prebuild makes exports. */
function knownComponents(root: Node, imported: Set<string>): Set<string> {
  const names = new Set(imported);
  const isFunction = (init: unknown) => {
    const type = (init as { type?: string } | null)?.type;
    return type === 'ArrowFunctionExpression' || type === 'FunctionExpression';
  };
  for (const node of root.children ?? []) {
    if (node.type !== 'mdxjsEsm' || !node.estree?.body) continue;
    const local = new Set<string>();
    const declared = (statement: EsNode, into: Set<string>) => {
      if (statement.type === 'FunctionDeclaration') {
        const name = (statement.id as { name?: string } | null)?.name;
        if (name) into.add(name);
      }
      if (statement.type === 'VariableDeclaration') {
        for (const d of (statement.declarations as { id: { type: string; name?: string }; init?: unknown }[]) ?? []) {
          if (d.id.type === 'Identifier' && isFunction(d.init)) into.add(d.id.name!);
        }
      }
    };
    for (const statement of node.estree.body) declared(statement, local);
    for (const statement of node.estree.body) {
      if (statement.type !== 'ExportNamedDeclaration' && statement.type !== 'ExportDefaultDeclaration') continue;
      const declaration = statement.declaration as EsNode | null | undefined;
      if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'VariableDeclaration') {
        declared(declaration, names);
        continue;
      }
      if (statement.type === 'ExportNamedDeclaration') {
        for (const s of (statement.specifiers as {
          local: { name: string };
          exported: { name?: string; value?: string };
        }[]) ?? []) {
          if (local.has(s.local.name)) names.add(s.exported.name ?? s.exported.value ?? '');
        }
      }
    }
  }
  return names;
}

/** The flow elements the platform does not know become comments: their content is not rendered (but its ParamFields and footnotes still count). */
function removeUnknownJsx(root: Node, known: Set<string>): void {
  visit(root, (node) => {
    if (isFlow(node) && node.name && !ALLOWED_COMPONENTS.has(node.name) && !known.has(node.name)) {
      node.type = 'mdxFlowExpression';
      node.value = `/* Component ${node.name} does not exist. */`;
      node.name = undefined;
      node.attributes = [];
    }
  });
}

const PARAM_FIELDS = ['ParamField', 'Param', 'ResponseField'];

/** rehypeParamFieldIds: `param-<name>`, then `param-<name>-1`…, past the ids written on fields. */
function paramFieldIds(root: Node): void {
  const nonEmpty = (node: Node, name: string) => {
    const value = stringAttribute(node, name);
    return value ? value : undefined;
  };
  const claimed = new Set<string>();
  const counts = new Map<string, number>();
  const fields: Node[] = [];
  visit(root, (node) => {
    if (isFlow(node) && PARAM_FIELDS.includes(node.name ?? '')) fields.push(node);
  });
  for (const field of fields) {
    const id = hasAttribute(field, 'id') ? nonEmpty(field, 'id') : undefined;
    if (id) claimed.add(id);
  }
  for (const field of fields) {
    if (hasAttribute(field, 'id')) continue;
    const name =
      field.name === 'ResponseField'
        ? nonEmpty(field, 'name')
        : ['query', 'path', 'body', 'header'].map((n) => nonEmpty(field, n)).find(Boolean);
    if (!name) continue;
    const base = paramFieldId(name, 0);
    let count = counts.get(base) ?? 0;
    let id = paramFieldId(name, count);
    while (claimed.has(id)) id = paramFieldId(name, ++count);
    counts.set(base, count + 1);
    claimed.add(id);
    field.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: id });
  }
}

/**
 * rehypeUnicodeIds: a Heading, Update, Accordion or Tab whose id is empty (an Accordion whose title
 * is Chinese slugs to nothing) gets the `getUnicodeId` of its text, read from the hast tree: its
 * whole content, with the line breaks mdast-util-to-hast puts between blocks.
 */
function unicodeIds(root: Node, context: Context): void {
  visit(root, (node) => {
    if (!isFlow(node) || !['Heading', 'Update', 'Accordion', 'Tab'].includes(node.name ?? '')) return;
    const index = node.attributes.findIndex((a) => a.name === 'id');
    if (index === -1 || node.attributes[index].value) return;
    context.readsText = true;
    node.attributes[index] = {
      ...node.attributes[index],
      value: unicodeId(tocTitle({ ...node, children: hastAll(node) })),
    };
  });
}

/** The hast children of a node, as far as their text goes: mdast-util-to-hast 13's handlers, and rehypeCodeBlocks' and rehypeTable's wrappers. */
function hastAll(parent: Node): Node[] {
  const out: Node[] = [];
  const children = parent.children ?? [];
  children.forEach((child, index) => {
    const result = hastOne(child, parent);
    if (index && children[index - 1].type === 'break' && result.length === 1) {
      const head =
        result[0].type === 'text'
          ? result[0]
          : result[0].children?.[0]?.type === 'text'
            ? result[0].children[0]
            : undefined;
      if (head) head.value = head.value!.replace(/^[ \t]+/, '');
    }
    out.push(...result);
  });
  return out;
}

const hastText = (value: string): Node => ({ type: 'text', value, attributes: [] });
const hastElement = (children: Node[] = []): Node => ({ type: 'element', attributes: [], children });
const flowElement = (name: string, children: Node[]): Node => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: [],
  children,
});
function hastWrap(nodes: Node[], loose: boolean): Node[] {
  const result: Node[] = loose ? [hastText('\n')] : [];
  nodes.forEach((node, index) => {
    if (index) result.push(hastText('\n'));
    result.push(node);
  });
  if (loose && nodes.length > 0) result.push(hastText('\n'));
  return result;
}

const itemLoose = (item: Node) => (item.spread == null ? (item.children?.length ?? 0) > 1 : item.spread);

function hastOne(node: Node, parent: Node): Node[] {
  switch (node.type) {
    case 'text':
      return [hastText((node.value ?? '').replace(/[ \t]*(\r?\n|\r)[ \t]*/g, '$1'))];
    case 'inlineCode':
    case 'inlineMath':
      return [
        hastElement([hastText((node.value ?? '').replace(/\r?\n|\r/g, node.type === 'inlineCode' ? ' ' : '$&'))]),
      ];
    case 'break':
      return [hastElement(), hastText('\n')];
    case 'code':
      return [
        node.lang === 'mermaid'
          ? flowElement('Mermaid', [])
          : flowElement('CodeBlock', [hastElement([hastElement([hastText(node.value ? `${node.value}\n` : '')])])]),
      ];
    case 'math':
      return [flowElement('CodeBlock', [hastElement([hastElement([hastText(node.value ?? '')])])])];
    case 'blockquote':
      return [hastElement(hastWrap(hastAll(node), true))];
    case 'list':
      return [hastElement(hastWrap(hastAll(node), true))];
    case 'listItem': {
      const loose =
        parent.type === 'list' ? Boolean(parent.spread) || (parent.children ?? []).some(itemLoose) : itemLoose(node);
      const results = hastAll(node);
      const isParagraph = (child: Node | undefined) => child?.type === 'element' && child.name === 'p';
      if (typeof node.checked === 'boolean') {
        let paragraph = results[0];
        if (!isParagraph(paragraph)) results.unshift((paragraph = { ...hastElement(), name: 'p' }));
        if (paragraph.children!.length) paragraph.children!.unshift(hastText(' '));
        paragraph.children!.unshift(hastElement());
      }
      const children: Node[] = [];
      results.forEach((child, index) => {
        if (loose || index !== 0 || !isParagraph(child)) children.push(hastText('\n'));
        children.push(...(isParagraph(child) && !loose ? child.children! : [child]));
      });
      const tail = results.at(-1);
      if (tail && (loose || !isParagraph(tail))) children.push(hastText('\n'));
      return [hastElement(children)];
    }
    case 'paragraph':
      return [{ ...hastElement(hastAll(node)), name: 'p' }];
    case 'table': {
      const rows = (node.children ?? []).map((row) => hastElement(hastWrap(hastAll(row), true)));
      const parts = rows.length
        ? [
            hastElement(hastWrap(rows.slice(0, 1), true)),
            ...(rows.length > 1 ? [hastElement(hastWrap(rows.slice(1), true))] : []),
          ]
        : [];
      return [flowElement('Table', parts)]; // rehypeTable: its own line breaks dropped
    }
    case 'yaml':
    case 'toml':
    case 'definition':
    case 'footnoteDefinition':
      return [];
    case 'footnoteReference':
      return [hastElement([hastElement([hastText('')])])];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
    case 'mdxjsEsm':
      return [{ ...node, children: node.children && hastAll(node) }];
    default:
      return node.children
        ? [hastElement(hastAll(node))]
        : node.value !== undefined && node.type !== 'html'
          ? [hastText(node.value)]
          : [hastElement()];
  }
}

// mdx/componentIds.js: components that never put their id prop on an element, and those that clean it first.
const COMPONENTS_WITHOUT_ID = new Set(
  (
    'Info Warning Note Tip Check Danger Callout AccordionGroup Card CardGroup Tabs CodeGroup Column Columns CustomCode CustomComponent ' +
    'DynamicCustomComponent Expandable Frame GitHub Github Icon Latex Mermaid Panel Popup Prompt RequestExample ResponseExample SnippetGroup ' +
    'Steps Tile Tooltip Tree FileTree Variation Visibility MDX Badge Color ZoomImage'
  ).split(' '),
);
const COMPONENTS_WITH_CLEANED_ID = new Set(['Heading', 'Step', 'Update']);

/** micromark-util-sanitize-uri's `normalizeUri`, which names footnotes in their ids. */
function normalizeUri(value: string): string {
  const result: string[] = [];
  let start = 0;
  let skip = 0;
  const alphanumeric = (code: number) =>
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    let replace = '';
    if (code === 37 && alphanumeric(value.charCodeAt(index + 1)) && alphanumeric(value.charCodeAt(index + 2))) skip = 2;
    else if (code < 128) {
      if (!/[!#$&-;=?-Z_a-z~]/.test(String.fromCharCode(code))) replace = String.fromCharCode(code);
    } else if (code > 55_295 && code < 57_344) {
      const next = value.charCodeAt(index + 1);
      if (code < 56_320 && next > 56_319 && next < 57_344) {
        replace = String.fromCharCode(code, next);
        skip = 1;
      } else replace = '\uFFFD';
    } else replace = String.fromCharCode(code);
    if (replace) {
      result.push(value.slice(start, index), encodeURIComponent(replace));
      start = index + skip + 1;
    }
    if (skip) {
      index += skip;
      skip = 0;
    }
  }
  return result.join('') + value.slice(start);
}

/**
 * The ids of the rendered page, in document order: elements' literal ids (components that render
 * theirs), footnote references where they stand, and the footnotes' section at the end, as
 * mdast-util-to-hast makes them. Nothing inside a comment (an unknown element) or content hidden
 * from humans is rendered; a footnote reference there still takes its number.
 */
function collect(root: Node, panel: AnchorTarget[] | undefined, ids: AnchorTarget[]): void {
  const definitions = new Map<string, Node>();
  visit(root, (node) => {
    if (node.type === 'footnoteDefinition') {
      const id = String(node.identifier).toUpperCase();
      if (!definitions.has(id)) definitions.set(id, node);
    }
  });
  const order: string[] = [];
  const counts = new Map<string, number>();
  const walk = (node: Node, rendered: boolean, ids: AnchorTarget[]): void => {
    if (node.type === 'navlintPanel') {
      if (panel) ids.push(...panel);
      return;
    }
    if (node.type === 'footnoteDefinition') return; // rendered in the footnotes' section
    if (node.type === 'footnoteReference') {
      const id = String(node.identifier).toUpperCase();
      const count = (counts.get(id) ?? 0) + 1;
      if (count === 1) order.push(id);
      counts.set(id, count);
      if (rendered)
        ids.push({
          id: `user-content-fnref-${normalizeUri(id.toLowerCase())}${count > 1 ? `-${count}` : ''}`,
          element: 'footnote',
        });
    }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression' || hiddenFromHumans(node))
      rendered = false;
    if (rendered && isElement(node) && node.name && !COMPONENTS_WITHOUT_ID.has(node.name)) {
      const id = stringAttribute(node, 'id');
      const shown = id && COMPONENTS_WITH_CLEANED_ID.has(node.name) ? cleanHeadingId(id) : id;
      if (shown) ids.push({ id: shown, element: node.name });
    }
    node.children?.forEach((child) => walk(child, rendered, ids));
  };
  walk(root, true, ids);
  // The section: each referenced definition's content first (its own references number on), then the label and the items, each with its content.
  const contents: AnchorTarget[][] = [];
  for (let i = 0; i < order.length; i++) {
    const definition = definitions.get(order[i]);
    const content: AnchorTarget[] = (contents[i] = []);
    definition?.children?.forEach((child) => walk(child, true, content));
  }
  const items = order.flatMap((id, i) =>
    definitions.has(id)
      ? [{ id: `user-content-fn-${normalizeUri(id.toLowerCase())}`, element: 'footnote' }, ...contents[i]]
      : [],
  );
  if (items.length) ids.push({ id: 'footnote-label', element: 'footnote' }, ...items);
}

// --- Snippets ----------------------------------------------------------------------------------

/** By source, in the order of their first import: each name and whether it is the default (or namespace) one. */
type Imports = Map<string, { local: string; whole: boolean }[]>;

function importsOf(root: Node): Imports {
  const bySource: Imports = new Map();
  visit(root, (node) => {
    if (node.type !== 'mdxjsEsm') return;
    for (const statement of node.estree?.body ?? []) {
      const source = (statement.source as { value?: unknown } | undefined)?.value;
      if (statement.type !== 'ImportDeclaration' || typeof source !== 'string') continue;
      const list = bySource.get(source) ?? [];
      bySource.set(source, list);
      for (const s of (statement.specifiers as { type: string; local: { name: string } }[]) ?? []) {
        list.push({ local: s.local.name, whole: s.type !== 'ImportSpecifier' });
      }
    }
  });
  return bySource;
}

/** The names a snippet exports (getExportMapFromTree): `default` among them when it has a default export. */
function exportedNames(root: Node): Set<string> {
  const names = new Set<string>();
  for (const node of root.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.estree?.body ?? []) {
      if (statement.type === 'ExportDefaultDeclaration') names.add('default');
      if (statement.type !== 'ExportNamedDeclaration') continue;
      const declaration = statement.declaration as EsNode | null | undefined;
      const id = (declaration?.id as { name?: string } | undefined)?.name;
      if (id) names.add(id);
      for (const d of (declaration?.declarations as { id: { name?: string } }[] | undefined) ?? [])
        if (d.id.name) names.add(d.id.name);
      for (const s of (statement.specifiers as { exported: { name?: string; value?: string } }[]) ?? [])
        names.add(s.exported.name ?? s.exported.value ?? '');
    }
  }
  return names;
}

const hasExport = (node: Node) =>
  node.type === 'mdxjsEsm' && (node.estree?.body ?? []).some((s) => s.type.startsWith('Export'));

/**
 * The prebuild's `resolveAllImports`: each element of a default-imported snippet is replaced by the
 * snippet's content, its frontmatter and exports removed and its own imports resolved first.
 */
function inlineSnippets(
  root: Node,
  original: Root,
  snippet: NonNullable<AnchorOptions['snippet']>,
  open: Set<Root>,
): void {
  for (const [source, names] of importsOf(root)) {
    const target = snippet(source, original);
    if (!target || open.has(target)) continue;
    const content = copyOf(target as AnchorNode);
    open.add(target);
    inlineSnippets(content, target, snippet, open);
    open.delete(target);
    const exports = exportedNames(content);
    content.children = (content.children ?? []).filter((node) => node.type !== 'yaml' && !hasExport(node));
    for (const { local, whole } of names) {
      if (!whole || (exports.has('default') && (!exports.has(local) || exports.size === 1))) continue;
      replaceElements(root, local, content);
    }
  }
}

function replaceElements(root: Node, name: string, content: Node): void {
  const walk = (parent: Node) => {
    const children = parent.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (isFlow(node) && node.name === name) {
        const copies = (content.children ?? []).map(clone);
        children.splice(i, 1, ...copies);
        i += copies.length - 1;
        continue;
      }
      walk(node);
    }
  };
  walk(root);
}

function clone(node: Node): Node {
  return { ...node, attributes: [...node.attributes], children: node.children?.map(clone) };
}

// --- The page ---------------------------------------------------------------------------------------

function compile(root: Node, known: Set<string>, avoided: boolean, context: Context, panelOf = false): AnchorTarget[] {
  componentIds(root, avoided);
  unwrapJsxHeadings(root);
  tableOfContents(root, avoided);
  const panel = panelOf ? undefined : extractPanel(root);
  removeUnknownJsx(root, known);
  paramFieldIds(root);
  unicodeIds(root, context);
  const ids: AnchorTarget[] = [];
  collect(root, panel && compile(panel, knownComponents(panel, known), avoided, context, true), ids);
  return ids;
}

/** One id of a rendered page, and what renders it. */
export interface AnchorTarget {
  id: string;
  /**
   * The element the id is on: a component (`Heading` for every heading, `Tab`, `Accordion`, `View`,
   * `Step`, `Update`, `ParamField`, `Param`, `ResponseField`, or any other that renders its id), an
   * HTML element (`div`, `a`, `span`…), or `footnote` for the ids of footnotes and their references.
   */
  element: string;
}

/**
 * Every id a reader's browser can land on in the page, as the platform renders it, in document
 * order, each once (its first element), exactly as it stands in the rendered `id` attribute: heading
 * ids (Unicode as itself, not percent-encoded), component ids, the literal `id` of any element the
 * platform renders, and footnote ids. Never throws; `tree` is not changed.
 */
export function anchorTargets(tree: Root, options: AnchorOptions = {}): AnchorTarget[] {
  const seen = new Set<string>();
  return render(tree, options, false).filter((target) => !seen.has(target.id) && seen.add(target.id));
}

function render(tree: Root, options: AnchorOptions, smartenAll: boolean): AnchorTarget[] {
  const root = copyOf(tree as AnchorNode);
  if (options.snippet) inlineSnippets(root, tree, options.snippet, new Set([tree]));
  const avoided = untitledMode(options.mode) !== undefined;
  const context: Context = { smartened: false };
  unravel(root);
  smartenQuotes(root, context, smartenAll);
  dropPromptBodies(root);
  const imports = importsOf(root);
  const known = knownComponents(root, new Set([...imports.values()].flat().map((name) => name.local)));
  const targets = compile(root, known, avoided, context);
  // An id made of an element's whole text needs that text's curly quotes: rare enough to compile again.
  return context.readsText && !context.smartened ? render(tree, options, true) : targets;
}

/**
 * The ids of `anchorTargets`, in document order, each once: heading ids (Unicode as itself, not
 * percent-encoded), component ids (Tab, Accordion, View, Step, Update, ParamField, Param,
 * ResponseField), the literal `id` of any element the platform renders (`<div id="x">`,
 * `<a id="x">`, `<span id="x">`), and footnote ids. A link's fragment lands on one when it equals
 * it as written or once percent-decoded (the HTML standard's lookup). Never throws; `tree` is not
 * changed.
 */
export function anchorsOf(tree: Root, options: AnchorOptions = {}): string[] {
  return anchorTargets(tree, options).map((target) => target.id);
}
