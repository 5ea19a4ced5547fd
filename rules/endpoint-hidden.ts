import { specsInForce } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { formatEndpoint } from '../src/parsers/endpoint-entry';

export const meta = {
  id: 'endpoint-hidden',
  description: 'an endpoint entry that points at an x-hidden or x-excluded operation',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    hidden: 'endpoint "{{endpoint}}" is marked {{flag}} in {{spec}}',
  },
  docs: {
    explanation:
      'An operation marked "x-hidden: true" gets a page that is left out of the navigation, and one marked "x-excluded: true" gets no page at all; listing it in the navigation contradicts the spec. Remove the entry, or the extension.',
    valid: '{ "group": "Users", "openapi": "openapi.yaml", "pages": ["GET /users"] }',
    invalid: '{ "group": "Users", "openapi": "openapi.yaml", "pages": ["DELETE /users/{id}"] }   (marked x-hidden)',
  },
} satisfies RuleMeta;

export function check({ model, report, site }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    const { operation, spec } = site.resolveEndpoint(element.endpoint, specsInForce(model, element));
    if (!operation || !(operation.hidden || operation.excluded)) continue;
    const flag = operation.excluded ? 'x-excluded' : 'x-hidden';
    report({
      span: element.node,
      messageId: 'hidden',
      data: { endpoint: formatEndpoint({ ...element.endpoint, spec: undefined }), flag, spec: spec!.source },
    });
  }
}
