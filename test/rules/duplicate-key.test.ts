import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('duplicate-key', {
  valid: [{ name: 'distinct keys', docs: docsWith(`{ "groups": [{ "group": "G", "pages": ["a"] }] }`) }],
  invalid: [
    {
      name: 'pages written twice: the last one is used',
      docs: docsWith(`{ "groups": [{
    "group": "G",
    "pages": ["a"],
    "pages": ["b"]
  }] }`),
      errors: [
        {
          severity: 'warn',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 12,
          message: 'Duplicate key "pages": only the last one is used',
        },
      ],
    },
  ],
});
