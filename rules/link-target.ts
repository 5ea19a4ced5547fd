import { isExternal } from '../src/engine/docs-json';
import { docsJsonHrefs, linkTarget } from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import { redirectedUrl } from '../src/engine/site-urls';

export const meta = {
  id: 'link-target',
  description: 'a link inside the site, in docs.json, that lands on no page, generated endpoint page or redirect',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    landsNowhere: '{{label}} "{{href}}" lands on no page, generated endpoint page or redirect{{hint}}',
  },
  docs: {
    explanation:
      'A link of docs.json that is a path inside the documentation ("/changelog", "guides/start", the href of a navbar or footer link, a division, the logo, a banner\'s markdown) must land somewhere, as a link in a page must (page-link reads both alike): on a page (its file, with or without `.mdx`, or a folder\'s index page), a folder of listed pages, a file of the docs folder (case-sensitive), on a page the platform generates from an OpenAPI operation of the navigation (its path: the "directory" of the openapi in force, default "api-reference", the tag and the summary, or x-mint.href), or on the source of a redirect; a first segment that is the base path the site is served under is tried without it. Queries are ignored, anchors are page-anchor\'s, external links external-link\'s (with --check-external). A did-you-mean suggests the nearest page, with the link\'s query and fragment.',
    valid: '{ "navbar": { "links": [{ "label": "Changelog", "href": "/changelog" }] } }   (with changelog.mdx)',
    invalid: '{ "navbar": { "links": [{ "label": "Changelog", "href": "/changelogs" }] } }   (with changelog.mdx)',
  },
} satisfies RuleMeta;

export function check({ links, report, urls, site }: RuleContext<typeof meta>): void {
  for (const { href, span, label, quoted } of docsJsonHrefs(links())) {
    if (href.trim() === '' || href.startsWith('#') || href.startsWith('?') || isExternal(href)) continue; // href-format judges these
    // Read as page-link reads a page's links; from docs.json, at the root, a browser and the platform read a path alike.
    if (linkTarget(href, 'docs.json', site, urls()).kind !== 'missing') continue;
    const near = urls().nearest(href);
    // The page meant, with the section and query the link asked of it.
    const target = near && redirectedUrl(href, href.startsWith('/') ? `/${near}` : near);
    const { hint, suggestions } = didYouMeanAt(span, target, { write: quoted ? JSON.stringify : (text) => text });
    report({
      span,
      messageId: 'landsNowhere',
      data: { label, href, hint },
      suggestions,
    });
  }
}
