/**
 * A page parsed a part at a time, with the tree the parse of the whole text gives. The parser's
 * working state (micromark's events) takes several times the tree it builds, over a hundred
 * megabytes for a page of several hundred kilobytes, and outlives the young generation's collections
 * while the page is parsed; parsed in parts of a few kilobytes, a page needs no more than its tree
 * and the state of one part, and that state dies young: less memory and less time collecting it.
 *
 * A text is cut only where nothing the parser holds open goes on past the cut: before a line at the
 * start of a block at the top of the page (a heading, a paragraph, a component, an expression) after
 * a blank line, outside fenced code and math and outside every component (by a count of its tags).
 * A part that does not parse, or whose fenced code or math runs to its end, means the guess was
 * wrong (or the page has an error, whose place and words are the whole parse's): the whole text is
 * parsed then. So is a text with a definition (`[x]: /url`, `[^1]:`), which reaches across the page.
 */

/** When a text is parsed in parts, and how large they are. */
export interface PartSizes {
  /** Below this size a text is parsed whole: the parser's state for it is small. */
  from: number;
  /** About how much text each part holds. */
  size: number;
}

export const partSizes: PartSizes = { from: 8 * 1024, size: 4 * 1024 };

export interface Point {
  line: number;
  column: number;
  offset?: number;
}

export interface TreeNode {
  type: string;
  children?: TreeNode[];
  position?: { start: Point; end: Point };
}

/** A line that may define a link reference or a footnote, in any container. */
const definitionLine = /^[ \t>*+\-\d.)]*\[[^\]\n]*\]:/m;
/** What a line after a blank line may start with to begin a block at the top of the page. */
const blockStart = /[<#A-Za-z![{]/;
/** An opening or closing fence of code (``` or ~~~) or of math ($$), after its container's marks. */
const fenceLine = /^(?:[ \t]*(?:>|[*+-][ \t]|\d{1,9}[.)][ \t]))*[ \t]*(`{3,}|~{3,}|\${2,})(.*)$/;
/** A tag of a component or element: `<A …>`, `</A>`, `<A … />`, `<>`, `</>`. */
const tag = /<(\/?)([A-Za-z][\w.:-]*)?((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?)(\/?)>/g;
/** Inline code, whose tags are text. */
const codeSpan = /(`+)[^`]+?\1(?!`)/g;

/**
 * The offsets where `text` may be cut into parts of about `size` characters (see the module's
 * comment); none when it must be parsed whole.
 */
export function partBoundaries(text: string, size = partSizes.size): number[] {
  if (definitionLine.test(text)) return [];
  const cuts: number[] = [];
  let fence: { mark: string; length: number } | undefined;
  let depth = 0;
  /** The start of a tag whose `>` is on a later line. */
  let openTag = '';
  let previousBlank = false;
  let partStart = 0;
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(at, end);
    const blank = line.trim() === '';
    if (
      !fence &&
      depth === 0 &&
      openTag === '' &&
      previousBlank &&
      at - partStart >= size &&
      blockStart.test(line[0] ?? '') &&
      text.length - at >= size / 2
    ) {
      cuts.push(at);
      partStart = at;
    }
    const found = fenceLine.exec(line);
    if (fence) {
      if (found && found[1]![0] === fence.mark && found[1]!.length >= fence.length && found[2]!.trim() === '')
        fence = undefined;
    } else if (found && !(found[1]![0] === '`' && found[2]!.includes('`'))) {
      fence = { mark: found[1]![0]!, length: found[1]!.length };
    } else if (!blank || openTag) {
      const tags = tagsOf(`${openTag}${line}\n`);
      depth = Math.max(0, depth + tags.change);
      openTag = tags.open;
    }
    previousBlank = blank;
    at = end + 1;
  }
  return cuts;
}

/** A tag's start with no `>` yet. */
const tagStart = /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?$/;
/** Past this length, a tag's start is taken for text: a tag is not that long. */
const longestTag = 4096;

/**
 * How many elements a text opens, less those it closes, and the start of a tag it leaves open (to
 * be read with the next line).
 */
function tagsOf(text: string): { change: number; open: string } {
  if (!text.includes('<')) return { change: 0, open: '' };
  const read = text.replace(codeSpan, '');
  let change = 0;
  let last = 0;
  for (const found of read.matchAll(tag)) {
    if (found[1]) change--;
    else if (!found[4]) change++;
    last = found.index + found[0].length;
  }
  const open = tagStart.exec(read.slice(last))?.[0] ?? '';
  return { change, open: open.length > longestTag ? '' : open };
}

/** The length of the longest part `parseInParts` would parse `text` in (the whole text's when it is not cut). */
export function longestPart(text: string, sizes = partSizes): number {
  const cuts = text.length >= sizes.from ? partBoundaries(text, sizes.size) : [];
  let longest = 0;
  [0, ...cuts].forEach((start, i) => {
    longest = Math.max(longest, (cuts[i] ?? text.length) - start);
  });
  return longest;
}

/**
 * The tree of `text` as `parse` makes it of the whole text, made a part at a time when the text is
 * large and can be cut (see the module's comment). Throws what the whole parse throws.
 */
export function parseInParts<T extends TreeNode>(text: string, parse: (text: string) => T, sizes = partSizes): T {
  const cuts = text.length >= sizes.from ? partBoundaries(text, sizes.size) : [];
  if (cuts.length === 0) return parse(text);
  const parts = joinedParts(text, cuts, parse);
  return parts ?? parse(text);
}

/** The tree of the parts put together, or undefined when a part shows the cut was wrong. */
function joinedParts<T extends TreeNode>(text: string, cuts: number[], parse: (text: string) => T): T | undefined {
  const starts = [0, ...cuts];
  const children: TreeNode[] = [];
  let root: T | undefined;
  let line = 1;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = starts[i + 1] ?? text.length;
    const part = text.slice(start, end);
    let tree: T;
    try {
      tree = parse(part);
    } catch {
      return undefined;
    }
    if (end < text.length && runsToEnd(tree, part)) return undefined;
    if (i > 0) shiftPlaces(tree.children ?? [], line - 1, start);
    for (const child of tree.children ?? []) children.push(child);
    root ??= tree;
    line += countLines(part);
  }
  root!.children = children;
  root!.position = { start: { line: 1, column: 1, offset: 0 }, end: endPoint(text) };
  return root;
}

/** Whether fenced code or math in the tree was left open at the part's end (it would go on past the cut). */
function runsToEnd(tree: TreeNode, part: string): boolean {
  const contentEnd = part.trimEnd().length;
  let open = false;
  const visit = (node: TreeNode): void => {
    if ((node.type === 'code' || node.type === 'math') && (node.position?.end.offset ?? 0) >= contentEnd) {
      const written = part.slice(node.position!.start.offset, node.position!.end.offset).split('\n');
      const opening = fenceLine.exec(written[0] ?? '');
      const closing = fenceLine.exec(written[written.length - 1] ?? '');
      const closed =
        written.length > 1 &&
        opening &&
        closing &&
        closing[1]![0] === opening[1]![0] &&
        closing[1]!.length >= opening[1]!.length &&
        closing[2]!.trim() === '';
      if (!closed) open = true;
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return open;
}

/** A line ending as the parser reads one: a lone carriage return ends a line too. */
const lineEnding = /\r\n|\r|\n/g;

const countLines = (text: string) => text.match(lineEnding)?.length ?? 0;

/** The point after the last character of a text, as the parser gives its root's end. */
function endPoint(text: string): Point {
  const lastLine = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return { line: countLines(text) + 1, column: text.length - lastLine, offset: text.length };
}

/**
 * Moves every place in a part's nodes (unist points, and estree's offsets, ranges and lines in an
 * expression's or ESM's program) by the lines and characters before the part. A part starts at a
 * line's start, so columns stay.
 */
function shiftPlaces(nodes: readonly TreeNode[], lines: number, offset: number): void {
  const seen = new WeakSet<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.line === 'number' && typeof record.column === 'number') {
      record.line += lines;
      if (typeof record.offset === 'number') record.offset += offset;
      return;
    }
    if (typeof record.type === 'string' && typeof record.start === 'number' && typeof record.end === 'number') {
      record.start += offset;
      record.end += offset;
      if (Array.isArray(record.range)) record.range = record.range.map((at: number) => at + offset);
    }
    for (const key in record) visit(record[key]);
  };
  visit(nodes);
}
