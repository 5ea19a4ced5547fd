import { ruleTester } from '../rule-tester';
import { docsWith, page } from '../sites';

const pages = { 'a.mdx': page(), 'b.mdx': page() };

ruleTester('duplicate-page', {
  valid: [
    {
      name: 'the same page in two versions, two languages and two tabs',
      files: {
        ...pages,
        'docs.json': docsWith(`{ "versions": [
    { "version": "v2", "languages": [{ "language": "en", "pages": ["a"] }, { "language": "fr", "pages": ["a"] }] },
    { "version": "v1", "tabs": [{ "tab": "X", "pages": ["a"] }, { "tab": "Y", "pages": ["a"] }] }
  ] }`),
      },
    },
    {
      name: 'a group root that is also listed',
      files: { ...pages, 'docs.json': docsWith(`{ "groups": [{ "group": "G", "root": "a", "pages": ["a", "b"] }] }`) },
    },
  ],
  invalid: [
    {
      name: 'twice in one tab across groups, once written with a slash',
      files: {
        ...pages,
        'docs.json': docsWith(`{ "tabs": [{ "tab": "Docs", "groups": [
    { "group": "G", "pages": ["a", "b"] },
    { "group": "H", "pages": [{ "group": "N", "pages": ["/a"] }] }
  ] }] }`),
      },
      errors: [
        {
          severity: 'warn',
          line: 4,
          column: 57,
          endLine: 4,
          endColumn: 61,
          message: 'page "a" is listed twice in tab "Docs" (first at line 3)',
        },
      ],
    },
  ],
});
