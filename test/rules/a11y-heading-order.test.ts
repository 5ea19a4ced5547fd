import { ruleTester } from '../rule-tester';
import { onLine, siteWithPage } from '../sites';

const warn = { severity: 'warn' as const };

ruleTester('a11y-heading-order', {
  valid: [
    {
      name: "levels down one at a time and back up any number; a custom page's own title; headings only agents see",
      files: siteWithPage('## A\n\n### B\n\n#### C\n\n## D\n\n<Visibility for="agents">\n#### E\n</Visibility>', {
        'custom.mdx': '---\ntitle: Custom\nmode: custom\n---\n\n# Landing\n\n## Features\n',
        'frame.mdx': '---\ntitle: Frame\nmode: frame\n---\n\n### Starts anywhere\n',
      }),
    },
  ],
  invalid: [
    {
      name: 'a skipped level, a second title, and a skip after it; a page without a title starts at its first heading',
      files: siteWithPage('## A\n\n#### B\n\n### C\n\n# Second title\n\n### D', {
        'untitled.mdx': '### Starts deep\n\n##### Skips\n',
      }),
      errors: [
        {
          ...onLine(7, 1, 7, warn),
          message:
            "a level-4 heading after a level-2 one: level 3 is skipped, and a screen reader's outline of the page reads it as missing a section (WCAG 1.3.1, technique G141)",
        },
        {
          ...onLine(11, 1, 15, warn),
          message:
            'a level-1 heading below the page\'s title: the platform renders the frontmatter\'s "title" as the page\'s one level-1 heading, and this makes two (WCAG 1.3.1, 2.4.6); make it "##"',
        },
        { ...onLine(13, 1, 6, warn), messageId: 'skipped', data: { level: 3, previous: 1, missing: 2 } },
        {
          ...onLine(3, 1, 12, { file: 'untitled.mdx', severity: 'warn' }),
          messageId: 'skipped',
          data: { level: 5, previous: 3, missing: 4 },
        },
      ],
    },
    {
      name: "heading elements and headings with custom ids; the title counts as level 1; a custom page's headings from its own",
      files: siteWithPage('<h2>A</h2>\n\n<h4>B</h4>\n\n## Custom id {#custom}\n\n#### Deep {#deep}', {
        'custom.mdx': '---\ntitle: Custom\nmode: custom\n---\n\n# Landing\n\n### Features\n',
        'first.mdx': '---\ntitle: First\n---\n\n### Right after the title\n',
      }),
      errors: [
        {
          ...onLine(8, 1, 13, { file: 'custom.mdx', severity: 'warn' }),
          messageId: 'skipped',
          data: { level: 3, previous: 1, missing: 2 },
        },
        {
          ...onLine(5, 1, 26, { file: 'first.mdx', severity: 'warn' }),
          messageId: 'skipped',
          data: { level: 3, previous: 1, missing: 2 },
        },
        { ...onLine(7, 1, 4, warn), messageId: 'skipped', data: { level: 4, previous: 2, missing: 3 } },
        { ...onLine(11, 1, 4, warn), messageId: 'skipped', data: { level: 4, previous: 2, missing: 3 } },
      ],
    },
  ],
});
