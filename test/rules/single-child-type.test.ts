import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

ruleTester('single-child-type', {
  valid: [
    {
      name: 'a tab of anchors of groups',
      docs: docsWith(
        `{ "tabs": [{ "tab": "A", "anchors": [{ "anchor": "B", "groups": [{ "group": "C", "pages": ["index"] }] }] }] }`,
      ),
    },
    {
      name: 'menu items of groups, pages and a link',
      docs: docsWith(`{ "tabs": [{ "tab": "A", "menu": [
    { "item": "One", "groups": [{ "group": "G", "pages": ["a"] }] },
    { "item": "Two", "pages": ["b"] },
    { "item": "Three", "href": "https://example.com", "description": "External" }
  ] }] }`),
    },
    {
      name: 'a group with root and pages',
      docs: docsWith(`{ "groups": [{ "group": "G", "root": "a", "pages": ["b"] }] }`),
    },
  ],
  invalid: [
    {
      name: 'a tab with anchors and groups side by side',
      docs: docsWith(`{
    "tabs": [
      {
        "tab": "Guides",
        "anchors": [{ "anchor": "Start", "pages": ["a"] }],
        "groups": [{ "group": "G", "pages": ["b"] }]
      }
    ]
  }`),
      errors: [
        {
          severity: 'error',
          line: 7,
          column: 9,
          endLine: 7,
          endColumn: 17,
          message: 'tab "Guides" holds both "anchors" and "groups": an element holds one type of child per level',
        },
      ],
    },
    {
      name: 'an anchor with groups and pages',
      docs: docsWith(`{ "anchors": [{ "anchor": "A", "groups": [], "pages": ["a"] }] }`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 62,
          endLine: 2,
          endColumn: 69,
          messageId: 'twoChildTypes',
          data: { element: 'anchor "A"', first: 'groups', extra: 'pages' },
        },
      ],
    },
    {
      name: 'a menu item with tabs, and one with a link and pages',
      docs: docsWith(`{ "tabs": [{ "tab": "A", "menu": [
    { "item": "One", "tabs": [] },
    { "item": "Two", "href": "https://example.com", "pages": ["a"] }
  ] }] }`),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 22,
          endLine: 3,
          endColumn: 28,
          message: 'menu item "One" holds "tabs": a menu item holds only groups, pages or an external link',
        },
        {
          severity: 'error',
          line: 4,
          column: 53,
          endLine: 4,
          endColumn: 60,
          message:
            'menu item "Two" has both "href" and "pages": an element with an "href" is a link and holds no children',
        },
      ],
    },
  ],
});
