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
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message } of model.readIssues)
    if (kind === 'duplicate-key') report({ span, messageId: 'duplicateKey', data: { message } });
}
