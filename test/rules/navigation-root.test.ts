import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const patterns = {
  pages: `{ "pages": ["index"] }`,
  groups: `{ "groups": [{ "group": "A", "pages": ["index"] }] }`,
  tabs: `{ "tabs": [{ "tab": "A", "pages": ["index"] }] }`,
  anchors: `{ "anchors": [{ "anchor": "A", "pages": ["index"] }] }`,
  dropdowns: `{ "dropdowns": [{ "dropdown": "A", "pages": ["index"] }] }`,
  products: `{ "products": [{ "product": "A", "pages": ["index"] }] }`,
  versions: `{ "versions": [{ "version": "v1", "pages": ["index"] }] }`,
  languages: `{ "languages": [{ "language": "en", "pages": ["index"] }] }`,
};

ruleTester('navigation-root', {
  valid: [
    ...Object.entries(patterns).map(([name, nav]) => ({ name: `${name} at the root`, docs: docsWith(nav) })),
    {
      name: 'global beside the pattern',
      docs: docsWith(`{ "global": { "anchors": [] }, "tabs": [{ "tab": "A", "pages": ["index"] }] }`),
    },
  ],
  invalid: [
    {
      name: 'no pattern at all',
      docs: docsWith(`{ "global": { "anchors": [] } }`),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 17,
          endLine: 2,
          endColumn: 18,
          message:
            'navigation has no primary pattern: add one of "pages", "groups", "tabs", "anchors", "dropdowns", "products", "versions", "languages"',
        },
      ],
    },
    {
      name: 'versions and tabs both at the root',
      docs: docsWith(`{
    "versions": [{ "version": "v2", "pages": ["index"] }],
    "tabs": [{ "tab": "Docs", "pages": ["index"] }],
    "groups": []
  }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 11,
          message:
            'navigation has more than one primary pattern: "tabs" beside "versions"; keep one at the root and nest the others inside it',
        },
        {
          severity: 'error',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 13,
          messageId: 'severalPatterns',
          data: { extra: 'groups', first: 'versions' },
        },
      ],
    },
  ],
});
