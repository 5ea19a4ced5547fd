import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-link-name',
  description:
    'a Markdown link or `<Card href>` with no text for a reader: `[](…)`, an icon alone (accessibility, beyond `mint a11y`)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    markdown:
      'a link with no text: a screen reader reads its URL, or nothing, in its place (WCAG 2.4.4, 4.1.2); write what it leads to between the brackets',
    card: '<Card href> with neither a title nor text: a screen reader has no name to read for the link (WCAG 2.4.4, 4.1.2)',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const link of page.a11y.bareLinks ?? []) {
      if ((link.tag !== '' && link.tag !== 'Card') || link.agents || link.name || link.emptyImages) continue;
      report({ span: page.spanOf(link.at), messageId: link.tag === 'Card' ? 'card' : 'markdown' });
    }
  }
}
