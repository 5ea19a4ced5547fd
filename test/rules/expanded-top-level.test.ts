import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('expanded-top-level', {
  valid: [
    {
      name: 'expanded on a nested group',
      docs: docsWith(`{
    "groups": [
      { "group": "API", "pages": [{ "group": "Users", "expanded": true, "pages": ["users"] }] }
    ]
  }`),
    },
    { name: 'top-level group without expanded', docs: docsWith(`{ "groups": [{ "group": "API", "pages": ["a"] }] }`) },
  ],
  invalid: [
    {
      name: 'expanded on a group in a tab (fixed by removing the key)',
      docs: docsWith(`{
    "tabs": [
      {
        "tab": "Docs",
        "groups": [
          {
            "group": "Start",
            "expanded": false,
            "pages": ["index"]
          }
        ]
      }
    ]
  }`),
      errors: [
        {
          severity: 'warn',
          line: 9,
          column: 13,
          endLine: 9,
          endColumn: 30,
          message: '"expanded" has no effect on top-level group "Start": top-level groups are always expanded',
        },
      ],
      output: docsWith(`{
    "tabs": [
      {
        "tab": "Docs",
        "groups": [
          {
            "group": "Start",
            "pages": ["index"]
          }
        ]
      }
    ]
  }`),
    },
    {
      name: 'expanded as the last key of a group held in a root pages array',
      docs: docsWith(`{
    "pages": [
      "index",
      { "group": "Guides", "pages": ["guides/a"], "expanded": true }
    ]
  }`),
      errors: [
        {
          severity: 'warn',
          line: 5,
          column: 51,
          endLine: 5,
          endColumn: 67,
          messageId: 'noEffect',
          data: { group: 'group "Guides"' },
        },
      ],
      output: docsWith(`{
    "pages": [
      "index",
      { "group": "Guides", "pages": ["guides/a"] }
    ]
  }`),
    },
    {
      name: 'the fix takes the line of the key alone, or the key after another on its line: every other line as it was',
      docs: docsWith(`{
    "groups": [
      {
        "group": "Guides",
      "expanded": true,
            "pages": ["a"]
      },
      {
        "group": "API", "expanded": true,\r
            "pages": ["b"]
      }
    ]
  }`),
      errors: [
        {
          severity: 'warn',
          line: 6,
          column: 7,
          endLine: 6,
          endColumn: 23,
          messageId: 'noEffect',
          data: { group: 'group "Guides"' },
        },
        {
          severity: 'warn',
          line: 10,
          column: 25,
          endLine: 10,
          endColumn: 41,
          messageId: 'noEffect',
          data: { group: 'group "API"' },
        },
      ],
      output: docsWith(`{
    "groups": [
      {
        "group": "Guides",
            "pages": ["a"]
      },
      {
        "group": "API",\r
            "pages": ["b"]
      }
    ]
  }`),
    },
  ],
});
