import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'json-ref',
  description: 'a $ref whose file is missing, outside the docs folder, or part of a cycle',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // The reader words it (src/engine/read-docs.ts): `"$ref" "x.json" cannot be read: …`, a cycle, a file outside.
    unresolved: '{{message}}',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message } of model.readIssues)
    if (kind === 'ref') report({ span, messageId: 'unresolved', data: { message } });
}
