import { didYouMean } from '../src/common/suggest';
import { describeElement, type NavElement, type NavModel, type PageElement, specsInForce } from '../src/engine/model';
import { notDeployed } from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import { type EndpointRef, httpMethods } from '../src/parsers/endpoint-entry';
import { nearestOperation } from '../src/site/endpoints';
import { isParsedPage } from '../src/site/page-parses';
import type { SiteIndex } from '../src/site/site-index';

export const meta = {
  id: 'page-exists',
  description:
    'a page entry or group root with no page file behind it; suggests the closest existing page, or the endpoint an entry nearly is',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    pageOutside: 'page "{{entry}}" points outside the docs folder',
    // An entry being typed, or one left empty.
    pageEmpty: 'page entry is empty: give the path of a page, without its extension',
    rootEmpty: 'root of {{parent}} is empty: give the path of a page, without its extension',
    rootOutside: 'root of {{parent}} "{{entry}}" points outside the docs folder',
    pageMissing: 'page "{{entry}}" not found: no {{plain}}.mdx or {{plain}}.md{{hint}}',
    rootMissing: 'root of {{parent}} "{{entry}}" not found: no {{plain}}.mdx or {{plain}}.md{{hint}}',
    pageWritten: 'page "{{entry}}" not found: an entry names its page without {{written}}: "{{fixed}}"',
    // The entry names the page's file, but the file is a link to nothing: the link is to mend, not the entry.
    pageBrokenLink: 'page "{{entry}}" not found: {{file}} is a symbolic link to "{{target}}", which does not exist',
    rootBrokenLink:
      'root of {{parent}} "{{entry}}" not found: {{file}} is a symbolic link to "{{target}}", which does not exist',
    // The file is there: what keeps it from being a page is to mend, not the entry.
    pageNotServed: 'page "{{entry}}" not found: {{file}} is there, but {{why}}',
    rootNotServed: 'root of {{parent}} "{{entry}}" not found: {{file}} is there, but {{why}}',
    rootWritten: 'root of {{parent}} "{{entry}}" not found: an entry names its page without {{written}}: "{{fixed}}"',
  },
  settings: ['ignoredPage'],
} satisfies RuleMeta;

export function check(context: RuleContext<typeof meta>): void {
  const { model, settings, site } = context;
  const missing: PageElement[] = [];
  // Each listed page's file and the element that lists it, in turn: what a did-you-mean's candidates are made of.
  const listing: Listing = [];
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const file = site.lookupPage(element.page).file;
    if (file) listing.push(file, element.parent);
    else if (!settings.ignoredPage(element.page)) missing.push(element);
  }
  if (missing.length === 0) return;
  // The same while the listing and the pages are: as an entry is typed, or deleted and typed back.
  let candidates: ScopedPages | undefined;
  const scopedPages = () =>
    (candidates ??= context.recall('scoped pages', [site.pages(), ...listing], () => new ScopedPages(listing, site)));
  for (const element of missing) reportMissing(element, context, scopedPages);
}

/** The finding of a page entry or group root that names no page, and what it may mean. */
function reportMissing(
  element: PageElement,
  { model, report, site, didYouMean }: RuleContext<typeof meta>,
  scopedPages: () => ScopedPages,
): void {
  const entry = element.page;
  const lookup = site.lookupPage(entry);
  const root = element.container === 'root';
  const parent = root ? describeElement(element.parent) : '';
  if (entry.trim() === '') {
    report({ span: element.node, messageId: root ? 'rootEmpty' : 'pageEmpty', data: { parent } });
    return;
  }
  if (lookup.outside) {
    report({ span: element.node, messageId: root ? 'rootOutside' : 'pageOutside', data: { parent, entry } });
    return;
  }
  // A certain fix: the same page written with its extension or a leading ./
  // A trailing slash names no file: the message names the page the entry would be without it.
  const plain = lookup.normalized
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/, '');
  const leadingSlash = entry.startsWith('/') ? '/' : '';
  const fixed = plain !== lookup.normalized && site.pageFile(plain) !== undefined ? leadingSlash + plain : undefined;
  // Each file looked up once: a site with many broken entries stats them on every keystroke in the editor.
  const files = fixed ? [] : [`${plain}.mdx`, `${plain}.md`].map((file) => ({ file, ...site.lookupFile(file) }));
  const unserved = files.find((lookup) => lookup.exists)?.file;
  if (unserved) {
    report({
      span: element.node,
      messageId: root ? 'rootNotServed' : 'pageNotServed',
      data: { parent, entry, file: unserved, why: whyNotServed(site, unserved) },
    });
    return;
  }
  const [broken] = files.flatMap(({ file, brokenLink }) =>
    brokenLink === undefined ? [] : [{ file, target: brokenLink }],
  );
  if (broken) {
    report({
      span: element.node,
      messageId: root ? 'rootBrokenLink' : 'pageBrokenLink',
      data: { parent, entry, ...broken },
    });
    return;
  }
  const nearPage = () => {
    const candidates = scopedPages();
    const page = didYouMean(plain, candidates.near(element)) ?? candidates.movedTo(element, plain);
    // A page suggested as the entry is written: with its leading slash, as the writer's other entries.
    return page && leadingSlash + page;
  };
  const near = fixed ?? meantEndpoint(entry, element, model, site) ?? nearPage();
  const { hint, suggestions } = didYouMeanAt(element.node, near);
  // Where the file is there, the entry's spelling of it is what fails, not a missing page.
  report({
    span: element.node,
    ...(fixed
      ? {
          messageId: root ? 'rootWritten' : 'pageWritten',
          data: { parent, entry, written: spelling(lookup.normalized), fixed },
        }
      : { messageId: root ? 'rootMissing' : 'pageMissing', data: { parent, entry, plain, hint }, about: plain }),
    fix: fixed ? replaceSpan(element.node, JSON.stringify(fixed), `Use "${fixed}"`) : undefined,
    suggestions,
  });
}

/** Why the file of a page entry is there but no page: left out, not a page to the platform, or out of its walk. */
function whyNotServed(site: SiteIndex, file: string): string {
  if (!site.servesFile(file)) return notDeployed;
  if (!isParsedPage(file))
    return 'the platform makes no page of it (README.md, LICENSE.md, CONTRIBUTING.md, contribute.md and SKILL.md files are not pages)';
  return "the platform's walk of the docs folder does not find it (in a linked folder, or named in another case)";
}

/**
 * The operation an entry the platform reads as a page path was meant to name, when it is written
 * nearly as an endpoint: a misspelt method ("GETT /users", "DELET /users/{id}"), a path without its
 * leading slash ("GET users/{id}"), or the bare path of an operation ("/users").
 */
function meantEndpoint(entry: string, element: NavElement, model: NavModel, site: SiteIndex): string | undefined {
  const inForce = specsInForce(model, element);
  const misspelt = nearlyEndpoint(entry);
  const ref = misspelt ?? (entry.startsWith('/') && !/\s/.test(entry) ? { method: 'GET', path: entry } : undefined);
  if (!ref || (!ref.spec && !inForce)) return undefined;
  const resolution = site.resolveEndpoint(ref, inForce);
  const near = resolution.operation ? `${ref.method} ${resolution.operation.path}` : nearestOperation(ref, resolution);
  // A bare path is a page path as much as an endpoint's: only an operation of that very path is meant.
  const pathOf = (endpoint: string) => endpoint.slice(endpoint.indexOf(' ') + 1).replace(/\/$/, '');
  if (!near || (!misspelt && pathOf(near) !== pathOf(` ${ref.path}`))) return undefined;
  return ref.spec ? `${ref.spec} ${near}` : near;
}

/** `[spec] METHOD path` with the method misspelt or the path's slash left out; not a page title such as "Get started". */
function nearlyEndpoint(entry: string): EndpointRef | undefined {
  const written = /^(?:(\S+)\s+)?([A-Za-z]+)\s+(\S+)$/.exec(entry.trim());
  if (!written || !(written[3].includes('/') || /^[A-Z]+$/.test(written[2]))) return undefined;
  const upper = written[2].toUpperCase();
  const method = (httpMethods as readonly string[]).includes(upper) ? upper : didYouMean(upper, httpMethods, 2);
  if (!method) return undefined;
  return { spec: written[1], method, path: written[3].startsWith('/') ? written[3] : `/${written[3]}` };
}

/** A page's last segment: `guides/setup` → `setup`. */
const nameOf = (page: string) => page.slice(page.lastIndexOf('/') + 1);

/** What an entry adds to its page's name: `a leading "./"`, `the ".mdx" extension`, or both. */
function spelling(normalized: string): string {
  const extension = /\.mdx?$/.exec(normalized)?.[0];
  return [
    /^\.\//.test(normalized) && 'a leading "./"',
    extension && `the "${extension}" extension`,
    /\/$/.test(normalized) && 'a trailing "/"',
  ]
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
  /** By scope: each page name → the one page of it, or null when several have it. */
  private readonly namesByScope = new Map<string, Map<string, string | null>>();

  /** From the listing of the pages that entries name (see `check`) and the site's pages. */
  constructor(listing: Listing, site: SiteIndex) {
    // By file: the site keeps one string per file across lints, so the maps hash nothing new.
    const listedIn = new Map<string, Scopes>();
    const folderScopes = new Map<string, Scopes>();
    // The entries of a group are together, mostly in one folder: each taken from the one before.
    let parent: NavElement | undefined;
    let scope = '';
    let folder = '';
    let folderHasScope = false;
    for (let i = 0; i < listing.length; i += 2) {
      const file = listing[i] as string;
      if (listing[i + 1] !== parent) {
        parent = listing[i + 1] as NavElement;
        scope = this.scopeUnder(parent);
        folderHasScope = false;
      }
      addScope(listedIn, file, scope);
      if (!inFolder(file, folder)) {
        folder = topFolder(file);
        folderHasScope = false;
      }
      if (!folderHasScope) addScope(folderScopes, folder, scope);
      folderHasScope = true;
    }
    for (const [page, file] of site.pages()) {
      const listedScopes = listedIn.get(file);
      const byFolder = listedScopes === undefined ? folderScopes.get(topFolder(file)) : undefined;
      const scopes = listedScopes ?? (typeof byFolder === 'string' ? byFolder : undefined);
      if (scopes === undefined) this.unscoped.push(page);
      else for (const scope of typeof scopes === 'string' ? [scopes] : scopes) this.pagesOf(scope).push(page);
    }
  }

  /** The candidates for an entry: the pages of its scope first, then those of no scope (arrays kept for the lint, for the did-you-mean index). */
  near(element: NavElement): readonly (readonly string[])[] {
    return [this.byScope.get(this.scopeUnder(element.parent)) ?? [], this.unscoped];
  }

  /** The one page of the entry's scope (or of none) with the entry's name: a page moved to another folder keeps its name. */
  movedTo(element: NavElement, page: string): string | undefined {
    const scope = this.scopeUnder(element.parent);
    let byName = this.namesByScope.get(scope);
    if (!byName) {
      byName = new Map();
      for (const pages of this.near(element))
        for (const candidate of pages) {
          const name = nameOf(candidate);
          byName.set(name, byName.has(name) ? null : candidate); // null: a name several pages have says nothing
        }
      this.namesByScope.set(scope, byName);
    }
    return byName.get(nameOf(page)) ?? undefined;
  }

  private pagesOf(scope: string): string[] {
    let pages = this.byScope.get(scope);
    if (!pages) this.byScope.set(scope, (pages = []));
    return pages;
  }

  /** The language and the version the elements of a parent sit under (either may be absent), as a key. */
  private scopeUnder(parent: NavElement | undefined): string {
    let scope = this.scopeOfParent.get(parent);
    if (scope !== undefined) return scope;
    let language: NavElement | undefined;
    let version: NavElement | undefined;
    for (let e = parent; e; e = e.parent) {
      if (e.kind === 'language') language ??= e;
      else if (e.kind === 'version') version ??= e;
    }
    this.scopeOfParent.set(parent, (scope = `${this.idOf(language)}|${this.idOf(version)}`));
    return scope;
  }

  private idOf(element: NavElement | undefined): string {
    if (!element) return '';
    let id = this.scopeIds.get(element);
    if (id === undefined) this.scopeIds.set(element, (id = this.scopeIds.size));
    return String(id);
  }
}

/** The files that page entries name, each followed by the element whose entry it is (its parent). */
type Listing = (string | NavElement)[];

/** The scopes of a page or folder: one (nearly always: a key, no set to allocate), or several. */
type Scopes = string | Set<string>;

function addScope(map: Map<string, Scopes>, key: string, scope: string): void {
  const scopes = map.get(key);
  if (scopes === undefined) map.set(key, scope);
  else if (typeof scopes !== 'string') scopes.add(scope);
  else if (scopes !== scope) map.set(key, new Set([scopes, scope]));
}

/** Whether a file is in a top folder (not '': the top level, where a file has no slash). */
function inFolder(file: string, folder: string): boolean {
  return (
    folder !== '' && file.length > folder.length && file.charCodeAt(folder.length) === 47 && file.startsWith(folder)
  );
}

function topFolder(page: string): string {
  const slash = page.indexOf('/');
  return slash === -1 ? '' : page.slice(0, slash);
}
