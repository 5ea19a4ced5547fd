/** What the MDX parse of a page gives the rules (src/parsers/mdx.ts makes it): plain data, cached and sent between threads. */

/** Bumped whenever what a PageParse holds or how it is worked out changes: cached parses of another version are not used. */
export const pageParseVersion = 3;

/** A place in a page: 1-based line and column (UTF-16 units), in the page's own text. */
export interface PagePosition {
  line: number;
  column: number;
}

/** Why a page does not parse, as the platform's parser says it, at the page's own position. */
export interface PageParseError {
  reason: string;
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

export interface PageParse {
  /** Absent when the page parses. */
  error?: PageParseError;
  /** Why the frontmatter is not YAML, as the platform's frontmatter parser (front-matter 4, js-yaml 3) says it; absent when it is. */
  frontmatterError?: PageParseError;
  /** The page's imports, in order (none when it does not parse). */
  imports?: PageImport[];
  /** The names it exports (`export const X`, `export function X`, `export { X }`), and whether it has a default export. */
  exports?: { names: string[]; default: boolean };
}
