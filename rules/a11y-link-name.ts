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
  docs: {
    explanation:
      'A link\'s text is its name: what a screen reader reads, and how its users pick a link from a list of them (WCAG 2.4.4, Link Purpose; 4.1.2, Name, Role, Value). This rule reports a Markdown link with no text (`[](/quickstart)`, or one that holds an icon alone) and a `<Card href>` with neither a `title` nor text inside it, unless something else names it for a screen reader: inline code, an image\'s alt text, an `aria-label` or `title` on an element inside it, a link title (`[](/a "Quickstart")`) or an expression, whose text is known only once rendered. A link whose only content is an image without alt text is `a11y-image-link`\'s; an `<a>` without text is `a11y-link-text`\'s, as `mint a11y` checks it, which checks no Markdown link or card. Links only agents see and snippets are left alone. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid: '---\ntitle: "Home"\n---\n\n[Quickstart](/quickstart)\n\n<Card title="Quickstart" href="/quickstart" />',
    invalid: '---\ntitle: "Home"\n---\n\n[](/quickstart)\n\n<Card href="/quickstart" icon="rocket" />',
  },
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const link of page.a11y.bareLinks ?? []) {
      if ((link.tag !== '' && link.tag !== 'Card') || link.agents || link.name || link.emptyImages) continue;
      report({ span: page.spanOf(link.at), messageId: link.tag === 'Card' ? 'card' : 'markdown' });
    }
  }
}
