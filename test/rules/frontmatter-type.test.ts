import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});

ruleTester('frontmatter-type', {
  valid: [
    {
      name: 'every type as the platform reads it; unknown keys, snippets and block lists of text',
      files: site({
        'a.mdx':
          '---\ntitle: "2024"\nsidebarTitle: Setup\nhidden: false\nnoindex: true\nboost: 3\nkeywords: [a, "b"]\nicon: rocket\nplayground: simple\norder: 3\ncustom: 2024-01-31\n---\n\nText.\n',
        'b.mdx': '---\nkeywords:\n  - a\n  - b\nicon:\n  name: star\n  style: solid\n---\n',
        'snippets/s.mdx': '---\ntitle: 2024\n---\n',
      }),
    },
  ],
  invalid: [
    {
      name: 'a date and a number where text is expected, quoted text where true or false is, an empty value',
      files: site({
        'a.mdx':
          '---\ntitle: 2024-01-31\nversion: 1.10 # the current one\nhidden: "false"\nnoindex: \'maybe\'\ndescription:\n---\n',
      }),
      errors: [
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 2,
          column: 8,
          endLine: 2,
          endColumn: 18,
          message: 'frontmatter "title" is a date, not text (YAML reads it so unquoted): quote it',
          suggestions: [
            {
              desc: 'Write "2024-01-31"',
              output:
                '---\ntitle: "2024-01-31"\nversion: 1.10 # the current one\nhidden: "false"\nnoindex: \'maybe\'\ndescription:\n---\n',
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 3,
          column: 10,
          endLine: 3,
          endColumn: 14,
          messageId: 'notTextUnquoted',
          data: { key: 'version', kind: 'a number' },
          suggestions: [
            {
              desc: 'Write "1.10"',
              output:
                '---\ntitle: 2024-01-31\nversion: "1.10" # the current one\nhidden: "false"\nnoindex: \'maybe\'\ndescription:\n---\n',
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 4,
          column: 9,
          endLine: 4,
          endColumn: 16,
          message:
            'frontmatter "hidden" is text, not true or false, and any text counts as true: the page is hidden; write true or false without quotes',
          suggestions: [
            {
              desc: 'Write false',
              output:
                "---\ntitle: 2024-01-31\nversion: 1.10 # the current one\nhidden: false\nnoindex: 'maybe'\ndescription:\n---\n",
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 17,
          message:
            'frontmatter "noindex" is text, not true or false, and any text counts as true: the page is kept out of search engines; write true or false without quotes',
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 12,
          message:
            'frontmatter "description" has no value: the platform reads it as empty, not as left out; give it a value or remove the line',
        },
      ],
    },
    {
      name: 'lists, icons, numbers and words',
      files: site({
        'a.mdx': '---\nkeywords: setup, install\nboost: "2"\nicon: {style: solid}\nplayground: Simple\n---\n',
        'b.mdx': '---\nkeywords:\n  - a\n  - 2\nicon: 3\nplayground: full\n---\n',
      }),
      errors: [
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 2,
          column: 11,
          endLine: 2,
          endColumn: 25,
          message: 'frontmatter "keywords" is text, not a list of text',
          suggestions: [
            {
              desc: 'Write [setup, install]',
              output: '---\nkeywords: [setup, install]\nboost: "2"\nicon: {style: solid}\nplayground: Simple\n---\n',
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 3,
          column: 8,
          endLine: 3,
          endColumn: 11,
          message: 'frontmatter "boost" is text, not a number',
          suggestions: [
            {
              desc: 'Write 2',
              output: '---\nkeywords: setup, install\nboost: 2\nicon: {style: solid}\nplayground: Simple\n---\n',
            },
          ],
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 4,
          column: 7,
          endLine: 4,
          endColumn: 21,
          message:
            'frontmatter "icon" is a mapping without a text "name": write the icon\'s name, or a mapping with "name"',
        },
        {
          file: 'a.mdx',
          severity: 'warn',
          line: 5,
          column: 13,
          endLine: 5,
          endColumn: 19,
          message: 'frontmatter "playground" is "Simple", not one of "interactive", "simple", "none", "auth"',
          suggestions: [
            {
              desc: 'Write simple',
              output: '---\nkeywords: setup, install\nboost: "2"\nicon: {style: solid}\nplayground: simple\n---\n',
            },
          ],
        },
        {
          file: 'b.mdx',
          severity: 'warn',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 9,
          message: 'frontmatter "keywords" is a list with items that are not text: quote them',
        },
        {
          file: 'b.mdx',
          severity: 'warn',
          line: 5,
          column: 7,
          endLine: 5,
          endColumn: 8,
          message: 'frontmatter "icon" is a number, not an icon name: quote it',
          suggestions: [
            { desc: 'Write "3"', output: '---\nkeywords:\n  - a\n  - 2\nicon: "3"\nplayground: full\n---\n' },
          ],
        },
        {
          file: 'b.mdx',
          severity: 'warn',
          line: 6,
          column: 13,
          endLine: 6,
          endColumn: 17,
          messageId: 'otherWord',
          data: { key: 'playground', value: 'full', words: '"interactive", "simple", "none", "auth"' },
        },
      ],
    },
  ],
});
