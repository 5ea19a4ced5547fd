import { ruleTester } from '../rule-tester';
import { page, requiredKeys, usersSpec } from '../sites';

/** A page whose body is `body`, its first line on line 5. */
const body = (text: string) => `---\ntitle: Page\n---\n\n${text}\n`;

/** A site: three listed pages, an API tab, redirects; `files` adds or replaces files, `keys` adds top-level keys of docs.json. */
const site = (files: Record<string, string>, redirects = '', keys = '') => ({
  'index.mdx': page(),
  'quickstart.mdx': page(),
  'guides/start.mdx': page(),
  'guides/setup.mdx': page(),
  'images/flow.png': '',
  'users.yaml': usersSpec,
  ...files,
  'docs.json': `{ ${requiredKeys}${keys}
  "navigation": {
    "tabs": [{ "tab": "Docs", "pages": ["index", "quickstart", "guides/start", "guides/setup", "guides/a"] }, { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }]
  },
  "redirects": [{ "source": "/old-start", "destination": "/guides/start" }, { "source": "/legacy/:slug*", "destination": "/guides/:slug*" }${redirects}]
}
`,
});

/** An API reference in versions, each version's spec with a `directory` (the shape of polarsource__polar). */
const versioned = (text: string, redirects = '') => ({
  'index.mdx': page(),
  'guides/a.mdx': body(text),
  'users.yaml': usersSpec,
  'docs.json': `{ ${requiredKeys}
  "navigation": {
    "tabs": [
      { "tab": "Docs", "pages": ["index", "guides/a"] },
      { "tab": "API", "versions": [{ "version": "v2", "openapi": { "source": "users.yaml", "directory": "api-reference/v2" }, "pages": ["GET /users"] }] }
    ]
  },
  "redirects": [{ "source": "/api-reference/current/:path*", "destination": "/api-reference/v2/:path*" }${redirects}]
}
`,
});

/** What a missing link's message adds when a file is there but not deployed. */
const leftOut =
  '; the file is there, but the platform does not deploy it (.mintignore, or its own rules for README.md, node_modules/ and the like)';

ruleTester('page-link', {
  valid: [
    {
      name: "a reference definition only images use is page-image's to check",
      files: site({ 'guides/a.mdx': body('![Flow][f]\n\n[f]: /images/nowhere.png') }),
    },
    {
      name: 'a link through a temporary redirect ("permanent": false), an alias meant to move, is left as written',
      files: site(
        { 'guides/a.mdx': body('[Latest](/latest) [Setup](/latest#setup)') },
        ', { "source": "/latest", "destination": "/guides/setup", "permanent": false }, { "source": "/latest", "destination": "/guides/start" }',
      ),
    },
    {
      name: 'pages from the root and relative to the page, with .mdx, a trailing slash, a query and a fragment; a generated page, a redirect pattern, a folder of listed pages, a file',
      files: site({
        'guides/a.mdx':
          body(`[Q](/quickstart) [S](start) [S2](./setup.mdx) [S3](../guides/start/) [Q2](/quickstart?x=1#top)
[API](/api-reference/list-users) [L](/legacy/start) [Folder](/guides) [Img](/images/flow.png) [Top](#top)
<Card title="C" href="/guides/setup" /> [X](https://example.com/x) [M](mailto:a@example.com) [V](vscode:extension/x)
\`[code](/nowhere)\`

\`\`\`md
[also code](/nowhere)
\`\`\``),
      }),
    },
    {
      name: 'a link carrying the base path the site is served under, as its canonical URL shows it, when the site has nothing of its own under it',
      files: site(
        { 'guides/a.mdx': body('[Q](/docs/quickstart) [Home](/docs) <a href="/docs/guides/start">Start</a>') },
        '',
        ' "seo": { "metatags": { "canonical": "https://example.com/docs" } },',
      ),
    },
    {
      name: 'a link carrying the base path that an absolute link of docs.json to a page of the site shows',
      files: site(
        { 'guides/a.mdx': body('[Q](/docs/quickstart)') },
        '',
        ' "navbar": { "links": [{ "label": "Setup", "href": "https://example.com/docs/guides/setup" }] },',
      ),
    },
    {
      name: "a generated page under its version's directory, and through the redirect the site keeps for version-less URLs",
      files: versioned('[List](/api-reference/v2/list-users) [Current](/api-reference/current/list-users)'),
    },
    {
      name: "a snippet's relative link, followed from the page that renders it",
      files: site({
        'snippets/see.mdx': '[Setup](setup)\n',
        'guides/a.mdx': body("import See from '/snippets/see.mdx';\n\n<See />"),
      }),
    },
    {
      name: 'a redirect to a page that is itself a redirect source: no fix sends the link into the redirects',
      files: site(
        { 'guides/a.mdx': body('[I](/idx) [S](/old-start)') },
        ', { "source": "/idx", "destination": "/guides/start" }, { "source": "/guides/start", "destination": "/idx" }',
      ),
    },
    {
      name: 'two redirects of one path, "/older" then "/older/": the first fires, so no fix writes the second\'s destination',
      files: site(
        { 'guides/a.mdx': body('[O](/older?x=1#usage)') },
        ', { "source": "/older", "destination": "/mid" }, { "source": "/older/", "destination": "/guides/a" }, { "source": "/mid", "destination": "/guides/start" }',
      ),
    },
  ],
  invalid: [
    {
      name: 'links to files the deploy leaves out: README.md, and a page under a folder .mintignore names',
      files: site({
        '.mintignore': 'drafts/\n',
        'README.md': '# Repository\n',
        'drafts/x.mdx': page(),
        'guides/a.mdx': body('[Readme](/README.md) and [draft](/drafts/x.mdx) [page](/drafts/x)'),
        'guides/x.mdx': page(),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 20,
          message: `link "/README.md" lands on no page, generated endpoint page, redirect or file${leftOut}`,
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 34,
          endLine: 5,
          endColumn: 47,
          message: `link "/drafts/x.mdx" lands on no page, generated endpoint page, redirect or file${leftOut}`,
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 56,
          endLine: 5,
          endColumn: 65,
          message: `link "/drafts/x" lands on no page, generated endpoint page, redirect or file${leftOut}`,
        },
      ],
    },
    {
      name: "a snippet's relative link that lands from one page that renders it and not from another",
      files: site({
        'snippets/see.mdx': '[Setup](setup)\n',
        'guides/a.mdx': body("import See from '/snippets/see.mdx';\n\n<See />"),
        'index.mdx': body("import See from '/snippets/see.mdx';\n\n<See />"),
      }),
      errors: [
        {
          severity: 'error',
          file: 'snippets/see.mdx',
          line: 1,
          column: 9,
          endLine: 1,
          endColumn: 14,
          message:
            'link "setup" on "index.mdx", which renders this snippet, lands on no page, generated endpoint page, redirect or file; did you mean "/guides/setup"?',
          suggestions: [{ desc: 'Use "/guides/setup"', output: '[Setup](/guides/setup)\n' }],
        },
      ],
    },
    {
      // The platform builds an operation's page under the directory its spec is given with
      // (generateOpenApiFromDocsConfig: outDir = directory), here "api-reference/v2". `mint broken-links`
      // passes the link: its getOpenApiPagePaths also adds every spec's pages under "api-reference",
      // which the site never serves.
      name: "a generated page linked without its version's directory: the site serves it only under the directory",
      files: versioned('See [List](/api-reference/list-users).'),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 12,
          endLine: 5,
          endColumn: 37,
          message:
            'link "/api-reference/list-users" lands on no page, generated endpoint page, redirect or file; did you mean "/api-reference/v2/list-users"?',
          suggestions: [
            { desc: 'Use "/api-reference/v2/list-users"', output: body('See [List](/api-reference/v2/list-users).') },
          ],
        },
      ],
    },
    {
      // Redirect sources under /docs are URLs of the site itself: a site served under /docs would see them as /docs/docs/…
      name: 'a first segment the site\'s redirects use is no base path: "/docs/x" is a URL of the site',
      files: site(
        { 'guides/a.mdx': body('[Q](/docs/quickstart)') },
        ', { "source": "/docs/old", "destination": "/quickstart" }',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 21,
          messageId: 'missing',
          data: { on: '', url: '/docs/quickstart', hint: '; did you mean "/quickstart"?' },
          suggestions: [{ desc: 'Use "/quickstart"', output: body('[Q](/quickstart)') }],
        },
      ],
    },
    {
      // A held-out site's shape: served at docs.<domain>, as its docs.json's own links show, it links /docs/sdk/….
      name: 'a link with a first segment the platform serves sites under, on a site that docs.json shows at the root of its host',
      files: site(
        { 'guides/a.mdx': body('[Kotlin](/docs/guides/setup#install) ![Flow](/docs/images/flow.png)') },
        '',
        ' "navbar": { "links": [{ "label": "Setup", "href": "https://docs.example.com/guides/setup" }] },',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 36,
          messageId: 'missing',
          data: { on: '', url: '/docs/guides/setup#install', hint: '; did you mean "/guides/setup#install"?' },
          suggestions: [
            {
              desc: 'Use "/guides/setup#install"',
              output: body('[Kotlin](/guides/setup#install) ![Flow](/docs/images/flow.png)'),
            },
          ],
        },
      ],
    },
    {
      // The product's own site has a /quickstart and a /news/quickstart too: a page's name alone shows nothing of where the docs are.
      name: 'links that land only through a base path nothing in docs.json shows: said once, at the first, not checked',
      files: site(
        {
          'guides/a.mdx': body(
            '[Q](/docs/quickstart) [Home](/docs) <a href="/docs/guides/start">Start</a> [Gone](/docs/gone)',
          ),
          'guides/setup.mdx': body('![Flow](/docs/images/flow.png)'),
        },
        '',
        ' "navbar": { "links": [{ "label": "Start", "href": "https://example.com/quickstart" }, { "label": "News", "href": "https://example.com/news/quickstart" }] },',
      ),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 21,
          message:
            'link "/docs/quickstart" lands only if the site is served under "/docs", where it has nothing, and docs.json does not show where the site is served (by seo.metatags.canonical, absolute links to its pages or redirects that carry a base path, all agreeing): it and the 3 other links and images that start with "/docs" are not checked; set seo.metatags.canonical to the site\'s URL to have them checked',
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 83,
          endLine: 5,
          endColumn: 93,
          messageId: 'missing',
          data: { on: '', url: '/docs/gone', hint: '' },
        },
      ],
    },
    {
      // A real site's shape (46 false errors there): its API reference from a spec given by URL, not fetched offline.
      name: 'links into the directory of a spec given by URL that navlint did not read are not judged; others are',
      files: {
        'index.mdx': page(),
        'guides/a.mdx': body(
          '[List](/api-reference/registry/list-nodes#query) [API](/api-reference) [Nodes](/registry/list-nodes)',
        ),
        'docs.json': `{ ${requiredKeys}
  "navigation": { "tabs": [
    { "tab": "Docs", "pages": ["index", "guides/a"] },
    { "tab": "Registry", "openapi": { "source": "https://api.example.com/openapi", "directory": "api-reference" } }
  ] }
}
`,
      },
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 80,
          endLine: 5,
          endColumn: 100,
          messageId: 'missing',
          data: { on: '', url: '/registry/list-nodes', hint: '' },
        },
      ],
    },
    {
      name: 'a misspelled link keeps its query and fragment in the did-you-mean',
      files: site({ 'guides/a.mdx': body('[Q](/quikstart?tab=go#install)') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 30,
          messageId: 'missing',
          data: { on: '', url: '/quikstart?tab=go#install', hint: '; did you mean "/quickstart?tab=go#install"?' },
          suggestions: [{ desc: 'Use "/quickstart?tab=go#install"', output: body('[Q](/quickstart?tab=go#install)') }],
        },
      ],
    },
    {
      // The shape of a CLI reference whose pages link each other: a did-you-mean to the page the link is on leads nowhere new.
      name: 'a did-you-mean never offers the page the link is on; the same link on another page gets it',
      files: site({
        'cli/identities/create-identity.mdx': body('[Create](/cli/create-identity)'),
        'cli/identities/list-identities.mdx': body('[Create](/cli/create-identity)'),
      }),
      errors: [
        {
          severity: 'error',
          file: 'cli/identities/create-identity.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 30,
          message: 'link "/cli/create-identity" lands on no page, generated endpoint page, redirect or file',
        },
        {
          severity: 'error',
          file: 'cli/identities/list-identities.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 30,
          messageId: 'missing',
          data: { on: '', url: '/cli/create-identity', hint: '; did you mean "/cli/identities/create-identity"?' },
          suggestions: [
            {
              desc: 'Use "/cli/identities/create-identity"',
              output: body('[Create](/cli/identities/create-identity)'),
            },
          ],
        },
      ],
    },
    {
      name: 'a first segment that may be a base path, whose rest lands nowhere either',
      files: site({ 'guides/a.mdx': body('[Q](/guides/nothing-here)') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 25,
          messageId: 'missing',
          data: { on: '', url: '/guides/nothing-here', hint: '' },
        },
      ],
    },
    {
      name: "a relative link read as a browser reads it; the platform's checker reads it from the root, where it lands",
      files: site({ 'guides/a.mdx': body('[Q](quickstart)') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 15,
          message:
            'link "quickstart" lands on no page, generated endpoint page, redirect or file; the platform\'s link checker reads it as "/quickstart", which lands, but a reader\'s browser goes to "/guides/quickstart"; did you mean "/quickstart"?',
          suggestions: [{ desc: 'Use "/quickstart"', output: body('[Q](/quickstart)') }],
        },
      ],
    },
    {
      // A held-out site's shape: the platform rewrites ./ and ../ against guides/index.mdx's folder, guides/.
      name: "./ and ../ on an index page: from the file's folder in Markdown, <a href>, <Card href> and a snippet it renders; from the page's URL elsewhere",
      files: site(
        {
          'guides/index.mdx': body(`import Nav from '/snippets/nav.mdx';

[Setup](./setup) [Start](./start.mdx) <Card href="./setup" /> <a href="../quickstart">Q</a> <Nav />
<Tile href="./setup" /> [Ref][r] [Old](./old-setup#top)

[r]: ./setup`),
          'snippets/nav.mdx': '[Setup](./setup)\n',
        },
        ', { "source": "/guides/old-setup", "destination": "/guides/setup" }',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/index.mdx',
          line: 8,
          column: 13,
          endLine: 8,
          endColumn: 20,
          message:
            'link "./setup" lands on no page, generated endpoint page, redirect or file; did you mean "/guides/setup"?',
          suggestions: [
            {
              desc: 'Use "/guides/setup"',
              output: body(`import Nav from '/snippets/nav.mdx';

[Setup](./setup) [Start](./start.mdx) <Card href="./setup" /> <a href="../quickstart">Q</a> <Nav />
<Tile href="/guides/setup" /> [Ref][r] [Old](./old-setup#top)

[r]: ./setup`),
            },
          ],
        },
        {
          severity: 'warn',
          file: 'guides/index.mdx',
          line: 8,
          column: 40,
          endLine: 8,
          endColumn: 55,
          messageId: 'throughRedirect',
          data: { url: './old-setup#top', destination: '/guides/setup' },
        },
        {
          severity: 'error',
          file: 'guides/index.mdx',
          line: 10,
          column: 6,
          endLine: 10,
          endColumn: 13,
          messageId: 'missing',
          data: { on: '', url: './setup', hint: '; did you mean "/guides/setup"?' },
          suggestions: [
            {
              desc: 'Use "/guides/setup"',
              output: body(`import Nav from '/snippets/nav.mdx';

[Setup](./setup) [Start](./start.mdx) <Card href="./setup" /> <a href="../quickstart">Q</a> <Nav />
<Tile href="./setup" /> [Ref][r] [Old](./old-setup#top)

[r]: /guides/setup`),
            },
          ],
        },
      ],
      output: {
        'guides/index.mdx': body(`import Nav from '/snippets/nav.mdx';

[Setup](./setup) [Start](./start.mdx) <Card href="./setup" /> <a href="../quickstart">Q</a> <Nav />
<Tile href="./setup" /> [Ref][r] [Old](/guides/setup#top)

[r]: ./setup`),
      },
    },
    {
      name: 'a link to a redirect source whose destination is a page: a warning, fixed to the destination',
      files: site({ 'guides/a.mdx': body('[S](/old-start#top)') }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 19,
          message: 'link "/old-start#top" goes through a redirect to "/guides/start": link to it directly',
        },
      ],
      output: { 'guides/a.mdx': body('[S](/guides/start#top)') },
    },
    {
      name: "the fix keeps the link's query, after the destination's own, and its fragment unless the destination has one",
      files: site(
        { 'guides/a.mdx': body('[S](/old-start?tab=python#install) [T](/old-tabs?tab=go#x)') },
        ', { "source": "/old-tabs", "destination": "/guides/start?lang=en#top" }',
      ),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 34,
          message:
            'link "/old-start?tab=python#install" goes through a redirect to "/guides/start": link to it directly',
        },
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 58,
          message:
            'link "/old-tabs?tab=go#x" goes through a redirect to "/guides/start?lang=en#top": link to it directly',
        },
      ],
      output: { 'guides/a.mdx': body('[S](/guides/start?tab=python#install) [T](/guides/start?lang=en&tab=go#top)') },
    },
    {
      name: 'a page that starts with a byte order mark: columns count from after it, as editors show them, and the fix keeps it',
      files: site({ 'guides/a.mdx': '\uFEFF[S](/old-start) [B](/nowhere)\n' }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 1,
          column: 5,
          endLine: 1,
          endColumn: 15,
          message: 'link "/old-start" goes through a redirect to "/guides/start": link to it directly',
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 1,
          column: 21,
          endLine: 1,
          endColumn: 29,
          message: 'link "/nowhere" lands on no page, generated endpoint page, redirect or file',
        },
      ],
      output: { 'guides/a.mdx': '\uFEFF[S](/guides/start) [B](/nowhere)\n' },
    },
    {
      name: 'a destination with a space: fixed in angle brackets in Markdown (once), as it is in an attribute',
      files: site(
        { 'guides/in depth.mdx': page(), 'guides/a.mdx': body('[S](/deep) <Card href="/deep" /> [T](</deep>)') },
        ', { "source": "/deep", "destination": "/guides/in depth" }',
      ),
      errors: [5, 24, 39].map((column) => ({
        severity: 'warn' as const,
        file: 'guides/a.mdx',
        line: 5,
        column,
        endLine: 5,
        endColumn: column + 5,
        message: 'link "/deep" goes through a redirect to "/guides/in depth": link to it directly',
      })),
      output: {
        'guides/a.mdx': body('[S](</guides/in depth>) <Card href="/guides/in depth" /> [T](</guides/in depth>)'),
      },
    },
    {
      name: 'a link a pattern redirect sends where nothing is (one that sends it to a page, with a query or percent-encoded, or out of the site, lands)',
      files: site(
        {
          'guides/a.mdx': body('[L](/legacy/start) [M](/legacy/nothing) [X](/out/a) [Q](/q/start) [E](/e/x)'),
          'guides/café.mdx': page(),
        },
        ', { "source": "/out/:slug*", "destination": "https://example.com/:slug*" }, { "source": "/q/:slug", "destination": "/guides/:slug?ref=q" }, { "source": "/e/:slug*", "destination": "/guides/caf%C3%A9" }',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 24,
          endLine: 5,
          endColumn: 39,
          message:
            'link "/legacy/nothing" goes through the redirect "/legacy/:slug*" to "/guides/nothing", which lands on no page, generated endpoint page, redirect or file',
        },
      ],
    },
    {
      name: 'a link through a plain redirect whose destination is nowhere: reported with the redirect, as a reader gets a 404',
      files: site({ 'guides/a.mdx': body('[G](/gone)') }, ', { "source": "/gone", "destination": "/guides/setupp" }'),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 10,
          message:
            'link "/gone" goes through the redirect "/gone" to "/guides/setupp", which lands on no page, generated endpoint page, redirect or file; did you mean "/guides/setup"?',
          suggestions: [{ desc: 'Use "/guides/setup"', output: body('[G](/guides/setup)') }],
        },
      ],
    },
    {
      name: 'a link into a redirect loop: reported, as a browser gives up (redirect-loop reports the redirects in docs.json)',
      files: site(
        { 'guides/a.mdx': body('[A](/a) [P](/p/x)') },
        ', { "source": "/a", "destination": "/b" }, { "source": "/b", "destination": "/a" }, { "source": "/p/:slug", "destination": "/q/:slug" }, { "source": "/q/:slug", "destination": "/p/:slug" }',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 7,
          message:
            'link "/a" goes through the redirect "/a", and the redirects from there lead back round: a browser stops with too many redirects',
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 13,
          endLine: 5,
          endColumn: 17,
          messageId: 'redirectLoop',
          data: { url: '/p/x', source: '/p/:slug', on: '' },
        },
      ],
    },
    {
      name: 'a loop of six redirects, and a chain of seven to nowhere: followed to the end; a base path dropped is no loop',
      files: site(
        { 'guides/a.mdx': body('[L](/l1) [C](/c1) [D](/d)') },
        `, ${[1, 2, 3, 4, 5, 6].map((i) => `{ "source": "/l${i}", "destination": "/l${(i % 6) + 1}" }`).join(', ')}, ${[1, 2, 3, 4, 5, 6, 7].map((i) => `{ "source": "/c${i}", "destination": "${i < 7 ? `/c${i + 1}` : '/nowhere'}" }`).join(', ')}, { "source": "/d", "destination": "/docs/d" }`,
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 8,
          messageId: 'redirectLoop',
          data: { url: '/l1', source: '/l1', on: '' },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 14,
          endLine: 5,
          endColumn: 17,
          messageId: 'deadRedirect',
          data: { on: '', url: '/c1', source: '/c7', destination: '/nowhere', hint: '' },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 23,
          endLine: 5,
          endColumn: 25,
          messageId: 'deadRedirect',
          data: { on: '', url: '/d', source: '/d', destination: '/docs/d', hint: '' },
        },
      ],
    },
    {
      name: "a snippet's relative link that a pattern redirect sends where nothing is, from the page that renders it",
      files: site({
        'snippets/see.mdx': '[M](../legacy/nothing)\n',
        'guides/a.mdx': body("import See from '/snippets/see.mdx';\n\n<See />"),
      }),
      errors: [
        {
          severity: 'error',
          file: 'snippets/see.mdx',
          line: 1,
          column: 5,
          endLine: 1,
          endColumn: 22,
          message:
            'link "../legacy/nothing" on "guides/a.mdx", which renders this snippet, goes through the redirect "/legacy/:slug*" to "/guides/nothing", which lands on no page, generated endpoint page, redirect or file',
        },
      ],
    },
    {
      name: 'a page whose lines end in a lone CR, as the parser counts them: each link at its line, the fix on its text',
      files: site({ 'guides/a.mdx': 'A\r\r<Card href="/old-start" />\r[B](/nowhere)\r' }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 3,
          column: 13,
          endLine: 3,
          endColumn: 23,
          message: 'link "/old-start" goes through a redirect to "/guides/start": link to it directly',
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 13,
          message: 'link "/nowhere" lands on no page, generated endpoint page, redirect or file',
        },
      ],
      output: { 'guides/a.mdx': 'A\r\r<Card href="/guides/start" />\r[B](/nowhere)\r' },
    },
  ],
});
