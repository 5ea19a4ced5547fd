import { specScopes } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'openapi-source',
  description:
    'an openapi value that names a missing file, a file that does not parse, or a document that is not OpenAPI',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // The site index words the problem (src/site/site.ts): `is no file of the docs folder`, `points outside the docs folder`, a parse error.
    unusable: 'openapi "{{source}}" {{problem}}',
  },
  docs: {
    explanation:
      'An "openapi" value (a path relative to the docs folder, with or without a leading slash; a list of them; or { "source", "directory" }) must name an OpenAPI 3.x document in JSON or YAML that parses: the platform reads a file as a spec only when it has an "openapi" key, so a Swagger 2.0 document is a file it says does not exist. The message gives the spec\'s own error position. http(s) URLs are not fetched and not checked. The top-level api.openapi is checked too.',
    valid: '{ "tab": "API", "openapi": "api/openapi.yaml", "groups": [] }',
    invalid: '{ "tab": "API", "openapi": "api/openapi.yml", "groups": [] }   (the file is openapi.yaml)',
  },
} satisfies RuleMeta;

export function check({ model, report, site }: RuleContext<typeof meta>): void {
  for (const scope of specScopes(model)) {
    for (const { source, node } of scope.sources) {
      const lookup = site.lookupSpec(source);
      if (lookup.problem) report({ span: node, messageId: 'unusable', data: { source, problem: lookup.problem } });
    }
  }
}
