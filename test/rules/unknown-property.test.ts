import { ruleTester } from '../rule-tester';
import { docsWith, requiredKeys } from '../sites';

/** A tab and a group with an icon each, the group's openapi an object: values that may be a string or an object. */
const objectForms = (tabIcon: string, groupIcon: string, openapi: string) =>
  docsWith(`{ "tabs": [{ "tab": "T", "icon": ${tabIcon}, "groups": [
    { "group": "G", "icon": ${groupIcon}, "openapi": ${openapi}, "pages": ["a"] }
  ] }] }`);

/** A tab, an anchor in it and a group in that, each with the given keys. */
const nested = (tab: string, anchor: string, group: string) =>
  docsWith(`{ "tabs": [
    { "tab": "T", ${tab}, "anchors": [
      { "anchor": "A", ${anchor}, "groups": [
        { "group": "G", ${group}, "pages": ["a"] }
      ] }
    ] }
  ] }`);
const sdk = '{ "format": "typedoc", "source": "sdk.json" }';
const misspelt = `"graphq": "s.graphql", "sdks": ${sdk}`;

/** docs.json with a logo of the given keys. */
const logo = (keys: string) => `{ ${requiredKeys}\n  "logo": { ${keys} },\n  "navigation": { "pages": ["index"] }\n}\n`;
const logoKeys = '"light": "/logo/light.svg", "dark": "/logo/dark.svg"';

/** docs.json with fonts of the given keys (one font, or a heading and a body font). */
const fonts = (keys: string) =>
  `{ ${requiredKeys}\n  "fonts": { ${keys} },\n  "navigation": { "pages": ["index"] }\n}\n`;

/** docs.json with the given keys in its 404 page's settings, `errors."404"`. */
const errorPage = (keys: string) =>
  `{ ${requiredKeys}\n  "errors": { "404": { ${keys} } },\n  "navigation": { "pages": ["index"] }\n}\n`;

/**
 * An invalid case of one misspelt key outside navigation, on line 2 of docs.json at `column`: its
 * warning names `subject`, with the rename to `right` as the suggestion.
 */
const renamed = (
  name: string,
  docs: (key: string) => string,
  wrong: string,
  right: string,
  column: number,
  subject: string,
) => ({
  name,
  docs: docs(wrong),
  errors: [
    {
      severity: 'warn' as const,
      line: 2,
      column,
      endLine: 2,
      endColumn: column + wrong.length + 2,
      message: `docs.json: "${subject}" has unknown property "${wrong}"; did you mean "${right}"?`,
      suggestions: [{ desc: `Rename to "${right}"`, output: docs(right) }],
    },
  ],
});

ruleTester('unknown-property', {
  valid: [
    {
      name: 'fields from reference/navigation-fields.md',
      docs: docsWith(`{ "tabs": [{ "tab": "A", "hidden": true, "searchable": false, "align": "start", "directory": "none", "asyncapi": "e.yaml",
    "groups": [{ "group": "G", "public": true, "boost": 1, "searchable": true, "hidden": false, "pages": ["a"] }] }] }`),
    },
    {
      name: 'global links on any division, with every field the published schema gives them (found by the differential test)',
      docs: docsWith(`{ "tabs": [{ "tab": "T", "pages": ["a"], "global": {
    "anchors": [{ "anchor": "A", "href": "https://a.example", "directory": "card" }],
    "tabs": [{ "tab": "X", "href": "https://x.example", "align": "end", "searchable": false }],
    "languages": [{ "language": "fr", "href": "/fr", "default": true, "banner": { "content": "Salut" }, "footer": { "socials": { "x": "https://x.com/a" } }, "navbar": {} }],
    "versions": [{ "version": "v1", "href": "/v1", "default": true, "tag": "Old" }],
    "products": [{ "product": "P", "name": "Pro" }]
  } }] }`),
    },
    {
      name: 'the keys of the object forms of an icon, an openapi spec and a logo; graphql and sdk where the schema allows them',
      docs: objectForms(
        '{ "name": "x", "library": "lucide", "style": "solid" }',
        '{ "name": "x", "library": "lucide" }',
        '{ "source": "a.yaml", "directory": "api" }',
      ),
    },
    {
      name: 'graphql on a tab, sdk on a tab and a group',
      docs: nested(`"graphql": "s.graphql", "sdk": ${sdk}`, '"href": "https://a.example"', `"sdk": ${sdk}`),
    },
    { name: 'a logo with a link', docs: logo(`${logoKeys}, "href": "https://acme.com"`) },
    {
      name: 'every key of errors."404", an object key of digits',
      docs: errorPage('"redirect": false, "title": "Not found", "description": "Try the search."'),
    },
  ],
  invalid: [
    {
      name: 'a misspelt key gets a did-you-mean suggestion (not a fix)',
      docs: docsWith(
        `{ "groups": [{ "group": "G", "pages": [{ "group": "N", "expand": true, "page": ["a"], "colour": 1 }] }] }`,
      ),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 72,
          endLine: 2,
          endColumn: 80,
          message: 'group "N" has unknown property "expand"; did you mean "expanded"?',
          suggestions: [
            {
              desc: 'Rename to "expanded"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "pages": [{ "group": "N", "expanded": true, "page": ["a"], "colour": 1 }] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'warn',
          line: 2,
          column: 88,
          endLine: 2,
          endColumn: 94,
          messageId: 'unknown',
          data: { message: 'group "N" has unknown property "page"', hint: '; did you mean "pages"?' },
          suggestions: [
            {
              desc: 'Rename to "pages"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "G", "pages": [{ "group": "N", "expand": true, "pages": ["a"], "colour": 1 }] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'warn',
          line: 2,
          column: 103,
          endLine: 2,
          endColumn: 111,
          messageId: 'unknown',
          data: { message: 'group "N" has unknown property "colour"', hint: '' },
        },
      ],
    },
    {
      name: "outside navigation: an unknown top-level key gets a did-you-mean (an unknown footer social is the schema rule's: the platform refuses it)",
      docs: '{\n  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" },\n  "redirets": [],\n  "footer": { "socials": { "twiter": "https://twitter.com/acme" } },\n  "navigation": { "pages": ["index"] }\n}\n',
      errors: [
        {
          severity: 'warn',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 13,
          messageId: 'unknown',
          data: { message: 'docs.json has unknown property "redirets"', hint: '; did you mean "redirects"?' },
          suggestions: [
            {
              desc: 'Rename to "redirects"',
              output:
                '{\n  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" },\n  "redirects": [],\n  "footer": { "socials": { "twiter": "https://twitter.com/acme" } },\n  "navigation": { "pages": ["index"] }\n}\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a key the object has already is no did-you-mean: renaming "navigaton" beside "navigation" would write a duplicate key',
      docs: '{\n  "theme": "mint", "name": "Acme", "colors": { "primary": "#0D9373" },\n  "navigaton": {},\n  "navigation": { "pages": ["index"] }\n}\n',
      errors: [
        {
          severity: 'warn',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 14,
          messageId: 'unknown',
          data: { message: 'docs.json has unknown property "navigaton"', hint: '' },
        },
      ],
    },
    {
      name: 'an unknown key in the object form of a value that may also be a string (an icon, an openapi spec) gets a did-you-mean from the keys of that form',
      docs: objectForms(
        '{ "name": "x", "libary": "lucide", "styl": "solid" }',
        '{ "name": "x", "libary": "lucide" }',
        '{ "source": "a.yaml", "directry": "api" }',
      ),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 65,
          endLine: 2,
          endColumn: 73,
          messageId: 'unknown',
          data: { message: 'tab "T": "icon" has unknown property "libary"', hint: '; did you mean "library"?' },
          suggestions: [
            {
              desc: 'Rename to "library"',
              output: objectForms(
                '{ "name": "x", "library": "lucide", "styl": "solid" }',
                '{ "name": "x", "libary": "lucide" }',
                '{ "source": "a.yaml", "directry": "api" }',
              ),
            },
          ],
        },
        {
          severity: 'warn',
          line: 2,
          column: 85,
          endLine: 2,
          endColumn: 91,
          messageId: 'unknown',
          data: { message: 'tab "T": "icon" has unknown property "styl"', hint: '; did you mean "style"?' },
          suggestions: [
            {
              desc: 'Rename to "style"',
              output: objectForms(
                '{ "name": "x", "libary": "lucide", "style": "solid" }',
                '{ "name": "x", "libary": "lucide" }',
                '{ "source": "a.yaml", "directry": "api" }',
              ),
            },
          ],
        },
        {
          severity: 'warn',
          line: 3,
          column: 44,
          endLine: 3,
          endColumn: 52,
          messageId: 'unknown',
          data: { message: 'group "G": "icon" has unknown property "libary"', hint: '; did you mean "library"?' },
          suggestions: [
            {
              desc: 'Rename to "library"',
              output: objectForms(
                '{ "name": "x", "libary": "lucide", "styl": "solid" }',
                '{ "name": "x", "library": "lucide" }',
                '{ "source": "a.yaml", "directry": "api" }',
              ),
            },
          ],
        },
        {
          severity: 'warn',
          line: 3,
          column: 99,
          endLine: 3,
          endColumn: 109,
          messageId: 'unknown',
          data: {
            message: 'group "G": "openapi" has unknown property "directry"',
            hint: '; did you mean "directory"?',
          },
          suggestions: [
            {
              desc: 'Rename to "directory"',
              output: objectForms(
                '{ "name": "x", "libary": "lucide", "styl": "solid" }',
                '{ "name": "x", "libary": "lucide" }',
                '{ "source": "a.yaml", "directory": "api" }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'a key the schema names only to refuse it is no did-you-mean: not "graphql" or "sdk" off an anchor, nor "graphql" off a group (a tab takes both, a group "sdk")',
      docs: nested(misspelt, misspelt, misspelt),
      errors: [
        {
          severity: 'warn',
          line: 3,
          column: 19,
          endLine: 3,
          endColumn: 27,
          messageId: 'unknown',
          data: { message: 'tab "T" has unknown property "graphq"', hint: '; did you mean "graphql"?' },
          suggestions: [
            {
              desc: 'Rename to "graphql"',
              output: nested(`"graphql": "s.graphql", "sdks": ${sdk}`, misspelt, misspelt),
            },
          ],
        },
        {
          severity: 'warn',
          line: 3,
          column: 42,
          endLine: 3,
          endColumn: 48,
          messageId: 'unknown',
          data: { message: 'tab "T" has unknown property "sdks"', hint: '; did you mean "sdk"?' },
          suggestions: [
            { desc: 'Rename to "sdk"', output: nested(`"graphq": "s.graphql", "sdk": ${sdk}`, misspelt, misspelt) },
          ],
        },
        {
          severity: 'warn',
          line: 4,
          column: 24,
          endLine: 4,
          endColumn: 32,
          messageId: 'unknown',
          data: { message: 'anchor "A" has unknown property "graphq"', hint: '' },
        },
        {
          severity: 'warn',
          line: 4,
          column: 47,
          endLine: 4,
          endColumn: 53,
          messageId: 'unknown',
          data: { message: 'anchor "A" has unknown property "sdks"', hint: '' },
        },
        {
          severity: 'warn',
          line: 5,
          column: 25,
          endLine: 5,
          endColumn: 33,
          messageId: 'unknown',
          data: { message: 'group "G" has unknown property "graphq"', hint: '' },
        },
        {
          severity: 'warn',
          line: 5,
          column: 48,
          endLine: 5,
          endColumn: 54,
          messageId: 'unknown',
          data: { message: 'group "G" has unknown property "sdks"', hint: '; did you mean "sdk"?' },
          suggestions: [
            { desc: 'Rename to "sdk"', output: nested(misspelt, misspelt, `"graphq": "s.graphql", "sdk": ${sdk}`) },
          ],
        },
      ],
    },
    renamed(
      'outside navigation: an unknown key in the object form of logo (a path or an object) gets a did-you-mean from that form',
      (key) => logo(`${logoKeys}, "${key}": "https://acme.com"`),
      'hrf',
      'href',
      67,
      'logo',
    ),
    renamed(
      'a key of digits is an object key, not an array index: an unknown key in errors."404" gets a did-you-mean from its keys',
      (key) => errorPage(`"${key}": false, "title": "Not found"`),
      'redirct',
      'redirect',
      24,
      'errors.404',
    ),
    {
      name: 'a did-you-mean comes from the object forms the object can be: fonts with a "heading" is not offered "family" (the one-font form), and a key the object has is never offered',
      docs: fonts('"heading": { "family": "Inter" }, "famly": "Inter"'),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 48,
          endLine: 2,
          endColumn: 55,
          messageId: 'unknown',
          data: { message: 'docs.json: "fonts" has unknown property "famly"', hint: '' },
        },
      ],
    },
    {
      name: 'fonts with "family" beside "heading" and "body": the platform takes the single font, and drops the other two',
      docs: fonts('"family": "Inter", "heading": { "family": "Lora" }, "body": { "family": "Lora" }'),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 33,
          endLine: 2,
          endColumn: 42,
          messageId: 'unknown',
          data: { message: 'docs.json: "fonts" has unknown property "heading"', hint: '' },
        },
        {
          severity: 'warn',
          line: 2,
          column: 66,
          endLine: 2,
          endColumn: 72,
          messageId: 'unknown',
          data: { message: 'docs.json: "fonts" has unknown property "body"', hint: '' },
        },
      ],
    },
    {
      name: 'a navbar link with an unknown key that two link forms share: the first form, which the platform takes, has it unknown (no schema error)',
      docs: `{ ${requiredKeys}\n  "navbar": { "links": [{ "type": "github", "href": "https://x.com", "label": "GH", "foo": 1 }] },\n  "navigation": { "pages": ["index"] }\n}\n`,
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 85,
          endLine: 2,
          endColumn: 90,
          messageId: 'unknown',
          data: { message: 'docs.json: "navbar.links[0]" has unknown property "foo"', hint: '' },
        },
      ],
    },
    renamed(
      "fonts with only the unknown key: every form's keys are candidates",
      (key) => fonts(`"${key}": "Inter"`),
      'famly',
      'family',
      14,
      'fonts',
    ),
    {
      name: 'a key "__proto__" is a key like another (JSON.parse keeps it as one), reported where it is written',
      docs: errorPage('"__proto__": { "evil": 1 }'),
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 24,
          endLine: 2,
          endColumn: 35,
          messageId: 'unknown',
          data: { message: 'docs.json: "errors.404" has unknown property "__proto__"', hint: '' },
        },
      ],
    },
  ],
});
