import { ruleTester } from '../rule-tester';
import { docsWith, page } from '../sites';

const pages = {
  'index.mdx': page(),
  'guides/auth.mdx': page(),
  'guides/tokens.md': page(),
  'guides/index.mdx': page(),
};

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
            'page "guides/auth.mdx" not found: no guides/auth.mdx or guides/auth.md; did you mean "guides/auth"?',
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
          message: 'page "./index" not found: no index.mdx or index.md; did you mean "index"?',
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
          message:
            'page "/guides/tokens.md" not found: no guides/tokens.mdx or guides/tokens.md; did you mean "/guides/tokens"?',
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
          message: 'page "guides/atuh" not found: no guides/atuh.mdx or guides/atuh.md; did you mean "guides/auth"?',
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
          message: 'page "Guides/Auth" not found: no Guides/Auth.mdx or Guides/Auth.md; did you mean "guides/auth"?',
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
          message: 'page "nothing/like/this" not found: no nothing/like/this.mdx or nothing/like/this.md',
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
          message:
            'page "en/getting-started" not found: no en/getting-started.mdx or en/getting-started.md; did you mean "en/get-started"?',
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
          message: 'page "en/guides/setup" not found: no en/guides/setup.mdx or en/guides/setup.md',
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
          message: 'page "v2/api/auth" not found: no v2/api/auth.mdx or v2/api/auth.md; did you mean "v2/api/oauth"?',
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
          message: 'page "common/intr" not found: no common/intr.mdx or common/intr.md; did you mean "common/intro"?',
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
          message: 'page "common/intr" not found: no common/intr.mdx or common/intr.md; did you mean "common/intro"?',
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
          message:
            'page "common/setpu" not found: no common/setpu.mdx or common/setpu.md; did you mean "common/setup"?',
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
          message: 'page "a/../../outside" points outside the docs folder',
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
          message: 'page "fr/index" not found: no fr/index.mdx or fr/index.md',
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
          message: 'page "drafts/plan" not found: no drafts/plan.mdx or drafts/plan.md',
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
          message: 'page "deep/internal/c" not found: no deep/internal/c.mdx or deep/internal/c.md',
        },
        {
          severity: 'error',
          line: 4,
          column: 24,
          endLine: 4,
          endColumn: 35,
          message: 'page "private/d" not found: no private/d.mdx or private/d.md',
        },
        {
          severity: 'error',
          line: 4,
          column: 37,
          endLine: 4,
          endColumn: 46,
          message: 'page "x.draft" not found: no x.draft.mdx or x.draft.md',
        },
        {
          severity: 'error',
          line: 4,
          column: 48,
          endLine: 4,
          endColumn: 68,
          message: 'page "node_modules/pkg/e" not found: no node_modules/pkg/e.mdx or node_modules/pkg/e.md',
        },
        {
          severity: 'error',
          line: 4,
          column: 94,
          endLine: 4,
          endColumn: 105,
          message: 'page ".github/h" not found: no .github/h.mdx or .github/h.md',
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
          message: 'page "README" not found: no README.mdx or README.md',
        },
        {
          severity: 'error',
          line: 2,
          column: 39,
          endLine: 2,
          endColumn: 51,
          message: 'page "contribute" not found: no contribute.mdx or contribute.md',
        },
        {
          severity: 'error',
          line: 2,
          column: 53,
          endLine: 2,
          endColumn: 60,
          message: 'page "SKILL" not found: no SKILL.mdx or SKILL.md',
        },
        {
          severity: 'error',
          line: 2,
          column: 62,
          endLine: 2,
          endColumn: 88,
          message:
            'page ".mintlify/skills/x/SKILL" not found: no .mintlify/skills/x/SKILL.mdx or .mintlify/skills/x/SKILL.md; did you mean ".mintlify/skills/x/guide"?',
          suggestions: [
            {
              desc: 'Use ".mintlify/skills/x/guide"',
              output: docsWith(
                `{ "pages": ["README", "contribute", "SKILL", ".mintlify/skills/x/guide", "CHANGELOG", "docs/license", "Contributing", ".mintlify/skills/x/guide"] }`,
              ),
            },
          ],
        },
        {
          severity: 'error',
          line: 2,
          column: 103,
          endLine: 2,
          endColumn: 117,
          message: 'page "docs/license" not found: no docs/license.mdx or docs/license.md',
        },
        {
          severity: 'error',
          line: 2,
          column: 119,
          endLine: 2,
          endColumn: 133,
          message: 'page "Contributing" not found: no Contributing.mdx or Contributing.md',
        },
      ],
    },
  ],
});
