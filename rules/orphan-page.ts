import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'orphan-page',
  description: 'an MDX page that no navigation entry reaches (off by default)',
  defaultSeverity: 'off',
  fixable: false,
  messages: {
    notInNavigation: 'page "{{file}}" is not in the navigation',
  },
  settings: ['ignoredPage'],
} satisfies RuleMeta;

export function check({ model, report, settings, site }: RuleContext<typeof meta>): void {
  const reached = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const file = site.lookupPage(element.page).file;
    if (file) reached.add(file);
  }
  for (const file of site.pages().values()) {
    if (reached.has(file) || file.startsWith('snippets/') || settings.ignoredPage(file)) continue;
    report({
      span: { file: site.sourceFile(file), offset: 0, length: 0 },
      messageId: 'notInNavigation',
      data: { file },
    });
  }
}
