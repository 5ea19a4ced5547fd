import { describeElement, type NavElement, type NavModel } from '../src/engine/model';
import { didYouMeanAt, type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import type { SiteIndex } from '../src/site/site-index';

export const meta = {
  id: 'page-exists',
  description: 'a page entry or group root with no page file behind it; suggests the closest existing page',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    pageOutside: 'page "{{entry}}" points outside the docs folder',
    rootOutside: 'root of {{parent}} "{{entry}}" points outside the docs folder',
    pageMissing: 'page "{{entry}}" not found: no {{plain}}.mdx or {{plain}}.md{{hint}}',
    rootMissing: 'root of {{parent}} "{{entry}}" not found: no {{plain}}.mdx or {{plain}}.md{{hint}}',
    pageWritten: 'page "{{entry}}" not found: an entry names its page without {{written}}: "{{fixed}}"',
    rootWritten: 'root of {{parent}} "{{entry}}" not found: an entry names its page without {{written}}: "{{fixed}}"',
  },
  settings: ['ignoredPage'],
  docs: {
    explanation:
      'A page entry "guides/auth" names guides/auth.mdx or guides/auth.md in the docs folder; a leading slash ("/guides/auth") is the same page. A missing page is a broken link in the sidebar. The fix drops a written ".mdx"/".md" extension or a leading "./" when the page exists without it; a near-miss spelling gets a suggestion, looked for among the pages of the entry\'s own language and version (those listed there, and unlisted ones in a folder only that scope uses) and the pages of no scope, never in another language or version. An entry that leaves the docs folder is reported and never read.',
    valid: '{ "group": "Guides", "root": "guides/index", "pages": ["guides/auth", "/guides/tokens"] }',
    invalid: '{ "group": "Guides", "pages": ["guides/auth.mdx", "guides/atuh"] }',
  },
} satisfies RuleMeta;

export function check({ model, report, settings, site, didYouMean }: RuleContext<typeof meta>): void {
  let candidates: ScopedPages | undefined; // built on the first missing page, once per lint
  for (const element of model.elements) {
    if (element.kind !== 'page' || settings.ignoredPage(element.page!)) continue;
    const entry = element.page!;
    const lookup = site.lookupPage(entry);
    if (lookup.file) continue;
    const root = element.container === 'root';
    const parent = root ? describeElement(element.parent!) : '';
    if (lookup.outside) {
      report({ span: element.node, messageId: root ? 'rootOutside' : 'pageOutside', data: { parent, entry } });
      continue;
    }
    // A certain fix: the same page written with its extension or a leading ./
    const plain = lookup.normalized.replace(/^(\.\/)+/, '').replace(/\.mdx?$/, '');
    const leadingSlash = entry.startsWith('/') ? '/' : '';
    const fixed = plain !== lookup.normalized && site.pageFile(plain) !== undefined ? leadingSlash + plain : undefined;
    candidates ??= new ScopedPages(model, site);
    const near = fixed ?? didYouMean(plain, candidates.near(element), Math.max(2, Math.floor(plain.length / 4)));
    const { hint, suggestions } = didYouMeanAt(element.node, near);
    // Where the file is there, the entry's spelling of it is what fails, not a missing page.
    report({
      span: element.node,
      ...(fixed
        ? {
            messageId: root ? 'rootWritten' : 'pageWritten',
            data: { parent, entry, written: spelling(lookup.normalized), fixed },
          }
        : { messageId: root ? 'rootMissing' : 'pageMissing', data: { parent, entry, plain, hint } }),
      fix: fixed ? replaceSpan(element.node, JSON.stringify(fixed)) : undefined,
      suggestions,
    });
  }
}

/** What an entry adds to its page's name: `a leading "./"`, `the ".mdx" extension`, or both. */
function spelling(normalized: string): string {
  const extension = /\.mdx?$/.exec(normalized)?.[0];
  return [/^\.\//.test(normalized) && 'a leading "./"', extension && `the "${extension}" extension`]
    .filter(Boolean)
    .join(' and ');
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
  /** The scope of the entries of each parent: a group holds many entries, and the language server asks on each keystroke. */
  private readonly scopeOfParent = new Map<NavElement | undefined, string>();

  constructor(model: NavModel, site: SiteIndex) {
    // By file: the site keeps one string per file across lints, so the maps hash nothing new.
    const listedIn = new Map<string, Scopes>();
    const folderScopes = new Map<string, Scopes>();
    for (const element of model.elements) {
      if (element.kind !== 'page') continue;
      const file = site.lookupPage(element.page!).file;
      if (!file) continue;
      const scope = this.scopeOf(element);
      addScope(listedIn, file, scope);
      addScope(folderScopes, topFolder(file), scope);
    }
    for (const [page, file] of site.pages()) {
      const byFolder = folderScopes.get(topFolder(file));
      const scopes = listedIn.get(file) ?? (typeof byFolder === 'string' ? byFolder : undefined);
      if (scopes === undefined) this.unscoped.push(page);
      else for (const scope of typeof scopes === 'string' ? [scopes] : scopes) this.pagesOf(scope).push(page);
    }
  }

  /** The candidates for an entry: the pages of its scope first, then those of no scope (arrays kept for the lint, for the did-you-mean index). */
  near(element: NavElement): readonly (readonly string[])[] {
    return [this.byScope.get(this.scopeOf(element)) ?? [], this.unscoped];
  }

  private pagesOf(scope: string): string[] {
    let pages = this.byScope.get(scope);
    if (!pages) this.byScope.set(scope, (pages = []));
    return pages;
  }

  /** The language and the version an element sits under (either may be absent), as a key. */
  private scopeOf(element: NavElement): string {
    let scope = this.scopeOfParent.get(element.parent);
    if (scope !== undefined) return scope;
    let language: NavElement | undefined;
    let version: NavElement | undefined;
    for (let e = element.parent; e; e = e.parent) {
      if (e.kind === 'language') language ??= e;
      else if (e.kind === 'version') version ??= e;
    }
    this.scopeOfParent.set(element.parent, (scope = `${this.idOf(language)}|${this.idOf(version)}`));
    return scope;
  }

  private idOf(element: NavElement | undefined): string {
    if (!element) return '';
    let id = this.scopeIds.get(element);
    if (id === undefined) this.scopeIds.set(element, (id = this.scopeIds.size));
    return String(id);
  }
}

/** The scopes of a page or folder: one (nearly always: a key, no set to allocate), or several. */
type Scopes = string | Set<string>;

function addScope(map: Map<string, Scopes>, key: string, scope: string): void {
  const scopes = map.get(key);
  if (scopes === undefined) map.set(key, scope);
  else if (typeof scopes !== 'string') scopes.add(scope);
  else if (scopes !== scope) map.set(key, new Set([scopes, scope]));
}

function topFolder(page: string): string {
  const slash = page.indexOf('/');
  return slash === -1 ? '' : page.slice(0, slash);
}
