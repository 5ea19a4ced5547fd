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
  docs: {
    explanation:
      'The platform reads docs.json with a strict JSON parser: comments, trailing commas, single quotes and unquoted keys break the build. navlint reports every syntax error at its position and still checks what it could parse. A trailing comma is reported at the comma, and the fix takes it out.',
    valid: '{ "navigation": { "pages": ["index"] } }',
    invalid: '{ "navigation": { "pages": ["index",] } }',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message, fix } of model.readIssues)
    if (kind === 'syntax') report({ span, messageId: 'syntax', data: { message }, fix });
}
