import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { pageAt, redirectSource } from '../src/engine/site-urls';

export const meta = {
  id: 'redirect-shadowed-page',
  description: 'a redirect whose source is also a page of the site, which becomes unreachable',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    shadowsPage: 'redirect source "{{source}}" is also the page {{file}}: the page can no longer be reached',
  },
  docs: {
    explanation:
      'A redirect from the path of a page that exists sends every reader of that page elsewhere: the page is built but can no longer be reached. Remove the redirect, or the page (and its navigation entry) if it was moved on purpose.',
    valid:
      '{ "redirects": [{ "source": "/old-guide", "destination": "/guide" }] }   (with guide.mdx, no old-guide.mdx)',
    invalid: '{ "redirects": [{ "source": "/guide", "destination": "/new-guide" }] }   (with guide.mdx)',
  },
} satisfies RuleMeta;

export function check({ report, site, urls }: RuleContext<typeof meta>): void {
  for (const { source } of urls().redirects) {
    // A source with a fragment or query never shadows a page: only the path reaches the server.
    if (!source || /[?#]/.test(source.value as string)) continue;
    const { path } = redirectSource(source.value as string);
    if (path === undefined) continue; // a pattern
    const file = pageAt(site, path);
    if (file)
      report({
        span: source,
        messageId: 'shadowsPage',
        data: { source: source.value as string, file },
      });
  }
}
