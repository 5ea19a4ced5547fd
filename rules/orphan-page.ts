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
  docs: {
    explanation:
      'A page file that no page entry or group root names is built but reachable only by its URL. Sites keep such hidden pages on purpose, so the rule is off by default; turn it on to find pages forgotten after a reorganisation. Reusable snippets (snippets/) are not pages, and "ignorePages" in the config file excludes more.',
    valid: '{ "pages": ["index", "guides/auth"] }   (with index.mdx and guides/auth.mdx)',
    invalid: '{ "pages": ["index"] }   (with index.mdx and guides/auth.mdx)',
  },
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
