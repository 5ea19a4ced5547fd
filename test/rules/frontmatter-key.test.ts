import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});

ruleTester('frontmatter-key', {
  valid: [
    {
      name: "the platform's spellings, keys it does not read, a misspelling beside the right key, snippets",
      files: site({
        'a.mdx': '---\nsidebarTitle: A\nog:title: B\nsidebar_label: C\n---\n',
        'b.mdx': '---\nsidebarTitle: A\nsidebar_title: A\n---\n',
        'snippets/s.mdx': '---\nSidebarTitle: A\n---\n',
      }),
    },
  ],
  invalid: [
    {
      name: 'case, "-" and "_": a suggestion with the platform\'s spelling; a quoted key keeps its quotes',
      files: site({ 'a.mdx': '---\nsideBarTitle: Setup\nno-index: true\n"Description": x\n---\n' }),
      errors: [
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 13,
          message: 'frontmatter key "sideBarTitle" is not read by the platform; did you mean "sidebarTitle"?',
          suggestions: [
            {
              desc: 'Rename to "sidebarTitle"',
              output: '---\nsidebarTitle: Setup\nno-index: true\n"Description": x\n---\n',
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 9,
          messageId: 'otherSpelling',
          data: { key: 'no-index', meant: 'noindex' },
          suggestions: [
            { desc: 'Rename to "noindex"', output: '---\nsideBarTitle: Setup\nnoindex: true\n"Description": x\n---\n' },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 14,
          messageId: 'otherSpelling',
          data: { key: 'Description', meant: 'description' },
          suggestions: [
            {
              desc: 'Rename to "description"',
              output: '---\nsideBarTitle: Setup\nno-index: true\n"description": x\n---\n',
            },
          ],
        },
      ],
    },
  ],
});
