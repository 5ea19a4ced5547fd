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
  docs: {
    explanation:
      'A link\'s text is its name: what a screen reader reads, and how its users pick a link from a list of them (WCAG 2.4.4, Link Purpose; 4.1.2, Name, Role, Value). The platform\'s `mint a11y` reports every `<a>` element that has no text inside it (no text that is not blank, however deep), at its first line and column, in every page it builds (not in snippets): an icon alone, an image alone, `<a id="x" />` written as an anchor to link to. It reads text alone: an `<a>` named by its `aria-label`, `title` or an image\'s alt text is reported all the same, and the message says so. This rule reports exactly what `mint a11y` reports. Markdown links and `<Card href>` without text are `a11y-link-name`\'s. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid: '---\ntitle: "Home"\n---\n\n<a href="https://github.com/acme">Acme on GitHub</a>',
    invalid: '---\ntitle: "Home"\n---\n\n<a href="https://github.com/acme"><Icon icon="github" /></a>',
  },
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
