import { describeElement, type NavElement, type NavModel } from '../src/engine/model';
import { didYouMeanAt, type Fix, type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import type { SiteIndex } from '../src/site/site-index';

export const meta: RuleMeta = {
  id: 'page-exists',
  description: 'a page entry or group root with no page file behind it; suggests the closest existing page',
  defaultSeverity: 'error',
  fixable: true,
  docs: {
    explanation:
      'A page entry "guides/auth" names guides/auth.mdx or guides/auth.md in the docs folder; a leading slash ("/guides/auth") is the same page. A missing page is a broken link in the sidebar. The fix drops a written ".mdx"/".md" extension or a leading "./" when the page exists without it; a near-miss spelling gets a suggestion, looked for among the pages of the entry\'s own language and version (those listed there, and unlisted ones in a folder only that scope uses) and the pages of no scope, never in another language or version. An entry that leaves the docs folder is reported and never read.',
    valid: '{ "group": "Guides", "root": "guides/index", "pages": ["guides/auth", "/guides/tokens"] }',
    invalid: '{ "group": "Guides", "pages": ["guides/auth.mdx", "guides/atuh"] }',
  },
};

export function check({ model, report, settings, site, didYouMean }: RuleContext): void {
  let candidates: ScopedPages | undefined; // built on the first missing page, once per lint
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
    const fixed = plain !== lookup.normalized && site.pageFile(plain) !== undefined ? leadingSlash + plain : undefined;
    candidates ??= new ScopedPages(model, site);
    const near = fixed ?? didYouMean(plain, candidates.near(element), Math.max(2, Math.floor(plain.length / 4)));
    const fix: Fix | undefined = fixed ? replaceSpan(element.node, JSON.stringify(fixed)) : undefined;
    const { hint, suggestions } = didYouMeanAt(element.node, near);
    report({
      span: element.node,
      message: `${where} "${entry}" not found: no ${plain}.mdx or ${plain}.md${hint}`,
      fix,
      suggestions,
    });
  }
}

/**
 * The pages a missing entry may mean, by the language and version it sits under: a missing "en/..."
 * page should not be pointed at "ja/...". A page belongs to the scopes that list it; a page no entry
 * lists, to the one scope that lists pages in its top folder (e.g. "ja/"), else to none. The index
 * is built once, in one pass over the entries and one over the pages; an entry then looks only at
 * the pages of its own scope and those of none.
 */
class ScopedPages {
  private readonly byScope = new Map<string, string[]>();
  private readonly unscoped: string[] = [];
  private readonly scopeIds = new Map<NavElement, number>();

  constructor(model: NavModel, site: SiteIndex) {
    const listedIn = new Map<string, Set<string>>();
    const folderScopes = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, key: string, scope: string) => {
      const set = map.get(key);
      if (set) set.add(scope);
      else map.set(key, new Set([scope]));
    };
    for (const element of model.elements) {
      if (element.kind !== 'page') continue;
      const file = site.lookupPage(element.page!).file;
      if (!file) continue;
      const page = file.replace(/\.mdx?$/, '');
      const scope = this.scopeOf(element);
      add(listedIn, page, scope);
      add(folderScopes, topFolder(page), scope);
    }
    for (const page of site.pages().keys()) {
      const byFolder = folderScopes.get(topFolder(page));
      const scopes = listedIn.get(page) ?? (byFolder?.size === 1 ? byFolder : undefined);
      if (!scopes) this.unscoped.push(page);
      for (const scope of scopes ?? []) {
        const pages = this.byScope.get(scope);
        if (pages) pages.push(page);
        else this.byScope.set(scope, [page]);
      }
    }
  }

  /** The candidates for an entry: the pages of its scope first, then those of no scope (arrays kept for the lint, for the did-you-mean index). */
  near(element: NavElement): readonly (readonly string[])[] {
    return [this.byScope.get(this.scopeOf(element)) ?? [], this.unscoped];
  }

  /** The language and the version an element sits under (either may be absent), as a key. */
  private scopeOf(element: NavElement): string {
    let language: NavElement | undefined;
    let version: NavElement | undefined;
    for (let e = element.parent; e; e = e.parent) {
      if (e.kind === 'language') language ??= e;
      else if (e.kind === 'version') version ??= e;
    }
    return `${this.idOf(language)}|${this.idOf(version)}`;
  }

  private idOf(element: NavElement | undefined): string {
    if (!element) return '';
    let id = this.scopeIds.get(element);
    if (id === undefined) this.scopeIds.set(element, (id = this.scopeIds.size));
    return String(id);
  }
}

function topFolder(page: string): string {
  const slash = page.indexOf('/');
  return slash === -1 ? '' : page.slice(0, slash);
}
