import { describeElement } from '../src/engine/model';
import { type Fix, type RuleContext, type RuleMeta, type Suggestion, replaceSpan } from '../src/engine/rule';
import { didYouMean } from '../src/common/suggest';

export const meta: RuleMeta = {
  id: 'page-exists',
  description: 'a page entry or group root with no page file behind it; suggests the closest existing page',
  defaultSeverity: 'error',
  fixable: true,
  docs: {
    explanation:
      'A page entry "guides/auth" names guides/auth.mdx or guides/auth.md in the docs folder; a leading slash ("/guides/auth") is the same page. A missing page is a broken link in the sidebar. The fix drops a written ".mdx"/".md" extension or a leading "./" when the page exists without it; a near-miss spelling gets a suggestion. An entry that leaves the docs folder is reported and never read.',
    valid: '{ "group": "Guides", "root": "guides/index", "pages": ["guides/auth", "/guides/tokens"] }',
    invalid: '{ "group": "Guides", "pages": ["guides/auth.mdx", "guides/atuh"] }',
  },
};

export function check({ model, report, settings, site }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'page' || settings.ignoredPage(element.page!)) continue;
    const entry = element.page!;
    const lookup = site.lookupPage(entry);
    if (lookup.file) continue;
    const where = element.container === 'root' ? `root of ${describeElement(element.parent!)}` : 'page';
    if (lookup.outside) {
      report({ span: element.node, message: `${where} "${entry}" points outside the docs folder` });
      continue;
    }
    // A certain fix: the same page written with its extension or a leading ./
    const plain = lookup.normalized.replace(/^(\.\/)+/, '').replace(/\.mdx?$/, '');
    const leadingSlash = entry.startsWith('/') ? '/' : '';
    const fixed = plain !== lookup.normalized && site.pages().has(plain) ? leadingSlash + plain : undefined;
    const near = fixed ?? nearestPage(plain, site.pages());
    const fix: Fix | undefined = fixed ? replaceSpan(element.node, JSON.stringify(fixed)) : undefined;
    const suggestions: Suggestion[] = near ? [{ desc: `Use "${near}"`, fix: replaceSpan(element.node, JSON.stringify(near)) }] : [];
    report({
      span: element.node,
      message: `${where} "${entry}" not found: no ${plain}.mdx or ${plain}.md${near ? `; did you mean "${near}"?` : ''}`,
      fix,
      suggestions,
    });
  }
}

/** The existing page a mistyped entry most likely means: same name in another case, else the closest spelling. */
function nearestPage(entry: string, pages: ReadonlyMap<string, string>): string | undefined {
  return didYouMean(entry, pages.keys(), Math.max(2, Math.floor(entry.length / 4)));
}
