import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'json-syntax',
  description: 'docs.json or a file it includes with $ref is not valid JSON',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'The platform reads docs.json with a strict JSON parser: comments, trailing commas, single quotes and unquoted keys break the build. navlint reports every syntax error at its position and still checks what it could parse.',
    valid: '{ "navigation": { "pages": ["index"] } }',
    invalid: '{ "navigation": { "pages": ["index",] } }',
  },
};

export function check({ model, report }: RuleContext): void {
  for (const issue of model.readIssues) if (issue.kind === 'syntax') report(issue);
}
