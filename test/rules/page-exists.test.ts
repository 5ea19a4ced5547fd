import { ruleTester } from '../rule-tester';
import { docsWith, page, usersSpec } from '../sites';

const leftOut =
  'the platform does not deploy it (.mintignore, or its own rules for README.md, node_modules/ and the like)';
const notAPage =
  'the platform makes no page of it (README.md, LICENSE.md, CONTRIBUTING.md, contribute.md and SKILL.md files are not pages)';

const pages = {
  'index.mdx': page(),
  'guides/auth.mdx': page(),
  'guides/tokens.md': page(),
  'guides/index.mdx': page(),
};

/** A group of endpoint entries on users.yaml, one per line from line 3. */
const apiNav = (entries: string[]) =>
  docsWith(
    `{ "groups": [{ "group": "API", "openapi": "users.yaml", "pages": [\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ] }] }`,
  );
const apiEntries = ['GETT /users', 'DELET /users/{userId}', 'POST users', '/users/{userId}', 'Get started', '/admin'];
const apiWith = (line: number, entry: string) => apiNav(apiEntries.map((e, i) => (i === line - 3 ? entry : e)));

ruleTester('page-exists', {
  valid: [
    {
      name: '.mdx and .md pages, a leading slash, a group root',
      files: {
        ...pages,
        'docs.json': docsWith(
          `{ "groups": [{ "group": "G", "root": "guides/index", "pages": ["index", "/guides/auth", "guides/tokens"] }] }`,
        ),
      },
    },
  ],
  invalid: [
    {
      // The entry is right and the file is where it says: the link is what to mend, not "no dangling.mdx".
      name: 'a page whose file is a symbolic link to nothing says so, with what the link names; one that is a near miss still gets its did-you-mean',
      files: {
        ...pages,
        'docs.json': docsWith(
          `{ "groups": [{ "group": "G", "root": "guides/old", "pages": ["dangling", "/guides/atuh"] }] }`,
        ),
      },
      brokenLinks: { 'dangling.mdx': 'missing/target.mdx', 'guides/old.md': '../../elsewhere/old.md' },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 54,
          endLine: 2,
          endColumn: 66,
          message:
            'root of group "G" "guides/old" not found: guides/old.md is a symbolic link to "../../elsewhere/old.md", which does not exist',
        },
        {
          severity: 'error',
          line: 2,
          column: 78,
          endLine: 2,
          endColumn: 88,
          message:
            'page "dangling" not found: dangling.mdx is a symbolic link to "missing/target.mdx", which does not exist',
        },
        {
          severity: 'error',
          line: 2,
          column: 90,
          endLine: 2,
          endColumn: 104,
          message: 'page "/guides/atuh" not found: no guides/atuh.mdx or guides/atuh.md; did you mean "/guides/auth"?',
          suggestions: [
            {
              desc: 'Use "/guides/auth"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/old", "pages": ["dangling", "/guides/auth"] }] }\n}\n',
            },
          ],
        },
      ],
    },
    {
      name: 'written extensions and ./ are fixed; near misses get suggestions',
      files: {
        ...pages,
        'docs.json': docsWith(`{ "groups": [{ "group": "G", "root": "guides/indx", "pages": [
    "guides/auth.mdx",
    "./index",
    "/guides/tokens.md",
    "guides/atuh",
    "Guides/Auth",
    "nothing/like/this"
  ] }] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 54,
          endLine: 2,
          endColumn: 67,
          message:
            'root of group "G" "guides/indx" not found: no guides/indx.mdx or guides/indx.md; did you mean "guides/index"?',
          suggestions: [
            {
              desc: 'Use "guides/index"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/index", "pages": [\n    "guides/auth.mdx",\n    "./index",\n    "/guides/tokens.md",\n    "guides/atuh",\n    "Guides/Auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 22,
          message:
            'page "guides/auth.mdx" not found: an entry names its page without the ".mdx" extension: "guides/auth"',
          suggestions: [
            {
              desc: 'Use "guides/auth"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/indx", "pages": [\n    "guides/auth",\n    "./index",\n    "/guides/tokens.md",\n    "guides/atuh",\n    "Guides/Auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 14,
          messageId: 'pageWritten',
          data: { entry: './index', written: 'a leading "./"', fixed: 'index' },
          suggestions: [
            {
              desc: 'Use "index"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/indx", "pages": [\n    "guides/auth.mdx",\n    "index",\n    "/guides/tokens.md",\n    "guides/atuh",\n    "Guides/Auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 24,
          messageId: 'pageWritten',
          data: { entry: '/guides/tokens.md', written: 'the ".md" extension', fixed: '/guides/tokens' },
          suggestions: [
            {
              desc: 'Use "/guides/tokens"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/indx", "pages": [\n    "guides/auth.mdx",\n    "./index",\n    "/guides/tokens",\n    "guides/atuh",\n    "Guides/Auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 6,
          column: 5,
          endLine: 6,
          endColumn: 18,
          messageId: 'pageMissing',
          data: { entry: 'guides/atuh', plain: 'guides/atuh', hint: '; did you mean "guides/auth"?' },
          suggestions: [
            {
              desc: 'Use "guides/auth"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/indx", "pages": [\n    "guides/auth.mdx",\n    "./index",\n    "/guides/tokens.md",\n    "guides/auth",\n    "Guides/Auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 7,
          column: 5,
          endLine: 7,
          endColumn: 18,
          messageId: 'pageMissing',
          data: { entry: 'Guides/Auth', plain: 'Guides/Auth', hint: '; did you mean "guides/auth"?' },
          suggestions: [
            {
              desc: 'Use "guides/auth"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "root": "guides/indx", "pages": [\n    "guides/auth.mdx",\n    "./index",\n    "/guides/tokens.md",\n    "guides/atuh",\n    "guides/auth",\n    "nothing/like/this"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 8,
          column: 5,
          endLine: 8,
          endColumn: 24,
          messageId: 'pageMissing',
          data: { entry: 'nothing/like/this', plain: 'nothing/like/this', hint: '' },
        },
      ],
      output: docsWith(`{ "groups": [{ "group": "G", "root": "guides/indx", "pages": [
    "guides/auth",
    "index",
    "/guides/tokens",
    "guides/atuh",
    "Guides/Auth",
    "nothing/like/this"
  ] }] }`),
    },
    {
      name: 'an entry written with a leading slash gets its did-you-mean and moved page with one',
      files: {
        'en/get-started.mdx': page(),
        'en/cli/start/overview.mdx': page(),
        'docs.json': docsWith(`{ "pages": ["/en/getting-started", "/en/cli/overview"] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 29,
          endLine: 2,
          endColumn: 50,
          messageId: 'pageMissing',
          data: {
            entry: '/en/getting-started',
            plain: 'en/getting-started',
            hint: '; did you mean "/en/get-started"?',
          },
          suggestions: [
            {
              desc: 'Use "/en/get-started"',
              output: docsWith(`{ "pages": ["/en/get-started", "/en/cli/overview"] }`),
            },
          ],
        },
        {
          severity: 'error',
          line: 2,
          column: 52,
          endLine: 2,
          endColumn: 70,
          messageId: 'pageMissing',
          data: {
            entry: '/en/cli/overview',
            plain: 'en/cli/overview',
            hint: '; did you mean "/en/cli/start/overview"?',
          },
          suggestions: [
            {
              desc: 'Use "/en/cli/start/overview"',
              output: docsWith(`{ "pages": ["/en/getting-started", "/en/cli/start/overview"] }`),
            },
          ],
        },
      ],
    },
    {
      // Real multilingual sites keep one folder per language: a page renamed in English only is not its Japanese page.
      name: "a near miss is looked for in the entry's own language and version, never in another one",
      files: {
        'en/get-started.mdx': page(),
        'ja/getting-started.mdx': page(),
        'ja/guides/setup.mdx': page(),
        'docs.json': docsWith(`{ "languages": [
    { "language": "en", "pages": ["en/getting-started", "en/guides/setup"] },
    { "language": "ja", "pages": ["ja/getting-started", "ja/guides/setup"] }
  ] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 35,
          endLine: 3,
          endColumn: 55,
          messageId: 'pageMissing',
          data: { entry: 'en/getting-started', plain: 'en/getting-started', hint: '; did you mean "en/get-started"?' },
          suggestions: [
            {
              desc: 'Use "en/get-started"',
              output: docsWith(`{ "languages": [
    { "language": "en", "pages": ["en/get-started", "en/guides/setup"] },
    { "language": "ja", "pages": ["ja/getting-started", "ja/guides/setup"] }
  ] }`),
            },
          ],
        },
        {
          severity: 'error',
          line: 3,
          column: 57,
          endLine: 3,
          endColumn: 74,
          messageId: 'pageMissing',
          data: { entry: 'en/guides/setup', plain: 'en/guides/setup', hint: '' },
        },
      ],
    },
    {
      name: 'an unlisted page belongs to the version whose folder it is in',
      files: {
        'v1/api/auth.mdx': page(),
        'v2/api/oauth.mdx': page(),
        'v2/index.mdx': page(),
        'docs.json': docsWith(`{ "versions": [
    { "version": "v1", "pages": ["v1/api/auth"] },
    { "version": "v2", "pages": ["v2/index", "v2/api/auth"] }
  ] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 46,
          endLine: 4,
          endColumn: 59,
          messageId: 'pageMissing',
          data: { entry: 'v2/api/auth', plain: 'v2/api/auth', hint: '; did you mean "v2/api/oauth"?' },
          suggestions: [
            {
              desc: 'Use "v2/api/oauth"',
              output: docsWith(`{ "versions": [
    { "version": "v1", "pages": ["v1/api/auth"] },
    { "version": "v2", "pages": ["v2/index", "v2/api/oauth"] }
  ] }`),
            },
          ],
        },
      ],
    },
    {
      name: 'a page two versions list is a candidate in both; an unlisted page of a folder two versions use, in every one',
      files: {
        'common/intro.mdx': page(),
        'common/setup.mdx': page(),
        'v1/a.mdx': page(),
        'v2/b.mdx': page(),
        'docs.json': docsWith(`{ "versions": [
    { "version": "v1", "pages": ["common/intro", "v1/a", "common/intr"] },
    { "version": "v2", "pages": ["common/intro", "v2/b", "common/intr", "common/setpu"] }
  ] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 58,
          endLine: 3,
          endColumn: 71,
          messageId: 'pageMissing',
          data: { entry: 'common/intr', plain: 'common/intr', hint: '; did you mean "common/intro"?' },
          suggestions: [
            {
              desc: 'Use "common/intro"',
              output: docsWith(`{ "versions": [
    { "version": "v1", "pages": ["common/intro", "v1/a", "common/intro"] },
    { "version": "v2", "pages": ["common/intro", "v2/b", "common/intr", "common/setpu"] }
  ] }`),
            },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 58,
          endLine: 4,
          endColumn: 71,
          messageId: 'pageMissing',
          data: { entry: 'common/intr', plain: 'common/intr', hint: '; did you mean "common/intro"?' },
          suggestions: [
            {
              desc: 'Use "common/intro"',
              output: docsWith(`{ "versions": [
    { "version": "v1", "pages": ["common/intro", "v1/a", "common/intr"] },
    { "version": "v2", "pages": ["common/intro", "v2/b", "common/intro", "common/setpu"] }
  ] }`),
            },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 73,
          endLine: 4,
          endColumn: 87,
          messageId: 'pageMissing',
          data: { entry: 'common/setpu', plain: 'common/setpu', hint: '; did you mean "common/setup"?' },
          suggestions: [
            {
              desc: 'Use "common/setup"',
              output: docsWith(`{ "versions": [
    { "version": "v1", "pages": ["common/intro", "v1/a", "common/intr"] },
    { "version": "v2", "pages": ["common/intro", "v2/b", "common/intr", "common/setup"] }
  ] }`),
            },
          ],
        },
      ],
    },
    {
      name: 'entries that leave the docs folder are reported, never read',
      files: { 'docs.json': docsWith(`{ "pages": ["../../etc/passwd", "a/../../outside"] }`) },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 29,
          endLine: 2,
          endColumn: 47,
          message: 'page "../../etc/passwd" points outside the docs folder',
        },
        {
          severity: 'error',
          line: 2,
          column: 49,
          endLine: 2,
          endColumn: 66,
          messageId: 'pageOutside',
          data: { entry: 'a/../../outside' },
        },
      ],
    },
    {
      name: 'a missing page inside a $ref file is reported in that file',
      files: {
        ...pages,
        'docs.json': docsWith(`{ "languages": [{ "$ref": "i18n/fr.json" }] }`),
        'i18n/fr.json': '{\n  "language": "fr",\n  "pages": ["index", "fr/index"]\n}\n',
      },
      errors: [
        {
          file: 'i18n/fr.json',
          severity: 'error',
          line: 3,
          column: 22,
          endLine: 3,
          endColumn: 32,
          messageId: 'pageMissing',
          data: { entry: 'fr/index', plain: 'fr/index', hint: '' },
        },
      ],
    },
    {
      name: 'a page hidden by .mintignore does not count',
      files: {
        'docs.json': docsWith(`{ "pages": ["drafts/plan"] }`),
        'drafts/plan.mdx': page(),
        '.mintignore': '# work in progress\ndrafts/\n',
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 29,
          endLine: 2,
          endColumn: 42,
          messageId: 'pageNotServed',
          data: { entry: 'drafts/plan', file: 'drafts/plan.mdx', why: leftOut },
        },
      ],
    },
    {
      name: ".mintignore names, globs and anchored paths; node_modules and tools' dot folders are never pages, other dot folders and dot files are (the platform walks them)",
      files: {
        'docs.json': docsWith(`{ "pages": [
    "kept/a", "kept/private/b",
    "deep/internal/c", "private/d", "x.draft", "node_modules/pkg/e", ".hidden/f", "kept/.g", ".github/h"
  ] }`),
        '.mintignore': '/private\n**/internal\n*.draft.mdx\n',
        'kept/a.mdx': page(),
        'kept/private/b.mdx': page(), // "/private" is anchored: only the top-level folder
        'deep/internal/c.mdx': page(),
        'private/d.mdx': page(),
        'x.draft.mdx': page(),
        'node_modules/pkg/e.mdx': page(),
        '.hidden/f.mdx': page(),
        'kept/.g.mdx': page(),
        '.github/h.mdx': page(),
      },
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 22,
          messageId: 'pageNotServed',
          data: { entry: 'deep/internal/c', file: 'deep/internal/c.mdx', why: leftOut },
        },
        {
          severity: 'error',
          line: 4,
          column: 24,
          endLine: 4,
          endColumn: 35,
          messageId: 'pageNotServed',
          data: { entry: 'private/d', file: 'private/d.mdx', why: leftOut },
        },
        {
          severity: 'error',
          line: 4,
          column: 37,
          endLine: 4,
          endColumn: 46,
          messageId: 'pageNotServed',
          data: { entry: 'x.draft', file: 'x.draft.mdx', why: leftOut },
        },
        {
          severity: 'error',
          line: 4,
          column: 48,
          endLine: 4,
          endColumn: 68,
          messageId: 'pageNotServed',
          data: { entry: 'node_modules/pkg/e', file: 'node_modules/pkg/e.mdx', why: leftOut },
        },
        {
          severity: 'error',
          line: 4,
          column: 94,
          endLine: 4,
          endColumn: 105,
          messageId: 'pageNotServed',
          data: { entry: '.github/h', file: '.github/h.mdx', why: leftOut },
        },
      ],
    },
    {
      name: 'files the platform walks but makes no page of: README.md, LICENSE.md, CHANGELOG.md, CONTRIBUTING.md (left out unless .mintignore brings one back), contribute.md, SKILL.md files',
      files: {
        'docs.json': docsWith(
          `{ "pages": ["README", "contribute", "SKILL", ".mintlify/skills/x/SKILL", "CHANGELOG", "docs/license", "Contributing", ".mintlify/skills/x/guide"] }`,
        ),
        '.mintignore': '!CHANGELOG.md\n!README.md\n',
        'README.md': page(),
        'contribute.md': page(),
        'SKILL.md': page(),
        '.mintlify/skills/x/SKILL.md': page(),
        '.mintlify/skills/x/guide.mdx': page(),
        'CHANGELOG.md': page(),
        'docs/license.md': page(),
        'Contributing.md': page(),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 29,
          endLine: 2,
          endColumn: 37,
          messageId: 'pageNotServed',
          data: { entry: 'README', file: 'README.md', why: notAPage },
        },
        {
          severity: 'error',
          line: 2,
          column: 39,
          endLine: 2,
          endColumn: 51,
          messageId: 'pageNotServed',
          data: { entry: 'contribute', file: 'contribute.md', why: notAPage },
        },
        {
          severity: 'error',
          line: 2,
          column: 53,
          endLine: 2,
          endColumn: 60,
          messageId: 'pageNotServed',
          data: { entry: 'SKILL', file: 'SKILL.md', why: notAPage },
        },
        {
          severity: 'error',
          line: 2,
          column: 62,
          endLine: 2,
          endColumn: 88,
          messageId: 'pageNotServed',
          data: { entry: '.mintlify/skills/x/SKILL', file: '.mintlify/skills/x/SKILL.md', why: notAPage },
        },
        {
          severity: 'error',
          line: 2,
          column: 103,
          endLine: 2,
          endColumn: 117,
          messageId: 'pageNotServed',
          data: { entry: 'docs/license', file: 'docs/license.md', why: leftOut },
        },
        {
          severity: 'error',
          line: 2,
          column: 119,
          endLine: 2,
          endColumn: 133,
          messageId: 'pageNotServed',
          data: { entry: 'Contributing', file: 'Contributing.md', why: leftOut },
        },
      ],
    },
    {
      name: 'a page moved to another folder is suggested by its name, when one page of the scope has it',
      files: {
        'index.mdx': page(),
        'cli/start/overview.mdx': page(),
        'a/intro.mdx': page(),
        'b/intro.mdx': page(),
        'docs.json': docsWith(`{ "pages": ["cli/overview", "guides/intro"] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 29,
          endLine: 2,
          endColumn: 43,
          messageId: 'pageMissing',
          data: { entry: 'cli/overview', plain: 'cli/overview', hint: '; did you mean "cli/start/overview"?' },
          suggestions: [
            {
              desc: 'Use "cli/start/overview"',
              output: docsWith(`{ "pages": ["cli/start/overview", "guides/intro"] }`),
            },
          ],
        },
        {
          severity: 'error',
          line: 2,
          column: 45,
          endLine: 2,
          endColumn: 59,
          messageId: 'pageMissing',
          data: { entry: 'guides/intro', plain: 'guides/intro', hint: '' },
        },
      ],
    },
    {
      // The platform reads an entry that is no endpoint as a page path: say which operation it was meant to be.
      name: 'an entry nearly an endpoint (a misspelt method, a path without its slash, a bare operation path) gets the operation as did-you-mean',
      files: { 'index.mdx': page(), 'users.yaml': usersSpec, 'docs.json': apiNav(apiEntries) },
      errors: [
        ['GETT /users', 3, 18, 'GET /users'],
        ['DELET /users/{userId}', 4, 28, 'DELETE /users/{userId}'],
        ['POST users', 5, 17, 'POST /users'],
        ['/users/{userId}', 6, 22, 'GET /users/{userId}'],
        ['Get started', 7, 18, undefined],
        ['/admin', 8, 13, undefined],
      ].map(([entry, line, endColumn, meant]) => ({
        severity: 'error' as const,
        line: line as number,
        column: 5,
        endLine: line as number,
        endColumn: endColumn as number,
        messageId: 'pageMissing',
        data: {
          entry: entry as string,
          plain: (entry as string).replace(/^\//, ''),
          hint: meant ? `; did you mean "${meant}"?` : '',
        },
        ...(meant
          ? { suggestions: [{ desc: `Use "${meant}"`, output: apiWith(line as number, meant as string) }] }
          : {}),
      })),
    },
  ],
});
