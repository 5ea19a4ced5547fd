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
  docs: {
    explanation:
      'An endpoint entry ("GET /users") is resolved against the "openapi" of its element or its nearest ancestor, or the top-level api.openapi. With none in scope (and no spec named in the entry itself, "specs/admin.yaml GET /users"), the platform reads it as a page path, which does not exist.',
    valid: '{ "group": "Users", "openapi": "openapi.yaml", "pages": ["GET /users"] }',
    invalid: '{ "group": "Users", "pages": ["GET /users"] }',
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
