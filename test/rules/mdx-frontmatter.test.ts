import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});
const cannot = 'frontmatter is not valid YAML, so the platform cannot build the page: ';

ruleTester('mdx-frontmatter', {
  valid: [
    {
      name: 'quoted colons, lists, a page without frontmatter, a snippet not read as a page',
      files: site({
        'a.mdx': '---\ntitle: "Setup: the basics"\ntags: [a, b]\nopenapi: GET /users/{id}\n---\n\nText.\n',
        'b.md': 'No frontmatter.\n',
        'snippets/s.mdx': '---\ntitle: a: b\n---\n',
      }),
    },
  ],
  invalid: [
    {
      name: "a colon in an unquoted value, a duplicated key, an unclosed quote: at the page's own line",
      files: site({
        'colon.mdx': '---\ntitle: Setup: the basics\n---\n\nText.\n',
        'twice.mdx': '---\ntitle: A\ndescription: B\ntitle: C\n---\n',
        'quote.mdx': '---\ntitle: "Open\ndescription: B\n---\n',
        'blank.mdx': '---\n\n\ntitle: a: b\n---\n',
        'later.mdx': 'Intro --- x\n\n---\ntitle: a: b\n---\n',
      }),
      errors: [
        {
          file: 'blank.mdx',
          severity: 'error',
          line: 4,
          column: 8,
          endLine: 4,
          endColumn: 8,
          // The whole message: the mistake, then the parser's words.
          message: `${cannot}the value holds ": ", which YAML reads as a key: put it in quotes (title: "a: b") (YAML: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line)`,
        },
        {
          file: 'colon.mdx',
          severity: 'error',
          line: 2,
          column: 8,
          endLine: 2,
          endColumn: 8,
          messageId: 'explained',
          data: {
            mistake: 'the value holds ": ", which YAML reads as a key: put it in quotes (title: "Setup: the basics")',
            reason: 'incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
          },
        },
        {
          file: 'later.mdx',
          severity: 'error',
          line: 4,
          column: 8,
          endLine: 4,
          endColumn: 8,
          messageId: 'explained',
          data: {
            mistake: 'the value holds ": ", which YAML reads as a key: put it in quotes (title: "a: b")',
            reason: 'incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
          },
        },
        {
          file: 'quote.mdx',
          severity: 'error',
          line: 2,
          column: 8,
          endLine: 2,
          endColumn: 8,
          messageId: 'explained',
          data: {
            mistake: "the double quote opened here is never closed: close it at the value's end",
            reason: 'unexpected end of the stream within a double quoted scalar',
          },
        },
        {
          file: 'twice.mdx',
          severity: 'error',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 1,
          messageId: 'explained',
          data: {
            mistake: 'a key given twice: keep one of them',
            reason: 'duplicated mapping key',
          },
        },
      ],
    },
  ],
});
