import { relativePath } from '../src/common/paths';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'data-syntax',
  description: 'a .json, .yaml or .yml file of the docs folder that does not parse, which fails `mint validate`',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    unparsable: 'this file does not parse as JSON or YAML, as the platform reads it: {{reason}}',
  },
  readsSiteFiles: true,
} satisfies RuleMeta;

export function check({ site, model, report, checks }: RuleContext<typeof meta>): void {
  const docsFiles = new Set(model.files.map((file) => relativePath(site.root, file.path)));
  for (const file of site.dataFiles()) {
    if (docsFiles.has(file) || !checks(file)) continue;
    const error = site.dataFacts(file).syntax;
    if (!error) continue;
    report({
      span: { file: site.sourceFile(file), offset: error.offset, length: 0 },
      messageId: 'unparsable',
      data: { reason: error.reason },
    });
  }
}
