import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

/** A site whose pages and snippets are the given texts; docs.json lists the home page only (the platform resolves the imports of every page). */
const site = (pages: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...pages,
});

/** Snippets as real sites write them: content to include whole, a component by name, a .jsx component. */
const snippets = {
  'snippets/intro.mdx': 'Welcome to the **API**.\n',
  'snippets/since.mdx': 'export const Since = ({ v }) => <Badge>Since {v}</Badge>\n',
  'snippets/os.jsx': 'export const OSAutoDetect = () => <div>os</div>;\n',
  'snippets/chart.tsx': 'export const Chart = (props: { n: number }) => <div>{props.n}</div>;\n',
  'snippets/counter.mdx': 'export const Counter = () => <button>+</button>\n',
};

ruleTester('mdx-import', {
  valid: [
    {
      name: 'default, named and renamed imports of .mdx, .md, .jsx and .tsx snippets, by "/", "./" and "../" paths, in pages and snippets',
      files: site({
        ...snippets,
        'snippets/note.md': 'A note.\n',
        'snippets/contribute.md': 'How to help.\n',
        'guide.mdx':
          "---\ntitle: Guide\n---\n\nimport Intro from '/snippets/intro.mdx';\nimport { Since } from \"/snippets/since.mdx\"\nimport { OSAutoDetect } from '/snippets/os.jsx'\nimport { Chart as Graph, Other } from '/snippets/chart.tsx'\nimport Note from './snippets/note.md'\nimport Help from '/snippets/contribute.md'\nimport { Counter as Clicker } from '/snippets/counter.mdx'\n\n<Intro />\n<Since v=\"1\" />\n",
        'api/deep/page.mdx':
          "import Intro from '../../snippets/intro.mdx'\nimport { Since } from '/snippets/since.mdx'\n\n<Intro />\n",
        'snippets/wrapper.mdx':
          "import Intro from '/snippets/intro.mdx'\nimport { Since } from './since.mdx'\n\n<Intro />\n",
      }),
    },
    {
      name: 'a page imports a name that a snippet imports by name itself (the platform copies it into that snippet first)',
      files: site({
        ...snippets,
        'snippets/all.mdx':
          "import { Since } from '/snippets/since.mdx'\nimport { Counter as Clicker } from '/snippets/counter.mdx'\n",
        'p.mdx': "import { Since, Clicker } from '/snippets/all.mdx'\n",
      }),
    },
    {
      name: 'an .mdx file outside snippets/ is imported (it becomes a snippet); the same name from the same snippet twice; identical definitions in two snippets',
      files: site({
        ...snippets,
        'parts/part.mdx': 'Shared part.\n',
        'snippets/since-copy.mdx': 'export const Since = ({ v }) => <Badge>Since {v}</Badge>\n',
        'p.mdx':
          "import Part from '/parts/part.mdx'\nimport { Since } from '/snippets/since.mdx'\nimport { Since as S2 } from '/snippets/since.mdx'\n\n<Part />\n",
        'q.mdx': "import { Since } from '/snippets/since.mdx'\n\nimport { Since } from '/snippets/since-copy.mdx'\n",
      }),
    },
    {
      name: 'a default import of a snippet with content, of one with a default export, of one with nothing; a namespace import',
      files: site({
        'snippets/both.mdx': 'export const Tip = () => <b>tip</b>\n\nSome text.\n',
        'snippets/default.mdx': 'const Box = () => <div />\n\nexport default Box\n',
        'snippets/empty.mdx': '---\ntitle: x\n---\n',
        'p.mdx':
          "import Both from '/snippets/both.mdx'\nimport Box from '/snippets/default.mdx'\nimport Empty from '/snippets/empty.mdx'\nimport * as All from '/snippets/both.mdx'\n",
      }),
    },
    {
      name: 'imports inside code blocks, pages that do not parse, _snippets/ files and .mintignored files are not read',
      files: site({
        'code.mdx': "```js\nimport React from 'react'\n```\n",
        'broken.mdx': "import React from 'react'\n\na <5\n",
        '_snippets/old.mdx': "import React from 'react'\n",
        'drafts/x.mdx': "import React from 'react'\n",
        '.mintignore': 'drafts/\n',
      }),
    },
    {
      name: 'a named import of a snippet that does not parse is left to mdx-syntax',
      files: site({ 'snippets/bad.mdx': 'a <5\n', 'p.mdx': "import { X } from '/snippets/bad.mdx'\n" }),
    },
  ],
  invalid: [
    {
      name: 'a file the platform leaves out of the site (README.md, also under snippets/; what .mintignore excludes) cannot be imported',
      files: site({
        'snippets/README.md': 'Read me.\n',
        'drafts/part.mdx': 'Draft.\n',
        '.mintignore': 'drafts/\n',
        'p.mdx': "import ReadMe from '/snippets/README.md'\nimport Part from '/drafts/part.mdx'\n",
      }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 20,
          endLine: 1,
          endColumn: 41,
          message:
            '"/snippets/README.md" is not a file the platform can import: the platform leaves this file out of the site (README.md, LICENSE.md, CHANGELOG.md, CONTRIBUTING.md and SKILL.md files, and what .mintignore excludes); it drops this import with a warning, so ReadMe is not defined on the page (a component renders nothing)',
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 2,
          column: 18,
          endLine: 2,
          endColumn: 36,
          messageId: 'leftOut',
          data: {
            source: '"/drafts/part.mdx"',
            consequence: 'Part is not defined on the page (a component renders nothing)',
            hint: '',
          },
        },
      ],
    },
    {
      name: 'a package and a URL: the platform imports only local files, and drops these',
      files: site({
        'p.mdx':
          "---\ntitle: P\n---\n\nimport { useState } from 'react'\nimport Chart from \"https://esm.sh/chart\"\nimport 'side-effect'\n",
      }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 5,
          column: 26,
          endLine: 5,
          endColumn: 33,
          message:
            '"react" is not a local import: the platform imports only files of the docs folder, by a path starting with "/", "./" or "../", so it drops this import with a warning, and useState is not defined on the page (a component renders nothing)',
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 6,
          column: 19,
          endLine: 6,
          endColumn: 41,
          messageId: 'notLocal',
          data: {
            source: '"https://esm.sh/chart"',
            consequence: 'Chart is not defined on the page (a component renders nothing)',
            hint: '',
          },
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 7,
          column: 8,
          endLine: 7,
          endColumn: 21,
          messageId: 'notLocal',
          data: { source: '"side-effect"', consequence: 'the import does nothing', hint: '' },
        },
      ],
    },
    {
      // The shape of a site whose strict build failed: icons/custom-icons.tsx, which no page imports, imports a package and a file without extension.
      name: "the imports of every .jsx and .tsx file, as the platform resolves a snippet's: a package, a path without extension; a type-only import is stripped first",
      files: site({
        'icons/custom-icons.tsx': `import { useState } from 'react';
import type { FC } from 'react';
import { Shape } from './shapes';

export const CustomIcon: FC = () => {
  const [on] = useState(false);
  return <Shape on={on} />;
};
`,
        'icons/shapes.tsx': 'export const Shape = ({ on }) => <svg data-on={on} />;\n',
        'snippets/badge.jsx': "import { Shape } from '/icons/shapes.tsx';\n\nexport const Badge = () => <Shape />;\n",
        '_snippets/old.jsx': "import React from 'react';\n\nexport const Old = () => <div />;\n",
      }),
      errors: [
        {
          file: 'icons/custom-icons.tsx',
          severity: 'error',
          line: 1,
          column: 26,
          endLine: 1,
          endColumn: 33,
          message:
            '"react" is not a local import: the platform imports only files of the docs folder, by a path starting with "/", "./" or "../", so it drops this import with a warning, and useState is not defined in the script (its code fails where it uses it)',
        },
        {
          file: 'icons/custom-icons.tsx',
          severity: 'error',
          line: 3,
          column: 23,
          endLine: 3,
          endColumn: 33,
          message:
            '"./shapes" is not a file the platform can import: it adds no extension, and there is no /icons/shapes; it drops this import with a warning, so Shape is not defined in the script (its code fails where it uses it); did you mean "./shapes.tsx"?',
          suggestions: [
            {
              desc: 'Use "./shapes.tsx"',
              output: `import { useState } from 'react';
import type { FC } from 'react';
import { Shape } from './shapes.tsx';

export const CustomIcon: FC = () => {
  const [on] = useState(false);
  return <Shape on={on} />;
};
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a path to a snippet without its leading slash is read as a package',
      files: site({ ...snippets, 'p.mdx': 'import Intro from "snippets/intro.mdx"\n' }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 39,
          messageId: 'notLocal',
          data: {
            source: '"snippets/intro.mdx"',
            consequence: 'Intro is not defined on the page (a component renders nothing)',
            hint: '; did you mean "/snippets/intro.mdx"?',
          },
          suggestions: [{ desc: 'Use "/snippets/intro.mdx"', output: 'import Intro from "/snippets/intro.mdx"\n' }],
        },
      ],
    },
    {
      name: 'a path without extension: the platform adds none',
      files: site({ ...snippets, 'p.mdx': "import Intro from '/snippets/intro'\n\n<Intro />\n" }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 36,
          message:
            '"/snippets/intro" is not a file the platform can import: it adds no extension, and there is no /snippets/intro; it drops this import with a warning, so Intro is not defined on the page (a component renders nothing); did you mean "/snippets/intro.mdx"?',
          suggestions: [
            { desc: 'Use "/snippets/intro.mdx"', output: "import Intro from '/snippets/intro.mdx'\n\n<Intro />\n" },
          ],
        },
      ],
    },
    {
      name: 'a misspelt relative path, a path in the wrong case, a .js file, a file under _snippets/',
      files: site({
        ...snippets,
        'snippets/util.js': 'export const x = 1;\n',
        '_snippets/old.mdx': 'Old.\n',
        'guides/p.mdx':
          "import Intro from '../snippets/intor.mdx'\nimport { Since } from '/snippets/Since.mdx'\nimport { x } from '/snippets/util.js'\nimport Old from '/_snippets/old.mdx'\n",
      }),
      errors: [
        {
          file: 'guides/p.mdx',
          severity: 'error',
          line: 1,
          column: 19,
          endLine: 1,
          endColumn: 42,
          message:
            '"../snippets/intor.mdx" is not a file the platform can import: there is no /snippets/intor.mdx; it drops this import with a warning, so Intro is not defined on the page (a component renders nothing); did you mean "../snippets/intro.mdx"?',
          suggestions: [
            {
              desc: 'Use "../snippets/intro.mdx"',
              output:
                "import Intro from '../snippets/intro.mdx'\nimport { Since } from '/snippets/Since.mdx'\nimport { x } from '/snippets/util.js'\nimport Old from '/_snippets/old.mdx'\n",
            },
          ],
        },
        {
          file: 'guides/p.mdx',
          severity: 'error',
          line: 2,
          column: 23,
          endLine: 2,
          endColumn: 44,
          messageId: 'noFile',
          data: {
            source: '"/snippets/Since.mdx"',
            path: '/snippets/Since.mdx',
            consequence: 'Since is not defined on the page (a component renders nothing)',
            hint: '; did you mean "/snippets/since.mdx"?',
          },
          suggestions: [
            {
              desc: 'Use "/snippets/since.mdx"',
              output:
                "import Intro from '../snippets/intor.mdx'\nimport { Since } from '/snippets/since.mdx'\nimport { x } from '/snippets/util.js'\nimport Old from '/_snippets/old.mdx'\n",
            },
          ],
        },
        {
          file: 'guides/p.mdx',
          severity: 'error',
          line: 3,
          column: 19,
          endLine: 3,
          endColumn: 38,
          message:
            '"/snippets/util.js" is not a file the platform can import: it imports only .mdx, .md, .jsx and .tsx files (rename it to .jsx); it drops this import with a warning, so x is not defined on the page (a component renders nothing)',
        },
        {
          file: 'guides/p.mdx',
          severity: 'error',
          line: 4,
          column: 17,
          endLine: 4,
          endColumn: 37,
          message:
            '"/_snippets/old.mdx" is not a file the platform can import: files under _snippets/ cannot be imported (move it to snippets/); it drops this import with a warning, so Old is not defined on the page (a component renders nothing)',
        },
      ],
    },
    {
      name: 'a name the snippet does not export, in a page and in a snippet; the suggestion keeps the name the page uses',
      files: site({
        ...snippets,
        'p.mdx':
          "import { Sinse, Counter as C } from '/snippets/since.mdx'\nimport { Nothing } from '/snippets/intro.mdx'\n\n<Sinse v=\"2\" />\n",
        'snippets/wrap.mdx': "import { Countr as Clicker } from './counter.mdx'\n",
      }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 15,
          message:
            '"/snippets/since.mdx" does not export Sinse (it exports Since): the platform warns and Sinse is not defined on the page (a component renders nothing); did you mean "Since"?',
          suggestions: [
            {
              desc: 'Use "Since"',
              output:
                "import { Since as Sinse, Counter as C } from '/snippets/since.mdx'\nimport { Nothing } from '/snippets/intro.mdx'\n\n<Sinse v=\"2\" />\n",
            },
          ],
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 17,
          endLine: 1,
          endColumn: 24,
          messageId: 'missingExport',
          data: { source: '"/snippets/since.mdx"', imported: 'Counter', names: 'Since', local: 'C', hint: '' },
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 2,
          column: 10,
          endLine: 2,
          endColumn: 17,
          message:
            '"/snippets/intro.mdx" does not export Nothing (it exports nothing by name): the platform warns and Nothing is not defined on the page (a component renders nothing)',
        },
        {
          file: 'snippets/wrap.mdx',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 16,
          messageId: 'missingExport',
          data: {
            source: '"./counter.mdx"',
            imported: 'Countr',
            names: 'Counter',
            local: 'Clicker',
            hint: '; did you mean "Counter"?',
          },
          suggestions: [{ desc: 'Use "Counter"', output: "import { Counter as Clicker } from './counter.mdx'\n" }],
        },
      ],
    },
    {
      name: 'a default import of a snippet that only exports names renders nothing',
      files: site({
        ...snippets,
        'p.mdx':
          "import Counter from '/snippets/counter.mdx'\nimport Clicker from '/snippets/counter.mdx'\n\n<Counter />\n",
      }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 1,
          column: 8,
          endLine: 1,
          endColumn: 15,
          message:
            'imports Counter as the default of "/snippets/counter.mdx", which has no content and no default export, only Counter: <Counter /> renders nothing (the platform warns); import one of its exports by name',
          suggestions: [
            {
              desc: 'Import { Counter }',
              output:
                "import { Counter } from '/snippets/counter.mdx'\nimport Clicker from '/snippets/counter.mdx'\n\n<Counter />\n",
            },
          ],
        },
        {
          file: 'p.mdx',
          severity: 'error',
          line: 2,
          column: 8,
          endLine: 2,
          endColumn: 15,
          messageId: 'noDefault',
          data: { local: 'Clicker', source: '"/snippets/counter.mdx"', names: 'Counter' },
          suggestions: [
            {
              desc: 'Import { Counter as Clicker }',
              output:
                "import Counter from '/snippets/counter.mdx'\nimport { Counter as Clicker } from '/snippets/counter.mdx'\n\n<Counter />\n",
            },
          ],
        },
      ],
    },
    {
      name: 'one name defined twice differently: by a snippet imported whole and one imported by name, by the page and a snippet, by two snippets imported whole',
      files: site({
        ...snippets,
        'snippets/badges.mdx': 'export const Since = ({ v }) => <Badge>v{v}+</Badge>\n\nBadges.\n',
        'snippets/a.mdx': 'export const url = "https://a.example"\n\nA: {url}\n',
        'snippets/b.mdx': 'export const url = "https://b.example"\n\nB: {url}\n',
        'p.mdx':
          "import Badges from '/snippets/badges.mdx'\nimport { Since } from '/snippets/since.mdx'\n\n<Badges />\n",
        'q.mdx':
          "---\ntitle: Q\n---\n\nimport Badges from '/snippets/badges.mdx'\nimport { OSAutoDetect as Since } from '/snippets/os.jsx'\n",
        'r.mdx':
          "export const url = 'https://r.example'\n\nimport A from '/snippets/a.mdx'\nimport B from '/snippets/b.mdx'\n\n<A />\n<B />\n",
      }),
      errors: [
        {
          file: 'p.mdx',
          severity: 'error',
          line: 2,
          column: 10,
          endLine: 2,
          endColumn: 15,
          message:
            'Since is already defined differently by the import from /snippets/badges.mdx: the platform keeps the first definition, so this import of Since from "/snippets/since.mdx" is ignored, and warns that "Since" is declared twice; import it under another name ({ Since as OtherSince })',
        },
        {
          file: 'q.mdx',
          severity: 'error',
          line: 6,
          column: 10,
          endLine: 6,
          endColumn: 22,
          messageId: 'declaredTwice',
          data: {
            name: 'Since',
            first: 'the import from /snippets/badges.mdx',
            source: '"/snippets/os.jsx"',
            imported: 'OSAutoDetect',
          },
        },
        {
          file: 'r.mdx',
          severity: 'error',
          line: 3,
          column: 8,
          endLine: 3,
          endColumn: 9,
          message:
            '"/snippets/a.mdx" exports url, which the page\'s own export already defines differently: the platform keeps the first definition, so this url is not used, and warns that "url" is declared twice',
        },
        {
          file: 'r.mdx',
          severity: 'error',
          line: 4,
          column: 8,
          endLine: 4,
          endColumn: 9,
          messageId: 'declaredTwiceWhole',
          data: { source: '"/snippets/b.mdx"', name: 'url', first: "the page's own export" },
        },
      ],
    },
  ],
});
