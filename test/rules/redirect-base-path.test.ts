import { ruleTester } from '../rule-tester';
import { page, requiredKeys } from '../sites';

/** A site of three listed pages, served under a base path set outside docs.json; `extra` adds files. */
const site = (redirects: string, extra: Record<string, string> = {}) => ({
  'index.mdx': page(),
  'guides/start.mdx': page(),
  'cli/introduction.mdx': page(),
  ...extra,
  'docs.json': `{ ${requiredKeys}\n  "navigation": { "pages": ["index", "guides/start", "cli/introduction"] },\n  "redirects": [\n${redirects}\n  ]\n}\n`,
});

const withBasePath = `    { "source": "/docs/old", "destination": "/docs/guides/start" },
    { "source": "/docs/old-cli/:slug*", "destination": "/docs/cli/:slug*" },
    { "source": "docs/older/", "destination": "/docs/cli?from=older#top" },
    { "source": "/docs/legacy", "destination": "https://example.com/docs" },
    { "source": "/docs/start", "destination": "/docs/guides/start#top" }`;

ruleTester('redirect-base-path', {
  valid: [
    {
      name: 'redirects relative to the site',
      files: site(`    { "source": "/old", "destination": "/guides/start" },
    { "source": "/older", "destination": "/cli" }`),
    },
    {
      name: 'a first segment the site has pages under is no base path',
      files: site(withBasePath, { 'docs/guides/start.mdx': page(), 'docs/cli/introduction.mdx': page() }),
    },
    {
      name: 'one segment in fewer than 90 % of the paths',
      files: site(`    { "source": "/docs/a", "destination": "/docs/guides/start" },
    { "source": "/docs/b", "destination": "/docs/cli" },
    { "source": "/docs/c", "destination": "/docs/guides/start" },
    { "source": "/d", "destination": "/docs/cli" },
    { "source": "/e", "destination": "/docs/cli" }`),
    },
    {
      name: 'too few redirects to tell a base path from a broken redirect',
      files: site(`    { "source": "/docs/old", "destination": "/docs/guides/start" }`),
    },
    {
      name: 'destinations that do not land without the segment either',
      files: site(`    { "source": "/docs/a", "destination": "/docs/nothing" },
    { "source": "/docs/b", "destination": "/docs/cli" },
    { "source": "/docs/c", "destination": "/docs/none" },
    { "source": "/docs/d", "destination": "/docs/nowhere" },
    { "source": "/docs/e", "destination": "/docs/cli" }`),
    },
  ],
  invalid: [
    {
      name: 'every redirect under a segment no page has, whose destinations land without it: one warning, a suggestion for every entry',
      files: site(withBasePath),
      errors: [
        {
          severity: 'warn',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 14,
          message:
            'the redirects start with "/docs", which no page or folder of the site has: redirect paths are relative to the site, so a base path it is served under is not written in them, and these redirects likely never fire',
          suggestions: [
            {
              desc: 'Remove "/docs" from every redirect',
              output: `{ ${requiredKeys}\n  "navigation": { "pages": ["index", "guides/start", "cli/introduction"] },\n  "redirects": [\n    { "source": "/old", "destination": "/guides/start" },\n    { "source": "/old-cli/:slug*", "destination": "/cli/:slug*" },\n    { "source": "/older/", "destination": "/cli?from=older#top" },\n    { "source": "/legacy", "destination": "https://example.com/docs" },\n    { "source": "/start", "destination": "/guides/start#top" }\n  ]\n}\n`,
            },
          ],
        },
      ],
    },
  ],
});
