import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'duplicate-key',
  description: 'an object has the same key twice; only the last one counts',
  defaultSeverity: 'warn',
  fixable: false,
  docs: {
    explanation:
      'JSON parsers keep the last of two equal keys and drop the first without a word, so the first value (often a long pages array) silently disappears from the site.',
    valid: '{ "group": "Guides", "pages": ["a", "b"] }',
    invalid: '{ "group": "Guides", "pages": ["a"], "pages": ["b"] }',
  },
};

export function check({ model, report }: RuleContext): void {
  for (const issue of model.readIssues) if (issue.kind === 'duplicate-key') report(issue);
}
