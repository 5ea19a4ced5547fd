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
  docs: {
    explanation:
      'The platform ignores keys it does not know, so a misspelt key ("expand", "page", "icons") silently does nothing. navlint knows every key of the spec and every key real sites use (reference/navigation-fields.md) and suggests the closest one: of a value with several object forms (fonts: one font, or a heading and a body font), a key of the forms the object can be, and never a key the object has already (the rename would write it twice) or one the schema allows only elsewhere (graphql off a tab).',
    valid: '{ "group": "API", "expanded": true, "pages": ["api/intro"] }',
    invalid: '{ "group": "API", "expand": true, "pages": ["api/intro"] }',
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
