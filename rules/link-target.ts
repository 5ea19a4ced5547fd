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
