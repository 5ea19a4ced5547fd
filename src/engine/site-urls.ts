import { didYouMean, SuggestionIndex } from '../common/suggest';
import { type JNode, member } from '../parsers/json-tree';
import { type Operation, operationId } from '../parsers/openapi';
import { defaultDirectory, generatedPagePaths, type PageOperation } from '../site/endpoint-page-path';
import type { SiteIndex } from '../site/site-index';
import { type DocsLinks, docsLinks, isExternal, type RedirectEntry, redirectsOf } from './docs-json';
import { type NavElement, type NavModel, specScopes, specsInForce } from './model';

/** A page the platform generates from an OpenAPI operation. */
export interface GeneratedPage {
  /** Relative to the docs root, no leading slash. */
  path: string;
  /** The spec's absolute path. */
  specFile: string;
  operation: Operation;
  /** The entry that generates it, or the element whose `openapi` generates every operation. */
  element: NavElement;
  /** What its path was worked out from. */
  pageOperation: PageOperation;
}

/**
 * What a path inside the site is: a page file, a page generated from an operation, a redirect's
 * source, a folder of pages the navigation lists (served as the first of them), or a path under the
 * directory of a spec given by URL that navlint did not read (`unread`: it cannot tell, and says so once).
 */
export type Landing = 'page' | 'generated' | 'redirect' | 'folder' | 'unread';

/** The URLs of a site, as the platform builds them: its pages, its generated endpoint pages, its redirects. */
export interface SiteUrls {
  redirects: readonly RedirectEntry[];
  /** Where a path inside the site (`/guides/intro`, `guides/intro/#setup`) lands, if anywhere. */
  landing(url: string): Landing | undefined;
  /**
   * The path a link that lands nowhere most likely means: one with the same last segment, else the
   * nearest spelling that is near (`isNear`); never one of `besides` (paths as pagePaths has them: the page the link is on,
   * a page it reaches already), which would send the reader nowhere new.
   */
  nearest(url: string, besides?: ReadonlySet<string>): string | undefined;
  /** The paths of the site's pages and generated endpoint pages (no leading slash): what a link may name. */
  pagePaths(): string[];
  /**
   * The first segment (`docs`) that nearly every redirect's source and destination starts with
   * when the site has no page under it and the destinations land without it: the base path the
   * site is served under, written into redirects whose paths are relative to the site.
   */
  redirectBasePath(): string | undefined;
  /**
   * The base path the site is served under as docs.json shows it (servedBasePath): a segment, or
   * none (the root of its host); undefined when docs.json shows nothing of it.
   */
  basePath(): ServedBasePath | undefined;
  /**
   * Whether a link's first segment may be the base path the site is served under (a URL of the
   * host, `/docs/quickstart` on a site served at example.com/docs): the one docs.json shows
   * (basePath), or, when it shows none, the one its redirects carry (redirectBasePath) or one the
   * platform serves sites under (platformBasePaths) where the site has nothing of its own: no page,
   * file, folder, generated page or redirect source at it or under it. Only a guess then: a caller
   * that relies on it says so.
   */
  mayBeBasePath(segment: string): boolean;
}

/** Where the site is served, as docs.json shows it. */
export interface ServedBasePath {
  /** The first segment of the site's URLs (`docs`), or undefined at the root of its host. */
  segment: string | undefined;
}

/**
 * The one-segment base paths the platform serves sites under itself (@mintlify/common's
 * MANAGED_BASE_PATHS; a site may set another through a reverse proxy). Its renderer strips a
 * base path a path carries (removeBasePath in getS3ImageUri for images, stripLeadingBasePath).
 */
export const platformBasePaths: ReadonlySet<string> = new Set([
  'docs',
  'help',
  'guides',
  'wiki',
  'developers',
  'academy',
  'connect',
  'go',
  'blog',
]);

/** Nearly every redirect path carries the segment: the share of them it must be in. */
const basePathShare = 0.9;
/** Fewer redirects than this say nothing of a base path: one redirect to a missing "/docs/x" is one broken redirect. */
const basePathMinimum = 5;

/**
 * Where a URL of the site lands through a redirect to `destination`: the destination with the URL's
 * query after its own (the platform passes it on) and the URL's fragment unless it has one (a
 * browser keeps it across a redirect that sets none).
 */
export function redirectedUrl(url: string, destination: string): string {
  const [path, query, fragment] = urlParts(destination);
  const [, urlQuery, urlFragment] = urlParts(url);
  const queries = [query, urlQuery].filter(Boolean).join('&');
  return `${path}${queries ? `?${queries}` : ''}${fragment || urlFragment ? `#${fragment || urlFragment}` : ''}`;
}

/** A URL's path, query and fragment, the last two without their `?` and `#`. */
function urlParts(url: string): [string, string, string] {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  return question < 0
    ? [beforeHash, '', fragment]
    : [beforeHash.slice(0, question), beforeHash.slice(question + 1), fragment];
}

/** A path as the platform reads a URL inside the site: no leading or trailing slash, no query or fragment. */
export function sitePath(url: string): string {
  return url
    .replace(/[?#].*$/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
}

/** The page file that serves a site path (no leading or trailing slash): the page, or its folder's index; the root's index for ''. */
export function pageAt(site: SiteIndex, path: string): string | undefined {
  return path === '' ? site.pageFile('index') : (site.pageFile(path) ?? site.pageFile(`${path}/index`));
}

/** A redirect source as the platform reads it: a plain path (as `sitePath` has it), or a pattern with the matcher of the paths it takes. */
export type RedirectSource = { path: string; pattern?: undefined } | { path?: undefined; pattern: RegExp };

/**
 * When two redirect paths are one path: "/old", "old" and "/old/" are; "/old#a" and "/old#b" are not,
 * so the query and fragment stay. The platform's build compares sources as written: two sources of
 * one path build, and only one of them can fire.
 */
export function redirectPathKey(value: string): string {
  return value.replace(/^\/+/, '').replace(/\/+($|(?=[?#]))/, '');
}

/**
 * What a redirect source is: a pattern when its path has a parameter, a wildcard or a group
 * (`:name` is one segment, `:name*` any rest (none too), `:name+` one or more), else a plain path.
 * A pattern captures each parameter under its name (the first, when a name repeats).
 */
export function redirectSource(source: string): RedirectSource {
  const path = sitePath(source);
  if (!/[:*(]/.test(path)) return { path };
  let pattern = '';
  const named = new Set<string>();
  const capture = (name: string, body: string) => {
    if (named.has(name)) return body;
    named.add(name);
    return `(?<${name}>${body})`;
  };
  path.split('/').forEach((segment, i) => {
    const slash = i === 0 ? '' : '/';
    const param = /^:([A-Za-z_]\w*)([*+?]?)$/.exec(segment);
    if (param?.[2] === '*') pattern += i === 0 ? capture(param[1], '.*') : `(?:/${capture(param[1], '.*')})?`;
    else if (param?.[2] === '+') pattern += `${slash}${capture(param[1], '.+')}`;
    else if (param?.[2] === '?') pattern += `(?:${slash}${capture(param[1], '[^/]+')})?`;
    else if (param) pattern += `${slash}${capture(param[1], '[^/]+')}`;
    else pattern += slash + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '.*');
  });
  return { pattern: new RegExp(`^${pattern}$`) };
}

/**
 * Where a redirect sends a site path (no leading slash), or undefined when its source does not take
 * the path: the destination as written, each `:name` in it replaced by what the source's parameter took.
 */
export function redirectDestination(source: RedirectSource, destination: string, path: string): string | undefined {
  if (source.path !== undefined) return source.path === path ? destination : undefined;
  const match = source.pattern.exec(path);
  if (!match) return undefined;
  // A `?` after a parameter is its modifier only at the end of a segment: `:slug?ref=q` starts a query.
  return destination.replace(/:([A-Za-z_]\w*)(?:[*+]|\?(?=$|[/#]))?/g, (written, name: string) =>
    match.groups && name in match.groups ? (match.groups[name] ?? '') : written,
  );
}

/**
 * The site's URLs. Of the navigation's page entries they read only the folders those list
 * (foldersOfListedPages): an edit of a page entry that leaves these as they were leaves the URLs as they were.
 */
export function siteUrls(model: NavModel, site: SiteIndex): SiteUrls {
  const redirects = redirectsOf(model);
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const { source } of redirects) {
    if (!source) continue;
    const { path, pattern } = redirectSource(source.value as string);
    if (pattern) patterns.push(pattern);
    else exact.add(path);
  }
  // Generated pages and their folders (`api-reference`, which the platform serves as the section's
  // start), worked out only when a link lands on no page or redirect: a spec may have 100,000 operations.
  let generated: Map<string, GeneratedPage> | undefined;
  const generatedFolders = new Set<string>();
  const generatedPaths = () => {
    if (!generated) {
      generated = new Map();
      for (const page of generatedPages(model, site, { unlistedOperations: true })) {
        if (!generated.has(page.path)) generated.set(page.path, page);
      }
      for (const path of generated.keys())
        for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1))
          generatedFolders.add(path.slice(0, at));
    }
    return generated;
  };
  // Folders of the pages the navigation lists, worked out only when a path lands on nothing else.
  let listedFolders: Set<string> | undefined;
  const listedFolder = (at: string) => (listedFolders ??= foldersOfListedPages(model, site)).has(at);
  let unreadFolders: string[] | undefined;
  const unreadFolder = (at: string) =>
    (unreadFolders ??= unreadSpecs(model, site).map((spec) => spec.directory)).some(
      (folder) => at === folder || at.startsWith(`${folder}/`),
    );
  function landing(url: string): Landing | undefined {
    const at = sitePath(url);
    // The site root always serves something; the generated pages are worked out last, only when needed.
    if (at === '' || pageAt(site, at) !== undefined) return 'page';
    if (exact.has(at) || patterns.some((p) => p.test(at))) return 'redirect';
    if (listedFolder(at)) return 'folder';
    if (generatedPaths().has(at) || generatedFolders.has(at)) return 'generated';
    if (unreadFolder(at)) return 'unread';
    return undefined;
  }
  let basePath: { segment: string | undefined } | undefined;
  const carriedBasePath = () => (basePath ??= { segment: redirectBasePath(redirects, site, landing) }).segment;
  let served: { shown: ServedBasePath | undefined } | undefined;
  const shownBasePath = () =>
    (served ??= { shown: servedBasePath(model, { landing, ownSegment, carriedBasePath }) }).shown;
  // First segments the site has something at or under: pages, scripts, files, redirect sources.
  let ownSegments: Set<string> | undefined;
  const ownSegment = (segment: string) => {
    if (!ownSegments) {
      ownSegments = new Set();
      const add = (path: string) => ownSegments!.add(sitePath(path).split('/')[0]);
      for (const file of [...site.pages().values(), ...site.scriptFiles(), ...site.assetFiles()]) add(file);
      for (const { source } of redirects) if (typeof source?.value === 'string') add(source.value);
    }
    return ownSegments.has(segment) || landing(segment) !== undefined;
  };
  const pagePaths = () => [...site.pages().keys(), ...generatedPaths().keys()];
  const nearestPage = pageSuggestions(pagePaths);
  return {
    redirects,
    landing,
    pagePaths,
    nearest: (url, besides) => nearestPage(sitePath(url), besides),
    redirectBasePath: carriedBasePath,
    basePath: shownBasePath,
    mayBeBasePath: (segment) => segment !== '' && mayBeBasePath(segment, shownBasePath(), carriedBasePath, ownSegment),
  };
}

/**
 * The page nearest to a path (SiteUrls.nearest), none of `besides`, among `candidates` (asked for
 * at the first question: a site with thousands of broken links asks thousands of times).
 */
function pageSuggestions(
  candidates: () => string[],
): (at: string, besides?: ReadonlySet<string>) => string | undefined {
  let suggestions: { index: SuggestionIndex; byName: Map<string, string[]> } | undefined;
  const search = (at: string, besides?: ReadonlySet<string>): string | undefined => {
    if (!suggestions) {
      const all = candidates();
      const byName = new Map<string, string[]>();
      for (const candidate of all) {
        const name = nameOf(candidate);
        let named = byName.get(name);
        if (!named) byName.set(name, (named = []));
        named.push(candidate);
      }
      suggestions = { index: new SuggestionIndex(all), byName };
    }
    // A page moved to another folder keeps its name: "/providers/anthropic" → "/providers/top-level/anthropic",
    // give or take case and punctuation ("/api-reference/customerupdated" → "/api-reference/2026-04/customer_updated").
    const skip = besides?.size ? (candidate: string) => besides.has(candidate) : undefined;
    const named = suggestions.byName.get(nameOf(at)) ?? [];
    const moved = skip ? named.filter((candidate) => !skip(candidate)) : named;
    return didYouMean(at, moved, Infinity) ?? suggestions.index.nearest(at, undefined, skip)?.candidate;
  };
  // Many links may name one missing path (a snippet's link, on every page that renders it). Ruling
  // out `besides` only takes candidates away: the answer without it stands unless it is one of them.
  const nearestOf = new Map<string, string | undefined>();
  return (at, besides) => {
    if (!nearestOf.has(at)) nearestOf.set(at, search(at));
    const nearest = nearestOf.get(at);
    return nearest !== undefined && besides?.has(nearest) ? search(at, besides) : nearest;
  };
}

/** A path's last segment as a moved page keeps it: its letters and digits, lower case. */
const nameOf = (path: string) =>
  path
    .slice(path.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** See SiteUrls.mayBeBasePath. */
function mayBeBasePath(
  segment: string,
  shown: ServedBasePath | undefined,
  carriedBasePath: () => string | undefined,
  ownSegment: (segment: string) => boolean,
): boolean {
  if (shown) return segment === shown.segment;
  // Nothing shows it, or what does disagrees: the redirects' own segment (no page has it), or a platform's.
  return segment === carriedBasePath() || (platformBasePaths.has(segment) && !ownSegment(segment));
}

/**
 * The base path the site is served under, from what docs.json shows of it, never from a segment's
 * name alone (a site at docs.example.com may link `/docs/sdk/x`, which is broken there): its
 * `seo.metatags.canonical` URL; else its absolute links to itself (a navbar's, a footer's, a
 * redirect's destination): a URL whose path of two segments or more is a page of the site as it
 * is says the site is at its host's root, one that is a page once a first segment the site has
 * nothing at is dropped (of two segments or more, or one under a segment the platform serves sites
 * under) says it is under that segment; else the segment its redirects carry (redirectBasePath). Undefined when
 * none shows it, or what does disagrees.
 */
function servedBasePath(
  model: NavModel,
  site: {
    landing: (url: string) => Landing | undefined;
    ownSegment: (segment: string) => boolean;
    carriedBasePath: () => string | undefined;
  },
): ServedBasePath | undefined {
  const node = member(member(member(model.docs, 'seo'), 'metatags'), 'canonical');
  const canonical = node?.type === 'string' ? (node.value as string) : undefined;
  const canonicalUrl = canonical === undefined ? undefined : parsedUrl(canonical);
  if (canonicalUrl) return { segment: sitePath(safeDecode(canonicalUrl.pathname)).split('/')[0] || undefined };
  const shown: ServedBasePath[] = [];
  const links = selfLinks(model, docsLinks(model), site);
  if (links) shown.push(links);
  const carried = site.carriedBasePath();
  if (carried !== undefined) shown.push({ segment: carried });
  return shown.length > 0 && shown.every(({ segment }) => segment === shown[0].segment) ? shown[0] : undefined;
}

/** What docs.json's absolute links to the site show of its base path (servedBasePath), when every such link agrees. */
function selfLinks(
  model: NavModel,
  { strings, links }: DocsLinks,
  site: { landing: (url: string) => Landing | undefined; ownSegment: (segment: string) => boolean },
): ServedBasePath | undefined {
  const hrefs = [
    ...strings.map(({ node }) => node.value as string),
    ...links.map(({ href }) => href),
    ...redirectsOf(model).flatMap(({ destination }) =>
      typeof destination?.value === 'string' ? [destination.value] : [],
    ),
  ];
  const verdicts: ServedBasePath[] = [];
  for (const href of hrefs) {
    const url = /^https?:\/\//i.test(href.trim()) ? parsedUrl(href.trim()) : undefined;
    const path = url && sitePath(safeDecode(url.pathname));
    if (!path) continue;
    const slash = path.indexOf('/');
    const [first, rest] = slash < 0 ? [path, ''] : [path.slice(0, slash), path.slice(slash + 1)];
    // A redirect's source may be any site's path (`/blog` sent to example.com/blog): only a page shows the site.
    const onPage = (at: string) => ['page', 'generated', 'folder'].includes(site.landing(at) ?? '');
    // One segment is too common a name to show anything: the product's site has a /changelog too,
    // and a /blog/changelog; under a segment the platform serves sites under, it is a docs page.
    const telling = (at: string) => at.includes('/') || platformBasePaths.has(first);
    if (rest && onPage(path)) verdicts.push({ segment: undefined });
    else if (rest && telling(rest) && !site.ownSegment(first) && onPage(rest)) verdicts.push({ segment: first });
  }
  return verdicts.length > 0 && verdicts.every(({ segment }) => segment === verdicts[0].segment)
    ? verdicts[0]
    : undefined;
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A path percent-decoded, or as it is when it does not decode. */
export function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A spec given by URL that navlint did not read (`--check-external` fetches it), where docs.json first names it. */
export interface UnreadSpec {
  source: string;
  node: JNode;
  /** Where its generated pages would be (no leading slash): the `directory` it is given with, or the platform's default. */
  directory: string;
  /** Why it was not read: fetching it failed so (`answers 404`); undefined when it was not fetched. */
  fetchError?: string;
}

/**
 * The specs given by URL that navlint did not read, each once, in docs.json's order: an `openapi`
 * value's (of an element or api.openapi) and a spec an endpoint entry names. Offline, what depends on
 * them (their entries, their generated pages, links into their directory) cannot be judged.
 */
export function unreadSpecs(model: NavModel, site: SiteIndex): UnreadSpec[] {
  const unread = new Map<string, UnreadSpec>();
  const add = (source: string, node: JNode, directory: string | undefined) => {
    const lookup = site.lookupSpec(source);
    if (!lookup.remote || lookup.spec || unread.has(source)) return;
    const folder = sitePath(directory ?? defaultDirectory);
    unread.set(source, {
      source,
      node,
      directory: folder,
      ...(lookup.fetchError ? { fetchError: lookup.fetchError } : {}),
    });
  };
  for (const { sources } of specScopes(model))
    for (const { source, node, directory } of sources) add(source, node, directory);
  for (const element of model.elements)
    if (element.kind === 'endpoint' && element.endpoint?.spec)
      add(element.endpoint.spec, element.node, directoryOf(element));
  return [...unread.values()];
}

/** Every folder above a page the navigation lists whose file exists (`cli` for `cli/introduction`). */
export function foldersOfListedPages(model: NavModel, site: SiteIndex): Set<string> {
  const folders = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.page === undefined) continue;
    const path = sitePath(element.page).replace(/\.mdx?$/, '');
    if (pageAt(site, path) === undefined) continue;
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) folders.add(path.slice(0, at));
  }
  return folders;
}

/** A redirect path or link without its first segment when that is `segment` ("/docs/a#b" → "/a#b"), else undefined. */
export function withoutSegment(url: string, segment: string): string | undefined {
  const match = /^\/*([^/?#]*)/.exec(url)!;
  if (match[1] !== segment) return undefined;
  const rest = url.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** See SiteUrls.redirectBasePath. */
function redirectBasePath(
  redirects: readonly RedirectEntry[],
  site: SiteIndex,
  landing: (url: string) => Landing | undefined,
): string | undefined {
  const values = redirects
    .flatMap(({ source, destination }) => [source, destination])
    .flatMap((node) => (typeof node?.value === 'string' && !isExternal(node.value) ? [node.value] : []));
  const firstSegments = new Map<string, number>();
  for (const value of values) {
    const first = sitePath(value).split('/')[0];
    firstSegments.set(first, (firstSegments.get(first) ?? 0) + 1);
  }
  if (redirects.length < basePathMinimum) return undefined;
  const [segment, count] = [...firstSegments].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ['', 0]);
  if (segment === '' || /[:*(]/.test(segment) || count < basePathShare * values.length) return undefined;
  const segmentLanding = landing(`/${segment}`); // a redirect from "/docs" itself is one of them
  if (
    (segmentLanding && segmentLanding !== 'redirect') ||
    [...site.pages().keys()].some((page) => page.startsWith(`${segment}/`))
  )
    return undefined;
  const destinations = redirects
    .flatMap(({ destination }) =>
      typeof destination?.value === 'string' ? [withoutSegment(destination.value, segment)] : [],
    )
    .filter((d) => d !== undefined);
  const landed = destinations.filter((d) => /[:*]/.test(sitePath(d)) || landing(d)).length;
  // None of them lands with the segment (no page has it); most must without it, a few may be broken anyway.
  return landed > destinations.length / 2 ? segment : undefined;
}

/** How a caller of generatedPages reads the navigation's endpoints. */
export interface GeneratedPagesOptions {
  /** Also one page per other operation (but x-excluded ones) of the specs an element sets. */
  unlistedOperations: boolean;
}

/**
 * The pages the navigation's endpoints generate, in the order the platform numbers them: one per
 * operation an entry names (the first entry of an operation decides its page), then, if asked, one per
 * other operation of the specs an element sets. Paths follow the platform: the directory, the tag, the
 * summary, `x-mint.href`, numbered within a group. Two pages may share a path: a clash for the caller.
 */
export function generatedPages(model: NavModel, site: SiteIndex, options: GeneratedPagesOptions): GeneratedPage[] {
  // By the element whose children they are, then by directory: one openapi list may give its specs different directories.
  const groups = new Map<NavElement | undefined, Map<string | undefined, Omit<GeneratedPage, 'path'>[]>>();
  const seen = new Set<string>();
  const add = (
    group: NavElement | undefined,
    directory: string | undefined,
    element: NavElement,
    specFile: string,
    operation: Operation,
  ) => {
    const key = `${specFile}\u0000${operationId(operation)}`;
    if (seen.has(key)) return; // the first entry of an operation decides its page
    seen.add(key);
    let byDirectory = groups.get(group);
    if (!byDirectory) groups.set(group, (byDirectory = new Map()));
    let list = byDirectory.get(directory);
    if (!list) byDirectory.set(directory, (list = []));
    list.push({ element, specFile, operation, pageOperation: indexedPageOperation(operation) });
  };
  for (const element of model.elements) {
    if (element.kind === 'endpoint') {
      const { operation, spec } = site.resolveEndpoint(element.endpoint, specsInForce(model, element));
      if (operation && spec?.spec)
        add(element.parent, directoryOf(element, spec.source), element, spec.spec.file, operation);
    }
  }
  // Then every other operation of the specs an element sets: all of them when it lists no children
  // (spec 2.5), and the platform serves the pages of those it does not list too (real sites redirect
  // to them), so a link to one lands.
  if (options.unlistedOperations) {
    for (const { owner: element, sources } of specScopes(model)) {
      if (!element) continue; // api.openapi: only the specs an element sets
      for (const { source, directory } of sources) {
        const spec = site.lookupSpec(source).spec;
        if (!spec) continue;
        for (const operation of [...spec.operations.values(), ...spec.webhooks.values()])
          if (!operation.excluded) add(element, directory, element, spec.file, operation);
      }
    }
  }
  const pages: GeneratedPage[] = [];
  for (const byDirectory of groups.values()) {
    for (const [directory, list] of byDirectory) {
      const paths = generatedPagePaths(
        list.map((entry) => entry.pageOperation),
        { directory },
      );
      for (const [i, entry] of list.entries()) pages.push({ path: paths[i], ...entry });
    }
  }
  return pages;
}

/** What the path of an operation's page depends on, as the spec index has it. */
function indexedPageOperation(operation: Operation): PageOperation {
  return { ...operation, tags: operation.tag === undefined ? undefined : [operation.tag] };
}

/** The `directory` given with a spec of the `openapi` in force at an element (its object form, or an object of its list). */
export function directoryOf(element: NavElement, source?: string): string | undefined {
  const sources = element.openapi?.sources ?? [];
  return (source === undefined ? sources[0] : sources.find((s) => s.source === source))?.directory;
}
