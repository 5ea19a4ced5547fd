import { didYouMean } from '../src/common/suggest';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'schema',
  description:
    'docs.json or a navigation element breaks the schema: a missing required field, a wrong type, a bad value',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // The schema's check words the mistake (src/engine/schema.ts): `group "G" is missing required field "pages"`.
    invalid: '{{message}}{{hint}}',
  },
} satisfies RuleMeta;

export function check({ report, schemaIssues }: RuleContext<typeof meta>): void {
  for (const issue of schemaIssues()) {
    if (issue.kind !== 'invalid') continue;
    const near = issue.actual !== undefined && issue.allowed ? didYouMean(issue.actual, issue.allowed) : undefined;
    const { hint, suggestions } = didYouMeanAt(issue.span, near);
    report({ span: issue.span, messageId: 'invalid', data: { message: issue.message, hint }, suggestions });
  }
}
