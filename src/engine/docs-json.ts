import { type JNode, type JScalar, member } from '../parsers/json';
import type { Span } from '../parsers/source';
import { describeElement, type NavModel } from './model';

/** A URL of another site (`https://…`, `//cdn…`, `mailto:…`, `data:…`), which navlint never fetches. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** A string of docs.json and what it is, for messages: `logo.light`, `navbar link #2`, `tab "Blog"`. */
export interface NamedString {
  node: JScalar;
  /** Where it is, in words. */
  label: string;
}

/** A link written inside a string (a markdown link in a banner's content): its target and where it is. */
export interface Link {
  href: string;
  span: Span;
  label: string;
}

/**
 * Every string under `root` at a path pattern: keys, `*` for every item of an array or value of an
 * object, `?` for a string itself or its `light` and `dark` (the forms of a logo, a favicon, an image).
 */
function stringsAt(root: JNode | undefined, pattern: string[], label: string): NamedString[] {
  if (!root) return [];
  const [head, ...rest] = pattern;
  if (head === undefined) return root.type === 'string' ? [{ node: root, label }] : [];
  if (head === '?') {
    if (root.type === 'string') return [{ node: root, label }];
    return ['light', 'dark'].flatMap((mode) => stringsAt(member(root, mode), rest, `${label}.${mode}`));
  }
  if (head === '*') {
    const children =
      root.type === 'array'
        ? root.items.map((item, i) => [item, `${label} #${i + 1}`] as const)
        : root.type === 'object'
          ? root.properties.map((p) => [p.value, `${label}.${p.key}`] as const)
          : [];
    return children.flatMap(([child, name]) => stringsAt(child, rest, name));
  }
  return stringsAt(member(root, head), rest, label ? `${label}.${head}` : head);
}

/** The files docs.json names outside navigation: images, icons of the site, self-hosted fonts. */
export function namedFiles(model: NavModel): NamedString[] {
  const docs = model.docs;
  return [
    ...stringsAt(docs, ['logo', '?'], ''),
    ...stringsAt(docs, ['favicon', '?'], ''),
    ...stringsAt(docs, ['background', 'image', '?'], ''),
    ...stringsAt(docs, ['thumbnails', 'background'], ''),
    ...stringsAt(docs, ['fonts', 'source'], ''),
    ...stringsAt(docs, ['fonts', 'heading', 'source'], ''),
    ...stringsAt(docs, ['fonts', 'body', 'source'], ''),
  ].map((named) => ({ ...named, label: named.label.replace(/^\./, '') }));
}

/** The hrefs of a navbar, a footer and a banner, under an object that has them (docs.json, or a language). */
function barLinks(owner: JNode | undefined, prefix: string): NamedString[] {
  return [
    ...stringsAt(member(owner, 'navbar'), ['links', '*', 'href'], `${prefix}navbar link`).map(renumber),
    ...stringsAt(member(owner, 'navbar'), ['primary', 'href'], `${prefix}navbar primary button`).map((s) => ({
      ...s,
      label: s.label.replace(/\.primary\.href$/, ''),
    })),
    ...stringsAt(member(owner, 'footer'), ['links', '*', 'items', '*', 'href'], `${prefix}footer link`).map(renumber),
  ];
}

/** `navbar link.links #2.href` → `navbar link #2`: labels of items named by their position. */
function renumber(named: NamedString): NamedString {
  return {
    ...named,
    label: named.label.replace(/\.links #(\d+)(?:\.items #(\d+))?\.href$/, (_, a: string, b?: string) =>
      b ? ` #${a}.${b}` : ` #${a}`,
    ),
  };
}

/**
 * Every link that docs.json writes: the `href` of navigation elements and global links, of navbar,
 * footer and contextual-menu entries (also a language's own navbar and footer), the logo's, and the
 * markdown links of banners.
 */
export interface DocsLinks {
  /** Strings that are links (hrefs). */
  strings: NamedString[];
  /** Links inside text (a banner's markdown). */
  links: Link[];
}

export function docsLinks(model: NavModel): DocsLinks {
  const strings: NamedString[] = [];
  for (const element of model.elements) {
    if (element.node.type !== 'object') continue; // a page or endpoint entry: a string, no links
    const href = member(element.node, 'href');
    if (href?.type === 'string') strings.push({ node: href, label: `${describeElement(element)}` });
    if (element.kind === 'language') strings.push(...barLinks(element.node, `${describeElement(element)}: `));
  }
  strings.push(...barLinks(model.docs, ''));
  strings.push(...stringsAt(model.docs, ['logo', 'href'], '').map((s) => ({ ...s, label: 'logo' })));
  strings.push(
    ...stringsAt(model.docs, ['contextual', 'options', '*', 'href'], 'contextual option').map((s) => ({
      ...s,
      label: s.label.replace(/\.options #(\d+)\.href$/, ' #$1'),
    })),
  );
  const banners = [
    ...stringsAt(model.docs, ['banner', 'content'], '').map((s) => ({ ...s, label: 'banner' })),
    ...model.elements
      .filter((e) => e.kind === 'language')
      .flatMap((e) => stringsAt(member(e.node, 'banner'), ['content'], `banner of ${describeElement(e)}`)),
  ];
  return {
    strings: strings.map((s) => ({ ...s, label: s.label.replace(/\.content$/, '') })),
    links: banners.flatMap(markdownLinks),
  };
}

/** The targets of `[text](target)` in a string, each with its place in the file. */
function markdownLinks({ node, label }: NamedString): Link[] {
  const raw = node.file.text.slice(node.offset, node.offset + node.length);
  const links: Link[] = [];
  // A target may hold balanced parentheses, as in CommonMark: [x](javascript:alert(1)).
  for (const match of raw.matchAll(/\]\(\s*((?:[^\s()]|\([^\s()]*\))+)/g)) {
    const start = node.offset + match.index! + match[0].indexOf(match[1]);
    links.push({
      href: match[1],
      span: { file: node.file, offset: start, length: match[1].length },
      label: label.replace(/\.content$/, ''),
    });
  }
  return links;
}

/** One entry of docs.json's `redirects`. */
export interface RedirectEntry {
  /** The entry's object. */
  node: JNode;
  /** Its `source` and `destination` strings, when they are strings. */
  source?: JScalar;
  destination?: JScalar;
  /**
   * `"permanent": false`: an alias meant to move (`/latest` to this release's page), which a link or
   * redirect pointed straight at today's destination would outlive.
   */
  temporary: boolean;
}

/** The entries of `redirects`, in order. */
export function redirectsOf(model: NavModel): RedirectEntry[] {
  const list = member(model.docs, 'redirects');
  if (list?.type !== 'array') return [];
  return list.items.map((node) => {
    const source = member(node, 'source');
    const destination = member(node, 'destination');
    const permanent = member(node, 'permanent');
    return {
      node,
      source: source?.type === 'string' ? source : undefined,
      destination: destination?.type === 'string' ? destination : undefined,
      temporary: permanent?.type === 'boolean' && permanent.value === false,
    };
  });
}

/**
 * docs.json's `variables`, which the platform puts into snippets before it parses them: its string
 * values (the platform's schema takes no other, and stops the build on one), the last of a name
 * written twice; undefined when there are none.
 */
export function variablesOf(model: NavModel): Record<string, string> | undefined {
  const node = member(model.docs, 'variables');
  if (node?.type !== 'object') return undefined;
  const variables: Record<string, string> = {};
  for (const { key, value } of node.properties) if (value.type === 'string') variables[key] = value.value as string;
  return Object.keys(variables).length > 0 ? variables : undefined;
}
