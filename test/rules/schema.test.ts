import { ruleTester } from '../rule-tester';
import { docsWith, requiredKeys } from '../sites';

ruleTester('schema', {
  valid: [
    {
      name: 'every element kind with the fields real sites use',
      docs: `{ ${requiredKeys}
  "styling": { "eyebrows": "breadcrumbs" },
  "interaction": { "drilldown": true },
  "api": { "openapi": ["a.yaml", "b.yaml"] },
  "navigation": {
    "products": [{
      "product": "Cloud", "description": "Hosted", "icon": { "name": "cloud", "style": "solid", "library": "fontawesome" },
      "color": { "light": "#000", "dark": "#fff" },
      "tabs": [{
        "tab": "Docs", "align": "end", "hidden": false, "searchable": true,
        "menu": [{ "item": "Guides", "description": "How-tos", "groups": [
          { "group": "G", "tag": "New", "root": "g", "icon": "book", "boost": 2, "public": true, "searchable": true, "directory": "card", "pages": ["a", { "group": "N", "expanded": true, "pages": ["b"] }] },
          { "group": "API", "openapi": { "source": "openapi.json", "directory": "api" } }
        ] }]
      }, {
        "tab": "Versions",
        "versions": [{ "version": "v2", "tag": "Latest", "default": true, "openapi": ["v2.json"], "languages": [
          { "language": "en", "default": true, "banner": { "content": "Hi", "dismissible": true, "type": "info" }, "navbar": {}, "footer": {}, "anchors": [
            { "anchor": "A", "color": { "light": "#111" }, "dropdowns": [{ "dropdown": "D", "description": "d", "asyncapi": "events.yaml", "pages": ["c"] }] }
          ] }
        ] }]
      }]
    }],
    "global": { "anchors": [{ "anchor": "Blog", "icon": "rss", "href": "https://example.com" }], "products": [{ "product": "Other" }] },
    "directory": "accordion"
  }
}
`,
    },
    {
      name: 'objects whose keys are digits: errors."404", meta tags named by numbers',
      docs: `{ ${requiredKeys}
  "errors": { "404": { "redirect": false, "title": "Not found" } },
  "seo": { "metatags": { "2024": "yes" }, "paths": [{ "path": "v2", "metatags": { "7": "seven" } }] },
  "navigation": { "pages": ["index"] }
}
`,
    },
  ],
  invalid: [
    {
      name: 'missing required fields name the element',
      docs: docsWith(`{ "tabs": [
    { "tab": "Docs", "groups": [{ "group": "Start" }, { "pages": ["a"] }] },
    { "icon": "book", "pages": ["b"] },
    { "tab": "More", "menu": [{ "pages": ["c"] }] }
  ] }`),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 35,
          endLine: 3,
          endColumn: 51,
          message: 'group "Start" is missing required field "pages" (or "openapi", to list every endpoint of a spec)',
        },
        {
          severity: 'error',
          line: 3,
          column: 55,
          endLine: 3,
          endColumn: 56,
          messageId: 'invalid',
          data: { message: 'group #2 is missing required field "group"', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 6,
          messageId: 'invalid',
          data: { message: 'tab #2 is missing required field "tab"', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 31,
          endLine: 5,
          endColumn: 32,
          messageId: 'invalid',
          data: { message: 'menu item #1 is missing required field "item"', hint: '' },
        },
      ],
    },
    {
      name: 'wrong types give one finding each, never a cascade',
      docs: docsWith(`{ "groups": [
    { "group": "G", "expanded": "yes", "icon": 7, "openapi": { "directory": "api" }, "pages": "a" },
    { "group": 12, "pages": ["a", 3] }
  ] }`),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 33,
          endLine: 3,
          endColumn: 38,
          messageId: 'invalid',
          data: { message: 'group "G": "expanded" must be true or false', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 48,
          endLine: 3,
          endColumn: 49,
          messageId: 'invalid',
          data: {
            message: 'group "G": "icon" must be a string or an icon object { "name", "style"?, "library"? }',
            hint: '',
          },
        },
        {
          severity: 'error',
          line: 3,
          column: 62,
          endLine: 3,
          endColumn: 63,
          messageId: 'invalid',
          data: { message: 'group "G": "openapi" is missing required field "source"', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 95,
          endLine: 3,
          endColumn: 98,
          messageId: 'invalid',
          data: {
            message: 'group "G": "pages" must be an array of page paths, endpoint entries and group objects',
            hint: '',
          },
        },
        {
          severity: 'error',
          line: 4,
          column: 16,
          endLine: 4,
          endColumn: 18,
          messageId: 'invalid',
          data: { message: 'group #2: "group" must be a string', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 35,
          endLine: 4,
          endColumn: 36,
          messageId: 'invalid',
          data: { message: 'group #2: "pages[1]" must be a string or an object', hint: '' },
        },
      ],
    },
    {
      name: 'non-array children, a bad banner, and the settings outside navigation',
      docs: `{ ${requiredKeys}
  "styling": { "eyebrows": "path" },
  "interaction": { "drilldown": "no" },
  "navigation": { "languages": [
    { "language": "fr", "banner": { "dismissible": 1 }, "tabs": { "tab": "Docs" } },
    "en"
  ] }
}
`,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 28,
          endLine: 2,
          endColumn: 34,
          messageId: 'invalid',
          data: { message: 'docs.json: "styling.eyebrows" must be one of "section", "breadcrumbs"', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 33,
          endLine: 3,
          endColumn: 37,
          messageId: 'invalid',
          data: { message: 'docs.json: "interaction.drilldown" must be true or false', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 35,
          endLine: 5,
          endColumn: 36,
          messageId: 'invalid',
          data: { message: 'language "fr": "banner" is missing required field "content"', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 52,
          endLine: 5,
          endColumn: 53,
          messageId: 'invalid',
          data: { message: 'language "fr": "banner.dismissible" must be true or false', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 65,
          endLine: 5,
          endColumn: 82,
          messageId: 'invalid',
          data: { message: 'language "fr": "tabs" must be an array of objects', hint: '' },
        },
        {
          severity: 'error',
          line: 6,
          column: 5,
          endLine: 6,
          endColumn: 9,
          messageId: 'invalid',
          data: { message: 'navigation: "languages[1]" must be an object', hint: '' },
        },
      ],
    },
    {
      name: 'a division colour is a hex colour, as the published schema has it (found by the differential test)',
      docs: docsWith(
        `{ "anchors": [{ "anchor": "A", "color": { "light": "#111111", "dark": "x" }, "pages": ["a"] }] }`,
      ),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 87,
          endLine: 2,
          endColumn: 90,
          messageId: 'invalid',
          data: { message: 'anchor "A": "color.dark" must be a hex colour such as "#0D9373"', hint: '' },
        },
      ],
    },
    {
      name: "empty names and empty arrays of divisions, refused by the published schema (found by the differential test); an empty page entry is page-exists' finding",
      docs: docsWith(`{ "tabs": [
    { "tab": "", "groups": [] },
    { "tab": "T", "groups": [{ "group": "", "root": "", "pages": ["a", ""] }] },
    { "tab": "U", "menu": [{ "item": "", "anchors": [] }] }
  ] }`),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 16,
          messageId: 'invalid',
          data: { message: 'tab #1: "tab" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 28,
          endLine: 3,
          endColumn: 30,
          messageId: 'invalid',
          data: { message: 'tab #1: "groups" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 41,
          endLine: 4,
          endColumn: 43,
          messageId: 'invalid',
          data: { message: 'group #1: "group" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 53,
          endLine: 4,
          endColumn: 55,
          messageId: 'invalid',
          data: { message: 'group #1: "root" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 38,
          endLine: 5,
          endColumn: 40,
          messageId: 'invalid',
          data: { message: 'menu item #1: "item" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 53,
          endLine: 5,
          endColumn: 55,
          messageId: 'invalid',
          data: { message: 'menu item #1: "anchors" must not be empty', hint: '' },
        },
      ],
    },
    {
      name: 'openapi as an array of objects with overlays; asyncapi as strings; icon styles from the published list (found by the differential test)',
      docs: docsWith(`{ "groups": [
    { "group": "A", "openapi": ["a.yaml", { "source": "b.yaml", "directory": "b", "overlays": ["o.yaml"] }], "pages": ["a"] },
    { "group": "B", "openapi": [{ "directory": "c" }, ""], "asyncapi": [{ "source": "e.yaml" }], "icon": { "name": "x", "style": "bold" }, "pages": ["a"] }
  ] }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 33,
          endLine: 4,
          endColumn: 34,
          messageId: 'invalid',
          data: { message: 'group "B": "openapi[0]" is missing required field "source"', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 55,
          endLine: 4,
          endColumn: 57,
          messageId: 'invalid',
          data: { message: 'group "B": "openapi[1]" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 73,
          endLine: 4,
          endColumn: 95,
          messageId: 'invalid',
          data: { message: 'group "B": "asyncapi[0]" must be a string', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 130,
          endLine: 4,
          endColumn: 136,
          messageId: 'invalid',
          data: { message: 'group "B": "icon.style" must be one of 11 names such as "brands"', hint: '' },
        },
      ],
    },
    {
      name: "global links inside a division, and a language's footer and banner, are checked as the published schema has them (found by the differential test)",
      docs: docsWith(`{ "languages": [{ "language": "fr", "footer": { "socials": { "x": "nope" } }, "banner": { "content": "" },
    "tabs": [{ "tab": "T", "pages": ["a"], "global": { "anchors": [{ "anchor": "A", "href": 5 }] } }] }] }`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 83,
          endLine: 2,
          endColumn: 89,
          messageId: 'invalid',
          data: { message: 'language "fr": "footer.socials.x" must be an absolute URL', hint: '' },
        },
        {
          severity: 'error',
          line: 2,
          column: 118,
          endLine: 2,
          endColumn: 120,
          messageId: 'invalid',
          data: { message: 'language "fr": "banner.content" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 93,
          endLine: 3,
          endColumn: 94,
          messageId: 'invalid',
          data: { message: 'global anchor "A": "href" must be a string', hint: '' },
        },
      ],
    },
    {
      name: 'graphql and sdk where the published schema forbids them: graphql only on a tab, sdk only on a tab or a group (found by the differential test)',
      docs: docsWith(`{ "graphql": "schema.graphql", "tabs": [
    { "tab": "GraphQL", "graphql": "schema.graphql" },
    { "tab": "SDK", "sdk": { "format": "typedoc", "source": "sdk.json" } },
    { "tab": "T", "anchors": [{ "anchor": "A", "sdk": { "format": "typedoc", "source": "sdk.json" }, "groups": [
      { "group": "G", "graphql": "schema.graphql", "sdk": { "format": "typedoc", "source": "sdk.json" }, "pages": ["a"] }
    ] }] }
  ] }`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 19,
          endLine: 2,
          endColumn: 28,
          messageId: 'invalid',
          data: { message: 'navigation: "graphql" is not allowed here: only a tab takes "graphql"', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 48,
          endLine: 5,
          endColumn: 53,
          messageId: 'invalid',
          data: { message: 'anchor "A": "sdk" is not allowed here: only a tab or a group takes "sdk"', hint: '' },
        },
        {
          severity: 'error',
          line: 6,
          column: 23,
          endLine: 6,
          endColumn: 32,
          messageId: 'invalid',
          data: { message: 'group "G": "graphql" is not allowed here: only a tab takes "graphql"', hint: '' },
        },
      ],
    },
    {
      name: 'no navigation at all',
      docs: '{ "name": "Acme" }\n',
      errors: [
        {
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          messageId: 'invalid',
          data: { message: 'docs.json is missing required field "theme"', hint: '' },
        },
        {
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          messageId: 'invalid',
          data: { message: 'docs.json is missing required field "colors"', hint: '' },
        },
        {
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          messageId: 'invalid',
          data: { message: 'docs.json is missing required field "navigation"', hint: '' },
        },
      ],
    },
    {
      name: 'outside navigation: one finding at each wrong value, with a did-you-mean for names',
      docs: `{
  "theme": "mintt",
  "name": 42,
  "colors": { "primary": "blue", "light": "#fff" },
  "logo": { "light": "/logo/light.svg" },
  "appearance": { "default": "darkk" },
  "footer": { "socials": { "github": "https://github.com/acme", "x": "not a url" } },
  "fonts": { "family": "Inter", "weight": "bold" },
  "navigation": { "pages": ["index"] }
}
`,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 12,
          endLine: 2,
          endColumn: 19,
          messageId: 'invalid',
          data: {
            message:
              'docs.json: "theme" must be one of "mint", "maple", "palm", "willow", "linden", "almond", "aspen", "luma", "sequoia"',
            hint: '; did you mean "mint"?',
          },
          suggestions: [
            {
              desc: 'Use "mint"',
              output:
                '{\n  "theme": "mint",\n  "name": 42,\n  "colors": { "primary": "blue", "light": "#fff" },\n  "logo": { "light": "/logo/light.svg" },\n  "appearance": { "default": "darkk" },\n  "footer": { "socials": { "github": "https://github.com/acme", "x": "not a url" } },\n  "fonts": { "family": "Inter", "weight": "bold" },\n  "navigation": { "pages": ["index"] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 3,
          column: 11,
          endLine: 3,
          endColumn: 13,
          messageId: 'invalid',
          data: { message: 'docs.json: "name" must be a string', hint: '' },
        },
        {
          severity: 'error',
          line: 4,
          column: 26,
          endLine: 4,
          endColumn: 32,
          messageId: 'invalid',
          data: { message: 'docs.json: "colors.primary" must be a hex colour such as "#0D9373"', hint: '' },
        },
        {
          severity: 'error',
          line: 5,
          column: 11,
          endLine: 5,
          endColumn: 12,
          messageId: 'invalid',
          data: { message: 'docs.json: "logo" is missing required field "dark"', hint: '' },
        },
        {
          severity: 'error',
          line: 6,
          column: 30,
          endLine: 6,
          endColumn: 37,
          messageId: 'invalid',
          data: {
            message: 'docs.json: "appearance.default" must be one of "system", "light", "dark"',
            hint: '; did you mean "dark"?',
          },
          suggestions: [
            {
              desc: 'Use "dark"',
              output:
                '{\n  "theme": "mintt",\n  "name": 42,\n  "colors": { "primary": "blue", "light": "#fff" },\n  "logo": { "light": "/logo/light.svg" },\n  "appearance": { "default": "dark" },\n  "footer": { "socials": { "github": "https://github.com/acme", "x": "not a url" } },\n  "fonts": { "family": "Inter", "weight": "bold" },\n  "navigation": { "pages": ["index"] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 7,
          column: 70,
          endLine: 7,
          endColumn: 81,
          messageId: 'invalid',
          data: { message: 'docs.json: "footer.socials.x" must be an absolute URL', hint: '' },
        },
        {
          severity: 'error',
          line: 8,
          column: 43,
          endLine: 8,
          endColumn: 49,
          messageId: 'invalid',
          data: { message: 'docs.json: "fonts.weight" must be a number', hint: '' },
        },
      ],
    },
    {
      name: 'a key outside a fixed list of names (a footer social) is refused by the platform: an error at the key, with a did-you-mean',
      docs: '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "footer": { "socials": { "twiter": "https://twitter.com/acme" } },\n  "navigation": { "pages": ["index"] }\n}\n',
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 28,
          endLine: 2,
          endColumn: 36,
          messageId: 'invalid',
          data: { message: 'docs.json: "footer.socials" has unknown key "twiter"', hint: '; did you mean "twitter"?' },
          suggestions: [
            {
              desc: 'Use "twitter"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "footer": { "socials": { "twitter": "https://twitter.com/acme" } },\n  "navigation": { "pages": ["index"] }\n}\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a key of digits is named as a key, not as an array index: errors."404", meta tags named by numbers beside an index of seo.paths',
      docs: `{ ${requiredKeys}
  "errors": { "404": { "redirect": "no" } },
  "seo": { "metatags": { "2024": "" }, "paths": [{ "path": "v2", "metatags": { "7": 7 } }] },
  "navigation": { "pages": ["index"] }
}
`,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 36,
          endLine: 2,
          endColumn: 40,
          messageId: 'invalid',
          data: { message: 'docs.json: "errors.404.redirect" must be true or false', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 34,
          endLine: 3,
          endColumn: 36,
          messageId: 'invalid',
          data: { message: 'docs.json: "seo.metatags.2024" must not be empty', hint: '' },
        },
        {
          severity: 'error',
          line: 3,
          column: 85,
          endLine: 3,
          endColumn: 86,
          messageId: 'invalid',
          data: { message: 'docs.json: "seo.paths[0].metatags.7" must be a string', hint: '' },
        },
      ],
    },
    {
      name: 'a key that would read as more than one step, or as none, is named in brackets: seo.metatags["og.title"]',
      docs: `{ ${requiredKeys}
  "seo": { "metatags": { "og.title": 1, "": 2, "og:site_name": 3 } },
  "navigation": { "pages": ["index"] }
}
`,
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 38,
          endLine: 2,
          endColumn: 39,
          messageId: 'invalid',
          data: { message: 'docs.json: "seo.metatags["og.title"]" must be a string', hint: '' },
        },
        {
          severity: 'error',
          line: 2,
          column: 45,
          endLine: 2,
          endColumn: 46,
          messageId: 'invalid',
          data: { message: 'docs.json: "seo.metatags[""]" must be a string', hint: '' },
        },
        {
          severity: 'error',
          line: 2,
          column: 64,
          endLine: 2,
          endColumn: 65,
          messageId: 'invalid',
          data: { message: 'docs.json: "seo.metatags.og:site_name" must be a string', hint: '' },
        },
      ],
    },
  ],
});
