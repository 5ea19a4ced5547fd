import * as path from 'node:path';
import type { NavModel } from '../src/engine/model';
import type { Reporter, RuleMeta, RuleSettings } from '../src/engine/rule';
import { SourceFile } from '../src/parsers/source';

export const meta: RuleMeta = {
  id: 'orphan-page',
  description: 'an MDX page that no navigation entry reaches (off by default)',
  defaultSeverity: 'off',
  fixable: false,
  docs: {
    explanation:
      'A page file that no page entry or group root names is built but reachable only by its URL. Sites keep such hidden pages on purpose, so the rule is off by default; turn it on to find pages forgotten after a reorganisation. Reusable snippets (snippets/) are not pages, and "ignorePages" in the config file excludes more.',
    valid: '{ "pages": ["index", "guides/auth"] }   (with index.mdx and guides/auth.mdx)',
    invalid: '{ "pages": ["index"] }   (with index.mdx and guides/auth.mdx)',
  },
};

export function check(model: NavModel, report: Reporter, settings: RuleSettings): void {
  const reached = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const file = model.site.resolvePage(element.page!).file;
    if (file) reached.add(file);
  }
  for (const file of model.site.pages().values()) {
    if (reached.has(file) || file.startsWith('snippets/') || settings.ignoredPage(file)) continue;
    const source = new SourceFile(path.join(model.root, file), '');
    report({ span: { file: source, offset: 0, length: 0 }, message: `page "${file}" is not in the navigation` });
  }
}
