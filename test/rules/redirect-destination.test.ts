import { ruleTester } from '../rule-tester';
import { page, requiredKeys, usersSpec } from '../sites';

const site = (redirects: string) => ({
  'index.mdx': page(),
  'guides/start.mdx': page(),
  'guides/index.mdx': page(),
  'users.yaml': usersSpec,
  'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": { "source": "users.yaml", "directory": "reference" } }] },\n  "redirects": [\n${redirects}\n  ]\n}\n`,
});

/** Folders without an index page: cli's pages are listed, tools' are not. */
const folders = (redirects: string) => ({
  'index.mdx': page(),
  'cli/introduction.mdx': page(),
  'cli/commands/run.mdx': page(),
  'tools/unlisted.mdx': page(),
  'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "/cli/introduction", { "group": "C", "pages": ["cli/commands/run.mdx"] }] }] },\n  "redirects": [\n${redirects}\n  ]\n}\n`,
});

const basePathSite = folders(`    { "source": "/docs/a", "destination": "/docs/cli/introductio" },
${Array.from({ length: 9 }, (_, i) => `    { "source": "/docs/old/${i}", "destination": "/docs/cli" }`).join(',\n')}`);

ruleTester('redirect-destination', {
  valid: [
    {
      name: 'a page, a folder index, a generated endpoint page and its section, another source, a URL, a pattern, anchors and queries',
      files: site(`    { "source": "/a", "destination": "/guides/start" },
    { "source": "/b", "destination": "/guides/" },
    { "source": "/c", "destination": "/reference/list-users" },
    { "source": "/d", "destination": "/reference" },
    { "source": "/e", "destination": "/a" },
    { "source": "/f", "destination": "https://example.com/f" },
    { "source": "/g/:slug*", "destination": "/guides/:slug*" },
    { "source": "/h", "destination": "/guides/start#install?x=1" },
    { "source": "/i", "destination": "/" }`),
    },
    {
      name: 'a generated page under the directory that an object of an openapi list gives its spec',
      files: {
        'index.mdx': page(),
        'users.yaml': usersSpec,
        'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": ["other.yaml", { "source": "users.yaml", "directory": "v2/reference" }] }] },\n  "redirects": [{ "source": "/a", "destination": "/v2/reference/list-users" }]\n}\n`,
      },
    },
    {
      name: 'a folder of pages the navigation lists, which the platform serves as the first of them, however deep',
      files: folders(`    { "source": "/a", "destination": "/cli" },
    { "source": "/b", "destination": "/cli/commands/" }`),
    },
    {
      name: 'redirects that carry the base path are checked without it',
      files: folders(`    { "source": "/docs/a", "destination": "/docs/cli" },
    { "source": "/docs/b", "destination": "/docs/cli/introduction" },
    { "source": "/docs/c", "destination": "/docs/cli/commands" },
    { "source": "/docs/d", "destination": "/docs/cli/commands/run" },
    { "source": "/docs/e", "destination": "/docs" }`),
    },
  ],
  invalid: [
    {
      name: 'a destination that lands nowhere; a page moved to another folder is suggested by its name',
      files: site(`    { "source": "/a", "destination": "/guides/strat" },
    { "source": "/b", "destination": "/start?from=b" },
    { "source": "/c", "destination": "/nothing/like/this/at/all" }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 38,
          endLine: 4,
          endColumn: 53,
          message:
            'redirect destination "/guides/strat" lands on no page, generated endpoint page, folder of listed pages or redirect source; did you mean "/guides/start"?',
          suggestions: [
            {
              desc: 'Use "/guides/start"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": { "source": "users.yaml", "directory": "reference" } }] },\n  "redirects": [\n    { "source": "/a", "destination": "/guides/start" },\n    { "source": "/b", "destination": "/start?from=b" },\n    { "source": "/c", "destination": "/nothing/like/this/at/all" }\n  ]\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 5,
          column: 38,
          endLine: 5,
          endColumn: 53,
          messageId: 'landsNowhere',
          data: { destination: '/start?from=b', hint: '; did you mean "/guides/start?from=b"?' },
          suggestions: [
            {
              desc: 'Use "/guides/start?from=b"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": { "source": "users.yaml", "directory": "reference" } }] },\n  "redirects": [\n    { "source": "/a", "destination": "/guides/strat" },\n    { "source": "/b", "destination": "/guides/start?from=b" },\n    { "source": "/c", "destination": "/nothing/like/this/at/all" }\n  ]\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 6,
          column: 38,
          endLine: 6,
          endColumn: 65,
          messageId: 'landsNowhere',
          data: { destination: '/nothing/like/this/at/all', hint: '' },
        },
      ],
    },
    {
      name: 'a folder whose pages are not in the navigation',
      files: folders(`    { "source": "/a", "destination": "/tools" }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 38,
          endLine: 4,
          endColumn: 46,
          messageId: 'landsNowhere',
          data: { destination: '/tools', hint: '' },
        },
      ],
    },
    {
      name: 'with the base path, a destination that lands nowhere without it, and its did-you-mean with it',
      files: basePathSite,
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 43,
          endLine: 4,
          endColumn: 66,
          messageId: 'landsNowhere',
          data: { destination: '/docs/cli/introductio', hint: '; did you mean "/docs/cli/introduction"?' },
          suggestions: [
            {
              desc: 'Use "/docs/cli/introduction"',
              output: basePathSite['docs.json'].replace('introductio"', 'introduction"'),
            },
          ],
        },
      ],
    },
  ],
});
