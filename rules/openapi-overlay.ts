import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'openapi-overlay',
  description:
    "an OpenAPI Overlay file (any .json, .yaml or .yml with an `overlay` key) that the platform's reading of overlays refuses",
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // The reading of the Overlay words the problem (src/parsers/overlay-document.ts).
    refused: '{{problem}}: the platform refuses this Overlay, so `mint validate` fails',
  },
  readsSiteFiles: true,
} satisfies RuleMeta;

export function check({ site, report, checks }: RuleContext<typeof meta>): void {
  for (const file of site.dataFiles()) {
    if (!checks(file)) continue;
    for (const { offset, length, message } of site.dataFacts(file).overlayProblems ?? []) {
      report({
        span: { file: site.sourceFile(file), offset, length },
        messageId: 'refused',
        data: { problem: message },
      });
    }
  }
}
