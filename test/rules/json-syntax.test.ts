import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('json-syntax', {
  valid: [
    { name: 'plain JSON', docs: docsWith(`{ "pages": ["index"] }`) },
    {
      name: 'a byte-order mark and CRLF line ends',
      docs: '\uFEFF{\r\n  "navigation": { "pages": ["index"] }\r\n}\r\n',
    },
  ],
  invalid: [
    {
      name: 'a trailing comma and a comment, both reported, the rest still linted',
      docs: docsWith(`{
    // the start
    "pages": ["index",]
  }`),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 17,
          message: 'Comments are not allowed in JSON',
        },
        {
          severity: 'error',
          line: 4,
          column: 22,
          endLine: 4,
          endColumn: 23,
          messageId: 'syntax',
          data: { message: 'Trailing comma is not allowed in JSON' },
        },
      ],
      // The comma is taken out; the comment stays for the writer to remove.
      output: docsWith(`{
    // the start
    "pages": ["index"]
  }`),
    },
    {
      name: 'a trailing comma with a comment after it: both reported at once, the comma taken out',
      docs: docsWith(`{
    "pages": [
      "index", // the home
      /* more */ ]
  }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 14,
          endLine: 4,
          endColumn: 15,
          messageId: 'syntax',
          data: { message: 'Trailing comma is not allowed in JSON' },
        },
        {
          severity: 'error',
          line: 4,
          column: 16,
          endLine: 4,
          endColumn: 27,
          message: 'Comments are not allowed in JSON',
        },
        {
          severity: 'error',
          line: 5,
          column: 7,
          endLine: 5,
          endColumn: 17,
          message: 'Comments are not allowed in JSON',
        },
      ],
      output: docsWith(`{
    "pages": [
      "index" // the home
      /* more */ ]
  }`),
    },
    {
      name: 'trailing commas in an object and an array, each at its comma, each taken out by the fix',
      docs: docsWith(`{ "pages": ["index", "a",
  ], "groups": [], }`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 41,
          endLine: 2,
          endColumn: 42,
          messageId: 'syntax',
          data: { message: 'Trailing comma is not allowed in JSON' },
        },
        {
          severity: 'error',
          line: 3,
          column: 18,
          endLine: 3,
          endColumn: 19,
          messageId: 'syntax',
          data: { message: 'Trailing comma is not allowed in JSON' },
        },
      ],
      output: docsWith(`{ "pages": ["index", "a"
  ], "groups": [] }`),
    },
    {
      name: 'a missing comma and an unterminated file',
      docs: '{\n  "navigation": { "pages": ["a" "b"] }\n',
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 33,
          endLine: 2,
          endColumn: 36,
          messageId: 'syntax',
          data: {
            message: 'Comma expected: a "," goes between the items of a list and between the members of an object',
          },
        },
        {
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 1,
          messageId: 'syntax',
          data: { message: "Closing brace '}' expected" },
        },
      ],
    },
    {
      name: 'an empty file',
      docs: '',
      errors: [
        {
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'syntax',
          data: {
            message: 'Value expected: a string in double quotes, a number, true, false, null, an object or a list',
          },
        },
      ],
    },
    {
      name: 'single quotes inside a $ref file: one finding per mistake, in that file',
      files: {
        'docs.json': docsWith(`{ "languages": [{ "$ref": "fr.json" }] }`),
        'fr.json': "{\n  'language': 'fr'\n}\n",
      },
      errors: [
        {
          file: 'fr.json',
          severity: 'error',
          line: 2,
          column: 3,
          endLine: 2,
          endColumn: 13,
          messageId: 'syntax',
          data: { message: 'Strings must use double quotes in JSON' },
        },
        {
          file: 'fr.json',
          severity: 'error',
          line: 2,
          column: 15,
          endLine: 2,
          endColumn: 19,
          messageId: 'syntax',
          data: { message: 'Strings must use double quotes in JSON' },
        },
      ],
    },
  ],
});
