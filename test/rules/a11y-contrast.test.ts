import { ruleTester } from '../rule-tester';

/** docs.json with these top-level keys on line 2 (and the lines after), before navigation. */
const docs = (keys: string) => `{ "theme": "mint", "name": "Test",
  ${keys},
  "navigation": { "pages": ["index"] }
}
`;

/** A linden site whose colours are in a $ref file (`colors.json`), with a global anchor's colours on line 4. */
const lindenDocs = (anchorColors: string) => `{ "theme": "linden", "name": "Test",
  "colors": { "$ref": "colors.json" },
  "navigation": {
    "global": { "anchors": [{ "anchor": "Blog", "href": "https://acme.com/blog", "color": ${anchorColors} }] },
    "pages": ["index"]
  }
}
`;
const lindenColors = (dark: string) => `{\n  "primary": "#0A5C46",\n  "light": "#FFE066",\n  "dark": "${dark}"\n}\n`;

const emphasis = 'links, the active page in the navigation and other emphasis';

// Every ratio here is the one @mintlify/cli 4.0.1552's checkDocsColors gives (test/a11y-differential.test.ts holds the rule to it on real sites).
ruleTester('a11y-contrast', {
  valid: [
    {
      name: 'colours that pass every check: primary at AAA on white, light on the dark background, dark at 3:1 on both',
      docs: docs('"colors": { "primary": "#0A5C46", "light": "#55D799", "dark": "#16A34A" }'),
    },
    {
      name: "a colour that is no hex code is the schema rule's, and an empty one is not checked",
      docs: docs('"colors": { "primary": "teal", "dark": "" }'),
    },
    {
      name: 'no colors: nothing to check',
      docs: docs('"logo": "/logo.svg"'),
    },
  ],
  invalid: [
    {
      name: 'primary below 4.5:1 on the default white background, with the nearest colour of its hue that passes',
      docs: docs('"colors": { "primary": "#FFCC00" }'),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 26,
          endLine: 2,
          endColumn: 35,
          message: `colors.primary "#FFCC00" has a contrast of 1.51:1 with the light background (#ffffff, the default), below the 4.5:1 WCAG AA asks of text (1.4.3); the platform uses it for ${emphasis}, in light mode; the nearest colour of the same hue that passes is "#907300" (4.53:1)`,
          suggestions: [{ desc: 'Use "#907300" (4.53:1)', output: docs('"colors": { "primary": "#907300" }') }],
        },
      ],
    },
    {
      name: "primary at AA but below AAA's 7:1: a warning, as mint a11y warns, suggesting the colour that reaches 7:1",
      docs: docs('"colors": { "primary": "#0D7A5F" }'),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 26,
          endLine: 2,
          endColumn: 35,
          messageId: 'notAAA',
          data: {
            label: 'colors.primary',
            color: '#0D7A5F',
            ratio: '5.29',
            mode: 'light',
            background: '#ffffff',
            backgroundFrom: 'the default',
            usage: `${emphasis}, in light mode`,
            nearest: '; the nearest colour of the same hue that passes is "#0B654F" (7.03:1)',
          },
          suggestions: [{ desc: 'Use "#0B654F" (7.03:1)', output: docs('"colors": { "primary": "#0B654F" }') }],
        },
      ],
    },
    {
      name: 'light and dark against background.color: dark at 3:1 on the light background; a suggestion for dark passes both',
      docs: docs(
        '"colors": { "primary": "#0A5C46", "light": "#6B7280", "dark": "#FFFFFF" },\n  "background": { "color": { "dark": "#1A1A1A", "light": "#F5F5F5" } }',
      ),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 46,
          endLine: 2,
          endColumn: 55,
          message: `colors.light "#6B7280" has a contrast of 3.60:1 with the dark background (#1A1A1A, background.color.dark), below the 4.5:1 WCAG AA asks of text (1.4.3); the platform uses it for ${emphasis}, in dark mode; the nearest colour of the same hue that passes is "#7B8290" (4.51:1)`,
          suggestions: [
            {
              desc: 'Use "#7B8290" (4.51:1)',
              output: docs(
                '"colors": { "primary": "#0A5C46", "light": "#7B8290", "dark": "#FFFFFF" },\n  "background": { "color": { "dark": "#1A1A1A", "light": "#F5F5F5" } }',
              ),
            },
          ],
        },
        {
          severity: 'error',
          line: 2,
          column: 65,
          endLine: 2,
          endColumn: 74,
          message:
            'colors.dark "#FFFFFF" has a contrast of 1.09:1 with the light background (#F5F5F5, background.color.light), below the 3:1 WCAG asks of controls (1.4.11); the platform uses it for buttons and hover states, in both modes; the nearest colour of the same hue that passes is "#8E8E8E" (3.01:1)',
          suggestions: [
            {
              desc: 'Use "#8E8E8E" (3.01:1)',
              output: docs(
                '"colors": { "primary": "#0A5C46", "light": "#6B7280", "dark": "#8E8E8E" },\n  "background": { "color": { "dark": "#1A1A1A", "light": "#F5F5F5" } }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "the linden theme's tinted backgrounds; a colour in a $ref file is reported there; a global anchor's colours",
      files: {
        'docs.json': lindenDocs('{ "light": "#FFCC00", "dark": "#222222" }'),
        'colors.json': lindenColors('#000'),
      },
      errors: [
        {
          file: 'colors.json',
          severity: 'error',
          line: 4,
          column: 11,
          endLine: 4,
          endColumn: 17,
          message:
            'colors.dark "#000" has a contrast of 1.10:1 with the dark background (#100f0e, the linden theme\'s, #09090b tinted with colors.light), below the 3:1 WCAG asks of controls (1.4.11); the platform uses it for buttons and hover states, in both modes; the nearest colour of the same hue that passes is "#606060" (3.04:1)',
          suggestions: [{ desc: 'Use "#606060" (3.04:1)', output: lindenColors('#606060') }],
        },
        {
          severity: 'error',
          line: 4,
          column: 102,
          endLine: 4,
          endColumn: 111,
          message:
            'anchor "Blog"\'s color.light "#FFCC00" has a contrast of 1.44:1 with the light background (#f8faf9, the linden theme\'s, white tinted with colors.primary), below the 4.5:1 WCAG AA asks of text (1.4.3); the platform uses it for that anchor in the navigation, in light mode; the nearest colour of the same hue that passes is "#8C7000" (4.52:1)',
          suggestions: [
            { desc: 'Use "#8C7000" (4.52:1)', output: lindenDocs('{ "light": "#8C7000", "dark": "#222222" }') },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 121,
          endLine: 4,
          endColumn: 130,
          messageId: 'text',
          suggestions: [
            { desc: 'Use "#7b7b7b" (4.52:1)', output: lindenDocs('{ "light": "#FFCC00", "dark": "#7b7b7b" }') },
          ],
        },
      ],
    },
  ],
});
