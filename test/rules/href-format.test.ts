import { ruleTester } from '../rule-tester';
import { docsWith, requiredKeys } from '../sites';

const anchors = (...hrefs: string[]) =>
  docsWith(
    `{\n    "anchors": [{ "anchor": "Docs", "pages": ["a"] }],\n    "global": { "anchors": [\n${hrefs.map((h, i) => `      { "anchor": "L${i}", "href": ${JSON.stringify(h)} }`).join(',\n')}\n    ] }\n  }`,
  );

ruleTester('href-format', {
  valid: [
    {
      name: 'URLs, mailto and relative paths',
      docs: anchors(
        'https://example.com/blog',
        'http://example.com',
        'mailto:team@example.com',
        '/changelog',
        'guides/start',
        '#faq',
        '//cdn.example.com/x',
      ),
    },
  ],
  invalid: [
    {
      name: 'schemes, blanks and broken URLs',
      docs: anchors('javascript:alert(1)', '', 'https://', 'docs/my page', 'mailto:nobody', 'FILE:///etc/passwd'),
      errors: [
        {
          severity: 'error',
          line: 5,
          column: 33,
          endLine: 5,
          endColumn: 54,
          message:
            'href of global anchor "L0" uses the "javascript:" scheme; only http, https and mailto links or relative paths are allowed',
        },
        {
          severity: 'error',
          line: 6,
          column: 33,
          endLine: 6,
          endColumn: 35,
          message: 'href of global anchor "L1" is empty',
        },
        {
          severity: 'error',
          line: 7,
          column: 33,
          endLine: 7,
          endColumn: 43,
          message: 'href of global anchor "L2" is not a valid URL',
        },
        {
          severity: 'error',
          line: 8,
          column: 33,
          endLine: 8,
          endColumn: 47,
          message: 'href of global anchor "L3" contains white space',
        },
        {
          severity: 'error',
          line: 9,
          column: 33,
          endLine: 9,
          endColumn: 48,
          message: 'href of global anchor "L4" is not a valid mailto address',
        },
        {
          severity: 'error',
          line: 10,
          column: 33,
          endLine: 10,
          endColumn: 53,
          messageId: 'scheme',
          data: { subject: 'href of global anchor "L5"', scheme: 'file' },
        },
      ],
    },
    {
      name: "links outside navigation: navbar, footer, the logo, a language's own navbar, a banner's markdown",
      docs: `{ ${requiredKeys}
  "logo": { "light": "/l.svg", "dark": "/d.svg", "href": "javascript:void(0)" },
  "navbar": { "links": [{ "label": "Docs", "href": "" }], "primary": { "type": "button", "label": "Go", "href": "ftp://example.com" } },
  "footer": { "links": [{ "items": [{ "label": "Blog", "href": "https://" }] }] },
  "banner": { "content": "Read [this](javascript:alert(1)) now" },
  "navigation": { "languages": [{ "language": "fr", "navbar": { "links": [{ "label": "x", "href": "data:text/html,hi" }] }, "pages": ["a"] }] }
}
`,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 58,
          endLine: 2,
          endColumn: 78,
          messageId: 'scheme',
          data: { subject: 'href of logo', scheme: 'javascript' },
        },
        {
          severity: 'error',
          line: 3,
          column: 52,
          endLine: 3,
          endColumn: 54,
          messageId: 'empty',
          data: { subject: 'href of navbar link #1' },
        },
        {
          severity: 'error',
          line: 3,
          column: 113,
          endLine: 3,
          endColumn: 132,
          messageId: 'scheme',
          data: { subject: 'href of navbar primary button', scheme: 'ftp' },
        },
        {
          severity: 'error',
          line: 4,
          column: 64,
          endLine: 4,
          endColumn: 74,
          messageId: 'badUrl',
          data: { subject: 'href of footer link #1.1' },
        },
        {
          severity: 'error',
          line: 5,
          column: 39,
          endLine: 5,
          endColumn: 58,
          messageId: 'scheme',
          data: { subject: 'link "javascript:alert(1)" in banner', scheme: 'javascript' },
        },
        {
          severity: 'error',
          line: 6,
          column: 99,
          endLine: 6,
          endColumn: 118,
          messageId: 'scheme',
          data: { subject: 'href of language "fr": navbar link #1', scheme: 'data' },
        },
      ],
    },
  ],
});
