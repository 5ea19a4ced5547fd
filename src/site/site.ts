import * as path from 'node:path';
import { isMintIgnored, mintIgnoreMatcher } from '../common/mint-ignore';
import { isInside, relativePath } from '../common/paths';
import { type DataFacts, dataFileFacts } from '../parsers/data-file';
import { type EndpointRef, formatEndpoint } from '../parsers/endpoint-entry';
import { frontmatterEndpoint, parseOpenapiFrontmatter } from '../parsers/frontmatter';
import { resolveImportSource } from '../parsers/import-scan';
import { parseSiteFile } from '../parsers/mdx';
import { defaultExtensionKey, indexSpec } from '../parsers/openapi';
import type { PageDirective, PageParse, PageParseError, ParseOptions } from '../parsers/page-parse';
import { SourceFile } from '../parsers/source';
import { ContentCache } from './content-cache';
import { ContentIds } from './content-ids';
import { findOperation } from './endpoints';
import { diskFiles, type SiteFiles } from './files';
import { FrontmatterCache, type FrontmatterVerdict } from './frontmatter-cache';
import { isNeitherPageNorSnippet, isParsedPage, isParsedScript, PageParses, type ParseRequest } from './page-parses';
import type {
  EndpointResolution,
  FileLookup,
  PageFrontmatter,
  PageLookup,
  PathMatch,
  SiteIndex,
  SpecLookup,
  TextEdit,
} from './site-index';
import { SpecIndexes } from './spec-cache';
import type { FetchedSpec } from './spec-fetch';
import { StampCache } from './stamp-cache';

const specExtensions = ['.json', '.yaml', '.yml'];
const pathMatches: PathMatch[] = ['exact', 'modulo trailing slash'];
/** How much of a page is read for its frontmatter: the whole frontmatter of nearly every page. */
const frontmatterHead = 1024;

/**
 * What the site index worked out from the docs folder's files, all of it made again when its shape
 * changes (a folder, .mintignore): the walk and the lists filtered from it, the page index, the
 * lookups of pages, specs, endpoints and frontmatter, the files read. An edit of one file updates its
 * own parts (fileChanged); anything else starts from a new one, never field by field.
 */
interface Derived {
  /**
   * Every file of the platform's walk (its ignore rules applied), in the walk's order: one walk, of
   * which the pages, scripts, assets and specs are each a filter.
   */
  walked: string[] | undefined;
  /** Every .mdx and .md file of the walk, both files of a page included. */
  pageFiles: string[] | undefined;
  parsedPageList: string[] | undefined;
  scriptFileList: string[] | undefined;
  assetFileList: string[] | undefined;
  parsedScriptList: string[] | undefined;
  /** The platform's ignore rules (its defaults and .mintignore). */
  ignoreRules: ((relative: string, name: string, folder: boolean) => boolean) | undefined;
  /** Page → file, in the walk's order, for lookups; the same in path order when something lists them. */
  pageIndex: Map<string, string> | undefined;
  pageList: Map<string, string> | undefined;
  /** Pages with both an .mdx and an .md file (the .mdx is the page). */
  twoFiles: Set<string>;
  pageLookups: Map<string, PageLookup>;
  /**
   * Files looked up by the path they were named by, until a file comes or goes: a site with many
   * broken entries looks at the same missing files on every keystroke. Not a broken link: its target
   * may come with no event of its own.
   */
  fileLookups: Map<string, FileLookup>;
  /** The files the platform's scan finds imported (`/a/b.mdx`, lower case), while there are variables to put into them. */
  importedFiles: Set<string> | undefined;
  /** Loaded specs by absolute file, and lookups by the name they were asked by. */
  specsByFile: Map<string, SpecLookup>;
  specsByName: Map<string, SpecLookup>;
  /** Endpoint entries resolved, by the specs in force and then the entry. */
  resolutions: Map<string, Map<string, EndpointResolution>>;
  /** The spec files of the walk. */
  discovered: string[] | undefined;
  frontmatters: Map<string, PageFrontmatter | undefined>;
  /** The files rules reported in, by relative path: see sourceFile. */
  sourceFiles: Map<string, SourceFile>;
  /** What reading each data file found, by relative path. */
  dataFactsByFile: Map<string, DataFacts>;
}

const nothingDerived = (): Derived => ({
  walked: undefined,
  pageFiles: undefined,
  parsedPageList: undefined,
  scriptFileList: undefined,
  assetFileList: undefined,
  parsedScriptList: undefined,
  ignoreRules: undefined,
  pageIndex: undefined,
  pageList: undefined,
  twoFiles: new Set(),
  pageLookups: new Map(),
  fileLookups: new Map(),
  importedFiles: undefined,
  specsByFile: new Map(),
  specsByName: new Map(),
  resolutions: new Map(),
  discovered: undefined,
  frontmatters: new Map(),
  sourceFiles: new Map(),
  dataFactsByFile: new Map(),
});

/** How a Site is made: its docs folder, how files are read there, and the caches and settings it keeps. */
export interface SiteOptions {
  root: string;
  files?: SiteFiles;
  /** Where spec indexes and frontmatter verdicts are cached across runs (undefined: no cache). */
  cacheDir?: string;
  /** The vendor extension whose `href` sets an operation's page (`extensionKey` in the config). */
  extensionKey?: string;
  /** Told how many of the pages to parse are parsed, as they are. */
  onPagesParsed?: (parsed: number, total: number) => void;
}

/**
 * The site index over a docs folder's files (the disk, an editor's buffers, or memory). Everything is
 * read on first use and kept, so a rule that is off costs nothing and a long-lived caller (the
 * language server) reads each file once; `fileChanged` is the one place where anything is forgotten.
 */
export class Site implements SiteIndex {
  private derived = nothingDerived();
  /** docs.json's `variables` (none when it has none), and what they were given as, to tell a change. */
  private variables: Record<string, string> | undefined;
  private variablesText = '';
  private readonly pageParses: PageParses;
  /**
   * What a file's first parse brings with it: every file the platform parses, on every core (a whole
   * lint reads them all), or the file alone (a lint focused on a few pages reads few others). The
   * few hundred pages a fresh checkout changes are parsed here one by one: two workers, each with
   * its JIT to warm and V8's helper threads to share the cores with, take longer than this thread.
   */
  private parseBatch: 'every file' | 'the file asked' = 'every file';
  private fetchedSpecs: ReadonlyMap<string, FetchedSpec> | undefined;
  /** The key of a list of specs in force: one list serves a whole subtree of the navigation. */
  private readonly specListKeys = new WeakMap<readonly string[], string>();
  private rootReal: string | undefined;
  private readonly frontmatterCache: FrontmatterCache | undefined;
  private readonly dataCache: StampCache<DataVerdict> | undefined;
  /** The same for a large file by its content, for a checkout whose stamps are all new. */
  private readonly dataByContent: ContentCache<DataFacts> | undefined;
  private readonly specIndexes: SpecIndexes | undefined;
  /** What a file holds by git's index, for a file whose stamp an earlier run did not see. */
  private readonly contentIds: ContentIds;

  readonly root: string;
  readonly files: SiteFiles;
  private readonly cacheDir: string | undefined;
  readonly extensionKey: string;

  constructor(options: SiteOptions) {
    this.root = options.root;
    this.files = options.files ?? diskFiles;
    this.cacheDir = options.cacheDir;
    this.extensionKey = options.extensionKey ?? defaultExtensionKey;
    const { root, files, cacheDir } = this;
    this.frontmatterCache = cacheDir ? new FrontmatterCache(cacheDir, root) : undefined;
    this.dataCache = cacheDir ? new StampCache<DataVerdict>(cacheDir, root, 'data-files', isDataVerdict) : undefined;
    this.dataByContent = cacheDir ? new ContentCache(cacheDir, 'data-contents', isDataFacts) : undefined;
    this.contentIds = new ContentIds(root);
    this.specIndexes = cacheDir ? new SpecIndexes(cacheDir, this.contentIds) : undefined;
    this.pageParses = new PageParses(root, files, parseSiteFile, cacheDir, this.contentIds, options.onPagesParsed);
  }

  parsedPages(): readonly string[] {
    if (!this.derived.parsedPageList) {
      this.pageIndexOf();
      this.derived.parsedPageList = this.derived
        .pageFiles!.filter(isParsedPage)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
    return this.derived.parsedPageList;
  }

  /**
   * Parses every file the platform parses that is not parsed yet, in the background (the caller's
   * event loop runs meanwhile): `pageParse` then answers at once. `stop` is asked between batches.
   */
  parsePagesInBackground(stop?: () => boolean): Promise<void> {
    return this.pageParses.parseInBackground(this.parseRequests(), stop);
  }

  isSnippet(file: string): boolean {
    const lower = file.toLowerCase();
    return lower.startsWith('snippets/') || this.importedAsSnippets().has(`/${lower}`);
  }

  parsedScripts(): readonly string[] {
    return (this.derived.parsedScriptList ??= this.scriptFiles().filter(isParsedScript));
  }

  pageParse(file: string): PageParse {
    const options = this.parseOptionsOf(file);
    return this.pageParses.get(file, options, () =>
      this.parseBatch === 'every file' ? this.parseRequests() : [{ file, options }],
    );
  }

  /** A page's directives (`{/* navlint-disable … *\/}`) when it is parsed already: a lint that parses no page reads none. */
  directivesIfParsed(file: string): readonly PageDirective[] | undefined {
    return this.pageParses.peek(file, this.parseOptionsOf(file))?.directives;
  }

  parseErrorAfter(
    file: string,
    edit: { range: readonly [number, number]; text: string },
  ): { reason: string; offset: number } | undefined {
    const { error, source } = this.pageParseAfter(file, [edit]);
    return error && { reason: error.reason, offset: source.offsetAt(error.start.line, error.start.column) };
  }

  pageParseAfter(file: string, edits: readonly TextEdit[]): { error?: PageParseError; source: SourceFile } {
    let text = this.sourceFile(file).text;
    for (const edit of [...edits].sort((a, b) => b.range[0] - a.range[0]))
      text = text.slice(0, edit.range[0]) + edit.text + text.slice(edit.range[1]);
    const { error } = parseSiteFile(text, this.parseOptionsOf(file));
    const edited = text;
    return { ...(error ? { error } : {}), source: new SourceFile(path.join(this.root, file), () => edited) };
  }

  /** Whether the lints that come read every page (parsed together at the first one asked) or a few. */
  setParseBatch(batch: 'every file' | 'the file asked'): void {
    this.parseBatch = batch;
  }

  /**
   * Sets docs.json's `variables`, which the platform puts into its snippets before it parses them
   * (the engine sets them before each lint); the parses that depend on them are made again.
   */
  setVariables(variables: Record<string, string> | undefined): void {
    const text = variables && Object.keys(variables).length > 0 ? JSON.stringify(Object.entries(variables)) : '';
    if (text === this.variablesText) return;
    this.variablesText = text;
    this.variables = text ? variables : undefined;
    this.derived.importedFiles = undefined;
  }

  /** Every file the platform parses, with how it parses it. */
  private parseRequests(): ParseRequest[] {
    return [...this.parsedPages(), ...this.parsedScripts()].map((file) => ({
      file,
      options: this.parseOptionsOf(file),
    }));
  }

  /**
   * How the platform parses a file (@mintlify/prebuild's readPageContents and readSnippetsV2Contents):
   * a .jsx or .tsx file as a script; a snippet (a file under snippets/, a script, or an .mdx or .md
   * file another file imports) with docs.json's variables put in first; a page as it is.
   */
  private parseOptionsOf(file: string): ParseOptions | undefined {
    const options = this.pathOptionsOf(file);
    if (options?.variables || !this.variables || !/\.mdx?$/.test(file)) return options;
    return this.importedAsSnippets().has(`/${file.toLowerCase()}`) ? { variables: this.variables } : options;
  }

  /** parseOptionsOf as a file's path alone tells it: what the platform's import scan is made of (the text as written, but for snippets). */
  private pathOptionsOf(file: string): ParseOptions | undefined {
    const variables = this.variables ? { variables: this.variables } : undefined;
    if (file.endsWith('.jsx') || file.endsWith('.tsx'))
      return { script: file.endsWith('.tsx') ? 'tsx' : 'jsx', ...variables };
    return variables && file.toLowerCase().startsWith('snippets/') ? variables : undefined;
  }

  /**
   * The files the platform's scan (categorizeFilePaths) finds imported by a file it walked, parsed
   * or not: an imported .mdx or .md file outside snippets/ is a snippet to it, not a page. Worked
   * out when there are variables to put into snippets, or a rule asks (isSnippet), from every file's parse.
   */
  private importedAsSnippets(): Set<string> {
    if (!this.derived.importedFiles) {
      this.pageIndexOf();
      const requests = [...this.derived.pageFiles!, ...this.scriptFiles()].map((file) => ({
        file,
        options: this.pathOptionsOf(file),
      }));
      this.pageParses.parseEach(requests);
      const imported = new Set<string>();
      for (const { file, options } of requests) {
        for (const source of this.pageParses.get(file, options, () => requests).importScan ?? []) {
          const resolved = resolveImportSource(source, file);
          if (resolved) imported.add(resolved.toLowerCase());
        }
      }
      this.derived.importedFiles = imported;
    }
    return this.derived.importedFiles;
  }

  private walkedFiles(): readonly string[] {
    if (!this.derived.walked) {
      const ignored = this.ignoreRulesOf();
      this.derived.walked = this.files.walk(
        this.root,
        (relative, name, folder) => !ignored(relative, name, folder),
        () => true,
      );
    }
    return this.derived.walked;
  }

  assetFiles(): readonly string[] {
    this.derived.assetFileList ??= this.walkedFiles()
      .filter((file) => !/\.(?:mdx?|[jt]sx)$/i.test(file))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.derived.assetFileList;
  }

  scriptFiles(): readonly string[] {
    this.derived.scriptFileList ??= this.walkedFiles()
      .filter((file) => /\.[jt]sx$/.test(file))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.derived.scriptFileList;
  }

  dataFiles(): readonly string[] {
    return this.assetFiles().filter(isDataFile);
  }

  dataFacts(file: string): DataFacts {
    let known = this.derived.dataFactsByFile.get(file);
    if (!known) {
      const absolute = path.join(this.root, file);
      // Stamped before it is read: a change in between only makes the next run read it again.
      const stamp = this.dataCache ? this.files.stamp(absolute) : undefined;
      known = stamp !== undefined ? this.storedDataFacts(file, absolute, stamp) : undefined;
      if (!known) {
        const text = this.files.readText(absolute);
        // With a cache folder, what the file holds keys both caches. A spec's validation costs a
        // second a megabyte; hashing it, a few milliseconds.
        const content = this.dataCache ? ContentIds.ofText(text) : undefined;
        known =
          this.dataByContent && content && text.length >= 64 * 1024
            ? this.dataByContent.get(content, () => dataFileFacts(text))
            : dataFileFacts(text);
        if (stamp !== undefined && content) this.dataCache!.set(file, [stamp, known, content]);
      }
      this.derived.dataFactsByFile.set(file, known);
    }
    return known;
  }

  /**
   * What an earlier run found in a data file: at this stamp; or, on a fresh checkout (every stamp
   * new), when git's index vouches that the file holds the text it had then (ContentIds, without
   * reading it), as the results of a run are found again.
   */
  private storedDataFacts(file: string, absolute: string, stamp: string): DataFacts | undefined {
    const cache = this.dataCache!;
    return this.contentIds.findKnown(
      absolute,
      stamp,
      (at) => cache.get(file, at)?.[1],
      (content) => {
        const earlier = cache.latest(file);
        if (earlier?.[2] !== content) return undefined;
        cache.set(file, [stamp, earlier[1], earlier[2]]);
        return earlier[1];
      },
    );
  }

  /** The whole text of a page (relative path), for whoever needs more than its frontmatter. */
  readPage(file: string): string {
    return this.files.readText(path.join(this.root, file));
  }

  sourceFile(file: string): SourceFile {
    // One per file until it changes: each finding in a file would read it and index its lines again.
    let source = this.derived.sourceFiles.get(file);
    if (!source) this.derived.sourceFiles.set(file, (source = this.sourceFileAt(path.join(this.root, file))));
    return source;
  }

  private sourceFileAt(absolute: string): SourceFile {
    return new SourceFile(absolute, () => {
      try {
        return this.files.readText(absolute);
      } catch {
        return ''; // gone since: the finding points at its start
      }
    });
  }

  /** Every page, in the order of their files' paths (the first of a page's two files, with both). */
  pages(): Map<string, string> {
    if (!this.derived.pageList) {
      // Sorted only when listed: the 25,000 pages of a large site are looked up, never listed, unless
      // an entry is broken. A page with both files sorts where its .md does.
      const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const index = this.pageIndexOf();
      const first = (page: string, file: string) => (this.derived.twoFiles.has(page) ? `${page}.md` : file);
      this.derived.pageList = new Map(
        [...index]
          .map(([page, file]) => [first(page, file), page, file] as const)
          .sort((a, b) => byPath(a[0], b[0]))
          .map(([, page, file]) => [page, file]),
      );
    }
    return this.derived.pageList;
  }

  /** The file of one page (relative path without extension): `pages().get(page)`, without sorting the list. */
  pageFile(page: string): string | undefined {
    return this.pageIndexOf().get(page);
  }

  private pageIndexOf(): Map<string, string> {
    if (!this.derived.pageIndex) {
      // The platform's walk (@mintlify/prebuild's getFileList), whose files are its pages: what its
      // ignore rules leave (dot folders included, but for .git, .github, .mintlify and the like), no
      // symbolic links followed.
      const files = this.walkedFiles().filter((file) => /\.mdx?$/.test(file));
      this.derived.pageFiles = files;
      this.derived.parsedPageList = undefined;
      this.derived.pageIndex = new Map();
      this.derived.twoFiles.clear();
      for (const file of files) {
        if (isNeitherPageNorSnippet(file)) continue; // walked, but no page
        const key = file.slice(0, file.endsWith('.mdx') ? -4 : -3);
        const existing = this.derived.pageIndex.get(key);
        if (existing) this.derived.twoFiles.add(key);
        if (!existing || (existing.endsWith('.md') && file.endsWith('.mdx'))) this.derived.pageIndex.set(key, file); // .mdx before .md
      }
    }
    return this.derived.pageIndex;
  }

  lookupPage(entry: string): PageLookup {
    // Several rules look up every entry: once each per lint, and until the pages change.
    let lookup = this.derived.pageLookups.get(entry);
    if (!lookup) this.derived.pageLookups.set(entry, (lookup = this.findPage(entry)));
    return lookup;
  }

  private findPage(entry: string): PageLookup {
    const normalized = entry.replace(/^\/+/, '');
    // Most entries are plain "a/b/c": no resolving needed to know they stay inside.
    if (!/(^|\/)\.\.?(\/|$)|\/\/|\\|^[A-Za-z]:/.test(normalized)) {
      const file = this.pageIndexOf().get(normalized);
      return file || !this.isLinkOutside(normalized) ? { normalized, file } : { normalized, outside: true };
    }
    const resolved = path.posix.normalize(normalized);
    if (
      resolved.startsWith('../') ||
      resolved === '..' ||
      path.isAbsolute(normalized) ||
      !isInside(this.root, path.resolve(this.root, normalized))
    ) {
      return { normalized, outside: true };
    }
    return { normalized, file: normalized === resolved ? this.pageIndexOf().get(resolved) : undefined };
  }

  /** Whether a page's file is a link that leaves the docs folder (the walk does not list it). */
  private isLinkOutside(page: string): boolean {
    return ['.mdx', '.md'].some((extension) => {
      const file = path.join(this.root, page + extension);
      if (this.files.kind(file) !== 'file') return false;
      this.rootReal ??= this.files.realpath(this.root);
      return !isInside(this.rootReal, this.files.realpath(file));
    });
  }

  lookupFile(relative: string): FileLookup {
    const normalized = relative.replace(/^(\.\/|\/)+/, '');
    let lookup = this.derived.fileLookups.get(normalized);
    if (!lookup) {
      lookup = this.findFile(normalized);
      if (lookup.brokenLink === undefined) this.derived.fileLookups.set(normalized, lookup);
    }
    return lookup;
  }

  private findFile(normalized: string): FileLookup {
    const absolute = path.resolve(this.root, normalized);
    if (!isInside(this.root, absolute)) return { normalized, exists: false, outside: true };
    const kind = this.files.kind(absolute);
    this.rootReal ??= this.files.realpath(this.root);
    if (kind && !isInside(this.rootReal, this.files.realpath(absolute)))
      return { normalized, exists: false, outside: true };
    const brokenLink = kind ? undefined : this.files.brokenLink?.(absolute);
    return brokenLink === undefined
      ? { normalized, exists: kind === 'file' }
      : { normalized, exists: false, brokenLink };
  }

  servesFile(relative: string): boolean {
    const lookup = this.lookupFile(relative);
    // Through a linked folder too, which the walk does not enter but the file system follows.
    return lookup.exists && !isMintIgnored(this.ignoreRulesOf(), lookup.normalized);
  }

  /**
   * Loads the spec a value names, once. Paths are relative to the docs folder, with or without a
   * leading slash; `relativeTo` (an MDX file's folder) is tried first for `./` and `../` paths, and a
   * name without extension (`v3-openapi`) is looked up by its stem.
   */
  lookupSpec(source: string, relativeTo?: string): SpecLookup {
    // Thousands of endpoint entries name the same few specs: look each name up once.
    const key = /^\.\.?\//.test(source) && relativeTo ? `${relativeTo}\u0000${source}` : source;
    let lookup = this.derived.specsByName.get(key);
    if (!lookup) {
      lookup = this.loadSpec(source, relativeTo);
      this.derived.specsByName.set(key, lookup);
    }
    return lookup;
  }

  /**
   * The specs given by URL, as `--check-external` fetched them: each is read from then on as a spec
   * file of the site is (a URL not in `fetched` stays unread).
   */
  setFetchedSpecs(fetched: ReadonlyMap<string, FetchedSpec>): void {
    this.fetchedSpecs = fetched;
    for (const [key, lookup] of this.derived.specsByName) if (lookup.remote) this.derived.specsByName.delete(key);
    this.derived.resolutions.clear();
  }

  private loadSpec(source: string, relativeTo?: string): SpecLookup {
    if (/^https?:\/\//i.test(source)) {
      const fetched = this.fetchedSpecs?.get(source);
      if (!fetched) return { source, remote: true };
      if ('error' in fetched) return { source, remote: true, fetchError: fetched.error };
      const spec = indexSpec(source, fetched.text, this.extensionKey);
      return { source, remote: true, spec, problem: spec.problem };
    }
    const candidates = this.specCandidates(source, relativeTo).filter((file) => isInside(this.root, file));
    if (candidates.length === 0) return { source, problem: 'points outside the docs folder' };
    const file = candidates.find((f) => this.files.kind(f) === 'file');
    if (!file) return { source, problem: 'is no file of the docs folder' };
    const cached = this.derived.specsByFile.get(file);
    if (cached) return { ...cached, source };
    let lookup: SpecLookup;
    this.rootReal ??= this.files.realpath(this.root);
    if (!isInside(this.rootReal, this.files.realpath(file))) {
      lookup = { source, problem: 'is a link that points outside the docs folder' };
    } else {
      try {
        const spec =
          this.specIndexes?.index(file, this.files, this.extensionKey) ??
          indexSpec(file, this.files.readText(file), this.extensionKey);
        lookup = { source, spec, problem: spec.problem };
      } catch (error) {
        lookup = { source, problem: `cannot be read: ${(error as Error).message}` };
      }
    }
    this.derived.specsByFile.set(file, lookup);
    return lookup;
  }

  private specCandidates(source: string, relativeTo?: string): string[] {
    const rooted = path.resolve(this.root, source.replace(/^\/+/, ''));
    const files = /^\.\.?\//.test(source) && relativeTo ? [path.resolve(relativeTo, source), rooted] : [rooted];
    if (path.extname(source) === '' || !specExtensions.includes(path.extname(source).toLowerCase())) {
      for (const base of [...files]) files.push(...specExtensions.map((ext) => base + ext));
    }
    return files;
  }

  resolveEndpoint(ref: EndpointRef, specs: readonly string[] | undefined, fromPage?: SourceFile): EndpointResolution {
    if (fromPage) {
      // A page's frontmatter: few per site, each with its own folder for relative spec paths.
      const sources = ref.spec ? [ref.spec] : specs?.length ? specs : this.discoverSpecs();
      return this.searchSpecs(ref, sources, path.dirname(fromPage.path));
    }
    // Navigation entries: tens of thousands on a large site, re-linted on every keystroke. A named
    // spec is its own key; a list in force is keyed once (one list serves a whole subtree).
    const sources = ref.spec ? [ref.spec] : (specs ?? []);
    let listKey = ref.spec ?? this.specListKeys.get(sources);
    if (listKey === undefined) this.specListKeys.set(sources, (listKey = sources.join('\u0001')));
    let byEntry = this.derived.resolutions.get(listKey);
    if (!byEntry) this.derived.resolutions.set(listKey, (byEntry = new Map()));
    const entry = formatEndpoint(ref);
    let resolution = byEntry.get(entry);
    if (!resolution) byEntry.set(entry, (resolution = this.searchSpecs(ref, sources)));
    return resolution;
  }

  private searchSpecs(ref: EndpointRef, sources: readonly string[], relativeTo?: string): EndpointResolution {
    const searched = sources.map((source) => this.lookupSpec(source, relativeTo));
    const unknown = searched.some((s) => (s.remote && !s.spec) || s.problem);
    // As the platform: the path exactly in any spec first, else ignoring a trailing slash.
    for (const match of pathMatches) {
      const foundIn: SpecLookup[] = [];
      let operation: EndpointResolution['operation'];
      for (const lookup of searched) {
        const found = lookup.spec && findOperation(lookup.spec, ref, match);
        if (found) {
          operation ??= found;
          foundIn.push(lookup);
        }
      }
      if (operation) return { searched, operation, spec: foundIn[0], foundIn, match, unknown };
    }
    return { searched, foundIn: [], unknown };
  }

  /** OpenAPI documents anywhere in the site, for frontmatter that names no spec when docs.json names none either. */
  private discoverSpecs(): string[] {
    if (!this.derived.discovered) {
      const candidates = this.walkedFiles().filter((file) => specExtensions.includes(path.extname(file).toLowerCase()));
      this.derived.discovered = candidates
        .filter((file) => {
          if (file === 'docs.json' || file.endsWith('package.json') || file.endsWith('-lock.json')) return false;
          return /(^|[\s{,])["']?(openapi|swagger)["']?\s*:/m.test(this.files.head(path.join(this.root, file), 2048));
        })
        .sort();
    }
    return this.derived.discovered;
  }

  /**
   * Tells the site that a file was created, changed or deleted (on disk or in an editor), so that only
   * what depends on it is read again: its page index entry, its frontmatter, or its spec.
   */
  fileChanged(absolute: string, change: 'created' | 'changed' | 'deleted'): void {
    const relative = relativePath(this.root, absolute);
    if (relative.startsWith('../') || path.isAbsolute(relative)) return;
    this.derived.sourceFiles.delete(relative);
    this.derived.dataFactsByFile.delete(relative);
    // The lists below that a created or deleted file changes are made again from a new walk.
    if (change !== 'changed') {
      this.derived.walked = undefined;
      this.derived.fileLookups.clear();
    }
    const extension = path.extname(relative).toLowerCase();
    if (relative === '.mintignore' || extension === '') {
      // Ignore rules, or a whole folder, changed: start over (the parses are found again by their stamps).
      this.derived = nothingDerived();
      this.pageParses.forgetAll();
      this.contentIds.forget();
      return;
    }
    if (change !== 'changed') this.derived.assetFileList = undefined;
    if (extension === '.jsx' || extension === '.tsx') {
      this.pageParses.forget(relative);
      this.derived.importedFiles = undefined; // what it imports may have changed
      if (change !== 'changed') this.derived.scriptFileList = this.derived.parsedScriptList = undefined;
    }
    if (extension === '.mdx' || extension === '.md') {
      this.derived.frontmatters.delete(relative);
      this.pageParses.forget(relative);
      this.derived.importedFiles = undefined;
      if (this.derived.pageIndex && change !== 'changed') {
        this.derived.pageFiles = this.derived.pageFiles!.filter((file) => file !== relative);
        if (change === 'created' && !isMintIgnored(this.ignoreRulesOf(), relative))
          this.derived.pageFiles.push(relative);
        this.derived.parsedPageList = undefined;
        this.reindexPage(relative.replace(/\.mdx?$/, ''));
      }
    }
    if (specExtensions.includes(extension)) {
      // An edit of a file that no lookup read (docs.json itself, on every keystroke) changes no lookup.
      const wasRead = this.derived.specsByFile.delete(absolute);
      if (wasRead || change !== 'changed') {
        this.derived.specsByName.clear();
        this.derived.resolutions.clear();
      }
      if (change !== 'changed') this.derived.discovered = undefined;
    }
  }

  private reindexPage(key: string): void {
    this.derived.pageLookups.clear();
    const candidates = ['.mdx', '.md']
      .map((ext) => key + ext)
      .filter((file) => !isNeitherPageNorSnippet(file) && this.files.kind(path.join(this.root, file)) === 'file');
    if (candidates.length > 0) this.derived.pageIndex!.set(key, candidates[0]);
    else this.derived.pageIndex!.delete(key);
    if (candidates.length > 1) this.derived.twoFiles.add(key);
    else this.derived.twoFiles.delete(key);
    this.derived.pageList = undefined;
  }

  frontmatter(file: string): PageFrontmatter | undefined {
    if (this.derived.frontmatters.has(file)) return this.derived.frontmatters.get(file);
    // Most pages have no openapi key: the cache says so without opening them, and holds the value of
    // those that have one.
    const cache = this.frontmatterCache;
    // A page the cache has never seen is stamped as it is read (one open, no lookup of its path first).
    const stamp = cache?.has(file) && cache.worthLookingUp() ? this.files.stamp(path.join(this.root, file)) : undefined;
    const verdict = stamp !== undefined ? cache!.get(file, stamp) : undefined;
    if (verdict) {
      const known = this.knownFrontmatter(file, verdict);
      this.derived.frontmatters.set(file, known);
      return known;
    }
    const absolute = path.join(this.root, file);
    const read = cache
      ? this.files.headStamped(absolute, frontmatterHead)
      : { head: this.files.head(absolute, frontmatterHead), stamp: undefined };
    const result = this.parseFrontmatter(absolute, read.head);
    this.derived.frontmatters.set(file, result);
    if (cache && read.stamp)
      cache.set(file, result ? [read.stamp, result.value, result.span.offset, result.span.length] : [read.stamp]);
    return result;
  }

  /** The frontmatter a cached verdict describes; the page is read only if a finding needs its lines. */
  private knownFrontmatter(file: string, verdict: FrontmatterVerdict): PageFrontmatter | undefined {
    if (verdict.length === 1) return undefined;
    const [, value, offset, length] = verdict;
    const source = this.sourceFile(file);
    return { file: source, span: { file: source, offset, length }, value, endpoint: frontmatterEndpoint(value) };
  }

  private parseFrontmatter(absolute: string, head: string): PageFrontmatter | undefined {
    // The frontmatter is at the start: the head of the page settles it, and the rest is read only
    // when the block goes on past it or a finding needs the page's lines.
    const source = this.sourceFileAt(absolute);
    const found = parseOpenapiFrontmatter(source, head);
    return found && { file: source, ...found };
  }

  /** The spec files loaded so far (absolute paths). */
  specFiles(): string[] {
    return [...this.derived.specsByFile.keys()];
  }

  /** Writes what this run learnt to the caches (the engine calls it after a lint). */
  persist(): void {
    this.frontmatterCache?.persist();
    // Only a run that listed the data files knows which are gone.
    this.dataCache?.persist(this.derived.assetFileList && this.dataFiles());
    this.pageParses.persist();
  }

  /** The platform's ignore rules: its defaults, and .mintignore's lines when the site has one. */
  private ignoreRulesOf(): (relative: string, name: string, folder: boolean) => boolean {
    if (!this.derived.ignoreRules) {
      let text: string | undefined;
      try {
        text = this.files.readText(path.join(this.root, '.mintignore'));
      } catch {
        text = undefined;
      }
      this.derived.ignoreRules = mintIgnoreMatcher(text);
    }
    return this.derived.ignoreRules;
  }
}

/** What a run learnt of a data file, at its stamp, and what the file held (ContentIds.ofText of the text it read). */
type DataVerdict = [stamp: string, facts: DataFacts, content: string];

function isDataVerdict(entry: unknown[]): boolean {
  return entry.length === 3 && isDataFacts(entry[1]) && typeof entry[2] === 'string';
}

/** A kept verdict the rules can read: a cache file is anyone's to edit, and a rule must not throw on one. */
function isDataFacts(value: unknown): value is DataFacts {
  const isPlaced = (item: unknown) =>
    typeof item === 'object' && item !== null && typeof (item as { offset?: unknown }).offset === 'number';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { syntax, version, externalRefs, problems, overlayProblems } = value as Record<string, unknown>;
  return (
    [syntax, version].every((one) => one === undefined || isPlaced(one)) &&
    [externalRefs, problems, overlayProblems].every(
      (list) => list === undefined || (Array.isArray(list) && list.every(isPlaced)),
    )
  );
}

/** A file the platform parses as JSON or YAML: by its extension as written (`.JSON` is not one). */
const isDataFile = (file: string) => /\.(?:json|ya?ml)$/.test(file);
