import { ruleTester } from '../rule-tester';
import { page, requiredKeys } from '../sites';

const site = (redirects: string) => ({
  'index.mdx': page(),
  'guide.mdx': page(),
  'setup/index.mdx': page(),
  'docs.json': `{ ${requiredKeys}\n  "navigation": { "pages": ["index", "guide"] },\n  "redirects": [\n${redirects}\n  ]\n}\n`,
});

ruleTester('redirect-shadowed-page', {
  valid: [
    {
      name: 'sources that are no page; a fragment or a pattern never shadows one',
      files: site(`    { "source": "/old-guide", "destination": "/guide" },
    { "source": "/guide#install", "destination": "/setup" },
    { "source": "/:slug", "destination": "/guide" }`),
    },
  ],
  invalid: [
    {
      name: 'a source that is a page, a folder with an index page, or the site root with index.mdx',
      files: site(`    { "source": "/guide", "destination": "/new-guide" },
    { "source": "/setup/", "destination": "/guide" },
    { "source": "/", "destination": "/guide" }`),
      errors: [
        {
          severity: 'warn',
          line: 4,
          column: 17,
          endLine: 4,
          endColumn: 25,
          message: 'redirect source "/guide" is also the page guide.mdx: the page can no longer be reached',
        },
        {
          severity: 'warn',
          line: 5,
          column: 17,
          endLine: 5,
          endColumn: 26,
          messageId: 'shadowsPage',
          data: { source: '/setup/', file: 'setup/index.mdx' },
        },
        {
          severity: 'warn',
          line: 6,
          column: 17,
          endLine: 6,
          endColumn: 20,
          messageId: 'shadowsPage',
          data: { source: '/', file: 'index.mdx' },
        },
      ],
    },
  ],
});
