import { isPlatformComponent } from '../parsers/page-anchors';
import type { PageParseError } from '../parsers/page-parse';
import type { SourceFile } from '../parsers/source';

/**
 * The mistakes writers make in MDX, as the parser's errors show them (rules/mdx-syntax.md is their
 * catalogue). Each is named by what the writer wrote, not by what the parser expected.
 */
export type MdxMistakeKind =
  | 'lessThan'
  | 'htmlComment'
  | 'openBrace'
  | 'expression'
  | 'esmWord'
  | 'voidTag'
  | 'capitalVoidTag'
  | 'unclosedTag'
  | 'codeTag'
  | 'mismatchedTag'
  | 'strayClosingTag'
  | 'unclosedQuote'
  | 'typeArguments'
  | 'other';

/** An element's opening tag in the text: its name and where it is. */
export interface OpenTag {
  name: string;
  start: number;
  end: number;
}

export interface MdxMistake {
  kind: MdxMistakeKind;
  /** The offending characters, in the text. */
  range: [number, number];
  /** What the message names (the tag, the character), as text. */
  data: Record<string, string>;
  /** The element left open (an unclosed tag, or the one a mismatched closing tag finds open). */
  open?: OpenTag;
  /** Where the parser looked for the open element's end: the end of the block it is in (a paragraph), if not the file's. */
  containerEnd?: number;
  /** For an unclosed `{`: each `{` before the error that no `}` closes, first first (one may sit in a URL). */
  braces?: number[];
}

/** The kind of mistake a parse error shows, and the characters it is about, in `source`'s text. */
export function mdxMistake(error: PageParseError, source: SourceFile): MdxMistake {
  const offset = source.offsetAt(error.start.line, error.start.column);
  const end = error.end ? source.offsetAt(error.end.line, error.end.column) : offset;
  const found = { error, source, text: source.text, offset, end };
  for (const match of matchers) {
    const mistake = match(found);
    if (mistake) return mistake;
  }
  return { kind: 'other', range: [offset, Math.max(end, offset)], data: {} };
}

interface FoundError {
  error: PageParseError;
  source: SourceFile;
  text: string;
  /** Where the parser put the error, and where it ends. */
  offset: number;
  end: number;
}

type Matcher = (found: FoundError) => MdxMistake | undefined;

/** `<` before a character that cannot start a tag's name: a comparison, an arrow, an HTML comment. */
const lessThan: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  const next = /^Unexpected character `(.+?)` \(U\+\w+\) before name,/.exec(error.reason)?.[1];
  if (next === undefined || text[offset - 1] !== '<') return undefined;
  if (text.startsWith('<!--', offset - 1)) {
    const close = text.indexOf('-->', offset + 3);
    return { kind: 'htmlComment', range: [offset - 1, close < 0 ? offset + 3 : close + 3], data: {} };
  }
  return { kind: 'lessThan', range: [offset - 1, offset], data: { next } };
};

/** A `{` in the prose that no `}` closes: the parser stops where the text ends, the brace is before. */
const openBrace: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  if (!/expected a corresponding closing brace for `\{`/.test(error.reason)) return undefined;
  const braces = unclosedBraces(text, offset);
  const brace = braces[0];
  return { kind: 'openBrace', range: brace === undefined ? [offset, offset] : [brace, brace + 1], data: {}, braces };
};

/** Braces around text that is not JavaScript (`{"a": 1}` in prose); or a line that starts with `import`/`export`. */
const expression: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  if (error.reason === 'Could not parse import/exports with acorn') {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const line = text.slice(lineStart, text.indexOf('\n', lineStart) >>> 0);
    const word = /^(import|export)\b/.exec(line)?.[1];
    // A statement with a mistake in its JavaScript is not prose: the parser's words and place say it.
    if (!word || esmStatement.test(line)) return undefined;
    return {
      kind: 'esmWord',
      range: [lineStart, lineStart + word.length],
      data: { word, capital: word[0].toUpperCase() + word.slice(1) },
    };
  }
  if (error.reason !== 'Could not parse expression with acorn') return undefined;
  const open = enclosingBrace(text, offset);
  if (open === undefined) return undefined;
  const close = matchingBrace(text, open);
  const written = text.slice(open, close + 1);
  return {
    kind: 'expression',
    range: [open, close + 1],
    data: { expression: written.length > 40 ? `${written.slice(0, 37)}…` : written },
  };
};

/** How an `import` or `export` statement starts, as opposed to prose that starts with the word. */
const esmStatement =
  /^(?:import\s*(?:[{*"']|[\w$]+\s*(?:,|from\b))|export\s*(?:[{*]|(?:const|let|var|function|class|default|async|type|interface)\b))/;

/** "Expected a closing tag for `<x>`": an HTML void element, a dropped backtick, or a tag never closed. */
const unclosed: Matcher = ({ error, source, text, offset, end }): MdxMistake | undefined => {
  const found =
    /^Expected a closing tag for `<([^`>\s]*)[^`]*`(?: \((\d+):(\d+)-(\d+):(\d+)\))?(?: before the end of `(\w+)`)?/.exec(
      error.reason,
    );
  if (!found?.[1]) return undefined;
  const [, name, startLine, startColumn, endLine, endColumn, container] = found;
  const start = startLine ? source.offsetAt(Number(startLine), Number(startColumn)) : offset;
  const tagEnd = endLine ? source.offsetAt(Number(endLine), Number(endColumn)) : endOfTag(text, start);
  const open = { name, start, end: tagEnd };
  const base = { range: [start, tagEnd] as [number, number], open, ...(container ? { containerEnd: end } : {}) };
  const empty = voidTag(open, text);
  if (empty) return empty;
  if (inOpenCode(text, start)) return { kind: 'codeTag', ...base, data: { name } };
  const asText = mayBeText(name) ? `, or write &lt;${name}> if it is text` : '';
  const where = container
    ? `before the end of its ${containerNames[container] ?? container}`
    : 'where its content ends';
  return { kind: 'unclosedTag', ...base, data: { name, where, asText } };
};

/**
 * An HTML void element written as in HTML (`<br>`), at its tag: lowercase, it is the element; in
 * capitals, MDX takes it for a component (which the page would have to import), unless it is one of
 * the platform's own (`<Link>`).
 */
function voidTag(open: OpenTag, text: string): MdxMistake | undefined {
  const { name, start, end } = open;
  const lower = name.toLowerCase();
  if (!voidElements.has(lower) || text[end - 1] !== '>') return undefined;
  const attributes = text.slice(start + 1 + name.length, end - 1).trimEnd();
  const closed = `<${lower}${attributes} />`;
  const base = { range: [start, end] as [number, number], open, data: { name, closed } };
  if (name === lower) return { kind: 'voidTag', ...base };
  return isPlatformComponent(name) ? undefined : { kind: 'capitalVoidTag', ...base };
}

/** Whether a tag's name may be text meant literally (`<id>`, `Promise<T>`): not one of the platform's components. */
export const mayBeText = (name: string): boolean => /^[A-Za-z][\w-]*$/.test(name) && !isPlatformComponent(name);

/** A closing tag while another element is open; or one that closes nothing. */
const closing: Matcher = ({ error, source, text, offset, end }): MdxMistake | undefined => {
  const mismatch =
    /^Unexpected closing tag `<\/([^`>]*)>`, expected corresponding closing tag for `<([^`>\s]*)[^`]*` \((\d+):(\d+)-(\d+):(\d+)\)/.exec(
      error.reason,
    );
  if (mismatch) {
    const [, closingName, name, line, column, endLine, endColumn] = mismatch;
    const open = {
      name,
      start: source.offsetAt(Number(line), Number(column)),
      end: source.offsetAt(Number(endLine), Number(endColumn)),
    };
    // A `<br>` inside an element closed on its line: the mistake is the `<br>`.
    return (
      voidTag(open, text) ?? { kind: 'mismatchedTag', range: [offset, end], open, data: { closing: closingName, name } }
    );
  }
  if (!/^Unexpected closing slash `\/` in tag, expected an open tag first/.test(error.reason)) return undefined;
  const start = text.lastIndexOf('<', offset);
  const tagEnd = endOfTag(text, start);
  return { kind: 'strayClosingTag', range: [start, tagEnd], data: { tag: text.slice(start, tagEnd) } };
};

/** An attribute's quote that never closes: the parser stops where the text ends; the quote is the last one before. */
const unclosedQuote: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  const quote = /^Unexpected end of file in attribute value, expected a corresponding closing quote `(.)`/.exec(
    error.reason,
  )?.[1];
  const at = quote === undefined ? -1 : text.lastIndexOf(quote, offset - 1);
  if (at < 0) return undefined;
  return { kind: 'unclosedQuote', range: [at, at + 1], data: { quote: quote! } };
};

/**
 * An attribute's quote left open on a tag's line (`href="/x>`), whose value then runs on to a quote
 * further down: the parser stops there, inside or after what it takes for the tag. The quote is that
 * of the last value before the error whose first line holds the tag's `>`.
 */
const runOnQuote: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  if (!/^Unexpected character .* attribute/.test(error.reason)) return undefined;
  const value = /[\s<][\w:.-]+\s*=\s*(["'])/g;
  let found: { at: number; quote: string } | undefined;
  for (let match = value.exec(text); match && match.index < offset; match = value.exec(text)) {
    const at = match.index + match[0].length - 1;
    const close = text.indexOf(match[1], at + 1);
    const firstLine = text.slice(at + 1, close < 0 ? text.length : close).split('\n');
    if (firstLine.length > 1 && />\s*\r?$/.test(firstLine[0])) found = { at, quote: match[1] };
    value.lastIndex = close < 0 ? text.length : close + 1;
  }
  return found && { kind: 'unclosedQuote', range: [found.at, found.at + 1], data: { quote: found.quote } };
};

/**
 * A type written with angle brackets in prose (`Map<string, number>`, `Record<K, V>`): a `<` right
 * after a word, that the parser cannot read as a tag.
 */
const typeArguments: Matcher = ({ error, text, offset }): MdxMistake | undefined => {
  if (!/^Unexpected character .* (?:in|after) (?:member )?name,/.test(error.reason)) return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const open = text.lastIndexOf('<', offset);
  if (
    open < lineStart ||
    !/\w/.test(text[open - 1] ?? '') ||
    !/^<[A-Za-z][\w.]*[^<>\n]*$/.test(text.slice(open, offset + 1))
  )
    return undefined;
  const close = text.indexOf('>', offset);
  const eol = text.indexOf('\n', offset) >>> 0;
  const written = text.slice(open, close >= 0 && close < eol ? close + 1 : offset + 1);
  return { kind: 'typeArguments', range: [open, open + 1], data: { written } };
};

const matchers: Matcher[] = [
  lessThan,
  openBrace,
  expression,
  unclosed,
  closing,
  unclosedQuote,
  runOnQuote,
  typeArguments,
];

/** The containers mdast-util-mdx-jsx names, in a writer's words. */
const containerNames: Record<string, string> = {
  paragraph: 'paragraph',
  heading: 'heading',
  atxHeading: 'heading',
  setextHeading: 'heading',
  blockQuote: 'quote',
  listItem: 'list item',
  link: 'link',
  emphasis: 'emphasis',
  strong: 'bold text',
  tableCell: 'table cell',
};

/** Whether a backtick that nothing closes comes before `at` in its paragraph: inline code whose end was dropped. */
function inOpenCode(text: string, at: number): boolean {
  return (text.slice(blockStart(text, at), at).match(/`/g)?.length ?? 0) % 2 === 1;
}

/** Where the block that holds `at` starts: after the last blank line before it. */
function blockStart(text: string, at: number): number {
  const blank = /\n[ \t]*\r?\n/g;
  let from = 0;
  for (let found = blank.exec(text); found && found.index < at; found = blank.exec(text)) from = found.index;
  return from;
}

/** HTML's void elements: written `<br>`, meant as `<br />`. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Where a tag that starts at `start` ends: after its `>`, outside quoted values and braces. */
export function endOfTag(text: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === '>' && depth <= 0) return i + 1;
  }
  return text.length;
}

/**
 * The `{`s an "unexpected end of file in expression" may be about: those before the error that no
 * `}` closes, in the block the error ends (back to the previous blank line), outside inline code,
 * first first (each to be tried: one may sit in an attribute's string or a URL).
 */
function unclosedBraces(text: string, errorOffset: number): number[] {
  const open: number[] = [];
  let inCode = false;
  for (let i = blockStart(text, errorOffset); i < errorOffset && i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (inCode || text[i - 1] === '\\') continue;
    else if (ch === '{') open.push(i);
    else if (ch === '}') open.pop();
  }
  return open;
}

/** The `{` that an expression the parser is inside at `offset` opens: the last one before it that no `}` closes. */
function enclosingBrace(text: string, offset: number): number | undefined {
  let depth = 0;
  for (let i = Math.min(offset, text.length - 1); i >= 0; i--) {
    if (text[i] === '}' && i < offset) depth++;
    else if (text[i] === '{' && text[i - 1] !== '\\') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return undefined;
}

/** The `}` that closes the `{` at `open` (or the end of its line, when none does). */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  const eol = text.indexOf('\n', open);
  return (eol < 0 ? text.length : eol) - 1;
}
