import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'mdx-frontmatter',
  description: 'a page whose frontmatter is not valid YAML, which the platform cannot build',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    invalidYaml: 'frontmatter is not valid YAML, so the platform cannot build the page: {{reason}}',
    // A mistake writers often make, in plain words; the parser's own text after it, for a search.
    explained: 'frontmatter is not valid YAML, so the platform cannot build the page: {{mistake}} (YAML: {{reason}})',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    if (/^_?snippets\//.test(file)) continue;
    const error = site.pageParse(file).frontmatterError;
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    const span = { file: source, offset, length: 0 };
    if (error.hint) report({ span, messageId: 'explained', data: { mistake: error.hint, reason: error.reason } });
    else report({ span, messageId: 'invalidYaml', data: { reason: error.reason } });
  }
}
