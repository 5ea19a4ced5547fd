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
  docs: {
    explanation:
      'The whole of docs.json is checked against navlint\'s schema (schemas/docs.schema.json): every top-level key as the platform\'s published schema has it (theme and its nine values, name, colors as hex colours, logo, favicon, navbar, footer, redirects, integrations, …; the required theme, name, colors and navigation), and each navigation element against the definition of its kind, chosen by the array that holds it (a group needs "group" and "pages" or "openapi", a tab "tab", a menu item "item"). One mistake gives one finding at the value that is wrong; a value outside a list of names gets a did-you-mean ("mintt" → "mint").',
    valid: '{ "group": "Guides", "pages": ["guides/intro"] }',
    invalid: '{ "group": "Guides", "expanded": "yes" }',
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
