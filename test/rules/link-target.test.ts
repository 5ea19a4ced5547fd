import { ruleTester } from '../rule-tester';
import { page, requiredKeys, usersSpec } from '../sites';

const site = (links: string) => ({
  'index.mdx': page(),
  'changelog.mdx': page(),
  'guides/start.mdx': page(),
  'users.yaml': usersSpec,
  'docs.json': `{ ${requiredKeys}
${links}
  "navigation": {
    "tabs": [{ "tab": "Docs", "pages": ["index", "changelog", "guides/start"] }, { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }, { "tab": "Blog", "href": "/blog" }],
    "global": { "anchors": [{ "anchor": "Status", "href": "/changelog#today" }] }
  },
  "redirects": [{ "source": "/blog", "destination": "https://example.com/blog" }]
}
`,
});

// An operation's page path from its vendor extension's href: x-mint's, or that of extensionKey in the config.
const hrefSite = {
  'index.mdx': page(),
  'users.yaml': `openapi: 3.1.0
info: { title: Users, version: "1" }
paths:
  /users:
    get:
      summary: List users
      x-acme: { href: /acme/users }
    post:
      summary: Create a user
      x-mint: { href: /mint/create }
`,
  'docs.json': `{ ${requiredKeys}
  "navbar": { "links": [{ "label": "A", "href": "/acme/users" }, { "label": "M", "href": "/mint/create" }] },
  "navigation": { "pages": ["index", { "group": "API", "openapi": "users.yaml", "pages": ["GET /users", "POST /users"] }] }
}
`,
};

ruleTester('link-target', {
  valid: [
    {
      name: 'pages, a generated endpoint page, a redirect source, anchors, URLs, in every place docs.json has links',
      files:
        site(`  "logo": { "light": "https://cdn.example.com/l.svg", "dark": "https://cdn.example.com/d.svg", "href": "/" },
  "navbar": { "links": [{ "label": "Changelog", "href": "/changelog" }, { "label": "API", "href": "/api-reference/list-users" }], "primary": { "type": "button", "label": "Start", "href": "guides/start" } },
  "footer": { "links": [{ "header": "More", "items": [{ "label": "Blog", "href": "/blog" }, { "label": "Top", "href": "#top" }, { "label": "Mail", "href": "mailto:a@example.com" }] }] },
  "banner": { "content": "New: [the changelog](/changelog) and [our site](https://example.com)." },`),
    },
    {
      name: "read as page-link reads a page's links: a file of the docs folder, a page with its extension, a folder of listed pages, the base path the site is served under",
      files: {
        ...site(
          `  "navbar": { "links": [{ "label": "PDF", "href": "/files/guide.pdf" }, { "label": "Log", "href": "/changelog.mdx" }, { "label": "Guides", "href": "/guides" }, { "label": "Base", "href": "/docs/changelog" }] },`,
        ),
        'files/guide.pdf': '',
      },
    },
  ],
  invalid: [
    {
      name: 'a file is found with its case, as the servers that host the sites find it',
      files: {
        ...site(`  "navbar": { "links": [{ "label": "PDF", "href": "/files/Guide.pdf" }] },`),
        'files/guide.pdf': '',
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 51,
          endLine: 2,
          endColumn: 69,
          message: 'href of navbar link #1 "/files/Guide.pdf" lands on no page, generated endpoint page or redirect',
        },
      ],
    },
    {
      name: 'x-mint.href sets a generated page by default; x-acme.href, with no extensionKey, does not',
      files: hrefSite,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 49,
          endLine: 2,
          endColumn: 62,
          messageId: 'landsNowhere',
          data: { label: 'href of navbar link #1', href: '/acme/users', hint: '' },
        },
      ],
    },
    {
      name: 'with extensionKey x-acme, x-acme.href sets the page, and x-mint.href no longer does',
      files: hrefSite,
      options: { extensionKey: 'x-acme' },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 90,
          endLine: 2,
          endColumn: 104,
          messageId: 'landsNowhere',
          data: { label: 'href of navbar link #2', href: '/mint/create', hint: '' },
        },
      ],
    },
    {
      name: 'links that land nowhere, with the nearest page as a suggestion',
      files: site(`  "navbar": { "links": [{ "label": "Changelog", "href": "/changelogs" }] },
  "footer": { "links": [{ "header": "More", "items": [{ "label": "Start", "href": "/start" }] }] },
  "banner": { "content": "See [the guide](/guides/strat#today)." },`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 57,
          endLine: 2,
          endColumn: 70,
          messageId: 'landsNowhere',
          data: { label: 'href of navbar link #1', href: '/changelogs', hint: '; did you mean "/changelog"?' },
          suggestions: [
            {
              desc: 'Use "/changelog"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navbar": { "links": [{ "label": "Changelog", "href": "/changelog" }] },\n  "footer": { "links": [{ "header": "More", "items": [{ "label": "Start", "href": "/start" }] }] },\n  "banner": { "content": "See [the guide](/guides/strat#today)." },\n  "navigation": {\n    "tabs": [{ "tab": "Docs", "pages": ["index", "changelog", "guides/start"] }, { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }, { "tab": "Blog", "href": "/blog" }],\n    "global": { "anchors": [{ "anchor": "Status", "href": "/changelog#today" }] }\n  },\n  "redirects": [{ "source": "/blog", "destination": "https://example.com/blog" }]\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 3,
          column: 83,
          endLine: 3,
          endColumn: 91,
          messageId: 'landsNowhere',
          data: { label: 'href of footer link #1.1', href: '/start', hint: '; did you mean "/guides/start"?' },
          suggestions: [
            {
              desc: 'Use "/guides/start"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navbar": { "links": [{ "label": "Changelog", "href": "/changelogs" }] },\n  "footer": { "links": [{ "header": "More", "items": [{ "label": "Start", "href": "/guides/start" }] }] },\n  "banner": { "content": "See [the guide](/guides/strat#today)." },\n  "navigation": {\n    "tabs": [{ "tab": "Docs", "pages": ["index", "changelog", "guides/start"] }, { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }, { "tab": "Blog", "href": "/blog" }],\n    "global": { "anchors": [{ "anchor": "Status", "href": "/changelog#today" }] }\n  },\n  "redirects": [{ "source": "/blog", "destination": "https://example.com/blog" }]\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 43,
          endLine: 4,
          endColumn: 62,
          messageId: 'landsNowhere',
          data: { label: 'link in banner', href: '/guides/strat#today', hint: '; did you mean "/guides/start#today"?' },
          suggestions: [
            {
              desc: 'Use "/guides/start#today"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navbar": { "links": [{ "label": "Changelog", "href": "/changelogs" }] },\n  "footer": { "links": [{ "header": "More", "items": [{ "label": "Start", "href": "/start" }] }] },\n  "banner": { "content": "See [the guide](/guides/start#today)." },\n  "navigation": {\n    "tabs": [{ "tab": "Docs", "pages": ["index", "changelog", "guides/start"] }, { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }, { "tab": "Blog", "href": "/blog" }],\n    "global": { "anchors": [{ "anchor": "Status", "href": "/changelog#today" }] }\n  },\n  "redirects": [{ "source": "/blog", "destination": "https://example.com/blog" }]\n}\n',
            },
          ],
        },
      ],
    },
  ],
});
