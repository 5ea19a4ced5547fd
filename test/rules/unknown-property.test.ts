import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('unknown-property', {
  valid: [
    {
      name: 'fields from reference/navigation-fields.md',
      docs: docsWith(`{ "tabs": [{ "tab": "A", "hidden": true, "searchable": false, "align": "start", "directory": "none", "asyncapi": "e.yaml",
    "groups": [{ "group": "G", "public": true, "boost": 1, "searchable": true, "hidden": false, "pages": ["a"] }] }] }`),
    },
  ],
  invalid: [
    {
      name: 'a misspelt key gets a did-you-mean suggestion (not a fix)',
      docs: docsWith(`{ "groups": [{ "group": "G", "pages": [{ "group": "N", "expand": true, "page": ["a"], "colour": 1 }] }] }`),
      errors: [
        { severity: 'warn', line: 2, column: 72, endLine: 2, endColumn: 80, message: 'group "N" has unknown property "expand"; did you mean "expanded"?',
          suggestions: [{ desc: 'Rename to "expanded"', output: "{\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [{ \"group\": \"N\", \"expanded\": true, \"page\": [\"a\"], \"colour\": 1 }] }] }\n}\n" }] },
        { severity: 'warn', line: 2, column: 88, endLine: 2, endColumn: 94, message: 'group "N" has unknown property "page"; did you mean "pages"?',
          suggestions: [{ desc: 'Rename to "pages"', output: "{\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [{ \"group\": \"N\", \"expand\": true, \"pages\": [\"a\"], \"colour\": 1 }] }] }\n}\n" }] },
        { severity: 'warn', line: 2, column: 103, endLine: 2, endColumn: 111, message: 'group "N" has unknown property "colour"' },
      ],
    },
  ],
});
