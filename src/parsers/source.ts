/** A file navlint read, with offset → line/column conversion (1-based, UTF-16 columns like ESLint and LSP). */
export class SourceFile {
  private lineStarts: number[] | undefined;

  constructor(
    /** Absolute path. */
    readonly path: string,
    /** The text, or how to read it when first asked (a page whose cached frontmatter needs no reading). */
    private content: string | (() => string),
  ) {}

  get text(): string {
    if (typeof this.content === 'function') this.content = this.content();
    return this.content;
  }

  /** For a tree patched in place after an edit (src/lsp/incremental.ts): its nodes keep pointing here. */
  replaceText(text: string): void {
    this.content = text;
    this.lineStarts = undefined;
  }

  position(offset: number): { line: number; column: number } {
    if (offset <= 0) return { line: 1, column: 1 }; // a finding at a file's start: its text need not be read
    const starts = this.lines();
    let clamped = Math.max(0, Math.min(offset, this.text.length));
    // Between the \r and the \n of a CRLF is still the end of that line, not a column past it.
    if (this.text.charCodeAt(clamped) === 10 && this.text.charCodeAt(clamped - 1) === 13) clamped--;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    const lineStart = low === 0 ? this.firstColumnAt() : starts[low];
    return { line: low + 1, column: Math.max(clamped, lineStart) - lineStart + 1 };
  }

  /**
   * Offset of a 1-based line and column; the inverse of position(). A column past the end of its line
   * is the line's end (before its \n or \r\n), never a place on the next line.
   */
  offsetAt(line: number, column: number): number {
    const starts = this.lines();
    const index = Math.max(0, Math.min(line - 1, starts.length - 1));
    const start = index === 0 ? this.firstColumnAt() : starts[index];
    const text = this.text;
    let end = text.length;
    if (index + 1 < starts.length) {
      end = starts[index + 1] - 1; // the \n, or a lone \r
      if (text.charCodeAt(end) === 10 && text.charCodeAt(end - 1) === 13 && end - 1 >= start) end--;
    }
    return Math.max(start, Math.min(start + column - 1, end));
  }

  /**
   * Where the first line's first column is: after a byte order mark, which editors do not show and
   * the MDX parser drops (its columns count from after it), as ESLint counts columns.
   */
  private firstColumnAt(): number {
    return this.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  private lines(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const text = this.text;
      if (!text.includes('\r')) {
        // The common case, found by the engine's indexOf rather than a loop over every character.
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      } else {
        for (let i = 0; i < text.length; i++) {
          const ch = text.charCodeAt(i);
          // \r\n counts once; a lone \r ends a line too, as in editors.
          if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
        }
      }
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}

/** Where a span starts, for a message about another place: `line 3`, or `fr.json, line 3` in another file. */
export function lineOf(span: Span, from: SourceFile): string {
  const { line } = span.file.position(span.offset);
  return span.file === from ? `line ${line}` : `${span.file.path.split(/[\\/]/).pop()}, line ${line}`;
}

/** A stretch of a source file that a finding points at. */
export interface Span {
  file: SourceFile;
  offset: number;
  length: number;
}
