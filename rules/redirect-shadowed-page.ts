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
