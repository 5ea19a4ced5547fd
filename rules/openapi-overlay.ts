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
  docs: {
    explanation:
      'The platform reads every file of the docs folder with a top-level `overlay` key as an OpenAPI Overlay (Overlay Specification 1.0.x or 1.1.x), referenced or not, to apply it to the specs before it validates them, and `mint validate` fails on one it refuses: an `overlay` version it does not read (a string, `1.0.x` or `1.1.x`), an `info` without a string `title` and `version`, no action, an action without a `target` or without effect (no `update`, no `copy`, no `remove: true`), one with both `update` and `copy`, `copy` in an Overlay 1.0 document, and any field beside the fixed ones that is not an `x-` extension. Each is reported where it is written.',
    valid:
      'A file "overlay.yaml": "overlay: 1.0.0 / info: { title: Public, version: \'1\' } / actions: [{ target: \'$.paths./admin\', remove: true }]"',
    invalid:
      'A file "overlay.yaml": "overlay: 1.0.0 / info: { title: Public } / actions: [{ target: \'$.paths./admin\' }]"',
  },
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
