import { resolveImportSource } from '../parsers/import-scan';
import type { PageLink } from '../parsers/page-parse';
import type { Span } from '../parsers/source';
import type { SiteIndex } from '../site/site-index';
import { type DocsLinks, docsLinks, isExternal } from './docs-json';
import type { NavModel } from './model';
import {
  type Landing,
  pageAt,
  type RedirectSource,
  redirectDestination,
  redirectSource,
  type SiteUrls,
  safeDecode,
  sitePath,
} from './site-urls';

/** Where a link in a page goes, as a reader's browser follows it on the site the platform serves. */
export type LinkTarget =
  /** Not checked: external, a template, a link with no path. */
  | { kind: 'skip' }
  /** The same page's anchor (`#id`). */
  | { kind: 'self'; fragment: string }
  /**
   * A URL of the site (`path` without slashes, query or fragment); `file` is the page file when it
   * is a page; `guessedBasePath` when it lands only without a first segment that docs.json does not
   * show to be the site's base path (SiteUrls.mayBeBasePath).
   */
  | { kind: Landing; path: string; file?: string; fragment?: string; guessedBasePath?: string }
  /** A file of the docs folder served as it is (an image, a PDF). */
  | { kind: 'file'; path: string; guessedBasePath?: string }
  /**
   * Nothing: `path` as the browser resolves it; `platformPath` when the platform's checker reads it
   * otherwise and that lands; `leftOut` when a file is there that the deploy leaves out (the path's, or its page's).
   */
  | {
      kind: 'missing';
      path: string;
      platformPath?: string;
      leftOut?: true;
      /**
       * The redirect that sends the path where nothing is, the last of a chain (or, `loop`, the first
       * of redirects that come back round): its source, and the path it sends to.
       */
      through?: { source: string; destination: string; loop?: true };
    };

/** The URL path a page file is served at: `guides/a.mdx` → `guides/a`, `guides/index.mdx` → `guides`, `index.mdx` → ''. */
export function pageUrlPath(file: string): string {
  const page = file.replace(/\.mdx?$/, '');
  return page === 'index' ? '' : page.replace(/\/index$/, '');
}

/**
 * The holders whose `./` and `../` URLs the platform rewrites against the page file's folder before
 * the page is served (@mintlify/common's remarkResolveRelativeLinks): Markdown links and images,
 * and the string `href` of `<a>` and `<Card>` and `src` of `<img>` and `<source>`. So on
 * `guides/index.mdx` (served at `/guides`), `./setup` is `/guides/setup`, where a browser would go to
 * `/setup`. Every other relative URL is rendered as written, for the browser to resolve.
 */
const rewrittenHolders: ReadonlySet<string> = new Set(['', '!', 'a href', 'Card href', 'img src', 'source src']);

/** Whether the platform rewrites a link's `./` or `../` URL against its page file's folder (rewrittenHolders); not an expression's. */
export const rewrittenAgainstFile = (link: PageLink): boolean =>
  link[6] !== 'expression' && rewrittenHolders.has(link[4]);

/** Whether a holder written `element attribute` (`Card href`, '' for a Markdown link) is one the platform rewrites, for a URL being typed. */
export const rewritesHolder = (holder: string): boolean => rewrittenHolders.has(holder);

/**
 * Resolves a link written in a page file (relative to the docs folder): a path from the root
 * against the site's URLs, a relative one against the page's URL as a browser does (`b` on
 * `guides/a` is `guides/b`), or, `againstFile` (rewrittenAgainstFile), a `./` or `../` one against
 * the file's folder as the platform renders it; with or without `.mdx`/`.md`, and a file of the
 * folder as it is (case-sensitive, as the servers are). A link may carry the base path the site is
 * served under (`/docs/quickstart` on a site served at example.com/docs): a first segment that may
 * be one (SiteUrls.mayBeBasePath) is tried without it.
 */
export function linkTarget(
  url: string,
  fromFile: string,
  site: SiteIndex,
  urls: SiteUrls,
  againstFile = false,
): LinkTarget {
  // The rules that read links resolve each of them: once per lint (one SiteUrls), by what it depends on.
  let known = resolved.get(urls);
  if (!known) resolved.set(urls, (known = new Map()));
  const base = url.startsWith('/') ? '' : baseOf(url, fromFile, againstFile);
  const key = `${base}\0${url}`;
  let target = known.get(key);
  if (!target) known.set(key, (target = resolveLink(url, base, site, urls)));
  return target;
}

const resolved = new WeakMap<SiteUrls, Map<string, LinkTarget>>();

/** The path a relative URL is read against: the page's URL (`guides` for `guides/index.mdx`), or its file's folder with a slash (`guides/`). */
function baseOf(url: string, fromFile: string, againstFile: boolean): string {
  if (!againstFile || !/^\.\.?\//.test(url)) return pageUrlPath(fromFile);
  const slash = fromFile.lastIndexOf('/');
  return fromFile.slice(0, slash + 1);
}

function resolveLink(url: string, base: string, site: SiteIndex, urls: SiteUrls): LinkTarget {
  const trimmed = url.trim();
  if (trimmed === '' || isExternal(trimmed) || /[{}]/.test(trimmed)) return { kind: 'skip' };
  const hash = trimmed.indexOf('#');
  const fragment = hash >= 0 ? trimmed.slice(hash + 1) : undefined;
  const pathPart = trimmed.replace(/[?#].*$/, '');
  if (pathPart === '') return fragment === undefined ? { kind: 'skip' } : { kind: 'self', fragment };
  const browser = resolveAgainst(pathPart, base);
  const found = targetAt(browser, site, urls) ?? guessedWithoutBasePath(browser, site, urls);
  const dead = found?.kind === 'redirect' ? deadRedirect(found.path, site, urls) : undefined;
  if (dead) return { kind: 'missing', path: browser, through: dead };
  if (found) return found.kind === 'file' ? found : { ...found, ...(fragment !== undefined ? { fragment } : {}) };
  // The platform's checker reads a link that does not start with "." or "/" from the root.
  const platform = !pathPart.startsWith('.') && !pathPart.startsWith('/') ? sitePath(safeDecode(pathPart)) : undefined;
  const platformLands = platform !== undefined && platform !== browser && targetAt(platform, site, urls) !== undefined;
  return {
    kind: 'missing',
    path: browser,
    ...(platformLands ? { platformPath: platform } : {}),
    ...(browser !== '' && [browser, `${browser}.mdx`, `${browser}.md`].some((file) => site.lookupFile(file).exists)
      ? { leftOut: true as const }
      : {}),
  };
}

/**
 * The redirect that takes a path, when its destination for this path is a path of the site where
 * nothing is: a reader gets the site's 404 (redirect-destination reports a plain one in docs.json
 * too, once); or, `loop`, the first of redirects that come back round, where a reader's browser
 * gives up (redirect-loop reports it in docs.json too).
 */
function deadRedirect(
  path: string,
  site: SiteIndex,
  urls: SiteUrls,
): { source: string; destination: string; loop?: true } | undefined {
  const followed = followRedirects(path, site, urls);
  if (followed?.end === 'loop') return { ...followed.first, loop: true };
  return followed?.end === 'nowhere' ? followed.last : undefined;
}

/** One redirect as it takes a path: its source, and where it sends that path. */
export interface RedirectHop {
  source: string;
  destination: string;
}

/**
 * Where the redirects take a path of the site (no leading slash), or undefined when none takes it:
 * the first redirect that takes a path is the one that fires, and a destination is followed through
 * the redirects that take it in turn. It ends on what is there (a page, a file…), `nowhere`, in a
 * `loop` (a destination it went through), or `unchecked` (out of the site, or a pattern).
 */
export function followRedirects(
  path: string,
  site: SiteIndex,
  urls: SiteUrls,
): { first: RedirectHop; last: RedirectHop; end: LinkTarget | 'nowhere' | 'loop' | 'unchecked' } | undefined {
  let at = path;
  let first: RedirectHop | undefined;
  const visited = new Set([path]);
  const redirects = sourcesOf(urls);
  // Each hop reaches a path not reached before, or ends: as many hops as there are redirects, and one more.
  for (let hop = 0; hop <= redirects.length; hop++) {
    let last: RedirectHop | undefined;
    for (const { source, taken, destination } of redirects) {
      const to = redirectDestination(taken, destination, at);
      if (to !== undefined) {
        last = { source, destination: to };
        break;
      }
    }
    if (!last) return undefined;
    first ??= last;
    if (isExternal(last.destination) || /[:*(]/.test(sitePath(last.destination)))
      return { first, last, end: 'unchecked' };
    const toPath = sitePath(safeDecode(last.destination.replace(/[?#].*$/, '')));
    const next = targetAt(toPath, site, urls) ?? landingWithoutBasePath(toPath, site, urls);
    if (next === undefined) return { first, last, end: 'nowhere' }; // the redirect that sends it nowhere
    if (next.kind !== 'redirect') return { first, last, end: next };
    if (visited.has(next.path)) return { first, last, end: 'loop' };
    visited.add(next.path);
    at = next.path;
  }
  return undefined;
}

/** Where a redirect's destination lands without a base path it may carry: on a page, not on a redirect (redirect-destination reads it so). */
function landingWithoutBasePath(path: string, site: SiteIndex, urls: SiteUrls): LinkTarget | undefined {
  const target = targetWithoutBasePath(path, site, urls);
  return target?.kind === 'redirect' ? undefined : target;
}

/** The redirects of a lint with their sources compiled, in docs.json's order. */
const compiledSources = new WeakMap<SiteUrls, { source: string; taken: RedirectSource; destination: string }[]>();
function sourcesOf(urls: SiteUrls) {
  let sources = compiledSources.get(urls);
  if (!sources) {
    sources = urls.redirects.flatMap(({ source, destination }) =>
      typeof source?.value === 'string' && typeof destination?.value === 'string'
        ? [{ source: source.value, taken: redirectSource(source.value), destination: destination.value }]
        : [],
    );
    compiledSources.set(urls, sources);
  }
  return sources;
}

/** The path (no leading slash) a browser on the page at `pageUrl` goes to for `href`, decoded. */
function resolveAgainst(href: string, pageUrl: string): string {
  const resolved = new URL(href, `https://site.invalid/${pageUrl}`).pathname;
  return sitePath(safeDecode(resolved));
}

/** targetWithoutBasePath, marked with the segment when docs.json does not show it to be the base path. */
function guessedWithoutBasePath(path: string, site: SiteIndex, urls: SiteUrls): LinkTarget | undefined {
  const target = targetWithoutBasePath(path, site, urls);
  if (!target || urls.basePath()) return target;
  return { ...target, guessedBasePath: path.split('/')[0] } as LinkTarget;
}

/** What is at the path without its first segment, when that may be the base path the site is served under (SiteUrls.mayBeBasePath). */
function targetWithoutBasePath(path: string, site: SiteIndex, urls: SiteUrls): LinkTarget | undefined {
  const at = path.indexOf('/');
  const segment = at < 0 ? path : path.slice(0, at);
  return urls.mayBeBasePath(segment) ? targetAt(at < 0 ? '' : path.slice(at + 1), site, urls) : undefined;
}

/** What is at a site path: a URL of the site (its page file too, with or without `.mdx`/`.md`), or a file served as it is. */
function targetAt(path: string, site: SiteIndex, urls: SiteUrls): LinkTarget | undefined {
  const page = path.replace(/\.mdx?$/i, '');
  const landing = urls.landing(page);
  if (landing) return { kind: landing, path: page, ...(landing === 'page' ? { file: pageAt(site, page) } : {}) };
  // A file the deploy leaves out (.mintignore, README.md, node_modules/ …) is not served.
  if (path !== '' && site.servesFile(path)) return { kind: 'file', path };
  return undefined;
}

/** Why a file that is there is not served. */
export const notDeployed =
  'the platform does not deploy it (.mintignore, or its own rules for README.md, node_modules/ and the like)';
/** What a missing target's message adds when a file is there that the deploy leaves out. */
export const leftOutHint = `; the file is there, but ${notDeployed}`;

/** A link of a file the platform parses, and the file. */
export interface FileLink {
  file: string;
  link: PageLink;
  /** The file is a snippet: rendered in the pages that import it, so its relative links and own anchors depend on them and are not checked. */
  snippet: boolean;
}

/** What holds a link that embeds a file in the page rather than leading to it: an image (or a definition only images use), or a `src`, `img`, `poster` or icon path. */
export function embeds(link: PageLink): boolean {
  const holder = link[4];
  return holder === '!' || holder === '!:' || / (?:src|img|poster|icon)$/.test(holder);
}

/** Every link of the files the platform parses as MDX (of `files`: all of them unless told), in file order. */
export function* fileLinks(site: SiteIndex, files: readonly string[] = site.parsedPages()): Generator<FileLink> {
  for (const file of files) {
    const links = site.pageParse(file).links;
    if (!links) continue;
    const snippet = /^_?snippets\//.test(file);
    for (const link of links) yield { file, link, snippet };
  }
}

/** The span of a link's URL in its file. */
export function linkSpan(site: SiteIndex, { file, link }: FileLink): Span {
  const source = site.sourceFile(file);
  const offset = source.offsetAt(link[1], link[2]);
  return { file: source, offset, length: Math.max(0, link[3] - link[2]) };
}

/**
 * How a URL is written in place of a link's, over its `span` (linkSpan): as it is where that reads back as the same
 * URL; in a Markdown destination with white space or parentheses, in angle brackets (`</with space>`),
 * which the parser reads as the URL without them. Undefined where it cannot be written so: a line
 * break or angle bracket in a Markdown destination, the attribute's own quote or a backslash in a string.
 */
export function writtenLink(span: Span, found: FileLink, url: string): string | undefined {
  const { text } = span.file;
  const before = text[span.offset - 1];
  const markdown = ['', '!', ':', '!:'].includes(found.link[4]);
  if (!markdown) return url.includes(before) || url.includes('\\') ? undefined : url;
  const bracketed = before === '<' && text[span.offset + span.length] === '>';
  const destination = markdownDestination(url);
  return bracketed && destination !== undefined ? url : destination;
}

/**
 * A URL as a Markdown link's destination: as it is, or in angle brackets where it has white space
 * or parentheses; undefined where it cannot be written (a line break, an angle bracket).
 */
export function markdownDestination(url: string): string | undefined {
  if (/[\r\n<>]/.test(url)) return undefined;
  return /[\s()]/.test(url) ? `<${url}>` : url;
}

/**
 * The ids a page renders: its own, and those of the .mdx and .md snippets it imports whole (a
 * default import), which the platform's prebuild puts where their element stands; undefined when
 * the page does not parse. A repeated heading's suffix (`-1`) counts the page's own headings only.
 */
export function renderedAnchors(
  site: SiteIndex,
  file: string,
  parsed: ReadonlySet<string>,
  visiting = new Set<string>(),
): string[] | undefined {
  const parse = site.pageParse(file);
  if (!parse.anchors) return undefined;
  visiting.add(file);
  let anchors = parse.anchors;
  for (const imported of parse.imports ?? []) {
    if (!imported.names.some((name) => name.kind === 'default')) continue;
    const snippet = resolveImportSource(imported.source, file)?.slice(1);
    if (snippet === undefined || visiting.has(snippet) || !/\.mdx?$/i.test(snippet) || !parsed.has(snippet)) continue;
    anchors = anchors.concat(renderedAnchors(site, snippet, parsed, visiting) ?? []);
  }
  return anchors;
}

/** Whether a link is one `--check-external` asks: an http(s) URL outside the site. */
export const isWebUrl = (url: string): boolean => /^https?:\/\/[^/?#\s]/i.test(url.trim());

/** The distinct http(s) URLs docs.json, the pages and the snippets link to or embed, in the order first met. */
export function externalUrls(site: SiteIndex, model: NavModel): string[] {
  const urls = new Set<string>();
  for (const { href } of docsJsonHrefs(docsLinks(model))) if (isWebUrl(href)) urls.add(webUrl(href));
  for (const { link } of fileLinks(site)) if (isWebUrl(link[0])) urls.add(webUrl(link[0]));
  return [...urls];
}

/** Every link of docs.json (an href, or a link in a banner's Markdown), at its place, with what holds it. */
export function docsJsonHrefs({
  strings,
  links,
}: DocsLinks): { href: string; span: Span; label: string; quoted: boolean }[] {
  return [
    ...strings.map(({ node, label }) => ({
      href: node.value as string,
      span: node as Span,
      label: `href of ${label}`,
      quoted: true,
    })),
    ...links.map((link) => ({ ...link, label: `link in ${link.label}`, quoted: false })),
  ];
}

/** The URL as it is asked: trimmed, without its fragment (which the server never sees). */
export const webUrl = (url: string): string => url.trim().replace(/#.*$/, '');

/**
 * The pages each snippet is rendered on: those that import it, and the pages of the snippets that
 * import it, by the file the platform resolves each import source to.
 */
export function pagesRendering(site: SiteIndex, wholeOnly = false): (snippet: string) => string[] {
  const importers = new Map<string, Set<string>>();
  for (const file of site.parsedPages()) {
    for (const imported of site.pageParse(file).imports ?? []) {
      // A snippet's own content (its headings, its `#id` links) is on a page only where the page imports it whole.
      if (wholeOnly && !imported.names.some((name) => name.kind === 'default')) continue;
      const target = resolveImportSource(imported.source, file)?.slice(1);
      if (target === undefined) continue;
      let set = importers.get(target);
      if (!set) importers.set(target, (set = new Set()));
      set.add(file);
    }
  }
  const isSnippet = (file: string) => /^_?snippets\//.test(file);
  const pagesOf = (snippet: string, seen: Set<string>): string[] =>
    [...(importers.get(snippet) ?? [])].flatMap((file) => {
      if (seen.has(file)) return [];
      seen.add(file);
      return isSnippet(file) ? pagesOf(file, seen) : [file];
    });
  return (snippet) => pagesOf(snippet, new Set([snippet]));
}

/** Whether a snippet's link depends on the page it is rendered on: a relative path. */
export const relativeInSnippet = (url: string): boolean =>
  !url.startsWith('/') && !url.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(url);

/**
 * The files a link is followed from: its own, or, for a relative link of a snippet, each page that
 * renders the snippet (none when no page does). `rendering` is asked once per lint.
 */
export function linkOrigins(found: FileLink, rendering: () => (snippet: string) => string[]): string[] {
  return found.snippet && relativeInSnippet(found.link[0]) ? rendering()(found.file) : [found.file];
}
