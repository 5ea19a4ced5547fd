import { specsInForce } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { formatEndpoint } from '../src/parsers/endpoint-entry';

export const meta = {
  id: 'endpoint-scope',
  description: 'an endpoint entry with no openapi in scope',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    noOpenapi:
      'endpoint "{{endpoint}}" has no openapi in scope: set "openapi" on this group or an element above it, or name the spec in the entry',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    if (element.kind !== 'endpoint' || element.endpoint.spec || specsInForce(model, element)) continue;
    report({
      span: element.node,
      messageId: 'noOpenapi',
      data: { endpoint: formatEndpoint(element.endpoint) },
    });
  }
}
