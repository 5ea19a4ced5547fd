import { docsWith, testRule } from '../helpers';
import { page } from '../sites';

const on = { rules: { 'orphan-page': 'error' as const } };

testRule('orphan-page', {
  valid: [
    { name: 'off by default', files: { 'docs.json': docsWith(`{ "pages": ["a"] }`), 'a.mdx': page(), 'hidden.mdx': page() } },
    { name: 'every page reached; snippets are not pages', files: { 'docs.json': docsWith(`{ "groups": [{ "group": "G", "root": "b", "pages": ["/a"] }] }`), 'a.mdx': page(), 'b.md': page(), 'snippets/note.mdx': page() }, options: on },
  ],
  invalid: [
    {
      name: 'a page no entry reaches, reported in its own file',
      files: { 'docs.json': docsWith(`{ "pages": ["a"] }`), 'a.mdx': page(), 'guides/old.mdx': page() },
      options: on,
      errors: [{ file: 'guides/old.mdx', line: 1, column: 1, endLine: 1, endColumn: 1, message: 'page "guides/old.mdx" is not in the navigation' }],
    },
  ],
});
