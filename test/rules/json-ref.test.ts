import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('json-ref', {
  valid: [
    {
      name: 'refs relative to the file that holds them, with keys merged over the target',
      files: {
        'docs.json': docsWith(`{ "languages": [{ "$ref": "i18n/fr.json", "default": true }] }`),
        'i18n/fr.json': '{ "language": "fr", "tabs": [{ "$ref": "tab.json" }] }',
        'i18n/tab.json': '{ "tab": "Guides", "pages": ["fr/index"] }',
      },
    },
  ],
  invalid: [
    {
      name: 'missing, escaping, absolute, remote, non-string and cyclic refs',
      files: {
        'docs.json': docsWith(`{ "languages": [
    { "$ref": "missing.json" },
    { "$ref": "../outside.json" },
    { "$ref": "/etc/hosts" },
    { "$ref": "https://example.com/fr.json" },
    { "$ref": 3 },
    { "$ref": "loop.json" }
  ] }`),
        'loop.json': '{ "language": "fr", "tabs": [{ "$ref": "./docs.json" }] }',
      },
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 15,
          endLine: 3,
          endColumn: 29,
          message: '"$ref" "missing.json": file not found',
        },
        {
          severity: 'error',
          line: 4,
          column: 15,
          endLine: 4,
          endColumn: 32,
          messageId: 'unresolved',
          data: { message: '"$ref" "../outside.json" points outside the docs folder' },
        },
        {
          severity: 'error',
          line: 5,
          column: 15,
          endLine: 5,
          endColumn: 27,
          messageId: 'unresolved',
          data: { message: '"$ref" "/etc/hosts" points outside the docs folder' },
        },
        {
          severity: 'error',
          line: 6,
          column: 15,
          endLine: 6,
          endColumn: 44,
          messageId: 'unresolved',
          data: {
            message:
              '"$ref" "https://example.com/fr.json" is not supported: use a path to a JSON file relative to this file',
          },
        },
        {
          severity: 'error',
          line: 7,
          column: 15,
          endLine: 7,
          endColumn: 16,
          messageId: 'unresolved',
          data: { message: '"$ref" must be a string: a path relative to this file' },
        },
        {
          file: 'loop.json',
          severity: 'error',
          line: 1,
          column: 40,
          endLine: 1,
          endColumn: 53,
          messageId: 'unresolved',
          data: { message: '"$ref" "./docs.json" forms a cycle: docs.json → loop.json → docs.json' },
        },
      ],
    },
  ],
});
