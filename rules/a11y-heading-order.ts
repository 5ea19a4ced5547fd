import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-heading-order',
  description:
    "a heading that skips a level (`##` then `####`), or a `#` heading below the page's title (accessibility, beyond `mint a11y`)",
  defaultSeverity: 'off',
  a11y: 'warn',
  fixable: false,
  messages: {
    skipped:
      "a level-{{level}} heading after a level-{{previous}} one: level {{missing}} is skipped, and a screen reader's outline of the page reads it as missing a section (WCAG 1.3.1, technique G141)",
    secondTitle:
      'a level-1 heading below the page\'s title: the platform renders the frontmatter\'s "title" as the page\'s one level-1 heading, and this makes two (WCAG 1.3.1, 2.4.6); make it "##"',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    const titled = !page.a11y.untitled && page.parse.frontmatter?.some((field) => field.key === 'title') === true;
    let previous = titled ? 1 : undefined;
    for (const [level, line, column, endLine, endColumn, audience] of page.a11y.headings ?? []) {
      if (audience) continue;
      // The page's text is read only for a finding.
      const span = () => page.spanOf([line, column, endLine, endColumn]);
      if (titled && level === 1) report({ span: span(), messageId: 'secondTitle' });
      else if (previous !== undefined && level > previous + 1)
        report({ span: span(), messageId: 'skipped', data: { level, previous, missing: previous + 1 } });
      previous = level;
    }
  }
}
