import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

/** A site whose pages are the given texts; docs.json lists none of them (the platform parses every page). */
const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});

const reason = {
  digit:
    'Unexpected character `1` (U+0031) before name, expected a character that can start a name, such as a letter, `$`, or `_`',
  digit5:
    'Unexpected character `5` (U+0035) before name, expected a character that can start a name, such as a letter, `$`, or `_`',
  bang: 'Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`)',
};
const cannot = 'does not parse as MDX, so the platform cannot build it: ';

ruleTester('mdx-syntax', {
  valid: [
    {
      name: 'MDX, GFM, math, YAML and TOML frontmatter, expressions, components, escaped and coded < and {, {#id} headings',
      files: site({
        'guide.mdx':
          '---\ntitle: "A <b> c"\nopenapi: GET /users/{id}\n---\n\n## Set up {#setup}\n\n<Note>\n  Less than `<5` or \\{braces\\} and &lt;5.\n</Note>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$\nx^2\n$$\n\n{/* a comment */}\n\n```html\n<!-- in code -->\n```\n',
        'toml.md': '+++\ntitle = "x"\n+++\n\nText.\n',
      }),
    },
    {
      name: 'README.md, LICENSE.md, CONTRIBUTING.md and what .mintignore excludes are not parsed; a README.mdx is',
      files: site({
        'README.md': 'a <5\n',
        'docs/license.md': 'a <5\n',
        'CONTRIBUTING.md': 'a <5\n',
        'drafts/x.mdx': 'a <5\n',
        '.mintignore': 'drafts/\n',
      }),
    },
    {
      name: "what the platform's walk leaves out is not parsed: tools' dot folders, .mintlify but for skills/, node_modules; nor are skill files, _snippets/ and contribute.md",
      files: site({
        '.git/a.mdx': 'a <5\n',
        '.github/a.mdx': 'a <5\n',
        'docs/.vscode/a.mdx': 'a <5\n',
        '.mintlify/other/a.mdx': 'a <5\n',
        '.mintlify/skills/x/SKILL.md': 'a <5\n',
        'SKILL.md': 'a <5\n',
        'node_modules/p/a.mdx': 'a <5\n',
        '_snippets/old.mdx': 'a <5\n',
        '_snippets/old.jsx': 'const = ;\n',
        'contribute.md': 'a <5\n',
      }),
    },
    {
      name: 'scripts that parse: JSX, and TSX whose types sucrase strips',
      files: site({
        'snippets/a.jsx': 'export const A = ({ n }) => <div>{n}</div>;\n',
        'snippets/b.tsx': 'interface P {\n  a: string;\n}\nexport const B = (p: P) => <div>{p.a}</div>;\n',
      }),
    },
    {
      name: 'docs.json variables are not put into pages: {{name}} there is an expression',
      files: {
        ...site({ 'page.mdx': 'Made by {{name}}.\n' }),
        'docs.json': docsWith('{ "pages": ["index"] }').replace(
          '"navigation"',
          '"variables": { "name": "Acme {" },\n  "navigation"',
        ),
      },
    },
  ],
  invalid: [
    {
      name: '< that cannot start a tag is fixed to &lt;, in a page or a snippet',
      files: site({
        'speed.mdx': '---\ntitle: Speed\n---\n\nLoads in <100 ms.\n',
        'snippets/note.mdx': 'Pages load in <1 s.\n',
      }),
      errors: [
        {
          file: 'snippets/note.mdx',
          severity: 'error',
          line: 1,
          column: 16,
          endLine: 1,
          endColumn: 16,
          message: cannot + reason.digit,
        },
        {
          file: 'speed.mdx',
          severity: 'error',
          line: 5,
          column: 11,
          endLine: 5,
          endColumn: 11,
          messageId: 'notMdx',
          data: { reason: reason.digit },
        },
      ],
      output: {
        'speed.mdx': '---\ntitle: Speed\n---\n\nLoads in &lt;100 ms.\n',
        'snippets/note.mdx': 'Pages load in &lt;1 s.\n',
      },
    },
    {
      name: "after a byte order mark: the parser's column, and the fix lands on the `<`",
      files: site({ 'bom.mdx': '\uFEFFLoads in <100 ms.\n' }),
      errors: [
        {
          file: 'bom.mdx',
          severity: 'error',
          line: 1,
          column: 11,
          endLine: 1,
          endColumn: 11,
          messageId: 'notMdx',
          data: { reason: reason.digit },
        },
      ],
      output: { 'bom.mdx': '\uFEFFLoads in &lt;100 ms.\n' },
    },
    {
      name: 'an HTML comment is fixed to an MDX comment',
      files: site({ 'c.mdx': 'Text\n\n<!-- hidden -->\n' }),
      errors: [
        {
          file: 'c.mdx',
          severity: 'error',
          line: 3,
          column: 2,
          endLine: 3,
          endColumn: 2,
          messageId: 'notMdx',
          data: { reason: reason.bang },
        },
      ],
      output: { 'c.mdx': 'Text\n\n{/* hidden */}\n' },
    },
    {
      name: 'an unclosed { gets a suggestion to escape it',
      files: site({ 'b.mdx': '# Hi\n\nSome text\nand { open here\n' }),
      errors: [
        {
          file: 'b.mdx',
          severity: 'error',
          line: 4,
          column: 16,
          endLine: 4,
          endColumn: 16,
          messageId: 'notMdx',
          data: { reason: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`' },
          suggestions: [
            {
              desc: 'Escape the "{" (\\{), if no expression was meant',
              output: '# Hi\n\nSome text\nand \\{ open here\n',
            },
          ],
        },
      ],
    },
    {
      name: "an unclosed tag gets a suggestion that closes it; its line is the page's, after a {#id} heading the platform makes three lines of",
      files: site({ 'u.mdx': '## Title {#custom}\n\n<Note>\nhello\n' }),
      errors: [
        {
          file: 'u.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 1,
          messageId: 'notMdx',
          data: { reason: 'Expected a closing tag for `<Note>`' },
          suggestions: [
            { desc: 'Close <Note> at the end of the file', output: '## Title {#custom}\n\n<Note>\nhello\n</Note>\n' },
          ],
        },
      ],
    },
    {
      name: 'a mismatched closing tag gets a suggestion that closes the open one',
      files: site({ 'm.mdx': '<Note>\nhi\n</Tip>\n' }),
      errors: [
        {
          file: 'm.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          messageId: 'notMdx',
          data: {
            reason: 'Unexpected closing tag `</Tip>`, expected corresponding closing tag for `<Note>` (1:1-1:7)',
          },
          suggestions: [{ desc: 'Close <Note> here instead', output: '<Note>\nhi\n</Note>\n' }],
        },
      ],
    },
    {
      name: 'a dropped backtick leaves a tag open: end the code, close the tag, or write it as text',
      files: site({ 's.mdx': 'Use the `<slug> param\n' }),
      errors: [
        {
          file: 's.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 22,
          messageId: 'notMdx',
          data: { reason: 'Expected a closing tag for `<slug>` (1:10-1:16) before the end of `paragraph`' },
          suggestions: [
            { desc: 'End the inline code after <slug>', output: 'Use the `<slug>` param\n' },
            { desc: 'Close <slug> at the end of the paragraph', output: 'Use the `<slug> param</slug>\n' },
            { desc: 'Write <slug> as text (&lt;slug>)', output: 'Use the `&lt;slug> param\n' },
          ],
        },
      ],
    },
    {
      name: "a tag left open in the text of a {#id} heading: its place is the page's, line and column, in the message and the suggestions",
      files: site({ 'h.mdx': '# T\n\n## Path `<slug> here {#p}\n' }),
      errors: [
        {
          file: 'h.mdx',
          severity: 'error',
          line: 3,
          column: 4,
          endLine: 3,
          endColumn: 21,
          messageId: 'notMdx',
          data: { reason: 'Expected a closing tag for `<slug>` (3:10-3:16) before the end of `paragraph`' },
          suggestions: [
            { desc: 'End the inline code after <slug>', output: '# T\n\n## Path `<slug>` here {#p}\n' },
            { desc: 'Close <slug> at the end of the paragraph', output: '# T\n\n## Path `<slug> here</slug> {#p}\n' },
            { desc: 'Write <slug> as text (&lt;slug>)', output: '# T\n\n## Path `&lt;slug> here {#p}\n' },
          ],
        },
      ],
    },
    {
      name: "pages in dot folders, dot files and .mintlify/skills/ are parsed, as the platform's walk finds them",
      files: site({
        '.hidden/a.mdx': 'a <5\n',
        'kept/.b.mdx': 'b\n\nc <5\n',
        '.mintlify/skills/x/page.mdx': 'a <5\n',
        'snippets/contribute.md': 'a <5\n',
      }),
      errors: [
        {
          file: '.hidden/a.mdx',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: '.mintlify/skills/x/page.mdx',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'kept/.b.mdx',
          severity: 'error',
          line: 3,
          column: 4,
          endLine: 3,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'snippets/contribute.md',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
      ],
      output: {
        '.hidden/a.mdx': 'a &lt;5\n',
        'kept/.b.mdx': 'b\n\nc &lt;5\n',
        '.mintlify/skills/x/page.mdx': 'a &lt;5\n',
        'snippets/contribute.md': 'a &lt;5\n',
      },
    },
    {
      name: ".mintignore's negations bring files back, unless their folder is left out; the last line that matches decides",
      files: site({
        '.mintignore':
          'docs/*\n!docs/keep.mdx\n!CHANGELOG.md\n!README.md\ndrafts/\n!drafts/a.mdx\n*.draft.mdx\n!keep.draft.mdx\n',
        'docs/keep.mdx': 'a <5\n',
        'docs/drop.mdx': 'a <5\n',
        'CHANGELOG.md': 'a <5\n',
        'README.md': 'a <5\n', // walked again, but never a page
        'snippets/README.md': 'a <5\n', // walked again: a snippet
        'drafts/a.mdx': 'a <5\n',
        'x.draft.mdx': 'a <5\n',
        'keep.draft.mdx': 'a <5\n',
      }),
      errors: [
        {
          file: 'CHANGELOG.md',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'docs/keep.mdx',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'keep.draft.mdx',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'snippets/README.md',
          severity: 'error',
          line: 1,
          column: 4,
          endLine: 1,
          endColumn: 4,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
      ],
      output: {
        'CHANGELOG.md': 'a &lt;5\n',
        'docs/keep.mdx': 'a &lt;5\n',
        'keep.draft.mdx': 'a &lt;5\n',
        'snippets/README.md': 'a &lt;5\n',
      },
    },
    {
      name: ".jsx and .tsx files (but _snippets/) are parsed as the platform parses scripts: at the file's own place, after its trim and sucrase's type stripping",
      files: site({
        'snippets/bad.jsx': 'export const A = () => <div>{</div>;\n',
        'snippets/indented.jsx': '\n\n   export const A = () => <div>\n  <span>{1 +}</span></div>;\n',
        'snippets/sucrase.tsx': 'export const B = (x: ) => 1;\n',
        'snippets/acorn.tsx': '\n\ninterface P {\n  a: string;\n}\nexport const B = (p: P) => <div>{p.a}</span>;\n',
        'components/twice.jsx': 'const x = 1;\nconst x = 2;\n',
      }),
      errors: [
        {
          file: 'components/twice.jsx',
          severity: 'error',
          line: 2,
          column: 7,
          endLine: 2,
          endColumn: 7,
          message: "does not parse as JSX, so the platform cannot build it: Identifier 'x' has already been declared",
        },
        {
          file: 'snippets/acorn.tsx',
          severity: 'error',
          line: 6,
          column: 38,
          endLine: 6,
          endColumn: 38,
          messageId: 'notScript',
          data: { language: 'TSX', reason: 'Expected corresponding JSX closing tag for <div>' },
        },
        {
          file: 'snippets/bad.jsx',
          severity: 'error',
          line: 1,
          column: 31,
          endLine: 1,
          endColumn: 31,
          messageId: 'notScript',
          data: { language: 'JSX', reason: 'Unexpected token' },
        },
        {
          file: 'snippets/indented.jsx',
          severity: 'error',
          line: 4,
          column: 13,
          endLine: 4,
          endColumn: 13,
          messageId: 'notScript',
          data: { language: 'JSX', reason: 'Unexpected token' },
        },
        {
          file: 'snippets/sucrase.tsx',
          severity: 'error',
          line: 1,
          column: 22,
          endLine: 1,
          endColumn: 22,
          messageId: 'notScript',
          data: { language: 'TSX', reason: 'Unexpected token' },
        },
      ],
    },
    {
      name: "docs.json variables are put into snippets (under snippets/, scripts, and files another file imports) before their parse; the place is the file's own",
      files: {
        ...site({
          'index.mdx': "import Part from '/parts/part.mdx'\nimport {\n  Other\n} from '/parts/other.mdx'\n\n<Part />\n",
          'snippets/v.mdx': 'Hello {{name}} and {{ tag }} and {{missing}}.\n',
          'snippets/w.mdx': 'Title: {{ lt }} <5\n',
          'snippets/quote.jsx': 'export const Q = "{{quote}}";\n',
          'parts/part.mdx': 'Part: {{name}}\n',
          'parts/other.mdx': 'Other:\n\n{{name}} <5\n',
          'parts/alone.mdx': 'Alone: {{name}}\n',
        }),
        'docs.json': docsWith('{ "pages": ["index"] }').replace(
          '"navigation"',
          '"variables": { "name": "Acme {", "tag": "<b>x</b> <script>bad()</script>", "lt": "a < b", "quote": "say \\"hi\\"" },\n  "navigation"',
        ),
      },
      errors: [
        {
          file: 'parts/other.mdx',
          severity: 'error',
          line: 3,
          column: 12,
          endLine: 3,
          endColumn: 12,
          messageId: 'notMdx',
          data: { reason: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`' },
        },
        {
          file: 'parts/part.mdx',
          severity: 'error',
          line: 1,
          column: 15,
          endLine: 1,
          endColumn: 15,
          messageId: 'notMdx',
          data: { reason: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`' },
        },
        {
          file: 'snippets/quote.jsx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 19,
          messageId: 'notScript',
          data: { language: 'JSX', reason: 'Unexpected token' },
        },
        {
          file: 'snippets/v.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 19,
          messageId: 'notMdx',
          data: { reason: 'Could not parse expression with acorn' },
        },
        {
          file: 'snippets/w.mdx',
          severity: 'error',
          line: 1,
          column: 18,
          endLine: 1,
          endColumn: 18,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
      ],
      output: { 'snippets/w.mdx': 'Title: {{ lt }} &lt;5\n' },
    },
    {
      name: "on a line of an <MDX> body whose code the platform escapes (`<` as &lt;), the column is the page's own",
      files: site({
        'inline.mdx': '<MDX>\nUse `a<b` then <5\n</MDX>\n',
        'heading.mdx': '<MDX>\n  ## Use `a<b` {x} and <5 {#id}\n</MDX>\n',
        'fence.mdx': '<MDX>\n```js\nconst a = {b: "<c>"}; <5\n```\nUse `a{b}` then {1 +}\n</MDX>\n',
      }),
      errors: [
        {
          file: 'fence.mdx',
          severity: 'error',
          line: 5,
          column: 21,
          endLine: 5,
          endColumn: 21,
          messageId: 'notMdx',
          data: { reason: 'Could not parse expression with acorn' },
        },
        {
          file: 'heading.mdx',
          severity: 'error',
          line: 2,
          column: 25,
          endLine: 2,
          endColumn: 25,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
        {
          file: 'inline.mdx',
          severity: 'error',
          line: 2,
          column: 17,
          endLine: 2,
          endColumn: 17,
          messageId: 'notMdx',
          data: { reason: reason.digit5 },
        },
      ],
      output: {
        'heading.mdx': '<MDX>\n  ## Use `a<b` {x} and &lt;5 {#id}\n</MDX>\n',
        'inline.mdx': '<MDX>\nUse `a<b` then &lt;5\n</MDX>\n',
      },
    },
    {
      name: 'an expression that is not JavaScript, in a .md page too',
      files: site({ 'e.md': 'Sum: {1 +} done\n' }),
      errors: [
        {
          file: 'e.md',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 10,
          messageId: 'notMdx',
          data: { reason: 'Could not parse expression with acorn' },
        },
      ],
    },
    {
      name: "CRLF lines: the unclosed { of the prose is escaped, not the one in an attribute's string before it",
      files: site({ 'b1.mdx': '<Card title="JSON {" />\r\n\r\nCosts {5 dollars\r\n' }),
      errors: [
        {
          file: 'b1.mdx',
          severity: 'error',
          line: 3,
          column: 17,
          endLine: 3,
          endColumn: 17,
          messageId: 'notMdx',
          data: {
            reason: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`',
          },
          suggestions: [
            {
              desc: 'Escape the "{" (\\{), if no expression was meant',
              output: '<Card title="JSON {" />\r\n\r\nCosts \\{5 dollars\r\n',
            },
          ],
        },
      ],
    },
    {
      name: 'an HTML comment across a blank line inside a paragraph: an MDX comment would not parse there, so no fix',
      files: site({ 'c1.mdx': 'Text <!-- a\n\n# heading inside\n\n--> after\n' }),
      errors: [
        {
          file: 'c1.mdx',
          severity: 'error',
          line: 1,
          column: 7,
          endLine: 1,
          endColumn: 7,
          messageId: 'notMdx',
          data: {
            reason:
              'Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`)',
          },
        },
      ],
    },
    {
      name: 'a tag left open to the end of a CRLF file: closed there with a CRLF line',
      files: site({ 'e1.mdx': '<Note>\r\nhello\r\n\r\nbye\r\n' }),
      errors: [
        {
          file: 'e1.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<Note>`',
          },
          suggestions: [
            {
              desc: 'Close <Note> at the end of the file',
              output: '<Note>\r\nhello\r\n\r\nbye\r\n</Note>\r\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a tag after a closed inline code span: no suggestion to end the code',
      files: site({ 'k1.mdx': 'Use `cmd`<slug> here\n' }),
      errors: [
        {
          file: 'k1.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 21,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<slug>` (1:10-1:16) before the end of `paragraph`',
          },
          suggestions: [
            {
              desc: 'Close <slug> at the end of the paragraph',
              output: 'Use `cmd`<slug> here</slug>\n',
            },
            {
              desc: 'Write <slug> as text (&lt;slug>)',
              output: 'Use `cmd`&lt;slug> here\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a closing tag of an outer element while an inner one is open: close the inner one before it',
      files: site({ 'm1.mdx': '<Steps>\n<Step title="a">\nx\n</Steps>\n' }),
      errors: [
        {
          file: 'm1.mdx',
          severity: 'error',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 9,
          messageId: 'notMdx',
          data: {
            reason: 'Unexpected closing tag `</Steps>`, expected corresponding closing tag for `<Step>` (2:1-2:17)',
          },
          suggestions: [
            {
              desc: 'Close <Step> before </Steps>',
              output: '<Steps>\n<Step title="a">\nx\n</Step></Steps>\n',
            },
          ],
        },
      ],
    },
    {
      name: "a tag left open inside a link: closing it at the link's end would not parse; it can be written as text",
      files: site({ 'u1.mdx': 'See [GET /users/<id>](/api/users) for details.\n' }),
      errors: [
        {
          file: 'u1.mdx',
          severity: 'error',
          line: 1,
          column: 5,
          endLine: 1,
          endColumn: 34,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<id>` (1:17-1:21) before the end of `link`',
          },
          suggestions: [
            {
              desc: 'Write <id> as text (&lt;id>)',
              output: 'See [GET /users/&lt;id>](/api/users) for details.\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a void element written as in HTML (<br>) is self-closed',
      files: site({ 'v1.mdx': 'Line one<br>\nline two\n' }),
      errors: [
        {
          file: 'v1.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 2,
          endColumn: 9,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<br>` (1:9-1:13) before the end of `paragraph`',
          },
        },
      ],
      output: {
        'v1.mdx': 'Line one<br />\nline two\n',
      },
    },
    {
      name: "an attribute's quote that never closes: reported where the parser stops, the end of the file, with the quote's own place",
      files: site({ 'q.mdx': '# Title\n\n<Card title="x\n\n## Heading\n\nText\n' }),
      errors: [
        {
          file: 'q.mdx',
          severity: 'error',
          line: 8,
          column: 1,
          endLine: 8,
          endColumn: 1,
          messageId: 'notMdx',
          data: {
            reason:
              'Unexpected end of file in attribute value, expected a corresponding closing quote `"` (the value\'s quote at 3:13 is never closed)',
          },
        },
      ],
    },
    {
      name: 'a void element in capitals (<BR>), which MDX reads as a component, gets a suggestion to write it in lower case, self-closed',
      files: site({
        'v2.mdx': 'Line one<BR>\nline two <HR class="x">\n',
        'v4.mdx': 'See <Img src="/a.png" alt="x"> here\n',
      }),
      errors: [
        {
          file: 'v2.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 2,
          endColumn: 24,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<HR>` (2:10-2:24) before the end of `paragraph`',
          },
          suggestions: [{ desc: 'Write <HR> as <hr />', output: 'Line one<BR>\nline two <hr class="x" />\n' }],
        },
        {
          file: 'v4.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 36,
          messageId: 'notMdx',
          data: {
            reason: 'Expected a closing tag for `<Img>` (1:5-1:31) before the end of `paragraph`',
          },
          suggestions: [{ desc: 'Write <Img> as <img />', output: 'See <img src="/a.png" alt="x" /> here\n' }],
        },
      ],
    },
    {
      name: 'a component whose name is also a void element (<Link>) is closed as a component, not written as HTML',
      files: site({ 'v3.mdx': 'See <Link href="/b">the page.\n' }),
      errors: [
        {
          file: 'v3.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 30,
          messageId: 'notMdx',
          data: { reason: 'Expected a closing tag for `<Link>` (1:5-1:21) before the end of `paragraph`' },
          suggestions: [
            { desc: 'Close <Link> at the end of the paragraph', output: 'See <Link href="/b">the page.</Link>\n' },
          ],
        },
      ],
    },
    {
      name: "a fix is kept when the page then fails on another, earlier mistake (the tree's errors come after the tokenizer's)",
      files: site({ 'f1.mdx': '---\ntitle: A\n---\n\nUse <br> here.\n\nLoads in <100 ms.\n' }),
      errors: [
        {
          file: 'f1.mdx',
          severity: 'error',
          line: 7,
          column: 11,
          endLine: 7,
          endColumn: 11,
          messageId: 'notMdx',
          data: {
            reason:
              'Unexpected character `1` (U+0031) before name, expected a character that can start a name, such as a letter, `$`, or `_`',
          },
        },
      ],
      output: {
        'f1.mdx': '---\ntitle: A\n---\n\nUse <br> here.\n\nLoads in &lt;100 ms.\n',
      },
    },
    {
      name: 'a closing tag of an element closed before: the open one is closed there instead',
      files: site({ 'f2.mdx': '<Tabs>\n<Tab title="1">\none\n</Tab>\n</Tabs>\n\n<Note>\ntext\n</Tab>\n' }),
      errors: [
        {
          file: 'f2.mdx',
          severity: 'error',
          line: 9,
          column: 1,
          endLine: 9,
          endColumn: 7,
          messageId: 'notMdx',
          data: {
            reason: 'Unexpected closing tag `</Tab>`, expected corresponding closing tag for `<Note>` (7:1-7:7)',
          },
          suggestions: [
            {
              desc: 'Close <Note> here instead',
              output: '<Tabs>\n<Tab title="1">\none\n</Tab>\n</Tabs>\n\n<Note>\ntext\n</Note>\n',
            },
          ],
        },
      ],
    },
  ],
});
