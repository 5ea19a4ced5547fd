import { describe, expect, it } from 'vitest';
import { ruleSet } from '../../rules';
import { ruleTester } from '../rule-tester';
import { docsWith, page } from '../sites';

const on = { rules: { 'orphan-page': 'error' as const } };

ruleTester('orphan-page', {
  valid: [
    {
      name: 'every page reached; snippets are not pages',
      files: {
        'docs.json': docsWith(`{ "groups": [{ "group": "G", "root": "b", "pages": ["/a"] }] }`),
        'a.mdx': page(),
        'b.md': page(),
        'snippets/note.mdx': page(),
      },
      options: on,
    },
  ],
  invalid: [
    {
      name: 'a page no entry reaches, reported in its own file',
      files: { 'docs.json': docsWith(`{ "pages": ["a"] }`), 'a.mdx': page(), 'guides/old.mdx': page() },
      options: on,
      errors: [
        {
          file: 'guides/old.mdx',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          message: 'page "guides/old.mdx" is not in the navigation',
        },
      ],
    },
  ],
});

describe('orphan-page by default', () => {
  it('is off: sites keep hidden pages on purpose', () => {
    expect(ruleSet.byId.get('orphan-page')!.meta.defaultSeverity).toBe('off');
  });
});
