import { ruleTester } from '../rule-tester';
import { page, requiredKeys } from '../sites';

/** A page whose body is `body`, its first line on line 5. */
const body = (text: string) => `---\ntitle: Page\n---\n\n${text}\n`;

/** A site of two listed pages (guides/b.mdx with headings, ids and components); `files` adds or replaces files. */
const site = (files: Record<string, string>) => ({
  'index.mdx': page(),
  'guides/b.mdx': body(`## Set up the CLI

## Set up the CLI

## Custom heading {#custom-id}

<div id="pricing-table">x</div>

<Accordion title="Billing FAQ">Text</Accordion>

## Café résumé`),
  ...files,
  'docs.json': `{ ${requiredKeys}
  "navigation": { "pages": ["index", "guides/a", "guides/b"] }
}
`,
});

ruleTester('page-anchor', {
  valid: [
    {
      name: "headings as the platform slugs them (a repeat numbered), a custom {#id}, an element id, a component id, a percent-encoded fragment, the page's own headings",
      files: site({
        'guides/a.mdx': body(`## Own heading

[A](/guides/b#set-up-the-cli) [B](/guides/b#set-up-the-cli-2) [C](b#custom-id) [D](/guides/b#pricing-table)
[E](/guides/b#billing-faq) [F](/guides/b#caf%C3%A9-r%C3%A9sum%C3%A9) [G](#own-heading) [H](/guides/b) [I](/guides/b#)
[J](https://example.com/#nowhere) [K](/guides/b#:~:text=Set)`),
      }),
    },
    {
      name: "a tab's id, which the platform percent-encodes, is reached by the title's slug as written (a browser encodes it) and as encoded",
      files: site({
        'guides/c.mdx': body('<Tabs>\n  <Tab title="新しい Agent">Text</Tab>\n</Tabs>'),
        'guides/a.mdx': body('[A](/guides/c#新しい-agent) [B](/guides/c#%E6%96%B0%E3%81%97%E3%81%84-agent)'),
      }),
    },
    {
      name: 'a link only agents see is not read for its fragment: agents get the Markdown, where content for agents stays',
      files: site({
        'guides/c.mdx': body('<Visibility for="agents">\n\n## For agents\n\n</Visibility>'),
        'guides/a.mdx': body('<Visibility for="agents">\n\nFollow [the setup](/guides/c#for-agents).\n\n</Visibility>'),
      }),
    },
    {
      name: "a heading of a snippet the page imports whole counts on the page, and a snippet's own fragment is read on the page that renders it; a snippet no page renders is not read",
      files: site({
        'snippets/shared.mdx':
          '## From the snippet\n\n[Own](#from-the-snippet) [Page](#on-the-page) [Rel](b#custom-id)\n',
        'snippets/unused.mdx': '[Any](#anything)\n',
        'guides/a.mdx': body(`import Shared from '/snippets/shared.mdx';

## On the page

<Shared />

[S](#from-the-snippet)`),
      }),
    },
    {
      name: "a snippet's own fragment is read only on the pages that import it whole, not where a page takes one of its exports",
      files: site({
        'snippets/s.mdx': 'export const Note = () => <b>n</b>;\n\n## Details\n\n[see](#details)\n',
        'guides/a.mdx': body(`import S from '/snippets/s.mdx';\n\n<S />`),
        'guides/c.mdx': body(`import { Note } from '/snippets/s.mdx';\n\n<Note />`),
      }),
    },
  ],
  invalid: [
    {
      // mdx-syntax reports the page; its anchors are unknown until it parses, which the first link into it says.
      name: 'a target page that does not parse: said once, at the first link into it',
      files: site({
        'guides/b.mdx': body('## Heading\n\n{unclosed'),
        'guides/a.mdx': body('[B](/guides/b#heading) [C](/guides/b#other)'),
        'guides/c.mdx': body('[D](/guides/b#heading)'),
      }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 15,
          endLine: 5,
          endColumn: 22,
          messageId: 'unparsedTarget',
          data: { fragment: 'heading', file: 'guides/b.mdx' },
        },
      ],
    },
    {
      // The platform rewrites ./b on guides/index.mdx (served at /guides) to /guides/b: its ids are the ones to have.
      name: "a ./ link's fragment on an index page is looked for on the page the platform renders it to",
      files: site({ 'guides/index.mdx': body('[A](./b#set-up-the-cli) [B](./b#set-up-the-cl)') }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/index.mdx',
          line: 5,
          column: 33,
          endLine: 5,
          endColumn: 46,
          message: 'anchor "#set-up-the-cl" is no heading or id of "guides/b.mdx"; did you mean "#set-up-the-cli"?',
          suggestions: [
            { desc: 'Use "#set-up-the-cli"', output: body('[A](./b#set-up-the-cli) [B](./b#set-up-the-cli)') },
          ],
        },
      ],
    },
    {
      name: "a misspelled link to a tab's id, which the platform percent-encodes, gets the id as a link writes it to land: decoded where a browser encodes it back",
      files: site({
        'guides/c.mdx': body(
          '<Tabs>\n  <Tab title="新しい Agent">Text</Tab>\n  <Tab title="Q&A Guide">Text</Tab>\n</Tabs>',
        ),
        'guides/a.mdx': body('[A](/guides/c#新しい-agnt) [B](/guides/c#q&a-guid)'),
      }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 15,
          endLine: 5,
          endColumn: 23,
          message: 'anchor "#新しい-agnt" is no heading or id of "guides/c.mdx"; did you mean "#新しい-agent"?',
          suggestions: [
            { desc: 'Use "#新しい-agent"', output: body('[A](/guides/c#新しい-agent) [B](/guides/c#q&a-guid)') },
          ],
        },
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 39,
          endLine: 5,
          endColumn: 47,
          message: 'anchor "#q&a-guid" is no heading or id of "guides/c.mdx"; did you mean "#q%26a-guide"?',
          suggestions: [
            { desc: 'Use "#q%26a-guide"', output: body('[A](/guides/c#新しい-agnt) [B](/guides/c#q%26a-guide)') },
          ],
        },
      ],
    },
    {
      name: 'a link readers see, to a heading only agents get, is reported',
      files: site({
        'guides/c.mdx': body('<Visibility for="agents">\n\n## For agents\n\n</Visibility>'),
        'guides/a.mdx': body('Follow [the setup](/guides/c#for-agents).'),
      }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 30,
          endLine: 5,
          endColumn: 40,
          message: 'anchor "#for-agents" is no heading or id of "guides/c.mdx"',
        },
      ],
    },
    {
      name: "a snippet's own fragment that the page rendering it lacks, reported in the snippet",
      files: site({
        'snippets/shared.mdx': '## From the snippet\n\n[Own](#from-the-snipet)\n',
        'guides/a.mdx': body(`import Shared from '/snippets/shared.mdx';\n\n<Shared />`),
      }),
      errors: [
        {
          severity: 'warn',
          file: 'snippets/shared.mdx',
          line: 3,
          column: 8,
          endLine: 3,
          endColumn: 23,
          message:
            'anchor "#from-the-snipet" is no heading or id of "guides/a.mdx", which renders this snippet; did you mean "#from-the-snippet"?',
          suggestions: [
            { desc: 'Use "#from-the-snippet"', output: '## From the snippet\n\n[Own](#from-the-snippet)\n' },
          ],
        },
      ],
    },
    {
      name: "the links of docs.json, an href and a link in the banner's Markdown, against the page they lead to",
      files: {
        ...site({ 'guides/a.mdx': body('A') }),
        'docs.json': `{ ${requiredKeys}
  "navbar": { "links": [{ "label": "Pricing", "href": "/guides/b#pricing-table" }, { "label": "CLI", "href": "/guides/b#setup-the-cli" }] },
  "banner": { "content": "See [billing](/guides/b#biling-faq)." },
  "navigation": { "pages": ["index", "guides/a", "guides/b"] }
}
`,
      },
      errors: [
        {
          severity: 'warn',
          file: 'docs.json',
          line: 2,
          column: 121,
          endLine: 2,
          endColumn: 134,
          message: 'anchor "#setup-the-cli" is no heading or id of "guides/b.mdx"; did you mean "#set-up-the-cli"?',
          suggestions: [
            {
              desc: 'Use "#set-up-the-cli"',
              output: `{ ${requiredKeys}
  "navbar": { "links": [{ "label": "Pricing", "href": "/guides/b#pricing-table" }, { "label": "CLI", "href": "/guides/b#set-up-the-cli" }] },
  "banner": { "content": "See [billing](/guides/b#biling-faq)." },
  "navigation": { "pages": ["index", "guides/a", "guides/b"] }
}
`,
            },
          ],
        },
        {
          severity: 'warn',
          file: 'docs.json',
          line: 3,
          column: 51,
          endLine: 3,
          endColumn: 61,
          messageId: 'onPage',
          data: { fragment: 'biling-faq', file: 'guides/b.mdx', hint: '; did you mean "#billing-faq"?' },
          suggestions: [
            {
              desc: 'Use "#billing-faq"',
              output: `{ ${requiredKeys}
  "navbar": { "links": [{ "label": "Pricing", "href": "/guides/b#pricing-table" }, { "label": "CLI", "href": "/guides/b#setup-the-cli" }] },
  "banner": { "content": "See [billing](/guides/b#billing-faq)." },
  "navigation": { "pages": ["index", "guides/a", "guides/b"] }
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a fragment no heading or id of the target page has, with the nearest id to use instead',
      files: site({ 'guides/a.mdx': body('[A](/guides/b#setup-the-cli)') }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 15,
          endLine: 5,
          endColumn: 28,
          messageId: 'onPage',
          data: { fragment: 'setup-the-cli', file: 'guides/b.mdx', hint: '; did you mean "#set-up-the-cli"?' },
          suggestions: [{ desc: 'Use "#set-up-the-cli"', output: body('[A](/guides/b#set-up-the-cli)') }],
        },
      ],
    },
    {
      name: "a fragment of the page itself, and one written with the heading's case (ids are compared exactly, as browsers do)",
      files: site({ 'guides/a.mdx': body('## Own heading\n\n[A](#own-headin) [B](/guides/b#Custom-Id)') }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 7,
          column: 6,
          endLine: 7,
          endColumn: 16,
          message: 'anchor "#own-headin" is no heading or id of this page; did you mean "#own-heading"?',
          suggestions: [
            {
              desc: 'Use "#own-heading"',
              output: body('## Own heading\n\n[A](#own-heading) [B](/guides/b#Custom-Id)'),
            },
          ],
        },
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 7,
          column: 32,
          endLine: 7,
          endColumn: 41,
          messageId: 'onPage',
          data: { fragment: 'Custom-Id', file: 'guides/b.mdx', hint: '; did you mean "#custom-id"?' },
          suggestions: [
            { desc: 'Use "#custom-id"', output: body('## Own heading\n\n[A](#own-headin) [B](/guides/b#custom-id)') },
          ],
        },
      ],
    },
    {
      name: 'a Card whose href names a missing anchor',
      files: site({ 'guides/a.mdx': body('<Card title="Pricing" href="/guides/b#pricing" />') }),
      errors: [
        {
          severity: 'warn',
          file: 'guides/a.mdx',
          line: 5,
          column: 39,
          endLine: 5,
          endColumn: 46,
          messageId: 'onPage',
          data: { fragment: 'pricing', file: 'guides/b.mdx', hint: '' },
        },
      ],
    },
  ],
});
