import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'mdx-frontmatter',
  description: 'a page whose frontmatter is not valid YAML, which the platform cannot build',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    invalidYaml: 'frontmatter is not valid YAML, so the platform cannot build the page: {{reason}}',
  },
  readsSiteFiles: true,
  parsesPages: true,
  docs: {
    explanation:
      'The platform reads a page\'s frontmatter (the block between the first two `---` lines) with its own YAML parser (front-matter 4 with js-yaml 3) and stops the build on an error ("There is a syntax error in your frontmatter on line N"; its N counts from inside the block, navlint gives the page\'s own line). A duplicated key, a tab for indentation, an unclosed quote or a colon in an unquoted value ("title: Setup: the basics") are the usual causes. Snippets are not read this way.',
    valid: 'A page: "---\\ntitle: \\"Setup: the basics\\"\\n---"',
    invalid: 'A page: "---\\ntitle: Setup: the basics\\n---"',
  },
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    if (/^_?snippets\//.test(file)) continue;
    const error = site.pageParse(file).frontmatterError;
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    report({
      span: { file: source, offset, length: 0 },
      messageId: 'invalidYaml',
      data: { reason: error.reason },
    });
  }
}
