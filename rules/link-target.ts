import { isExternal } from '../src/engine/docs-json';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import type { Span } from '../src/parsers/source';

export const meta: RuleMeta = {
  id: 'link-target',
  description: 'a link inside the site, in docs.json, that lands on no page, generated endpoint page or redirect',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'A link of docs.json that is a path inside the documentation ("/changelog", "guides/start", the href of a navbar or footer link, a division, the logo, a banner\'s markdown) must land somewhere: on a page (its file, or a folder\'s index page), on a page the platform generates from an OpenAPI operation of the navigation (its path: the "directory" of the openapi in force, default "api-reference", the tag and the summary, or x-mint.href), or on the source of a redirect. Anchors and queries are ignored; external links are not fetched. A did-you-mean suggests the nearest page.',
    valid: '{ "navbar": { "links": [{ "label": "Changelog", "href": "/changelog" }] } }   (with changelog.mdx)',
    invalid: '{ "navbar": { "links": [{ "label": "Changelog", "href": "/changelogs" }] } }   (with changelog.mdx)',
  },
};

export function check({ links: docsLinks, report, urls }: RuleContext): void {
  const { strings, links } = docsLinks();
  const targets = [...strings.map(({ node, label }) => ({ href: node.value as string, span: node as Span, label: `href of ${label}`, quoted: true })), ...links.map((l) => ({ ...l, label: `link in ${l.label}`, quoted: false }))];
  for (const { href, span, label, quoted } of targets) {
    if (href.trim() === '' || href.startsWith('#') || href.startsWith('?') || isExternal(href)) continue; // href-format judges these
    if (urls().landing(href)) continue;
    const near = urls().nearest(href);
    const target = near && (href.startsWith('/') ? `/${near}` : near);
    const { hint, suggestions } = didYouMeanAt(span, target, { write: quoted ? JSON.stringify : (text) => text });
    report({ span, message: `${label} "${href}" lands on no page, generated endpoint page or redirect${hint}`, suggestions });
  }
}
