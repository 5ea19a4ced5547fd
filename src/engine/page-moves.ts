import * as path from 'node:path';
import { isInside, relativePath } from '../common/paths';
import type { SourceFile, Span } from '../parsers/source';
import { overlayFiles, type SiteFiles } from '../site/files';
import type { Site } from '../site/site';
import type { Finding } from './finding';
import { isUtf8Text } from './fix-passes';
import { addRedirectsEdit, redirectNodes } from './json-edits';
import { readModel, siteFor } from './lint';
import type { NavModel } from './model';
import {
  followRedirects,
  type LinkTarget,
  linkTarget,
  markdownDestination,
  pageUrlPath,
  type RedirectHop,
  writtenLink,
} from './page-link-targets';
import { docsJsonOrigin, type NamingPlace, namingPlaces, placeTargets } from './page-references';
import type { Fix } from './rule';
import { type Landing, pageAt, redirectPathKey, type SiteUrls, safeDecode, sitePath, siteUrls } from './site-urls';
import { applyFixes } from './text-edits';

/** A page file's move, both paths relative to the docs folder. */
export interface PageMove {
  from: string;
  to: string;
}

/** What `navlint mv OLD NEW` (or a rename in the editor) moves. */
export interface MoveRequest {
  moves: PageMove[];
  /** A folder moved whole: its old and new path (its pages are `moves`). */
  folder?: PageMove;
  /** The files of a moved folder that are not pages (images, snippets, READMEs): they stay where they are. */
  leftInPlace: string[];
}

/** Why a move cannot be made as asked; nothing is changed. */
export class MoveRefused extends Error {}

/** The edits of one file, and the text they apply to. */
export interface FileEdits {
  source: SourceFile;
  fixes: Fix[];
}

export interface MovePlan {
  root: string;
  moves: PageMove[];
  /** Text edits by absolute path: a moved page's own under its path before the move (written first, then moved). */
  edits: Map<string, FileEdits>;
  /** The redirects added, from each old URL to its new one. */
  redirects: RedirectHop[];
  /** The redirects whose destination was a moved page's URL, now pointed at its new one. */
  repointed: { source: string; from: string; to: string }[];
  leftInPlace: string[];
  /** Why the move cannot be made: each names the file or URL concerned. Nothing may be written when there are any. */
  refusals: string[];
}

export interface MoveOptions {
  /** Add a redirect from each old URL to its new one (`--no-redirect`: false). */
  redirects: boolean;
  /** Where the site after the move keeps its spec indexes (the caches of the lint before). */
  cacheDir?: string;
}

const isSnippet = (file: string) => /^_?snippets(\/|$)/i.test(file);
const pageExtension = /\.mdx?$/i;

/**
 * The page moves that moving `from` to `to` (paths relative to the docs folder) makes: a page file,
 * named with or without its extension, to its new path (a folder's own when `to` ends with `/`); or
 * a folder's pages, each to its place under the new folder. Refused when a path leaves the docs
 * folder, names no page, or is a snippet; when `to` exists or changes a page's extension; when a
 * folder would move into itself.
 */
export function movesOf(site: Site, fromPath: string, toPath: string): MoveRequest {
  const clean = (at: string) => path.posix.normalize(at.replace(/\\/g, '/')).replace(/^(\.\/)+|\/+$/g, '');
  const [from, to] = [clean(fromPath), clean(toPath)];
  const exists = (relative: string) => site.files.kind(path.join(site.root, relative)) !== undefined;
  for (const [written, at] of [
    [fromPath, from],
    [toPath, to],
  ])
    if (at === '' || at === '.' || at.startsWith('../') || !isInside(site.root, path.join(site.root, at)))
      throw new MoveRefused(`${written} is not a path inside the docs folder ${site.root}`);
  if (isSnippet(from) || isSnippet(to))
    throw new MoveRefused(`${isSnippet(from) ? from : to} is under snippets/: navlint mv moves pages, not snippets`);
  if (site.files.kind(path.join(site.root, from)) === 'folder') {
    if (to === from || to.startsWith(`${from}/`)) throw new MoveRefused(`cannot move the folder ${from} into itself`);
    if (exists(to)) throw new MoveRefused(`${to} exists: navlint mv moves to a new path only`);
    const pages = [...site.pages().values()].filter((file) => file.startsWith(`${from}/`));
    if (pages.length === 0) throw new MoveRefused(`the folder ${from} holds no page`);
    const others = [...site.assetFiles(), ...site.scriptFiles(), ...site.parsedPages()].filter(
      (file) => file.startsWith(`${from}/`) && !pages.includes(file),
    );
    return {
      moves: pages.map((file) => ({ from: file, to: to + file.slice(from.length) })),
      folder: { from, to },
      leftInPlace: others.sort(),
    };
  }
  const file = pageFileOf(site, from);
  const target = toPath.endsWith('/') ? `${to}/${path.posix.basename(file)}` : to;
  const extension = path.posix.extname(file);
  const written = pageExtension.test(target) ? target : `${target}${extension}`;
  if (path.posix.extname(written) !== extension)
    throw new MoveRefused(
      `${written} changes the page's extension (${extension} to ${path.posix.extname(written)}): navlint mv moves pages, it does not convert them`,
    );
  if (exists(written)) throw new MoveRefused(`${written} exists: navlint mv moves to a new path only`);
  return { moves: [{ from: file, to: written }], leftInPlace: [] };
}

/** The page file a path names, with or without its extension. */
function pageFileOf(site: Site, from: string): string {
  const candidates = pageExtension.test(from) ? [from] : [`${from}.mdx`, `${from}.md`];
  const there = candidates.filter((file) => site.files.kind(path.join(site.root, file)) === 'file');
  if (there.length === 0) throw new MoveRefused(`${from} is no page: no ${candidates.join(' or ')}`);
  if (there.length > 1) throw new MoveRefused(`${from} has two files, ${there.join(' and ')}: name the one to move`);
  const [file] = there;
  if (site.pageFile(file.replace(pageExtension, '')) !== file)
    throw new MoveRefused(
      `${file} is no page of the site: the platform does not deploy it (.mintignore, or its own rules for README.md and the like)`,
    );
  return file;
}

/**
 * The site's files after pages move: each moved page at its new path with its text (`textOf` its old
 * path, else the old file's), gone from its old path; `textOf` gives other files' new texts.
 */
export function filesAfterMoves(
  base: SiteFiles,
  root: string,
  moves: readonly PageMove[],
  textOf: (file: string) => string | undefined,
): SiteFiles {
  const fromOf = new Map(moves.map((move) => [path.join(root, move.to), path.join(root, move.from)]));
  return overlayFiles(
    base,
    (file) => {
      const from = fromOf.get(file);
      return from === undefined ? textOf(file) : (textOf(from) ?? base.readText(from));
    },
    new Set(fromOf.values()),
    () => fromOf.keys(),
  );
}

/**
 * The findings of a site after a move that it did not have before it: compared by rule, severity, file
 * (a moved page's by its old path) and message, less the message's did-you-mean, which may name a page
 * that moved, or another page once pages have moved, about the same mistake; a moved page that a
 * message after the move names in quotes, by its new file or URL, is read by its old one (a link that
 * goes through a redirect to it, an anchor it lacks: the same finding, about the page where it is now).
 */
export function findingsAddedByMove(
  before: readonly Finding[],
  after: readonly Finding[],
  root: string,
  moves: readonly PageMove[],
): Finding[] {
  const backFrom = new Map(moves.map((move) => [move.to, move.from]));
  const urlBack = new Map(moves.map((move) => [pageUrlPath(move.to), pageUrlPath(move.from)]));
  const namedBefore = (message: string) =>
    message.replace(/"(\/?)([^"#?]*)([#?][^"]*)?"/g, (quoted, slash: string, at: string, rest = '') => {
      const old = slash ? urlBack.get(at) : backFrom.get(at);
      return old === undefined ? quoted : `"${slash}${old}${rest}"`;
    });
  const keyOf = (finding: Finding, moved: boolean) => {
    const file = relativePath(root, finding.file.path);
    const message = finding.message.replace(/; did you mean "[^"]*"\?/g, '');
    const where = moved ? (backFrom.get(file) ?? file) : file;
    return `${finding.ruleId}\u0000${finding.severity}\u0000${where}\u0000${moved ? namedBefore(message) : message}`;
  };
  const counts = new Map<string, number>();
  for (const finding of before) counts.set(keyOf(finding, false), (counts.get(keyOf(finding, false)) ?? 0) + 1);
  return after.filter((finding) => {
    const key = keyOf(finding, true);
    const left = counts.get(key) ?? 0;
    counts.set(key, left - 1);
    return left <= 0;
  });
}

/** What a place must land on after the move: a page by its file, or a path of the site of a kind. */
interface Wanted {
  kind: Landing | 'file';
  path: string;
  file?: string;
}

/** The site after the move, as far as links are followed on it: its model, index and URLs. */
interface After {
  site: Site;
  model: NavModel;
  urls: SiteUrls;
  files: SiteFiles;
}

/** Text edits collected by file, each at most once: an edit that writes what is there already is none. */
class Edits {
  readonly byFile = new Map<string, FileEdits>();

  add(span: Span, text: string): void {
    if (span.file.text.slice(span.offset, span.offset + span.length) === text) return;
    const fix: Fix = { range: [span.offset, span.offset + span.length], text };
    const known = this.byFile.get(span.file.path);
    if (known) known.fixes.push(fix);
    else this.byFile.set(span.file.path, { source: span.file, fixes: [fix] });
  }
}

/**
 * Plans a move: every place that names a moved page (navigation entries, links of pages and snippets,
 * docs.json's links, redirect destinations, imports) rewritten so that it lands where it did, and every
 * relative link and import of a moved page recomputed from its new place, as the platform renders it;
 * a redirect from each old URL to its new one (unless `redirects` is false), an existing redirect to an
 * old URL pointed at the new one. Computes edits only; the refusals say why it must not be written.
 */
export function planMove(model: NavModel, site: Site, request: MoveRequest, options: MoveOptions): MovePlan {
  const urls = siteUrls(model, site);
  const movedTo = new Map(request.moves.map((move) => [move.from, move.to]));
  const refusals = [...collisions(request, site, urls, movedTo), ...movedPageRefusals(request, site)];
  // What depends on where the pages go would only repeat these.
  if (refusals.length > 0)
    return { root: site.root, ...request, edits: new Map(), redirects: [], repointed: [], refusals };
  const edits = new Edits();
  const places = [...namingPlaces(model, site)];
  // The navigation entries move with their pages; the site after the move is read with them moved.
  for (const place of places) {
    if (place.kind !== 'entry' || place.file === undefined || !movedTo.has(place.file)) continue;
    const slashes = /^\/+/.exec(place.element.page)?.[0] ?? '';
    edits.add(place.span, JSON.stringify(`${slashes}${movedTo.get(place.file)!.replace(pageExtension, '')}`));
  }
  const repointed: MovePlan['repointed'] = [];
  const rewrite = (place: NamingPlace, context: LinkContext) => {
    if (place.kind === 'import') {
      const source = importSource(place, context.moved);
      const quote = place.span.file.text[place.span.offset];
      if (source !== undefined) edits.add(place.span, `${quote}${source}${quote}`);
      return;
    }
    if (place.kind === 'entry') return;
    const rewritten = rewrittenLink(place, context);
    if (rewritten === undefined) return;
    if ('refusal' in rewritten) {
      refusals.push(rewritten.refusal);
      return;
    }
    edits.add(place.span, rewritten.text);
    if (place.kind === 'href' && place.redirect !== undefined)
      repointed.push({ source: place.redirect, from: place.url, to: rewritten.url });
  };
  const isDestination = (place: NamingPlace) => place.kind === 'href' && place.redirect !== undefined;
  // The redirects' destinations first: a link to a redirect's source then lands through the redirect
  // as the move leaves it (pointed at the moved page), not through the one it replaces, which 404s.
  let after = siteAfter(model, site, request.moves, docsTexts(model, edits.byFile), options);
  const destinations = linkContext(site, urls, after, request, movedTo);
  for (const place of places) if (isDestination(place)) rewrite(place, destinations);
  if (repointed.length > 0) after = siteAfter(model, site, request.moves, docsTexts(model, edits.byFile), options);
  const context = linkContext(site, urls, after, request, movedTo);
  for (const place of places) if (!isDestination(place)) rewrite(place, context);
  const redirects = options.redirects ? addedRedirects(model, request, urls, after, repointed, refusals) : [];
  if (redirects.length > 0) {
    const added = addRedirectsEdit(model, redirects);
    if (!added)
      refusals.push('docs.json "redirects" is not a list: the move cannot add its redirects (--no-redirect adds none)');
    else {
      const [file, { range, text }] = added;
      edits.add(
        { file: model.files.find((f) => f.path === file)!, offset: range[0], length: range[1] - range[0] },
        text,
      );
    }
  }
  for (const file of edits.byFile.keys())
    if (!isUtf8Text(site.files, file))
      refusals.push(
        `${relativePath(site.root, file)} is not UTF-8: writing its links back would change its other bytes`,
      );
  if (options.redirects && refusals.length === 0)
    refusals.push(...unlanded(model, request, after, edits.byFile, redirectPathWriter(urls)));
  return {
    root: site.root,
    moves: request.moves,
    edits: edits.byFile,
    redirects,
    repointed,
    leftInPlace: request.leftInPlace,
    refusals,
  };
}

/** The refusals for moved pages whose links cannot be followed (they do not parse) or whose spec is named from their folder. */
function movedPageRefusals(request: MoveRequest, site: Site): string[] {
  const refusals: string[] = [];
  for (const { from } of request.moves) {
    if (site.pageParse(from).error)
      refusals.push(`${from} does not parse as MDX: its links cannot be followed to move them with it (fix it first)`);
    const spec = site.frontmatter(from)?.endpoint?.spec;
    if (spec !== undefined && /^\.\.?\//.test(spec))
      refusals.push(
        `${from}: its openapi frontmatter names the spec ${spec} from its own folder; name it from the root`,
      );
  }
  return refusals;
}

/** How links are read before and after the move, and what each must land on after it. */
function linkContext(
  site: Site,
  urls: SiteUrls,
  after: After,
  request: MoveRequest,
  movedTo: Map<string, string>,
): LinkContext {
  const moved = (file: string) => movedTo.get(file) ?? file;
  const { folder } = request;
  // A folder of listed pages (served as the first of them) moves with them.
  const mapFolder = (at: string) =>
    folder && (at === folder.from || at.startsWith(`${folder.from}/`)) ? folder.to + at.slice(folder.from.length) : at;
  const wantedOf = (target: LinkTarget): Wanted | undefined => {
    if (target.kind === 'skip' || target.kind === 'self' || target.kind === 'missing') return undefined;
    if (target.kind === 'page' && target.file !== undefined)
      return { kind: 'page', path: pageUrlPath(moved(target.file)), file: moved(target.file) };
    return { kind: target.kind, path: target.kind === 'folder' ? mapFolder(target.path) : target.path };
  };
  return { site, urls, after, moved, wantedOf };
}

/** The refusals for moves whose new URL is taken (by another page, a redirect's source, a generated page) or that move the home page. */
function collisions(request: MoveRequest, site: Site, urls: SiteUrls, movedTo: Map<string, string>): string[] {
  const refusals: string[] = [];
  for (const { from, to } of request.moves) {
    const [oldUrl, url] = [pageUrlPath(from), pageUrlPath(to)];
    if (oldUrl === '' || url === '') {
      refusals.push(`${oldUrl === '' ? from : to} is the home page (/): navlint mv does not move pages to or from it`);
      continue;
    }
    const landing = urls.landing(url);
    const there = landing === 'page' ? pageAt(site, url) : undefined;
    if (there !== undefined && !movedTo.has(there)) refusals.push(`${to}: the page ${there} is at /${url} already`);
    else if (landing === 'redirect') {
      const redirect = followRedirects(url, site, urls)?.first;
      const going = redirect ? ` (to ${redirect.destination})` : '';
      refusals.push(`${to}: /${url} is the source of a redirect${going}, which would hide the page there`);
    } else if (landing === 'generated') refusals.push(`${to}: /${url} is a page generated from an OpenAPI operation`);
    else if (landing === 'unread')
      refusals.push(`${to}: /${url} is under the folder of a spec given by URL, whose pages navlint did not read`);
  }
  return refusals;
}

/** docs.json's and its $ref files' texts with their edits so far, by path. */
function docsTexts(model: NavModel, edits: Map<string, FileEdits>): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of model.files) {
    const own = edits.get(file.path);
    if (own) texts.set(file.path, applyFixes(file.text, own.fixes).text);
  }
  return texts;
}

function siteAfter(
  model: NavModel,
  site: Site,
  moves: readonly PageMove[],
  texts: Map<string, string>,
  options: MoveOptions,
): After {
  const files = filesAfterMoves(site.files, site.root, moves, (file) => texts.get(file));
  const after = siteFor({
    docsFile: model.docsFile.path,
    root: site.root,
    files,
    cacheDir: options.cacheDir,
    extensionKey: site.extensionKey,
  });
  const afterModel = readModel(model.docsFile.path, model.root, files);
  return { site: after, model: afterModel, urls: siteUrls(afterModel, after), files };
}

/** The new source of an import whose file or importer moves, written as it was (from the root, or relative). */
function importSource(
  place: Extract<NamingPlace, { kind: 'import' }>,
  moved: (file: string) => string,
): string | undefined {
  const [importer, target] = [moved(place.file), moved(place.target)];
  const { source } = place.imported;
  if (importer === place.file && target === place.target) return undefined;
  if (source.startsWith('/')) return target === place.target ? undefined : `/${target}`;
  const relative = path.posix.relative(`/${path.posix.dirname(importer)}`, `/${target}`);
  const next = relative.startsWith('../') ? relative : `./${relative}`;
  return next === source ? undefined : next;
}

interface LinkContext {
  site: Site;
  urls: SiteUrls;
  after: After;
  moved: (file: string) => string;
  wantedOf: (target: LinkTarget) => Wanted | undefined;
}

const landsOn = (target: LinkTarget, wanted: Wanted): boolean =>
  target.kind === wanted.kind &&
  (wanted.file !== undefined
    ? 'file' in target && target.file === wanted.file
    : 'path' in target && target.path === wanted.path);

/**
 * How a link is written after the move, when it would not land as it did: relative as it was where a
 * relative URL lands from every page it is followed from, else from the root; query and fragment
 * kept. A refusal when no URL lands as it did.
 */
function rewrittenLink(
  place: Extract<NamingPlace, { kind: 'link' | 'href' }>,
  { site, urls, after, moved, wantedOf }: LinkContext,
): { text: string; url: string } | { refusal: string } | undefined {
  const url = place.kind === 'href' ? place.url : place.found.link[0];
  const before = placeTargets(place, site, urls);
  const origins = place.kind === 'href' ? [docsJsonOrigin] : place.origins.map(moved);
  const againstFile = place.kind === 'link' && place.againstFile;
  const wanted = before.map(wantedOf);
  const first = wanted.findIndex((w) => w !== undefined);
  if (first < 0) return undefined; // lands nowhere now (or is not followed): nothing to keep
  const landsEverywhere = (candidate: string) =>
    wanted.every(
      (w, i) => w === undefined || landsOn(linkTarget(candidate, origins[i], after.site, after.urls, againstFile), w),
    );
  if (landsEverywhere(url)) return undefined;
  for (const candidate of candidatesFor(url, before[first], wanted[first]!, origins[first], againstFile)) {
    if (!landsEverywhere(candidate)) continue;
    const text =
      place.kind === 'href'
        ? place.quoted
          ? JSON.stringify(candidate)
          : markdownDestination(candidate)
        : writtenLink(place.span, place.found, candidate);
    if (text !== undefined) return { text, url: candidate };
  }
  const where = place.kind === 'href' ? `docs.json (${place.label})` : place.found.file;
  const goals = wanted.flatMap((w, i) =>
    w === undefined ? [] : [`/${w.path}${origins.length > 1 ? ` from ${origins[i]}` : ''}`],
  );
  return {
    refusal: `${where}: the link "${url}" cannot be written to land ${goals.length > 1 ? 'where it did from each page that renders it, ' : 'on '}${goals.join(', ')} after the move`,
  };
}

/** The URLs a link may be written as to land on `wanted` from `origin`: relative as it was (if it was), then from the root. */
function candidatesFor(
  url: string,
  before: LinkTarget,
  wanted: Wanted,
  origin: string,
  againstFile: boolean,
): string[] {
  const trimmed = url.trim();
  const cut = trimmed.search(/[?#]/);
  const pathPart = cut < 0 ? trimmed : trimmed.slice(0, cut);
  const suffix = cut < 0 ? '' : trimmed.slice(cut);
  // A link written with the page's extension keeps one; a trailing slash and percent-encoding stay too.
  const extension = wanted.file !== undefined && pageExtension.test(pathPart) ? path.posix.extname(wanted.file) : '';
  const to = wanted.path + extension;
  const trailing = pathPart.endsWith('/') && to !== '' ? '/' : '';
  const encode = (at: string) => (pathPart.includes('%') ? encodeURI(at) : at);
  const candidates: string[] = [];
  if (!pathPart.startsWith('/')) {
    const dot = /^\.\.?\//.test(pathPart);
    const pageUrl = pageUrlPath(origin);
    const base =
      againstFile && dot
        ? path.posix.dirname(origin).replace(/^\.$/, '')
        : pageUrl.slice(0, Math.max(0, pageUrl.lastIndexOf('/')));
    const relative = path.posix.relative(`/${base}`, `/${to}`);
    if (relative !== '')
      candidates.push(`${dot && !relative.startsWith('../') ? './' : ''}${encode(relative)}${trailing}${suffix}`);
  }
  candidates.push(`/${basePathOf(pathPart, before)}${encode(to)}${trailing}${suffix}`);
  return candidates;
}

/** The base path a link from the root carries (`docs/` of `/docs/quickstart`), which its target's path does not. */
function basePathOf(pathPart: string, before: LinkTarget): string {
  if (!pathPart.startsWith('/') || !('path' in before)) return '';
  const written = sitePath(safeDecode(pathPart)).replace(pageExtension, '');
  if (written === before.path) return '';
  if (before.path === '') return written.includes('/') ? '' : `${written}/`;
  return written.endsWith(`/${before.path}`) ? written.slice(0, written.length - before.path.length) : '';
}

/**
 * The redirects the move adds: from each moved page's old URL to its new one, and from a moved
 * folder's URL (which served its first listed page) to the new folder's. One that docs.json has
 * already is not added again; one it has from the same URL to elsewhere, which the page hid, is a refusal.
 */
function addedRedirects(
  model: NavModel,
  request: MoveRequest,
  urls: SiteUrls,
  after: After,
  repointed: MovePlan['repointed'],
  refusals: string[],
): RedirectHop[] {
  const written = redirectPathWriter(urls);
  const hops = request.moves.map(({ from, to }) => ({
    source: written(pageUrlPath(from)),
    destination: written(pageUrlPath(to)),
  }));
  const { folder } = request;
  if (folder && urls.landing(folder.from) === 'folder' && after.urls.landing(folder.from) === undefined)
    hops.push({ source: written(folder.from), destination: written(folder.to) });
  const existing = new Map(redirectNodes(model).map((r) => [redirectPathKey(r.source), r]));
  return hops.filter((hop) => {
    const same = existing.get(redirectPathKey(hop.source));
    if (!same) return true;
    const destination = repointed.find((r) => r.source === same.source)?.to ?? same.destination;
    if (redirectPathKey(destination) !== redirectPathKey(hop.destination))
      refusals.push(
        `docs.json redirects ${same.source} to ${destination}, which the page at that URL hides today: once it moves, its readers would go there, not to ${hop.destination} (--no-redirect leaves the redirects as they are)`,
      );
    return false;
  });
}

/** The refusals for old URLs that the site after the move, its redirects in, would not take to their page. */
function unlanded(
  model: NavModel,
  request: MoveRequest,
  after: After,
  edits: Map<string, FileEdits>,
  written: (at: string) => string,
): string[] {
  const files = overlayFiles(after.files, (file) => docsTexts(model, edits).get(file));
  const finalUrls = siteUrls(readModel(model.docsFile.path, model.root, files), after.site);
  const refusals: string[] = [];
  for (const { from, to } of request.moves) {
    const source = written(pageUrlPath(from));
    const followed = followRedirects(sitePath(source), after.site, finalUrls);
    const end = followed?.end;
    if (typeof end === 'object' && end.kind === 'page' && end.file === to) continue;
    refusals.push(
      `${from}: its old URL ${source} would not land on ${to} through the redirects${followed ? `: the redirect from ${followed.first.source} takes it first, to ${followed.first.destination}` : ''}`,
    );
  }
  return refusals;
}

/** How the site's redirects write a path: with the base path they carry, where they carry one (redirect-base-path). */
function redirectPathWriter(urls: SiteUrls): (at: string) => string {
  const base = urls.redirectBasePath();
  return (at) => `/${base === undefined ? '' : `${base}/`}${at}`;
}
