import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

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
  ],
  invalid: [
    {
      name: 'a misspelt key gets a did-you-mean suggestion (not a fix)',
      docs: docsWith(`{ "groups": [{ "group": "G", "pages": [{ "group": "N", "expand": true, "page": ["a"], "colour": 1 }] }] }`),
      errors: [
        { severity: 'warn', line: 2, column: 72, endLine: 2, endColumn: 80, message: 'group "N" has unknown property "expand"; did you mean "expanded"?',
          suggestions: [{ desc: 'Rename to "expanded"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [{ \"group\": \"N\", \"expanded\": true, \"page\": [\"a\"], \"colour\": 1 }] }] }\n}\n" }] },
        { severity: 'warn', line: 2, column: 88, endLine: 2, endColumn: 94, message: 'group "N" has unknown property "page"; did you mean "pages"?',
          suggestions: [{ desc: 'Rename to "pages"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [{ \"group\": \"N\", \"expand\": true, \"pages\": [\"a\"], \"colour\": 1 }] }] }\n}\n" }] },
        { severity: 'warn', line: 2, column: 103, endLine: 2, endColumn: 111, message: 'group "N" has unknown property "colour"' },
      ],
    },
    {
      name: 'outside navigation: an unknown top-level key gets a did-you-mean (an unknown footer social is the schema rule\'s: the platform refuses it)',
      docs: "{\n  \"theme\": \"mint\", \"name\": \"Acme\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigaton\": {},\n  \"footer\": { \"socials\": { \"twiter\": \"https://twitter.com/acme\" } },\n  \"navigation\": { \"pages\": [\"index\"] }\n}\n",
      errors: [
        { severity: 'warn', line: 3, column: 3, endLine: 3, endColumn: 14, message: 'docs.json has unknown property "navigaton"; did you mean "navigation"?',
          suggestions: [{ desc: 'Rename to "navigation"', output: "{\n  \"theme\": \"mint\", \"name\": \"Acme\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": {},\n  \"footer\": { \"socials\": { \"twiter\": \"https://twitter.com/acme\" } },\n  \"navigation\": { \"pages\": [\"index\"] }\n}\n" }] },
      ],
    },
  ],
});
