import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'duplicate-key',
  description: 'an object has the same key twice; only the last one counts',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    // The reader words it: `Duplicate key "x": only the last one is used`.
    duplicateKey: '{{message}}',
  },
  docs: {
    explanation:
      'JSON parsers keep the last of two equal keys and drop the first without a word, so the first value (often a long pages array) silently disappears from the site.',
    valid: '{ "group": "Guides", "pages": ["a", "b"] }',
    invalid: '{ "group": "Guides", "pages": ["a"], "pages": ["b"] }',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message } of model.readIssues)
    if (kind === 'duplicate-key') report({ span, messageId: 'duplicateKey', data: { message } });
}
