import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('empty-group', {
  valid: [
    { name: 'a group with pages', docs: docsWith(`{ "groups": [{ "group": "G", "pages": ["a"] }] }`) },
    {
      name: 'a group that is only its root page',
      docs: docsWith(`{ "groups": [{ "group": "G", "pages": ["a", { "group": "Node", "root": "a", "pages": [] }] }] }`),
    },
    {
      name: 'a group generated from a spec',
      docs: docsWith(`{ "groups": [{ "group": "API", "openapi": "openapi.json" }] }`),
    },
  ],
  invalid: [
    {
      name: 'an empty nested group',
      docs: docsWith(`{ "groups": [{ "group": "G", "pages": ["a", { "group": "Later", "pages": [] }] }] }`),
      errors: [
        { severity: 'warn', line: 2, column: 90, endLine: 2, endColumn: 92, message: 'group "Later" has no pages' },
      ],
    },
  ],
});
