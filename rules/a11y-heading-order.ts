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
  docs: {
    explanation:
      'Screen reader users move through a page by its headings, and read its outline from their levels (WCAG 1.3.1, Info and Relationships, and 2.4.6, Headings and Labels; technique G141): a level that is skipped (`##` then `####`) reads as a missing section, and a second level-1 heading as a second page. The platform renders a page\'s frontmatter `title` as its level-1 heading, so the headings a page writes start at `##`. This rule reports a heading more than one level below the one before it (the title counting as level 1) and a `#` heading in a page that has a title. Markdown headings and `<h1>`–`<h6>` elements count, in the order written; a page in `custom` or `frame` mode renders no title, and its first heading may be of any level. Skipping levels is no failure of WCAG by itself but what its techniques advise against, as does the platform\'s own guide to accessible docs; `mint a11y` does not check it. Headings only agents see and snippets are left alone. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid: '---\ntitle: "Quickstart"\n---\n\n## Install\n\n### On macOS',
    invalid: '---\ntitle: "Quickstart"\n---\n\n# Quickstart\n\n### On macOS',
  },
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
