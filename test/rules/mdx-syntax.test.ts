import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

/** A site whose pages are the given texts; docs.json lists none of them (the platform parses every page). */
const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});

/** The finding of a "<" before a character that cannot start a tag; `after`, the place of the page's first mistake, for one found past it. */
const lessThan = (next: string, after?: string) =>
  `"<" starts a tag in MDX, and no tag starts with "${next}", so the platform cannot build the page: write "&lt;" for a less-than sign${after ? ` (the parser reaches it once the mistake at ${after} is repaired)` : ''} (MDX: Unexpected character \`${next}\` (U+${next.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) before name, expected a character that can start a name, such as a letter, \`$\`, or \`_\`)`;

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
    {
      name: 'what MDX reads as the writer meant: "a < b" with a space, a lone "}", class= and a style string (the platform turns it into an object)',
      files: site({
        'ok.mdx':
          'If a < b, then b > a; a lone } is text.\n\n<div class="note" style="color: red; margin-top: 4px">Styled</div>\n',
      }),
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
          column: 15,
          endLine: 1,
          endColumn: 16,
          message: lessThan('1'),
        },
        {
          file: 'speed.mdx',
          severity: 'error',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 11,
          message: lessThan('1'),
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
          column: 10,
          endLine: 1,
          endColumn: 11,
          message: lessThan('1'),
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
          column: 1,
          endLine: 3,
          endColumn: 16,
          message:
            'MDX has no HTML comments, so the platform cannot build the page: write the comment as {/* … */} (MDX: Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`))',
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
          column: 5,
          endLine: 4,
          endColumn: 6,
          message:
            '"{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace (MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`)',
          suggestions: [
            {
              desc: 'Escape the "{" as "\\{"',
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
          endColumn: 7,
          message:
            '<Note> is never closed, so the platform cannot build the page: close it with </Note> where its content ends (MDX: Expected a closing tag for `<Note>`)',
          suggestions: [
            {
              desc: 'Close <Note> after the block that follows it',
              output: '## Title {#custom}\n\n<Note>\nhello\n</Note>\n',
            },
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
          message:
            '</Tip> does not close the element that is open: <Note> (line 1) is, so the platform cannot build the page; close <Note> first (MDX: Unexpected closing tag `</Tip>`, expected corresponding closing tag for `<Note>` (1:1-1:7))',
          suggestions: [
            {
              desc: 'Close <Note> here instead of </Tip>',
              output: '<Note>\nhi\n</Note>\n',
            },
          ],
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
          column: 10,
          endLine: 1,
          endColumn: 16,
          message:
            '<slug> is never closed, so the platform cannot build the page: if it is code, the backtick that ends the code is missing after it (MDX: Expected a closing tag for `<slug>` (1:10-1:16) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'End the inline code after <slug>',
              output: 'Use the `<slug>` param\n',
            },
            {
              desc: 'Close <slug> at the end of its block',
              output: 'Use the `<slug> param</slug>\n',
            },
            {
              desc: 'Write <slug> as text (&lt;slug>)',
              output: 'Use the `&lt;slug> param\n',
            },
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
          column: 10,
          endLine: 3,
          endColumn: 16,
          message:
            '<slug> is never closed, so the platform cannot build the page: if it is code, the backtick that ends the code is missing after it (MDX: Expected a closing tag for `<slug>` (3:10-3:16) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'End the inline code after <slug>',
              output: '# T\n\n## Path `<slug>` here {#p}\n',
            },
            {
              desc: 'Close <slug> at the end of its block',
              output: '# T\n\n## Path `<slug> here</slug> {#p}\n',
            },
            {
              desc: 'Write <slug> as text (&lt;slug>)',
              output: '# T\n\n## Path `&lt;slug> here {#p}\n',
            },
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
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: '.mintlify/skills/x/page.mdx',
          severity: 'error',
          line: 1,
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: 'kept/.b.mdx',
          severity: 'error',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: 'snippets/contribute.md',
          severity: 'error',
          line: 1,
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
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
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: 'docs/keep.mdx',
          severity: 'error',
          line: 1,
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: 'keep.draft.mdx',
          severity: 'error',
          line: 1,
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
        },
        {
          file: 'snippets/README.md',
          severity: 'error',
          line: 1,
          column: 3,
          endLine: 1,
          endColumn: 4,
          message: lessThan('5'),
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
          message:
            'does not parse as TSX, so the platform cannot build it: Expected corresponding JSX closing tag for <div>',
        },
        {
          file: 'snippets/bad.jsx',
          severity: 'error',
          line: 1,
          column: 31,
          endLine: 1,
          endColumn: 31,
          message: 'does not parse as JSX, so the platform cannot build it: Unexpected token',
        },
        {
          file: 'snippets/indented.jsx',
          severity: 'error',
          line: 4,
          column: 13,
          endLine: 4,
          endColumn: 13,
          message: 'does not parse as JSX, so the platform cannot build it: Unexpected token',
        },
        {
          file: 'snippets/sucrase.tsx',
          severity: 'error',
          line: 1,
          column: 22,
          endLine: 1,
          endColumn: 22,
          message: 'does not parse as TSX, so the platform cannot build it: Unexpected token',
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
          message:
            '"{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace (MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`)',
        },
        {
          file: 'parts/part.mdx',
          severity: 'error',
          line: 1,
          column: 15,
          endLine: 1,
          endColumn: 15,
          message:
            '"{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace (MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`)',
        },
        {
          file: 'snippets/quote.jsx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 19,
          message: 'does not parse as JSX, so the platform cannot build it: Unexpected token',
        },
        {
          file: 'snippets/v.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 19,
          message: 'does not parse as MDX, so the platform cannot build it: Could not parse expression with acorn',
        },
        {
          file: 'snippets/w.mdx',
          severity: 'error',
          line: 1,
          column: 17,
          endLine: 1,
          endColumn: 18,
          message: lessThan('5'),
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
          column: 17,
          endLine: 5,
          endColumn: 22,
          message:
            '{1 +} is read as a JavaScript expression in MDX, and it is not one, so the platform cannot build the page: write "\\{" for a brace in text (MDX: Could not parse expression with acorn)',
          suggestions: [
            {
              desc: 'Escape the "{" as "\\{"',
              output: '<MDX>\n```js\nconst a = {b: "<c>"}; <5\n```\nUse `a{b}` then \\{1 +}\n</MDX>\n',
            },
          ],
        },
        {
          file: 'heading.mdx',
          severity: 'error',
          line: 2,
          column: 24,
          endLine: 2,
          endColumn: 25,
          message: lessThan('5'),
        },
        {
          file: 'inline.mdx',
          severity: 'error',
          line: 2,
          column: 16,
          endLine: 2,
          endColumn: 17,
          message: lessThan('5'),
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
          column: 6,
          endLine: 1,
          endColumn: 11,
          message:
            '{1 +} is read as a JavaScript expression in MDX, and it is not one, so the platform cannot build the page: write "\\{" for a brace in text (MDX: Could not parse expression with acorn)',
          suggestions: [
            {
              desc: 'Escape the "{" as "\\{"',
              output: 'Sum: \\{1 +} done\n',
            },
          ],
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
          column: 7,
          endLine: 3,
          endColumn: 8,
          message:
            '"{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace (MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`)',
          suggestions: [
            {
              desc: 'Escape the "{" as "\\{"',
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
          column: 6,
          endLine: 5,
          endColumn: 4,
          message:
            'MDX has no HTML comments, so the platform cannot build the page: write the comment as {/* … */} (MDX: Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`))',
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
          endColumn: 7,
          message:
            '<Note> is never closed, so the platform cannot build the page: close it with </Note> where its content ends (MDX: Expected a closing tag for `<Note>`)',
          suggestions: [
            {
              desc: 'Close <Note> after the block that follows it',
              output: '<Note>\r\nhello\r\n</Note>\r\n\r\nbye\r\n',
            },
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
          column: 10,
          endLine: 1,
          endColumn: 16,
          message:
            '<slug> is never closed, so the platform cannot build the page: close it with </slug> before the end of its paragraph, or write &lt;slug> if it is text (MDX: Expected a closing tag for `<slug>` (1:10-1:16) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'Close <slug> at the end of its block',
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
          message:
            '</Steps> does not close the element that is open: <Step> (line 2) is, so the platform cannot build the page; close <Step> first (MDX: Unexpected closing tag `</Steps>`, expected corresponding closing tag for `<Step>` (2:1-2:17))',
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
          column: 17,
          endLine: 1,
          endColumn: 21,
          message:
            '<id> is never closed, so the platform cannot build the page: close it with </id> before the end of its link, or write &lt;id> if it is text (MDX: Expected a closing tag for `<id>` (1:17-1:21) before the end of `link`)',
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
          column: 9,
          endLine: 1,
          endColumn: 13,
          message:
            '<br> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <br /> (MDX: Expected a closing tag for `<br>` (1:9-1:13) before the end of `paragraph`)',
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
          line: 3,
          column: 13,
          endLine: 3,
          endColumn: 14,
          message:
            'the quote (") that opens this attribute value is never closed, so the platform cannot build the page: close it where the value ends (MDX: Unexpected end of file in attribute value, expected a corresponding closing quote `"`)',
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
          column: 9,
          endLine: 1,
          endColumn: 13,
          message:
            '<BR> is never closed: MDX reads a capitalized name as a component and closes every element, so the platform cannot build the page; for the HTML element, write <br /> (the parser reaches it once the mistake at 2:10 is repaired) (MDX: Expected a closing tag for `<BR>` (1:9-1:13) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'Write <BR> as <br />',
              output: 'Line one<br />\nline two <HR class="x">\n',
            },
          ],
        },
        {
          file: 'v2.mdx',
          severity: 'error',
          line: 2,
          column: 10,
          endLine: 2,
          endColumn: 24,
          message:
            '<HR> is never closed: MDX reads a capitalized name as a component and closes every element, so the platform cannot build the page; for the HTML element, write <hr class="x" /> (MDX: Expected a closing tag for `<HR>` (2:10-2:24) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'Write <HR> as <hr class="x" />',
              output: 'Line one<BR>\nline two <hr class="x" />\n',
            },
          ],
        },
        {
          file: 'v4.mdx',
          severity: 'error',
          line: 1,
          column: 5,
          endLine: 1,
          endColumn: 31,
          message:
            '<Img> is never closed: MDX reads a capitalized name as a component and closes every element, so the platform cannot build the page; for the HTML element, write <img src="/a.png" alt="x" /> (MDX: Expected a closing tag for `<Img>` (1:5-1:31) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'Write <Img> as <img src="/a.png" alt="x" />',
              output: 'See <img src="/a.png" alt="x" /> here\n',
            },
          ],
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
          column: 5,
          endLine: 1,
          endColumn: 21,
          message:
            '<Link> is never closed, so the platform cannot build the page: close it with </Link> before the end of its paragraph (MDX: Expected a closing tag for `<Link>` (1:5-1:21) before the end of `paragraph`)',
          suggestions: [
            {
              desc: 'Close <Link> at the end of its block',
              output: 'See <Link href="/b">the page.</Link>\n',
            },
          ],
        },
      ],
    },
    {
      name: "a fix is kept when the page then fails on another, earlier mistake (the tree's errors come after the tokenizer's), which is reported and fixed too",
      files: site({ 'f1.mdx': '---\ntitle: A\n---\n\nUse <br> here.\n\nLoads in <100 ms.\n' }),
      errors: [
        {
          file: 'f1.mdx',
          severity: 'error',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 9,
          message:
            '<br> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <br /> (the parser reaches it once the mistake at 7:10 is repaired) (MDX: Expected a closing tag for `<br>` (5:5-5:9) before the end of `paragraph`)',
        },
        {
          file: 'f1.mdx',
          severity: 'error',
          line: 7,
          column: 10,
          endLine: 7,
          endColumn: 11,
          message: lessThan('1'),
        },
      ],
      output: {
        'f1.mdx': '---\ntitle: A\n---\n\nUse <br /> here.\n\nLoads in &lt;100 ms.\n',
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
          message:
            '</Tab> does not close the element that is open: <Note> (line 7) is, so the platform cannot build the page; close <Note> first (MDX: Unexpected closing tag `</Tab>`, expected corresponding closing tag for `<Note>` (7:1-7:7))',
          suggestions: [
            {
              desc: 'Close <Note> here instead of </Tab>',
              output: '<Tabs>\n<Tab title="1">\none\n</Tab>\n</Tabs>\n\n<Note>\ntext\n</Note>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: "<=" and "<-" are escaped at the "<"',
      files: site({ 'cmp.mdx': 'Retry while a <= b.\n', 'arrow.mdx': 'The value flows a <- b.\n' }),
      errors: [
        {
          file: 'arrow.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 20,
          message: lessThan('-'),
        },
        {
          file: 'cmp.mdx',
          severity: 'error',
          line: 1,
          column: 15,
          endLine: 1,
          endColumn: 16,
          message: lessThan('='),
        },
      ],
      output: { 'cmp.mdx': 'Retry while a &lt;= b.\n', 'arrow.mdx': 'The value flows a &lt;- b.\n' },
    },
    {
      name: 'the catalogue: a <Frame> around one image is closed after the image, not at the end of the file',
      files: site({
        'frame.mdx': '# Setup\n\n<Frame>\n  ![Settings](/images/settings.png)\n\nOpen the settings.\n\nThen save.\n',
      }),
      errors: [
        {
          file: 'frame.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 8,
          message:
            '<Frame> is never closed, so the platform cannot build the page: close it with </Frame> where its content ends (MDX: Expected a closing tag for `<Frame>`)',
          suggestions: [
            {
              desc: 'Close <Frame> after the lines indented under it',
              output:
                '# Setup\n\n<Frame>\n  ![Settings](/images/settings.png)\n</Frame>\n\nOpen the settings.\n\nThen save.\n',
            },
            {
              desc: 'Close <Frame> at the end of the file',
              output:
                '# Setup\n\n<Frame>\n  ![Settings](/images/settings.png)\n\nOpen the settings.\n\nThen save.\n</Frame>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: a missing </Card> between two cards goes before the next <Card>',
      files: site({
        'cards.mdx':
          '<CardGroup>\n  <Card title="One">\n    First.\n  <Card title="Two">\n    Second.\n  </Card>\n</CardGroup>\n',
      }),
      errors: [
        {
          file: 'cards.mdx',
          severity: 'error',
          line: 7,
          column: 1,
          endLine: 7,
          endColumn: 13,
          message:
            '</CardGroup> does not close the element that is open: <Card> (line 2) is, so the platform cannot build the page; close <Card> first (MDX: Unexpected closing tag `</CardGroup>`, expected corresponding closing tag for `<Card>` (2:3-2:21))',
          suggestions: [
            {
              desc: 'Close <Card> before the next <Card>',
              output:
                '<CardGroup>\n  <Card title="One">\n    First.\n  </Card>\n  <Card title="Two">\n    Second.\n  </Card>\n</CardGroup>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: a closing tag that closes nothing is removed',
      files: site({ 'stray.mdx': 'Text here.\n\n</div>\n\nMore.\n' }),
      errors: [
        {
          file: 'stray.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          message:
            '</div> closes an element that is not open, so the platform cannot build the page: remove it (MDX: Unexpected closing slash `/` in tag, expected an open tag first)',
          suggestions: [
            {
              desc: 'Remove </div>',
              output: 'Text here.\n\n\n\nMore.\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: a paragraph that starts with "import" is read as JavaScript: capitalize it',
      files: site({ 'esm.mdx': '# Data\n\nimport your data first, then check it.\n' }),
      errors: [
        {
          file: 'esm.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          message:
            'a paragraph that starts with "import" is read as a JavaScript import in MDX, and this one is not one, so the platform cannot build the page: write "Import" or reword it (MDX: Could not parse import/exports with acorn)',
          suggestions: [
            {
              desc: 'Write "Import"',
              output: '# Data\n\nImport your data first, then check it.\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: JSON in the prose is an expression that does not parse: escape its "{"',
      files: site({ 'json.mdx': 'The body is {"name": "x", "size": 2} and nothing more.\n' }),
      errors: [
        {
          file: 'json.mdx',
          severity: 'error',
          line: 1,
          column: 13,
          endLine: 1,
          endColumn: 37,
          message:
            '{"name": "x", "size": 2} is read as a JavaScript expression in MDX, and it is not one, so the platform cannot build the page: write "\\{" for a brace in text (MDX: Could not parse expression with acorn)',
          suggestions: [
            {
              desc: 'Escape the "{" as "\\{"',
              output: 'The body is \\{"name": "x", "size": 2} and nothing more.\n',
            },
          ],
        },
      ],
    },
    {
      name: 'the catalogue: HTML void elements in any case, inline and on their own line',
      files: site({
        'void.mdx': 'Check <input type="checkbox"> here.\n\n<img src="/a.png" alt="A">\n\n<Hr>\n',
      }),
      errors: [
        {
          file: 'void.mdx',
          severity: 'error',
          line: 1,
          column: 7,
          endLine: 1,
          endColumn: 30,
          message:
            '<input> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <input type="checkbox" /> (MDX: Expected a closing tag for `<input>` (1:7-1:30) before the end of `paragraph`)',
        },
        {
          file: 'void.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 27,
          message:
            '<img> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <img src="/a.png" alt="A" /> (the parser reaches it once the mistake at 1:7 is repaired) (MDX: Expected a closing tag for `<img>`)',
        },
        {
          file: 'void.mdx',
          severity: 'error',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 5,
          message:
            '<Hr> is never closed: MDX reads a capitalized name as a component and closes every element, so the platform cannot build the page; for the HTML element, write <hr /> (the parser reaches it once the mistake at 1:7 is repaired) (MDX: Expected a closing tag for `<Hr>`)',
          suggestions: [
            {
              desc: 'Write <Hr> as <hr />',
              output: 'Check <input type="checkbox"> here.\n\n<img src="/a.png" alt="A">\n\n<hr />\n',
            },
          ],
        },
      ],
      output: { 'void.mdx': 'Check <input type="checkbox" /> here.\n\n<img src="/a.png" alt="A" />\n\n<Hr>\n' },
    },
    {
      name: "the catalogue: an attribute's quote that never closes, on a line that ends the tag: close it there",
      files: site({ 'quote.mdx': '<Card title="Setup>\n  Text.\n</Card>\n' }),
      errors: [
        {
          file: 'quote.mdx',
          severity: 'error',
          line: 1,
          column: 13,
          endLine: 1,
          endColumn: 14,
          message:
            'the quote (") that opens this attribute value is never closed, so the platform cannot build the page: close it where the value ends (MDX: Unexpected end of file in attribute value, expected a corresponding closing quote `"`)',
          suggestions: [
            {
              desc: 'Close the quote (") before the tag\'s end',
              output: '<Card title="Setup">\n  Text.\n</Card>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'every mistake of a page in one run, each at its own place, the later ones marked: an unclosed <Card>, a <br>, a "<5"; not the </Warning> that only the open <Card> made a mismatch',
      files: site({
        'all.mdx':
          '# Guide\n\n<Card title="A">\n  Text of the card.\n\n<Warning>\nCareful.\n</Warning>\n\nLine one<br>line two.\n\nLoads in <5 s.\n',
      }),
      errors: [
        {
          file: 'all.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 17,
          message:
            '<Card> is never closed, so the platform cannot build the page: close it with </Card> where its content ends (the parser reaches it once the mistake at 12:10 is repaired) (MDX: Expected a closing tag for `<Card>`)',
          suggestions: [
            {
              desc: 'Close <Card> after the lines indented under it',
              output:
                '# Guide\n\n<Card title="A">\n  Text of the card.\n</Card>\n\n<Warning>\nCareful.\n</Warning>\n\nLine one<br>line two.\n\nLoads in <5 s.\n',
            },
            {
              desc: 'Close <Card> at the end of the file',
              output:
                '# Guide\n\n<Card title="A">\n  Text of the card.\n\n<Warning>\nCareful.\n</Warning>\n\nLine one<br>line two.\n\nLoads in <5 s.\n</Card>\n',
            },
          ],
        },
        {
          file: 'all.mdx',
          severity: 'error',
          line: 10,
          column: 9,
          endLine: 10,
          endColumn: 13,
          message:
            '<br> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <br /> (the parser reaches it once the mistake at 12:10 is repaired) (MDX: Expected a closing tag for `<br>` (10:9-10:13) before the end of `paragraph`)',
        },
        {
          file: 'all.mdx',
          severity: 'error',
          line: 12,
          column: 10,
          endLine: 12,
          endColumn: 11,
          message: lessThan('5'),
        },
      ],
      output: {
        'all.mdx':
          '# Guide\n\n<Card title="A">\n  Text of the card.\n\n<Warning>\nCareful.\n</Warning>\n\nLine one<br />line two.\n\nLoads in &lt;5 s.\n',
      },
    },
    {
      name: 'every mistake of a page in one run, ten at most: one pass of --fix fixes those ten (the next pass, the rest)',
      files: site({
        'many.mdx': Array.from({ length: 12 }, (_, i) => `Step ${i + 1} takes <${i + 2} s.\n`).join('\n'),
      }),
      errors: [
        {
          file: 'many.mdx',
          severity: 'error',
          line: 1,
          column: 14,
          endLine: 1,
          endColumn: 15,
          message: lessThan('2'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 15,
          message: lessThan('3', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 5,
          column: 14,
          endLine: 5,
          endColumn: 15,
          message: lessThan('4', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 7,
          column: 14,
          endLine: 7,
          endColumn: 15,
          message: lessThan('5', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 9,
          column: 14,
          endLine: 9,
          endColumn: 15,
          message: lessThan('6', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 11,
          column: 14,
          endLine: 11,
          endColumn: 15,
          message: lessThan('7', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 13,
          column: 14,
          endLine: 13,
          endColumn: 15,
          message: lessThan('8', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 15,
          column: 14,
          endLine: 15,
          endColumn: 15,
          message: lessThan('9', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 17,
          column: 14,
          endLine: 17,
          endColumn: 15,
          message: lessThan('1', '1:14'),
        },
        {
          file: 'many.mdx',
          severity: 'error',
          line: 19,
          column: 15,
          endLine: 19,
          endColumn: 16,
          message: lessThan('1', '1:14'),
        },
      ],
      output: {
        'many.mdx': Array.from(
          { length: 12 },
          (_, i) => `Step ${i + 1} takes ${i < 10 ? '&lt;' : '<'}${i + 2} s.\n`,
        ).join('\n'),
      },
    },
    {
      name: 'an import statement with a JavaScript mistake is not prose: the parser\'s words, no "Write Import", nothing past it',
      files: site({
        'snippets/foo.jsx': 'export const Foo = () => <b>x</b>;\n',
        'imp.mdx': "import { Foo from '/snippets/foo.jsx';\n\n<Foo />\n",
        'exp.mdx': 'export const a = {b: 1;\n\nText.\n',
      }),
      errors: [
        {
          file: 'exp.mdx',
          severity: 'error',
          line: 1,
          column: 23,
          endLine: 1,
          endColumn: 23,
          message: 'does not parse as MDX, so the platform cannot build it: Could not parse import/exports with acorn',
        },
        {
          file: 'imp.mdx',
          severity: 'error',
          line: 1,
          column: 14,
          endLine: 1,
          endColumn: 14,
          message: 'does not parse as MDX, so the platform cannot build it: Could not parse import/exports with acorn',
        },
      ],
    },
    {
      name: 'a <br> inside an element closed on its line (a table cell) is a void element, at the <br>, fixed',
      files: site({ 'tbl.mdx': '<table>\n  <tr>\n    <td>a<br>b</td>\n  </tr>\n</table>\n' }),
      errors: [
        {
          file: 'tbl.mdx',
          severity: 'error',
          line: 3,
          column: 10,
          endLine: 3,
          endColumn: 14,
          message:
            '<br> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write <br /> (MDX: Unexpected closing tag `</td>`, expected corresponding closing tag for `<br>` (3:10-3:14))',
        },
      ],
      output: { 'tbl.mdx': '<table>\n  <tr>\n    <td>a<br />b</td>\n  </tr>\n</table>\n' },
    },
    {
      name: 'an element whose content is indented under it, across blank lines, is closed after that content; the end of the file is offered too',
      files: site({
        'steps.mdx':
          '<Steps>\n  <Step title="One">\n    Do one.\n  </Step>\n\n  <Step title="Two">\n    Do two.\n  </Step>\n\nAfter the steps.\n',
      }),
      errors: [
        {
          file: 'steps.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 8,
          message:
            '<Steps> is never closed, so the platform cannot build the page: close it with </Steps> where its content ends (MDX: Expected a closing tag for `<Steps>`)',
          suggestions: [
            {
              desc: 'Close <Steps> after the lines indented under it',
              output:
                '<Steps>\n  <Step title="One">\n    Do one.\n  </Step>\n\n  <Step title="Two">\n    Do two.\n  </Step>\n</Steps>\n\nAfter the steps.\n',
            },
            {
              desc: 'Close <Steps> at the end of the file',
              output:
                '<Steps>\n  <Step title="One">\n    Do one.\n  </Step>\n\n  <Step title="Two">\n    Do two.\n  </Step>\n\nAfter the steps.\n</Steps>\n',
            },
          ],
        },
      ],
    },
    {
      name: "an attribute's quote left open on its tag's line, though quotes come after it: at the quote, closed before the tag's end",
      files: site({
        'q2.mdx': '<Card title="Hello" href="/x>\n  Text here.\n</Card>\n\nSee "this".\n',
        'q3.mdx': "<Card title='Hello>\n  Text.\n</Card>\n\nIt's done.\n",
      }),
      errors: [
        {
          file: 'q2.mdx',
          severity: 'error',
          line: 1,
          column: 26,
          endLine: 1,
          endColumn: 27,
          message:
            'the quote (") that opens this attribute value is never closed, so the platform cannot build the page: close it where the value ends (MDX: Unexpected character `"` (U+0022) in attribute name, expected an attribute name character such as letters, digits, `$`, or `_`; `=` to initialize a value; whitespace before attributes; or the end of the tag)',
          suggestions: [
            {
              desc: 'Close the quote (") before the tag\'s end',
              output: '<Card title="Hello" href="/x">\n  Text here.\n</Card>\n\nSee "this".\n',
            },
          ],
        },
        {
          file: 'q3.mdx',
          severity: 'error',
          line: 1,
          column: 13,
          endLine: 1,
          endColumn: 14,
          message:
            "the quote (') that opens this attribute value is never closed, so the platform cannot build the page: close it where the value ends (MDX: Unexpected character `.` (U+002E) in attribute name, expected an attribute name character such as letters, digits, `$`, or `_`; `=` to initialize a value; whitespace before attributes; or the end of the tag)",
          suggestions: [
            {
              desc: "Close the quote (') before the tag's end",
              output: "<Card title='Hello'>\n  Text.\n</Card>\n\nIt's done.\n",
            },
          ],
        },
      ],
    },
    {
      name: 'types written with angle brackets: Promise<T> in a heading is text first; Map<string, number> is escaped at the "<"',
      files: site({
        'h.mdx': '## Returns Promise<T> now\n\nText.\n',
        'map.mdx': 'A Map<string, number> holds them.\n',
      }),
      errors: [
        {
          file: 'h.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 22,
          message:
            '<T> is never closed, so the platform cannot build the page: close it with </T> before the end of its heading, or write &lt;T> if it is text (MDX: Expected a closing tag for `<T>` (1:19-1:22) before the end of `atxHeading`)',
          suggestions: [
            {
              desc: 'Write <T> as text (&lt;T>)',
              output: '## Returns Promise&lt;T> now\n\nText.\n',
            },
            {
              desc: 'Close <T> at the end of its block',
              output: '## Returns Promise<T> now</T>\n\nText.\n',
            },
          ],
        },
        {
          file: 'map.mdx',
          severity: 'error',
          line: 1,
          column: 6,
          endLine: 1,
          endColumn: 7,
          message:
            '"<" starts a tag in MDX, and "<string, number>" is not one, so the platform cannot build the page: write "&lt;" for its "<" (MDX: Unexpected character `,` (U+002C) in name, expected a name character such as letters, digits, `$`, or `_`; whitespace before attributes; or the end of the tag)',
        },
      ],
      output: { 'map.mdx': 'A Map&lt;string, number> holds them.\n' },
    },
    {
      name: 'on a large page, mistakes past the first are looked for until 1 MB of text has been parsed again: four of six on a page of 320 KB',
      files: site({
        'large.mdx': `${'Some filler text for the page.\n\n'.repeat(10_000)}${Array.from({ length: 6 }, (_, i) => `Step ${i + 1} takes <${i + 2} s.\n`).join('\n')}`,
      }),
      errors: [1, 2, 3, 4].map((i) => ({
        file: 'large.mdx',
        severity: 'error' as const,
        line: 20_000 + 2 * i - 1,
        column: 14,
        endLine: 20_000 + 2 * i - 1,
        endColumn: 15,
        message: lessThan(String(i + 1), i === 1 ? undefined : '20001:14'),
      })),
      output: {
        'large.mdx': `${'Some filler text for the page.\n\n'.repeat(10_000)}${Array.from({ length: 6 }, (_, i) => `Step ${i + 1} takes ${i < 4 ? '&lt;' : '<'}${i + 2} s.\n`).join('\n')}`,
      },
    },
  ],
});
