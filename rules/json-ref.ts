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
  docs: {
    explanation:
      'Any object in docs.json may be { "$ref": "relative/path.json" }: the file\'s content stands in its place, relative to the file holding the $ref. The target must exist inside the docs folder (navlint never reads outside it, links included) and must not lead back to a file already being included.',
    valid: '{ "navigation": { "languages": [{ "$ref": "./fr.json" }] } }',
    invalid: '{ "navigation": { "languages": [{ "$ref": "../../secrets.json" }] } }',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const { kind, span, message } of model.readIssues)
    if (kind === 'ref') report({ span, messageId: 'unresolved', data: { message } });
}
