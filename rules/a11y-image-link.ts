import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-image-link',
  description:
    'a link whose only content is an image with no alt text, which leaves the link without a name (accessibility, beyond `mint a11y`)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    unnamed:
      "a link whose only content is an image with no alt text has no name: a screen reader reads its URL, or nothing; the image's alt text is the link's text, and says where it leads (WCAG 2.4.4, failure F89)",
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const link of page.a11y.bareLinks ?? []) {
      if (link.tag !== '' || link.agents || link.name || !link.emptyImages) continue;
      report({ span: page.spanOf(link.at), messageId: 'unnamed' });
    }
  }
}
