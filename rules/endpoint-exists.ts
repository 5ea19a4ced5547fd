import { didYouMeanHint } from '../src/common/suggest';
import { specsInForce } from '../src/engine/model';
import { type RuleContext, type RuleMeta, replaceSpan, suggestCandidate } from '../src/engine/rule';
import { formatEndpoint } from '../src/parsers/endpoint-entry';
import type { JScalar } from '../src/parsers/json';
import { nearestOperation, trailingSlashMismatch } from '../src/site/endpoints';

export const meta = {
  id: 'endpoint-exists',
  description:
    'an endpoint entry whose method and path (or webhook) is not in the resolved spec; suggests the nearest; a path that matches only ignoring a trailing slash is fixed as the spec spells it',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    badSpec: 'spec "{{spec}}" named in "{{entry}}" {{problem}}',
    lowercaseMethod: '"{{entry}}" is read as a page path: write the method in capitals ("{{corrected}}")',
    // The words are shared with frontmatter-openapi (src/site/endpoints.ts).
    trailingSlash: 'endpoint {{mismatch}}',
    notInSpec: 'endpoint "{{endpoint}}" is not in {{specs}}{{hint}}',
  },
} satisfies RuleMeta;

export function check({ model, report, site }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    const ref = element.endpoint;
    const inForce = specsInForce(model, element);
    if (!ref.spec && !inForce) continue; // endpoint-scope reports it
    const written = String((element.node as JScalar).value);
    const resolution = site.resolveEndpoint(ref, inForce);
    const named = ref.spec ? resolution.searched[0] : undefined;
    if (named?.problem) {
      report({
        span: element.node,
        messageId: 'badSpec',
        data: { spec: ref.spec!, entry: written, problem: named.problem },
      });
      continue;
    }
    if (ref.method && ref.methodWritten !== ref.method) {
      const corrected = formatEndpoint(ref);
      report({
        span: element.node,
        messageId: 'lowercaseMethod',
        data: { entry: written, corrected },
        fix: replaceSpan(element.node, JSON.stringify(corrected), `Use "${corrected}"`),
      });
      continue;
    }
    const slash = trailingSlashMismatch(ref, resolution);
    if (slash) {
      report({
        span: element.node,
        severity: 'warn',
        messageId: 'trailingSlash',
        data: { mismatch: slash.message },
        fix: replaceSpan(
          element.node,
          JSON.stringify(formatEndpoint({ ...ref, path: slash.path })),
          `Use "${formatEndpoint({ ...ref, path: slash.path })}"`,
        ),
      });
      continue;
    }
    if (resolution.operation || resolution.unknown) continue;
    const near = nearestOperation(ref, resolution);
    const specs = resolution.searched.map((s) => s.source).join(', ');
    const replacement = near && (ref.spec ? `${ref.spec} ${near}` : near);
    report({
      span: element.node,
      messageId: 'notInSpec',
      data: { endpoint: formatEndpoint({ ...ref, spec: undefined }), specs, hint: didYouMeanHint(near) },
      suggestions: replacement ? [suggestCandidate(element.node, replacement)] : undefined,
    });
  }
}
