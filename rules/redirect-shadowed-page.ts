import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { pageAt, redirectSource } from '../src/engine/site-urls';

export const meta: RuleMeta = {
  id: 'redirect-shadowed-page',
  description: 'a redirect whose source is also a page of the site, which becomes unreachable',
  defaultSeverity: 'warn',
  fixable: false,
  docs: {
    explanation:
      'A redirect from the path of a page that exists sends every reader of that page elsewhere: the page is built but can no longer be reached. Remove the redirect, or the page (and its navigation entry) if it was moved on purpose.',
    valid:
      '{ "redirects": [{ "source": "/old-guide", "destination": "/guide" }] }   (with guide.mdx, no old-guide.mdx)',
    invalid: '{ "redirects": [{ "source": "/guide", "destination": "/new-guide" }] }   (with guide.mdx)',
  },
};

export function check({ report, site, urls }: RuleContext): void {
  for (const { source } of urls().redirects) {
    // A source with a fragment or query never shadows a page: only the path reaches the server.
    if (!source || /[?#]/.test(source.value as string)) continue;
    const { path } = redirectSource(source.value as string);
    if (path === undefined) continue; // a pattern
    const file = pageAt(site, path);
    if (file)
      report({
        span: source,
        message: `redirect source "${source.value}" is also the page ${file}: the page can no longer be reached`,
      });
  }
}
