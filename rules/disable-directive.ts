import { type RuleContext, type RuleMeta, suggestCandidate } from '../src/engine/rule';

export const meta = {
  id: 'disable-directive',
  description: 'a navlint-disable comment that names a rule navlint does not have',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    unknownRule:
      '"{{written}}" names rule "{{rule}}", which navlint does not have, so it turns nothing off{{hint}}; navlint rules lists them',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report, ruleIds, didYouMean }: RuleContext<typeof meta>): void {
  const known = new Set([...ruleIds, 'unused-disable-directive']);
  for (const file of pagesToCheck()) {
    const directives = site.pageParse(file).directives;
    if (!directives) continue;
    const source = site.sourceFile(file);
    for (const directive of directives)
      for (const rule of directive.rules) {
        if (known.has(rule.id)) continue;
        const offset = source.offsetAt(rule.start.line, rule.start.column);
        const span = { file: source, offset, length: source.offsetAt(rule.end.line, rule.end.column) - offset };
        const near = didYouMean(rule.id, ruleIds);
        report({
          span,
          messageId: 'unknownRule',
          data: {
            written: `navlint-${directive.kind}`,
            rule: rule.id,
            hint: near ? `; did you mean "${near}"?` : '',
          },
          suggestions: near ? [suggestCandidate(span, near, { write: (id) => id })] : undefined,
        });
      }
  }
}
