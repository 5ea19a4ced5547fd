import type { PageA11y, PageParse, PageRange } from '../parsers/page-parse';
import type { SourceFile, Span } from '../parsers/source';
import type { SiteIndex } from '../site/site-index';

/** A page `mint a11y` checks, with what its parse says of its images, links and headings. */
export interface A11yPage {
  file: string;
  parse: PageParse;
  a11y: PageA11y;
  /** The span of a range of the page. */
  spanOf(at: PageRange): Span;
}

/**
 * The pages among `files` that `mint a11y` checks (@mintlify/cli's mdxAccessibility.js: the
 * platform's pages, not its snippets), each that has images, links without text or headings.
 */
export function* a11yPages(site: SiteIndex, files: readonly string[]): Generator<A11yPage> {
  for (const file of files) {
    if (site.isSnippet(file)) continue;
    const parse = site.pageParse(file);
    const { a11y } = parse;
    if (!a11y) continue;
    let source: SourceFile | undefined;
    const spanOf = ([line, column, endLine, endColumn]: PageRange): Span => {
      source ??= site.sourceFile(file);
      const offset = source.offsetAt(line, column);
      return { file: source, offset, length: Math.max(0, source.offsetAt(endLine, endColumn) - offset) };
    };
    yield { file, parse, a11y, spanOf };
  }
}

/** An alt text, a title or a label that says nothing: none, or blank (an expression says something). */
export const isBlank = (value: string | true | undefined): boolean =>
  value === undefined || (value !== true && value.trim() === '');
