/** What the MDX parse of a page gives the rules (src/parsers/mdx.ts makes it): plain data, cached and sent between threads. */

/** Bumped whenever what a PageParse holds or how it is worked out changes: cached parses of another version are not used. */
export const pageParseVersion = 16;

/** A place in a page: 1-based line and column (UTF-16 units), in the page's own text. */
export interface PagePosition {
  line: number;
  column: number;
}

/** Why a page does not parse, as the platform's parser says it, at the page's own position. */
export interface PageParseError {
  reason: string;
  /** The mistake in plain words, with what to write instead, where the parser's `reason` does not say it. */
  hint?: string;
  start: PagePosition;
  end?: PagePosition;
  /** The parser's id of the mistake (`unexpected-character`, `end-tag-mismatch`, `acorn`…) and its package. */
  ruleId?: string;
  source?: string;
}

/** One name an import binds: `import A` (default), `import { B as C }` (named B, local C), `import * as N` (namespace). */
export interface ImportedName {
  kind: 'default' | 'named' | 'namespace';
  /** The exported name, for a named import. */
  imported?: string;
  local: string;
  /** Where the name is written: the exported name of a named import (`A` of `A as B`), the local name of a default import, `* as N` of a namespace import. */
  start: PagePosition;
  end: PagePosition;
}

/** An `import … from '…'` of the page, where it is and what it binds. */
export interface PageImport {
  source: string;
  /** The whole declaration. */
  start: PagePosition;
  end: PagePosition;
  /** The quoted source string. */
  sourceStart: PagePosition;
  sourceEnd: PagePosition;
  names: ImportedName[];
}

/**
 * A comment that turns rules off for part of a page: `{/* navlint-disable-next-line page-link -- why *\/}`
 * in the MDX, `# navlint-disable-line frontmatter-type` in the frontmatter. `disable` reaches to the
 * page's end or the next `enable` of the rule; the `-line` kinds, its own line or the next.
 */
export interface PageDirective {
  kind: 'disable' | 'enable' | 'disable-line' | 'disable-next-line';
  /** The rule ids it names, each where it is written; none: every rule. */
  rules: { id: string; start: PagePosition; end: PagePosition }[];
  /** What follows `--`: why, kept with what the directive suppresses. */
  reason?: string;
  /** The whole comment, its braces included. */
  start: PagePosition;
  end: PagePosition;
}

export interface PageParse {
  /** Absent when the page parses. */
  error?: PageParseError;
  /** Why the frontmatter is not YAML, as the platform's frontmatter parser (front-matter 4, js-yaml 3) says it; absent when it is. */
  frontmatterError?: PageParseError;
  /** The page's imports (a script's too), in order (none when it does not parse). */
  imports?: PageImport[];
  /** What it exports, as the platform finds exports in a snippet (@mintlify/common's findExport and getExportMapFromTree). */
  exports?: PageExports;
  /** The top-level fields of the frontmatter as the platform's parser reads them (absent when there are none or it is not YAML). */
  frontmatter?: FrontmatterField[];
  /** The ids a reader's browser can land on in the page (`#id`), as the platform renders it: headings, components, elements' `id`s (none when it does not parse). */
  anchors?: string[];
  /** The page's links as written, in order (none when it does not parse). */
  links?: PageLink[];
  /** The comments that turn rules off in the page, in order (absent when none). */
  directives?: PageDirective[];
  /** What the accessibility rules read of the page: its images, bare links and headings (none when it does not parse). */
  a11y?: PageA11y;
  /** Every top-level node is YAML frontmatter or an import/export block: the file has no content of its own to render. */
  onlyEsm?: true;
  /**
   * The import sources the platform's file scan finds in the text (categorizeFilePaths' getImportSources:
   * `import … '…'` lines outside code fences, read from the parse when a line is not that simple, even
   * in a file that does not parse), by which it tells a file imported as a snippet; absent when none.
   */
  importScan?: string[];
}

/**
 * A PageParse as its JSON text: what a worker thread sends, and how a parse is held until a rule
 * reads it. A cold run keeps every page's parse while the workers' heaps are at their largest: as
 * one string each, a few hundred bytes, where its objects take several times that.
 */
export type PackedParse = string;

export const packParse = (parse: PageParse): PackedParse => JSON.stringify(parse);

/** A parse as a rule reads it, whether held packed or not. */
export const unpackParse = (parse: PageParse | PackedParse): PageParse =>
  typeof parse === 'string' ? (JSON.parse(parse) as PageParse) : parse;

/** How the platform parses a file, beyond its text. */
export interface ParseOptions {
  /** A .jsx or .tsx file: parsed as JavaScript with JSX (types stripped from .tsx), not as MDX. */
  script?: 'jsx' | 'tsx';
  /** docs.json's `variables`, put into the text before the parse (`{{name}}`), as the platform does in snippets. */
  variables?: Record<string, string>;
}

export interface PageExports {
  /**
   * The names another file can import by name: `export const/let/var X`, `export function X`,
   * `export class X`, and `export { x as X }` of a declaration in the same ESM block (the platform
   * looks for the declaration there; `export … from` and `export *` export nothing to it).
   */
  names: string[];
  /** It has a default export (`export default …`, or `export { x as default }` as above). */
  default: boolean;
  /**
   * Per exported name (and `default`), a hash of its definition as the platform compares two of a
   * name: the declaration's text with its spaces collapsed, without `export` and a final `;`, and
   * with the declared name itself left out (an import `{ A as B }` renames it).
   */
  definitions: Record<string, string>;
}

/** The kind of a YAML value as js-yaml 3 makes it (`date` for an unquoted timestamp such as 2024-01-31). */
export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'date' | 'array' | 'object';

/** One top-level field of a page's frontmatter. */
export interface FrontmatterField {
  key: string;
  kind: ValueKind;
  /** An array's items' kinds. */
  items?: ValueKind[];
  /** An object's fields' kinds. */
  fields?: Record<string, ValueKind>;
  /** The key's line (the key starts it). */
  line: number;
  /** Where the value is written on the key's line, quotes included: its first and last-plus-one columns (absent for a block value or none). Compact: every page's fields are cached. */
  value?: [start: number, end: number];
  /** The value is quoted. */
  quoted?: true;
}

/**
 * A link of a page: its URL as the parser read it, where that URL is written (line, first column and
 * the column after it, on that line), and what holds it: '' a Markdown link, '!' an image, ':' a
 * reference definition ('!:' one only images use), else the element and attribute (`Card href`, `img src`); 'agents' when
 * only agents see it (inside `<Visibility for="agents">`: in the page's Markdown, not on the rendered
 * page); 'expression' last when an attribute's value is an expression (`href={"./a"}`), which the
 * platform renders as written where it rewrites a string's relative URL. A tuple: every page's links
 * are cached, a site may have hundreds of thousands.
 */
export type PageLink = [
  url: string,
  line: number,
  column: number,
  endColumn: number,
  holder: string,
  audience?: 'agents' | null,
  value?: 'expression',
];

/** Where a node is written: its first line and column (the place the platform reports), and where it ends. */
export type PageRange = [line: number, column: number, endLine: number, endColumn: number];

/**
 * An attribute as the element has it: its string; `true` when it is there but no string the parse can
 * read (an expression, `alt={x}`, or none, `<img alt />`). Absent when the element lacks it.
 */
export type AttributeValue = string | true;

/** A Markdown image, or an `<img>`, `<video>` or `<iframe>` element. */
export interface PageMedia {
  /** `!` for a Markdown image, else the element's name. */
  tag: string;
  /** A Markdown image's whole text; an element's `<name`. */
  at: PageRange;
  /** A Markdown image's text (`''` for `![](…)`), an element's first `alt`. */
  alt?: AttributeValue;
  src?: AttributeValue;
  /** An element's `title`. */
  title?: AttributeValue;
  /** An element's `aria-label`, or `aria-labelledby` when it has no `aria-label`. */
  label?: AttributeValue;
  /** Only agents see it (inside `<Visibility for="agents">`). */
  agents?: true;
}

/**
 * A link with no text inside it (no text node that is not blank, as the platform's check of `<a>`
 * reads it): a Markdown link (`[](…)`, `[![](…)](…)`), an `<a>`, or a `<Card href>` (whose `title`
 * counts as its text).
 */
export interface PageBareLink {
  /** `''` for a Markdown link (or reference), else the element's name. */
  tag: string;
  /** A Markdown link's whole text; an element's `<name`. */
  at: PageRange;
  /** What gives it a name for a screen reader all the same: `alt` (an image's), `code`, `aria-label`, `title`, `expression` (`{…}`, unknown until rendered). */
  name?: string;
  /** How many images inside it have no alt text (none, or blank). */
  emptyImages?: number;
  /** An `<a>` with no `href`: an anchor to link to (`<a id="x" />`), no link. */
  noHref?: true;
  agents?: true;
}

/** A heading the page writes: its level (1–6), where it is, and `agents` when only agents see it. */
export type PageHeading = [
  level: number,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  audience?: 'agents',
];

export interface PageA11y {
  media?: PageMedia[];
  bareLinks?: PageBareLink[];
  /** Markdown headings and `<h1>`–`<h6>` elements, in order. */
  headings?: PageHeading[];
  /** The frontmatter's `mode` when it renders no title (`custom`, `frame`). */
  untitled?: string;
}
