import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

/** What names a link without text, in words. */
const names: Record<string, string> = {
  'aria-label': 'aria-label',
  title: 'title',
  alt: "image's alt text",
  code: 'code',
  expression: 'expression',
};

export const meta = {
  id: 'a11y-link-text',
  description: 'an `<a>` element with no text inside it, as `mint a11y` checks it (accessibility)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    noText: '<a> has no text, so a screen reader has no name to read for the link (WCAG 2.4.4, 4.1.2)',
    anchor:
      '<a> has no text, and no href: an anchor to link to, which `mint a11y` reports as a link without text; an element of no meaning (`<span id="…" />`) is the same anchor, which it passes',
    namedOtherwise:
      '<a> has no text: its {{name}} names it for a screen reader, but `mint a11y` reads text alone and reports it',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const link of page.a11y.bareLinks ?? []) {
      if (link.tag !== 'a') continue;
      const span = page.spanOf(link.at);
      if (link.noHref && !link.name) report({ span, messageId: 'anchor' });
      else if (link.name) report({ span, messageId: 'namedOtherwise', data: { name: names[link.name] ?? link.name } });
      else report({ span, messageId: 'noText' });
    }
  }
}
