import { embeds, fileLinks, linkSpan, linkTarget, renderedAnchors } from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'page-anchor',
  description: 'a link\'s #fragment that names no heading, component or element id of the page it leads to',
  defaultSeverity: 'warn',
  fixable: false,
  readsPages: true,
  parsesPages: true,
  docs: {
    explanation:
      'A link `#id` on a page, or `/page#id` to another, lands at the top of the page when the page has no such id: the reader does not get where the writer meant. The ids are those the platform renders: heading ids as it slugs them (@mintlify/common\'s slugify: lower case, punctuation and emoji dropped, a repeated heading gets -2, -3…, custom `{#id}` ids), the ids its components add, and the `id` attribute of any element (`<div id="…">`), which the platform\'s own link checker forgets. A fragment is compared as a browser compares it: exactly, after percent-decoding. The ids of a snippet a page imports whole count on that page, where the platform inlines it. Pages generated from OpenAPI operations and redirects are not read for ids; fragments in snippets are not checked (they belong to the pages that import them). A warning: the link still lands on the page. A did-you-mean suggests the nearest id of that page.',
    valid: 'A page with "## Set up the CLI": "[Setup](#set-up-the-cli)"',
    invalid: 'A page with "## Set up the CLI": "[Setup](#setup)"',
  },
};

export function check({ site, report, urls, didYouMean, pagesToCheck }: RuleContext): void {
  let parsed: ReadonlySet<string> | undefined;
  const anchorsByFile = new Map<string, string[] | undefined>();
  for (const found of fileLinks(site, pagesToCheck())) {
    const [url] = found.link;
    if (embeds(found.link) || !url.includes('#') || (found.snippet && !url.startsWith('/'))) continue;
    const target = linkTarget(url, found.file, site, urls());
    const file = target.kind === 'self' ? found.file : target.kind === 'page' ? target.file : undefined;
    const fragment = target.kind === 'self' || target.kind === 'page' ? target.fragment : undefined;
    if (file === undefined || fragment === undefined || fragment === '' || fragment.startsWith(':~:')) continue;
    if (!anchorsByFile.has(file)) anchorsByFile.set(file, renderedAnchors(site, file, (parsed ??= new Set(site.parsedPages()))));
    const anchors = anchorsByFile.get(file);
    if (!anchors) continue; // it does not parse: mdx-syntax says so
    const id = decoded(fragment);
    if (anchors.includes(id)) continue;
    const span = linkSpan(site, found);
    const hashAt = url.indexOf('#') + 1;
    const fragmentSpan = { ...span, offset: span.offset + hashAt, length: Math.max(0, span.length - hashAt) };
    const { hint, suggestions } = didYouMeanAt(fragmentSpan, didYouMean(id, anchors), { write: (text) => text });
    const where = target.kind === 'self' ? 'this page' : `"${file}"`;
    report({ span: fragmentSpan, message: `anchor "#${fragment}" is no heading or id of ${where}${hint}`, suggestions });
  }
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
