import * as path from 'node:path';
import { isExternal } from '../engine/docs-json';
import { lint } from '../engine/lint';
import type { NavElement, NavModel } from '../engine/model';
import { linkTarget, pageUrlPath } from '../engine/page-link-targets';
import { ruleSetOf } from '../engine/rule';
import {
  generatedPages,
  pageAt,
  type RedirectSource,
  redirectDestination,
  redirectSource,
  type SiteUrls,
  sitePath,
  siteUrls,
} from '../engine/site-urls';
import type { SiteIndex } from '../site/site-index';

/** Where a path the analytics name lands on the site today. */
export type Landing =
  /** A page file; `listed`: the navigation lists it (else the platform serves it, hidden). */
  | { kind: 'page'; path: string; file: string; listed: boolean }
  /** A page the platform generates from an operation of a spec (`file`, relative to the docs folder). */
  | { kind: 'generated'; path: string; file: string; operation: string }
  /** A folder of listed pages (served as the first of them), or a file served as it is. */
  | { kind: 'folder' | 'file'; path: string }
  /** Nothing: a 404. `nearest`: the page it most likely meant. */
  | { kind: 'missing'; path: string; nearest?: string }
  /** Another site (a redirect's destination, or a URL of another host). */
  | { kind: 'external'; url: string };

/** A path or URL from the analytics, joined with the site. */
export interface Join {
  landing: Landing;
  /** The site path it was read as (no leading slash), when it is one of the site's. */
  path?: string;
  /** The redirects it went through, each hop's destination as the platform sends it. */
  redirects: string[];
  /** The language code or version name of the navigation it was written under (`/fr/…` for pages at `…`). */
  prefix?: string;
  /** The page's languages and versions, as the navigation lists it. */
  scopes: string[];
}

/** A page the navigation lists (its file) or generates (the spec that generates it). */
export interface ListedPage {
  kind: 'page' | 'generated';
  file: string;
}

/** The site a report joins with: its pages, generated pages, redirects and the navigation's scopes. */
export interface ReportSite {
  root: string;
  docsFile: string;
  /** Every page the navigation lists or generates (site path → its file), for "never cited". */
  listed: ReadonlyMap<string, ListedPage>;
  /** Resolves a path of the site, or a URL of it (of `origin`: the site's host and base path), or an absolute URL of another host. */
  join(written: string, origin: URL | undefined): Join;
}

const maxRedirects = 10;

/** docs.json has no navigation to join with: every path would be called missing. */
export class SiteUnreadable extends Error {
  constructor(docsFile: string, model: NavModel) {
    const issue = model.readIssues[0];
    super(
      `${docsFile} has no navigation navlint can read${issue ? ` (${issue.message})` : ''}; run navlint check on it first: the report would call every page missing`,
    );
  }
}

/** Reads the site at docsFile (docs.json, its `$ref` files, the file tree; no page is parsed). */
export function readReportSite(docsFile: string): ReportSite {
  // No rule runs: the model and the site index are what the report reads.
  const { model, site } = lint({ docsFile, ruleSet: ruleSetOf([]), persistCaches: false });
  if (!model.navigation) throw new SiteUnreadable(docsFile, model);
  const urls = siteUrls(model, site);
  let generatedPaths: ReturnType<typeof generatedByPath> | undefined;
  const generated = () => (generatedPaths ??= generatedByPath(model, site));
  const scopes = navigationScopes(model, site, generated);
  const redirects = urls.redirects.flatMap(({ source, destination }) =>
    source && destination ? [{ from: redirectSource(source.value as string), to: destination.value as string }] : [],
  );
  const prefixes = new Set([...scopes.values()].flatMap((names) => [...names]));
  const joined = new Map<string, Join>();
  return {
    root: site.root,
    docsFile,
    listed: new Map(
      [...scopes.keys()].map((at): [string, ListedPage] => {
        const file = pageAt(site, at);
        return [at, file ? { kind: 'page', file } : { kind: 'generated', file: generated().get(at)!.landing.file }];
      }),
    ),
    join(written, siteOrigin) {
      const key = `${siteOrigin?.href ?? ''}\0${written}`;
      let join = joined.get(key);
      if (!join) {
        join = joinPath(written, { site, urls, redirects, scopes, prefixes, siteOrigin, generated });
        joined.set(key, join);
      }
      return join;
    },
  };
}

interface JoinContext {
  site: SiteIndex;
  urls: SiteUrls;
  redirects: { from: RedirectSource; to: string }[];
  /** Site path of a page → the languages and versions listing it. */
  scopes: ReadonlyMap<string, ReadonlySet<string>>;
  prefixes: ReadonlySet<string>;
  siteOrigin: URL | undefined;
  generated: () => ReadonlyMap<string, GeneratedPageOf>;
}

function joinPath(written: string, context: JoinContext): Join {
  const asPath = sitePathOf(written.trim(), context.siteOrigin);
  if (asPath === undefined) return { landing: { kind: 'external', url: written.trim() }, redirects: [], scopes: [] };
  const hops: string[] = [];
  let at = asPath;
  for (;;) {
    const target = linkTarget(`/${at}`, 'index.mdx', context.site, context.urls);
    if (target.kind !== 'redirect' || hops.length === maxRedirects) {
      const join = landingOf(target, at, context);
      if (join.landing.kind === 'missing' && hops.length === 0)
        return withPrefix(asPath, join, context) ?? { ...join, path: asPath, redirects: hops };
      return { ...join, path: asPath, redirects: hops };
    }
    const destination = context.redirects
      .map(({ from, to }) => redirectDestination(from, to, target.path))
      .find((to) => to !== undefined);
    if (destination === undefined) return { ...landingOf(target, at, context), path: asPath, redirects: hops };
    hops.push(destination);
    if (isExternal(destination))
      return { landing: { kind: 'external', url: destination }, path: asPath, redirects: hops, scopes: [] };
    at = sitePath(destination);
  }
}

/** The site path a written path or URL names, or undefined when it is a URL of another origin. */
function sitePathOf(written: string, siteOrigin: URL | undefined): string | undefined {
  if (!isExternal(written)) return sitePath(safeDecode(written));
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return undefined;
  }
  if (!siteOrigin || url.host !== siteOrigin.host) return undefined;
  const base = siteOrigin.pathname.replace(/\/+$/, '');
  const pathname = safeDecode(url.pathname);
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
  return sitePath(pathname.slice(base.length));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function landingOf(target: ReturnType<typeof linkTarget>, at: string, context: JoinContext): Join {
  const scopes = [...(context.scopes.get('path' in target ? target.path : at) ?? [])];
  switch (target.kind) {
    case 'page': {
      const file = target.file ?? 'index.mdx';
      return {
        landing: { kind: 'page', path: target.path, file, listed: context.scopes.has(target.path) },
        redirects: [],
        scopes,
      };
    }
    case 'generated':
    case 'folder':
    case 'file':
      return { landing: generatedOrFolder(target.kind, target.path, context), redirects: [], scopes };
    case 'unread': // under the directory of a spec given by URL, which navlint did not read: no reason to call it missing
      return { landing: { kind: 'folder', path: target.path }, redirects: [], scopes };
    case 'missing':
    case 'redirect': // a chain longer than maxRedirects: a loop, which lands nowhere
      return { landing: { kind: 'missing', path: at, nearest: nearestTo(at, context) }, redirects: [], scopes };
    default:
      return { landing: { kind: 'missing', path: at }, redirects: [], scopes };
  }
}

/** A did-you-mean for a path that lands nowhere; none for a path too long to be a typo of a page's (the search grows with its length). */
function nearestTo(at: string, context: JoinContext): string | undefined {
  return at.length <= maxSuggestedLength ? context.urls.nearest(`/${at}`) : undefined;
}

const maxSuggestedLength = 200;

function generatedOrFolder(kind: 'generated' | 'folder' | 'file', at: string, context: JoinContext): Landing {
  if (kind !== 'generated') return { kind, path: at };
  // A folder of generated pages lands too: the platform serves the section's first page.
  return context.generated().get(at)?.landing ?? { kind: 'folder', path: at };
}

type GeneratedLanding = Landing & { kind: 'generated' };
/** A generated page, and the navigation element that generates it. */
interface GeneratedPageOf {
  landing: GeneratedLanding;
  element: NavElement;
}

/** The pages the navigation generates from its specs, by path (the first of a path). */
function generatedByPath(model: NavModel, site: SiteIndex): Map<string, GeneratedPageOf> {
  const pages = new Map<string, GeneratedPageOf>();
  for (const page of generatedPages(model, site, { unlistedOperations: true })) {
    if (pages.has(page.path)) continue;
    const { method, path: route, webhook } = page.operation;
    const landing: GeneratedLanding = {
      kind: 'generated',
      path: page.path,
      file: path.relative(site.root, page.specFile).split(path.sep).join('/'),
      operation: webhook !== undefined ? `webhook ${webhook}` : `${method ?? ''} ${route ?? ''}`.trim(),
    };
    pages.set(page.path, { landing, element: page.element });
  }
  return pages;
}

/** The language codes and version names above an element of the navigation. */
function scopesAbove(element: NavElement): string[] {
  const names: string[] = [];
  for (let at: NavElement | undefined = element; at; at = at.parent)
    if ((at.kind === 'language' || at.kind === 'version') && at.name !== undefined) names.push(at.name);
  return names;
}

/** Each page the navigation lists or generates (site path) → the languages and versions it is listed under. */
function navigationScopes(
  model: NavModel,
  site: SiteIndex,
  generated: () => ReadonlyMap<string, { element: NavElement }>,
): Map<string, Set<string>> {
  const scopes = new Map<string, Set<string>>();
  const add = (at: string, element: NavElement) => {
    let names = scopes.get(at);
    if (!names) scopes.set(at, (names = new Set()));
    for (const name of scopesAbove(element)) names.add(name);
  };
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const at = pageUrlPath(sitePath(element.page).replace(/\.mdx?$/, ''));
    if (pageAt(site, at) !== undefined) add(at, element);
  }
  for (const [at, { element }] of generated()) add(at, element);
  return scopes;
}

/** A missing path whose first segment is a language code or version name of the navigation, joined without it. */
function withPrefix(asPath: string, missing: Join, context: JoinContext): Join | undefined {
  const slash = asPath.indexOf('/');
  const first = slash < 0 ? asPath : asPath.slice(0, slash);
  if (!context.prefixes.has(first)) return undefined;
  const rest = joinPath(`/${slash < 0 ? '' : asPath.slice(slash + 1)}`, context);
  if (rest.landing.kind === 'missing' || rest.landing.kind === 'external') return { ...missing, path: asPath };
  if (!rest.scopes.includes(first)) return { ...missing, path: asPath };
  return { ...rest, path: asPath, prefix: first };
}
