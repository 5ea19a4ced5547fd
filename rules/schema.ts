import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'schema',
  description: 'an element breaks the schema of its kind: a missing required field, a wrong type, a bad value',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'Each navigation element is checked against the JSON Schema of its kind (schemas/navigation.schema.json), chosen by the array that holds it: a group needs "group" and "pages" (or "openapi"), a tab needs "tab", a menu item "item", and so on. One mistake gives one finding that names the element. Outside navigation, styling.eyebrows must be "section" or "breadcrumbs" and interaction.drilldown a boolean.',
    valid: '{ "group": "Guides", "pages": ["guides/intro"] }',
    invalid: '{ "group": "Guides", "expanded": "yes" }',
  },
};

export function check({ model, report, schemaIssues }: RuleContext): void {
  for (const issue of schemaIssues()) if (issue.kind === 'invalid') report(issue);
}
