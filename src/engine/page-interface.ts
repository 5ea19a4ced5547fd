import { nodeCrypto } from '../common/lazy';
import type { Site } from '../site/site';

/**
 * What the findings of other files can depend on in a page's text: its `openapi` frontmatter (the
 * pages the site generates), the ids a link can land on, what it imports (which pages render a
 * snippet, and their anchors) and exports, what the platform's import scan finds in it (which files
 * are snippets), and whether it parses. An edit that keeps these (prose, the page's own links)
 * changes the page's own findings only. A SHA-1 of them, as the cache of results keeps one per page:
 * a collision would keep stale findings.
 */
export function pageInterface(site: Site, file: string): string {
  const parse = site.pageParse(file);
  const facts = JSON.stringify([
    site.frontmatter(file)?.value ?? null,
    parse.anchors ?? null,
    parse.imports?.map(({ source, names }) => [source, names.map((n) => [n.kind, n.imported ?? null, n.local])]) ??
      null,
    parse.exports ?? null,
    parse.onlyEsm ?? null,
    parse.importScan ?? null,
    parse.error !== undefined,
    // A directive may turn off a finding of a rule that does not read the page (orphan-page).
    parse.directives ?? null,
  ]);
  return nodeCrypto().createHash('sha1').update(facts).digest('base64');
}
