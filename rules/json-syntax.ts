import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'json-syntax',
  description: 'docs.json or a file it includes with $ref is not valid JSON',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    // The parser's words: `Comma expected`, `Closing brace '}' expected`, a file too large or too deep.
    syntax: '{{message}}',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message, fix } of model.readIssues)
    if (kind === 'syntax') report({ span, messageId: 'syntax', data: { message }, fix });
}
