import type { DataFacts } from '../parsers/data-file';
import type { EndpointRef } from '../parsers/endpoint-entry';
import type { Operation, SpecIndex } from '../parsers/openapi';
import type { PageParse, PageParseError } from '../parsers/page-parse';
import type { SourceFile, Span } from '../parsers/source';

/** A replacement of a range of a file's text. */
export interface TextEdit {
  range: readonly [number, number];
  text: string;
}

/** A page entry looked up among the files of the site. */
export interface PageLookup {
  /** The entry as the platform reads it: no leading slash. */
  normalized: string;
  /** Path of the page file relative to the docs folder, when there is one. */
  file?: string;
  /** The entry leaves the docs folder. */
  outside?: boolean;
}

/** A file that docs.json names (a logo, a favicon, a font), looked up in the docs folder. */
export interface FileLookup {
  /** Relative to the docs folder, without a leading `/` or `./`. */
  normalized: string;
  /** It is there, as a file. */
  exists: boolean;
  /** The path leaves the docs folder (itself or through a link): it is never read. */
  outside?: boolean;
  /** It is a symbolic link to nothing: what the link names, as it writes it. */
  brokenLink?: string;
}

/** A spec named by an `openapi` value, a `spec METHOD /path` entry or frontmatter. */
export interface SpecLookup {
  /** As written. */
  source: string;
  /** An http(s) URL: its endpoints are unknown unless `--check-external` fetched it (`spec`). */
  remote?: boolean;
  /** Why fetching a remote spec failed (`answers 404`, `no answer within 30 s`). */
  fetchError?: string;
  /** Why the spec cannot be used (missing, outside the docs folder, does not parse, not OpenAPI). */
  problem?: string;
  spec?: SpecIndex;
}

/** The `openapi:` frontmatter of an MDX page, when it has one. */
export interface PageFrontmatter {
  file: SourceFile;
  /** The whole `openapi:` entry (key and value, all its lines). */
  span: Span;
  value: string;
  endpoint?: EndpointRef;
}

/**
 * How an entry's path matched its operation, as the platform matches: the spec's path string
 * exactly, else ignoring one trailing slash on either side (`POST /v1/exports/get` finds the
 * spec's `/v1/exports/get/`).
 */
export type PathMatch = 'exact' | 'modulo trailing slash';

export interface EndpointResolution {
  /** The specs looked in, in order. */
  searched: SpecLookup[];
  /** Found: the operation and the spec it is in (the first, for an entry found in several). */
  operation?: Operation;
  spec?: SpecLookup;
  /** Every spec that has it; more than one makes an entry without a named spec ambiguous. */
  foundIn: SpecLookup[];
  /** How the operation was found: its path exactly, or only ignoring a trailing slash (still found, as by the platform). */
  match?: PathMatch;
  /** A remote or broken spec was in the search: absence proves nothing. */
  unknown: boolean;
}

/**
 * What rules may know of the files of a docs folder, read-only. Whatever it reads, it reads on first
 * use, once, and keeps until told that a file changed; a rule never reads a file itself.
 */
export interface SiteIndex {
  /** The docs folder (absolute). */
  readonly root: string;
  /** Every page: relative path without extension → relative file path, in path order. */
  pages(): ReadonlyMap<string, string>;
  /** The file of one page (relative path without extension), if there is one: `pages().get(page)`, without ordering every page. */
  pageFile(page: string): string | undefined;
  /** A page entry (`guides/auth`, `/cloud`) looked up among the pages. */
  lookupPage(entry: string): PageLookup;
  /** A file that docs.json names (`/logo/light.svg`, `./favicon.png`), relative to the docs folder. */
  lookupFile(relative: string): FileLookup;
  /** Whether the site serves a file at this path (relative to the docs folder): one there, that neither .mintignore nor the platform's own rules leave out. */
  servesFile(relative: string): boolean;
  /** A spec by the name an `openapi` value or entry gives it; `relativeTo` (a page's folder) for `./` paths. */
  lookupSpec(source: string, relativeTo?: string): SpecLookup;
  /**
   * Where an endpoint is: in the spec it names, else in `specs` (the `openapi` in force where it is
   * written). `fromPage` resolves a page's frontmatter: its folder for relative spec paths, and the
   * OpenAPI files of the whole site when no spec is named or in force.
   */
  resolveEndpoint(ref: EndpointRef, specs: readonly string[] | undefined, fromPage?: SourceFile): EndpointResolution;
  /** The `openapi:` frontmatter of a page file (relative path), if it has one. */
  frontmatter(file: string): PageFrontmatter | undefined;
  /**
   * Every file the platform parses as MDX: the .mdx and .md files of its walk (dot folders included,
   * not what it ignores), less README.md and the like, SKILL.md files and `_snippets/`, in path order.
   */
  parsedPages(): readonly string[];
  /**
   * Whether the platform takes a file of parsedPages() for a snippet rather than a page of its own
   * (getFileCategory): one under `snippets/`, or one another file of the folder imports.
   */
  isSnippet(file: string): boolean;
  /** The .jsx and .tsx files the platform parses as scripts (all of scriptFiles but `_snippets/`), in path order. */
  parsedScripts(): readonly string[];
  /** The parse of one of those, as the platform's parser gives it (after docs.json's variables are put into a snippet), at the file's own places. */
  pageParse(file: string): PageParse;
  /**
   * The parse error of a file's text with one edit made, parsed as the file is, and its offset in
   * that text (or undefined: it parses): for a rule to offer a repair only where the platform's
   * parser then gets past the mistake.
   */
  parseErrorAfter(
    file: string,
    edit: { range: readonly [number, number]; text: string },
  ): { reason: string; offset: number } | undefined;
  /**
   * A file's text with edits made (ranges in the text as it is, none overlapping), parsed as the
   * file is: its parse error, if any, at that text's places: for a rule to go past a mistake.
   */
  pageParseAfter(file: string, edits: readonly TextEdit[]): { error?: PageParseError; source: SourceFile };
  /** The .jsx and .tsx files of the folder (snippets a page may import), walked as pages are, in path order. */
  scriptFiles(): readonly string[];
  /** The files of the folder that are neither pages nor scripts (images, PDFs, specs…), walked as pages are, in path order: listed only for a did-you-mean. */
  assetFiles(): readonly string[];
  /** The .json, .yaml and .yml files of the folder (of assetFiles), which the platform parses every one of, in path order. */
  dataFiles(): readonly string[];
  /** What the platform's reading of a data file (relative path) finds: whether it parses, whether it is a spec or an overlay, a spec's external `$ref`s. */
  dataFacts(file: string): DataFacts;
  /** A file of the site (relative path) to report a finding in; its text is read only if needed. */
  sourceFile(file: string): SourceFile;
}
