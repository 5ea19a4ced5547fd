import { resolveImportSource } from '../parsers/import-scan';
import type { PageImport } from '../parsers/page-parse';
import type { Span } from '../parsers/source';
import type { SiteIndex } from '../site/site-index';
import { docsLinks, redirectsOf } from './docs-json';
import type { NavModel, PageElement } from './model';
import {
  docsJsonHrefs,
  type FileLink,
  fileLinks,
  type LinkTarget,
  linkOrigins,
  linkSpan,
  linkTarget,
  pagesRendering,
  rewrittenAgainstFile,
} from './page-link-targets';
import type { SiteUrls } from './site-urls';

/**
 * A place of the site that names a page, a file or another URL of the site, and how it is read:
 * what a page's move must rewrite, and what the language server lists as a page's references.
 */
export type NamingPlace =
  /** A page entry of the navigation (in docs.json or a `$ref` file), a group's `root` too; `file`: the page it names. */
  | { kind: 'entry'; element: PageElement; span: Span; file: string | undefined }
  /**
   * A link of a page or snippet (Markdown, an `href` or `src` of an element or component), followed
   * from `origins`: its own file, or the pages that render a snippet's relative link.
   */
  | { kind: 'link'; found: FileLink; span: Span; origins: string[]; againstFile: boolean }
  /** A link docs.json writes (an `href`, a banner's Markdown link) or a redirect's destination (`redirect`: its source), read from the root. */
  | { kind: 'href'; url: string; span: Span; quoted: boolean; label: string; redirect?: string }
  /** The source of an `import` in a page or snippet, and the file it resolves to (relative to the docs folder). */
  | { kind: 'import'; file: string; imported: PageImport; span: Span; target: string };

/** Where docs.json's links are read from: the root, where a browser and the platform read a path alike. */
export const docsJsonOrigin = 'docs.json';

/** Every place of the site that names a URL or file of it, docs.json's first, then each parsed page's in path order. */
export function* namingPlaces(model: NavModel, site: SiteIndex): Generator<NamingPlace> {
  for (const element of model.elements)
    if (element.kind === 'page')
      yield { kind: 'entry', element, span: element.node, file: site.lookupPage(element.page).file };
  for (const { href, span, label, quoted } of docsJsonHrefs(docsLinks(model)))
    yield { kind: 'href', url: href, span, quoted, label };
  for (const { source, destination } of redirectsOf(model))
    if (source && destination) {
      const from = source.value as string;
      yield {
        kind: 'href',
        url: destination.value as string,
        span: destination,
        quoted: true,
        label: 'redirect',
        redirect: from,
      };
    }
  let rendering: ((snippet: string) => string[]) | undefined;
  for (const found of fileLinks(site)) {
    const origins = linkOrigins(found, () => (rendering ??= pagesRendering(site)));
    yield { kind: 'link', found, span: linkSpan(site, found), origins, againstFile: rewrittenAgainstFile(found.link) };
  }
  for (const file of site.parsedPages()) {
    const imports = site.pageParse(file).imports ?? [];
    if (imports.length === 0) continue;
    const source = site.sourceFile(file);
    for (const imported of imports) {
      const target = resolveImportSource(imported.source, file)?.slice(1);
      if (target === undefined) continue;
      const offset = source.offsetAt(imported.sourceStart.line, imported.sourceStart.column);
      const end = source.offsetAt(imported.sourceEnd.line, imported.sourceEnd.column);
      yield { kind: 'import', file, imported, span: { file: source, offset, length: end - offset }, target };
    }
  }
}

/** Where a link or href place lands from each of its origins, as a reader's browser follows it. */
export function placeTargets(
  place: Extract<NamingPlace, { kind: 'link' | 'href' }>,
  site: SiteIndex,
  urls: SiteUrls,
): LinkTarget[] {
  return place.kind === 'href'
    ? [linkTarget(place.url, docsJsonOrigin, site, urls)]
    : place.origins.map((origin) => linkTarget(place.found.link[0], origin, site, urls, place.againstFile));
}

/**
 * The places that name a page file (relative to the docs folder): its navigation entries, the links
 * that land on it (from any page a snippet's link is followed from), docs.json's links and redirect
 * destinations that do, and the imports of it.
 */
export function pageReferences(model: NavModel, site: SiteIndex, urls: SiteUrls, file: string): NamingPlace[] {
  const names = (target: LinkTarget) => target.kind === 'page' && target.file === file;
  const references: NamingPlace[] = [];
  for (const place of namingPlaces(model, site)) {
    const named =
      place.kind === 'entry'
        ? place.file === file
        : place.kind === 'import'
          ? place.target === file
          : placeTargets(place, site, urls).some(names);
    if (named) references.push(place);
  }
  return references;
}
