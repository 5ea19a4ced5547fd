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
  docs: {
    explanation:
      'The platform parses every `.json`, `.yaml` and `.yml` file of the docs folder, referenced or not (a fixture, a config, a spec nothing names), with js-yaml 4, JSON files included, and `mint validate` fails on one that does not parse ("Error parsing /<file>: Invalid JSON or YAML syntax: …"; a deploy only warns). A repeated key is such an error, in JSON too. The finding is at the place js-yaml names, with its reason. `.mintignore`d files and `node_modules` are not read; docs.json and its `$ref` files are json-syntax\'s. A file\'s verdict is kept in the cache folder until the file changes.',
    valid: 'A file "data/plans.json": "{ \\"free\\": 0, \\"pro\\": 20 }"',
    invalid: 'A file "data/plans.json": "{ \\"free\\": 0, \\"free\\": 20 }"   (a repeated key)',
  },
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
