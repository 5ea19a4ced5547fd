import { didYouMean } from '../src/common/suggest';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'unknown-property',
  description: 'a key that no element of that kind has; suggests the closest known key',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    // The schema's check words it (src/engine/schema.ts): `group "G" has unknown property "pagse"`.
    unknown: '{{message}}{{hint}}',
  },
} satisfies RuleMeta;

export function check({ report, schemaIssues }: RuleContext<typeof meta>): void {
  for (const issue of schemaIssues()) {
    if (issue.kind !== 'unknown') continue;
    const suggestion = didYouMean(issue.key!, issue.known ?? []);
    const { hint, suggestions } = didYouMeanAt(issue.span, suggestion, { verb: 'Rename to' });
    report({ span: issue.span, messageId: 'unknown', data: { message: issue.message, hint }, suggestions });
  }
}
