import { type EndpointRef, parseEndpoint } from '../parsers/endpoint-entry';
import {
  type JNode,
  type JObject,
  type JProperty,
  type JScalar,
  type JsonPath,
  member,
  property,
  type ReadIssue,
  stringMember,
} from '../parsers/json';
import type { SourceFile, Span } from '../parsers/source';

export type ElementKind =
  | 'navigation'
  | 'group'
  | 'tab'
  | 'anchor'
  | 'dropdown'
  | 'product'
  | 'version'
  | 'language'
  | 'menu-item'
  | 'global-link'
  | 'page'
  | 'endpoint';

/** Keys that hold child elements, and the kind of element each holds. `pages` also holds strings. */
export const childContainers: Record<string, ElementKind> = {
  pages: 'group',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'menu-item',
};

/** The root-level organizational patterns of spec 2.5 rule 1 (`menu` is not one). */
export const primaryPatterns = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'];

/** The key that names an element of each kind. */
export const nameKeys: Partial<Record<ElementKind, string>> = {
  group: 'group',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  'menu-item': 'item',
};

/** The `openapi` (or `asyncapi`) value in force at an element: its own or its nearest ancestor's. */
export interface SpecScope {
  /** Spec paths or URLs as written, each with its string in docs.json and the `directory` of its object form. */
  sources: { source: string; node: JNode; directory?: string }[];
  /** The same paths alone: one list for the whole subtree in its scope. */
  sourceList: string[];
  /** The whole `openapi` value. */
  node: JNode;
  /** The element that sets it; undefined for the top-level `api.openapi`. */
  owner?: NavElement;
}

/** What every element of the navigation has. */
interface ElementBase {
  /** The element's object; for page and endpoint entries, the string. */
  readonly node: JNode;
  /** Path from the top of docs.json across `$ref` files, e.g. ['navigation', 'tabs', 0, 'groups', 1]; computed on demand. */
  readonly path: JsonPath;
  /** Position in the array that holds it (undefined for the root and a group root). */
  readonly index?: number;
  /** 0 for the navigation root. */
  readonly depth: number;
  children: NavElement[];
  /** Value of the naming key (`group`, `tab`, `item`, …) when it is a string. */
  name?: string;
  /** A group whose parent is not a group: always expanded by the platform. */
  topLevelGroup: boolean;
  openapi?: SpecScope;
}

/** The `navigation` object itself. */
export interface NavigationElement extends ElementBase {
  kind: 'navigation';
  parent?: undefined;
  container?: undefined;
}

/** What every element below the root has: its parent and the key of the array (or `root`) that holds it. */
interface ChildElement extends ElementBase {
  parent: NavElement;
  /** Key of the array that holds this element (`tabs`, `pages`, `global.anchors`), or `root` for a group root page. */
  container: string;
}

/** A page entry or a group's root: a string, the page path as written. */
export interface PageElement extends ChildElement {
  kind: 'page';
  node: JScalar;
  page: string;
}

/** An endpoint entry of `pages` (`GET /users`). */
export interface EndpointElement extends ChildElement {
  kind: 'endpoint';
  node: JScalar;
  endpoint: EndpointRef;
}

/** A group, tab, anchor, dropdown, product, version, language, menu item or global link. */
export interface DivisionElement extends ChildElement {
  kind: Exclude<ElementKind, 'navigation' | 'page' | 'endpoint'>;
}

/** An element of the navigation: its `kind` says which fields it has. */
export type NavElement = NavigationElement | PageElement | EndpointElement | DivisionElement;

/** One schema violation: `unknown` for a key the element's kind does not have, `invalid` for the rest. */
export interface SchemaIssue {
  kind: 'invalid' | 'unknown';
  span: Span;
  message: string;
  /** For `unknown`: the key, and the keys a did-you-mean may offer (those of the object forms it can be, less those it has). */
  key?: string;
  known?: string[];
  /** A required field that is absent. */
  missing?: string;
  /** For a string outside an enum: the string and the allowed values (for did-you-mean). */
  actual?: string;
  allowed?: string[];
}

export interface NavModel {
  /** The docs folder: everything navlint reads must lie inside it. */
  root: string;
  docsFile: SourceFile;
  files: SourceFile[];
  /** docs.json's top-level value (with `$ref`s followed). */
  docs: JNode | undefined;
  navigation: NavElement | undefined;
  /** Every element in document order. */
  elements: NavElement[];
  readIssues: ReadIssue[];
  /** The top-level `api.openapi`: specs for the whole site. */
  apiSpecs?: SpecScope;
}

/** Builds the navigation model from docs.json's tree in one walk; never throws on malformed shapes. */
export function buildModel(
  docs: JNode | undefined,
  context: Pick<NavModel, 'root' | 'docsFile' | 'files' | 'readIssues'>,
): NavModel {
  const model: NavModel = { ...context, docs, navigation: undefined, elements: [] };
  const apiSpecs = property(member(docs, 'api'), 'openapi');
  if (apiSpecs) model.apiSpecs = specScope(apiSpecs, undefined);
  const navNode = member(docs, 'navigation');
  // A $ref that could not be followed is json-ref's finding alone, not a navigation missing its pattern.
  if (navNode?.type !== 'object' || property(navNode, '$ref')) return model;

  const navigation = makeElement('navigation', navNode, undefined, undefined, undefined);
  model.navigation = navigation;
  // Explicit stack: real sites nest deeply, and hostile ones nest thousands of levels.
  const stack: NavElement[] = [navigation];
  while (stack.length > 0) {
    const element = stack.pop()!;
    model.elements.push(element);
    const children = childrenOf(element);
    element.children = children.filter((child) => child.container !== 'root');
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return model;
}

/** A navigation element; its path is built from its parent's only when asked (large sites have 50,000 elements). */
class Element {
  children: NavElement[] = [];
  depth: number;
  topLevelGroup: boolean;
  openapi?: SpecScope;
  name?: string;
  page?: string;
  endpoint?: EndpointRef;

  constructor(
    readonly kind: ElementKind,
    readonly node: JNode,
    readonly index: number | undefined,
    readonly parent: NavElement | undefined,
    readonly container: string | undefined,
  ) {
    this.depth = parent ? parent.depth + 1 : 0;
    this.topLevelGroup = kind === 'group' && parent?.kind !== 'group';
    this.openapi = parent?.openapi;
  }

  get path(): JsonPath {
    if (!this.parent) return ['navigation'];
    const container = this.container!.split('.');
    return this.index === undefined
      ? [...this.parent.path, ...container]
      : [...this.parent.path, ...container, this.index];
  }
}

function makeElement(
  kind: ElementKind,
  node: JNode,
  index: number | undefined,
  parent: NavElement | undefined,
  container: string | undefined,
): NavElement {
  // The kind says which fields the element has; pageElement sets a page's and an endpoint's own.
  const element = new Element(kind, node, index, parent, container) as NavElement;
  const nameKey = nameKeyOf(element);
  if (nameKey) element.name = stringMember(node, nameKey);
  const own = property(node, 'openapi') ?? property(node, 'asyncapi');
  if (own && kind !== 'page' && kind !== 'endpoint') element.openapi = specScope(own, element);
  return element;
}

/** The key whose string value names an element (`group`, `tab`, `anchor` of a global anchor, …). */
export function nameKeyOf(element: NavElement): string | undefined {
  return element.kind === 'global-link'
    ? element.container.slice('global.'.length).replace(/s$/, '')
    : nameKeys[element.kind];
}

/**
 * After a page or endpoint entry's string changed in place (src/lsp/incremental.ts): the element made
 * afresh from it, in its place in the model.
 */
export function remakeEntry(model: NavModel, element: PageElement | EndpointElement): PageElement | EndpointElement {
  const fresh = pageElement(element.node, element.index, element.parent, element.container);
  model.elements[model.elements.indexOf(element)] = fresh;
  const siblings = element.parent.children;
  const at = siblings.indexOf(element);
  if (at >= 0) siblings[at] = fresh;
  return fresh;
}

function specScope(prop: JProperty, owner: NavElement | undefined): SpecScope {
  const value = prop.value;
  // A path, a list of paths and `{ source }` objects (the platform's array form), or one `{ source }`.
  const sources = (value.type === 'array' ? value.items : [value]).flatMap((form) => {
    const node = form.type === 'object' ? member(form, 'source') : form;
    if (node?.type !== 'string') return [];
    const directory = form.type === 'object' ? stringMember(form, 'directory') : undefined;
    return [{ source: node.value as string, node, ...(directory !== undefined ? { directory } : {}) }];
  });
  return { sources, sourceList: sources.map((s) => s.source), node: value, owner };
}

function childrenOf(element: NavElement): NavElement[] {
  const node = element.node;
  if (node.type !== 'object' || element.kind === 'page' || element.kind === 'endpoint') return [];
  const children: NavElement[] = [];
  const properties = (node as JObject).properties;
  // Of two equal keys JSON.parse keeps the last: so does the model (duplicate-key reports the other).
  const last = new Map(properties.map((prop, index) => [prop.key, index]));
  for (let p = 0; p < properties.length; p++) {
    const prop = properties[p];
    if (last.get(prop.key) !== p) continue;
    // The navigation root and every division may carry `global` links (the published schema has them on all but groups).
    if (
      element.kind !== 'group' &&
      element.kind !== 'global-link' &&
      prop.key === 'global' &&
      prop.value.type === 'object'
    ) {
      for (const link of prop.value.properties) {
        if (link.value.type !== 'array') continue;
        link.value.items.forEach((item, index) => {
          if (item.type === 'object') {
            children.push(makeElement('global-link', item, index, element, `global.${link.key}`));
          }
        });
      }
      continue;
    }
    if (prop.key === 'root' && element.kind === 'group' && prop.value.type === 'string') {
      children.push(pageElement(prop.value, undefined, element, 'root'));
      continue;
    }
    const kind = childContainers[prop.key];
    if (!kind || prop.value.type !== 'array') continue;
    prop.value.items.forEach((item, index) => {
      // A $ref that could not be followed is json-ref's finding alone, not an element missing its fields.
      if (item.type === 'object' && property(item, '$ref')) return;
      if (item.type === 'object') children.push(makeElement(kind, item, index, element, prop.key));
      else if (item.type === 'string' && prop.key === 'pages')
        children.push(pageElement(item, index, element, prop.key));
      // Anything else is the wrong type; the schema of the parent reports it.
    });
  }
  return children;
}

function pageElement(
  node: JScalar,
  index: number | undefined,
  parent: NavElement,
  container: string,
): PageElement | EndpointElement {
  const text = node.value as string;
  const endpoint = container === 'pages' ? parseEndpoint(text) : undefined;
  const element = makeElement(endpoint ? 'endpoint' : 'page', node, index, parent, container);
  if (element.kind === 'endpoint') element.endpoint = endpoint!;
  else if (element.kind === 'page') element.page = text;
  return element as PageElement | EndpointElement;
}

/**
 * Every `openapi` that docs.json sets, once each: the elements' own (not the one an element inherits,
 * each with its element as `owner`), in document order, then the top-level `api.openapi` (no owner).
 */
export function specScopes(model: NavModel): SpecScope[] {
  const scopes = model.elements.filter((e) => e.openapi?.owner === e).map((e) => e.openapi!);
  if (model.apiSpecs) scopes.push(model.apiSpecs);
  return scopes;
}

/** The objects whose `$ref` could not be followed (json-ref reports each): the fields they lack are none of another rule's business. */
export function unresolvedRefs(model: NavModel): JNode[] {
  return model.readIssues.flatMap((issue) =>
    issue.kind === 'ref' && 'parent' in issue.span && issue.span.parent ? [issue.span.parent as JNode] : [],
  );
}

/** The specs in force at an element (its own `openapi`, its nearest ancestor's, else `api.openapi`), or undefined when none is. */
export function specsInForce(model: NavModel, element: NavElement): string[] | undefined {
  const scope = element.openapi ?? model.apiSpecs;
  return scope && scope.sourceList.length > 0 ? scope.sourceList : undefined;
}

/** How an element is named in messages: `group "Get started"`, `tab #2` (no name, or an empty one), `navigation`. */
export function describeElement(element: NavElement): string {
  const label =
    element.kind === 'global-link'
      ? `global ${element.container.slice('global.'.length).replace(/s$/, '')}`
      : element.kind.replace('-', ' ');
  if (element.kind === 'navigation') return 'navigation';
  if (element.name) return `${label} "${element.name}"`;
  return element.index !== undefined ? `${label} #${element.index + 1}` : label;
}
