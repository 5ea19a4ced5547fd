import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('duplicate-name', {
  valid: [
    {
      name: 'the same name in different parents',
      docs: docsWith(
        `{ "tabs": [{ "tab": "A", "anchors": [{ "anchor": "X", "pages": ["a"] }] }, { "tab": "B", "anchors": [{ "anchor": "X", "pages": ["b"] }] }] }`,
      ),
    },
    {
      name: 'groups may share names',
      docs: docsWith(`{ "groups": [{ "group": "G", "pages": ["a"] }, { "group": "G", "pages": ["b"] }] }`),
    },
  ],
  invalid: [
    {
      name: 'two tabs named alike',
      docs: docsWith(`{
    "tabs": [
      { "tab": "Guides", "pages": ["a"] },
      { "tab": "API", "pages": ["b"] },
      { "tab": "Guides", "pages": ["c"] }
    ]
  }`),
      errors: [
        {
          severity: 'error',
          line: 6,
          column: 16,
          endLine: 6,
          endColumn: 24,
          message: 'duplicate tab "Guides": a sibling has the same name (first at line 4)',
        },
      ],
    },
    {
      name: 'a language repeated through a $ref file',
      files: {
        'docs.json': docsWith(`{ "languages": [{ "language": "en", "pages": ["a"] }, { "$ref": "en.json" }] }`),
        'en.json': '{\n  "language": "en",\n  "pages": ["b"]\n}\n',
      },
      errors: [
        {
          file: 'en.json',
          severity: 'error',
          line: 2,
          column: 15,
          endLine: 2,
          endColumn: 19,
          messageId: 'duplicateName',
          data: { element: 'language "en"', first: 'docs.json, line 2' },
        },
      ],
    },
  ],
});
