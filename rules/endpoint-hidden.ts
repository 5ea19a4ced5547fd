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
