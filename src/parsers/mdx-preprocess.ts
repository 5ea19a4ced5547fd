/**
 * The two text passes the platform makes over a page before its MDX parse (`getAST` in
 * @mintlify/common 1.0.1182, ISC licence; behaviour ported, line for line where it matters), so that
 * a page parses in navlint exactly when it parses there:
 * - a heading that ends in `{#id}` becomes `<hN id="id">` / text / `</hN>` (three lines for one);
 * - inside an `<MDX>` body, `<`, `>`, `{` and `}` of code (fences and inline spans) become character
 *   references.
 * The result keeps, for each of its lines, the line of the page it came from: errors are reported
 * at the page's own lines.
 */
export interface Preprocessed {
  text: string;
  /** The page's line (1-based) of each line of `text` (index 0 is line 1); undefined when no line moved. */
  sourceLines?: number[];
  /** How many columns to the right each line of `text` stood in the page (a heading's text lost its `## `). */
  columnShifts?: number[];
  /**
   * The column in the page's own line (1-based) of a column in that line as the `<MDX>` code pass
   * left it, where an entity (`&lt;`, `&#123;`) stands for one character; undefined when that pass
   * changed nothing.
   */
  sourceColumn?: (line: number, column: number) => number;
}

const headingIdLine = /^( {0,3})(#{1,6})\s+(.+?)\s*\{\s*#([^}]+?)\s*\}\s*$/;
// Inside an `<MDX>` body, which the platform dedents before parsing, any indent may precede a heading.
const mdxHeadingIdLine = /^(\s*)(#{1,6})\s+(.+?)\s*\{\s*#([^}]+?)\s*\}\s*$/;
// `<MDX>` or `<MDX className="x">`; not `<MDX />` and not `<MDXProvider>`.
const mdxOpen = /<MDX(?:\s[^>]*[^/>\s])?\s*>/g;
const mdxClose = /<\/MDX\s*>/g;
const commentMask = /(`+).*?\1|"[^"\n]*"/g;
const customIdStrip = /[<>"&?,;:!'()[\]{}]/g;
const emoji =
  /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;
const codeEscapes: Record<string, string> = { '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' };
const inlineCode = /(`+)([^`]+)\1(?!`)/g;
const quotedRun = /"[^"\n]*"|'[^'\n]*'/g;

export function preprocessMdx(content: string): Preprocessed {
  const escaped = mdxFragmentCode(content);
  const preprocessed = customHeadingIds(escaped);
  if (escaped === content) return preprocessed;
  const pageLines = content.split('\n');
  const escapedLines = escaped.split('\n');
  return {
    ...preprocessed,
    sourceColumn: (line, column) => unescapedColumn(pageLines[line - 1] ?? '', escapedLines[line - 1] ?? '', column),
  };
}

/**
 * The column in a page's line of a column in the same line after its code was escaped: the two
 * differ only where one of `<>{}` became its entity, so they are walked side by side; a column
 * inside an entity is its character's.
 */
function unescapedColumn(page: string, escaped: string, column: number): number {
  if (page === escaped) return column;
  const target = column - 1;
  let i = 0;
  let j = 0;
  while (j < target && i < page.length) {
    const entity = escaped[j] === page[i] ? undefined : codeEscapes[page[i]];
    if (entity === undefined || !escaped.startsWith(entity, j)) {
      i++;
      j++;
      continue;
    }
    if (j + entity.length > target) return i + 1;
    i++;
    j += entity.length;
  }
  return i + 1 + (target - j);
}

/** A fence that opens a code block: its character and length, on a line with its indent removed. */
export function openingFence(stripped: string): { char: string; count: number } | undefined {
  const char = stripped[0];
  if (char !== '`' && char !== '~') return undefined;
  let count = 1;
  while (count < stripped.length && stripped[count] === char) count++;
  return count < 3 ? undefined : { char, count };
}

export function isClosingFence(stripped: string, char: string, count: number): boolean {
  let i = 0;
  while (i < stripped.length && stripped[i] === char) i++;
  if (i < count) return false;
  return /^[ \t\r]*$/.test(stripped.slice(i));
}

function customHeadingIds(content: string): Preprocessed {
  const lines = content.split('\n');
  const result: string[] = [];
  const sourceLines: number[] = [];
  const columnShifts: number[] = [];
  let moved = false;
  let fence: { char: string; count: number } | undefined;
  let mdxDepth = 0;
  let inComment = false;
  lines.forEach((line, index) => {
    const emit = (...out: string[]) => {
      for (const text of out) {
        result.push(text);
        sourceLines.push(index + 1);
        columnShifts.push(0);
      }
    };
    const stripped = line.trimStart();
    if (fence) {
      if (isClosingFence(stripped, fence.char, fence.count)) fence = undefined;
      return emit(line);
    }
    const opening = !inComment && openingFence(stripped);
    if (opening) {
      fence = opening;
      return emit(line);
    }
    const scanned = scanComments(line, inComment);
    const commented = inComment || scanned.inComment;
    inComment = scanned.inComment;
    const heading = commented ? null : (mdxDepth > 0 ? mdxHeadingIdLine : headingIdLine).exec(line);
    if (heading?.[2] && heading[3] && heading[4]) {
      const [, indent = '', hashes, text, id] = heading;
      moved = true;
      emit(
        `${indent}<h${hashes.length} id="${normalizeCustomId(id)}">`,
        `${indent}${text}`,
        `${indent}</h${hashes.length}>`,
      );
      columnShifts[columnShifts.length - 2] = line.indexOf(text, indent.length + hashes.length) - indent.length;
      return;
    }
    mdxDepth = Math.max(
      0,
      mdxDepth + (scanned.visible.match(mdxOpen)?.length ?? 0) - (scanned.visible.match(mdxClose)?.length ?? 0),
    );
    emit(line);
  });
  return moved ? { text: result.join('\n'), sourceLines, columnShifts } : { text: content };
}

function normalizeCustomId(raw: string): string {
  return raw.trim().replace(customIdStrip, '').replace(emoji, '').replace(/\s+/g, '-');
}

/** The text of a line outside `{/* … *\/}` comments, and whether the line ends inside one. */
function scanComments(line: string, inComment: boolean): { visible: string; inComment: boolean } {
  const masked = line.replace(commentMask, (span) => ' '.repeat(span.length));
  let visible = '';
  let pos = 0;
  for (;;) {
    if (inComment) {
      const close = line.indexOf('*/', pos);
      if (close === -1) return { visible, inComment };
      pos = close + 2;
    }
    const open = masked.indexOf('{/*', pos);
    if (open === -1) return { visible: visible + line.slice(pos), inComment: false };
    visible += line.slice(pos, open);
    pos = open + 3;
    inComment = true;
  }
}

const escapeCode = (text: string) => text.replace(/[<>{}]/g, (char) => codeEscapes[char] ?? char);

function mdxFragmentCode(content: string): string {
  if (!content.includes('<MDX')) return content;
  const result: string[] = [];
  let fence: { char: string; count: number } | undefined;
  let mdxDepth = 0;
  let changed = false;
  for (const line of content.split('\n')) {
    const stripped = line.trimStart();
    if (fence) {
      const closing = isClosingFence(stripped, fence.char, fence.count);
      if (closing) fence = undefined;
      const out = !closing && mdxDepth > 0 ? escapeCode(line) : line;
      changed ||= out !== line;
      result.push(out);
      continue;
    }
    const opening = openingFence(stripped);
    if (opening) {
      fence = opening;
      result.push(line);
      continue;
    }
    const processed = proseLine(line, mdxDepth);
    changed ||= processed.line !== line;
    mdxDepth = processed.depth;
    result.push(processed.line);
  }
  return changed ? result.join('\n') : content;
}

/**
 * Escapes the inline code spans of a line that sit inside an `<MDX>` body, and gives the `<MDX>`
 * depth after the line: a tag inside a code span or a quoted string is no tag.
 */
function proseLine(line: string, depth: number): { line: string; depth: number } {
  const spans = [...line.matchAll(inlineCode)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    ticks: m[1],
    code: m[2],
  }));
  const inSpan = (index: number) => spans.some((span) => index >= span.start && index < span.end);
  const masked = spans.reduce(
    (text, span) => text.slice(0, span.start) + ' '.repeat(span.end - span.start) + text.slice(span.end),
    line,
  );
  const quoted = [...masked.matchAll(quotedRun)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const inQuoted = (index: number) => quoted.some((run) => index > run.start && index < run.end - 1);
  const tags = [
    ...[...line.matchAll(mdxOpen)].map((m) => ({ index: m.index!, open: true })),
    ...[...line.matchAll(mdxClose)].map((m) => ({ index: m.index!, open: false })),
  ]
    .filter((tag) => !inSpan(tag.index) && !inQuoted(tag.index))
    .sort((a, b) => a.index - b.index);
  const depthAt = (position: number) => {
    let current = depth;
    for (const tag of tags) {
      if (tag.index >= position) break;
      current = Math.max(0, current + (tag.open ? 1 : -1));
    }
    return current;
  };
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out += line.slice(cursor, span.start);
    out +=
      depthAt(span.start) > 0 ? `${span.ticks}${escapeCode(span.code)}${span.ticks}` : line.slice(span.start, span.end);
    cursor = span.end;
  }
  return { line: out + line.slice(cursor), depth: depthAt(line.length) };
}
