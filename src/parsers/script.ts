import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import { once } from '../common/lazy';
import { type EsNode, esmOf } from './esm';
import type { PageParse, PageParseError, PagePosition } from './page-parse';
import { SourceFile } from './source';

// The platform's parser of .jsx and .tsx snippets (@mintlify/common 1.0.1182's getJsxEsmTree, ISC
// licence; behaviour ported): the text trimmed; for .tsx, types stripped by sucrase (3.34.0, which
// parses the whole file itself and throws on what it cannot read) and the result trimmed again; then
// acorn (8.11.2 with acorn-jsx 5.3.2) as a module of the latest ECMAScript, `return` allowed outside
// functions. An error is a warning of the build, printed without a position: `parsing error
// ./snippets/a.jsx - SyntaxError: Unexpected token (3:4)`, the numbers those of the trimmed text.
const JsxParser = Parser.extend(jsx());

interface Transform {
  transform(code: string, options: Record<string, unknown>): { code: string };
}
const sucrase = () => once<Transform>('sucrase', () => require('sucrase'));

interface ParserError {
  message?: string;
  /** Offset in the text the parser was given. */
  pos?: number;
}
interface Program {
  body: EsNode[];
}

/**
 * A script's parse: the error at its place in `text`, or its imports and exports at their places in
 * the file, as the platform reads them from its tree, and the sources its import declarations name.
 */
export interface ScriptParse extends Pick<PageParse, 'imports' | 'exports'> {
  error?: PageParseError;
  importSources?: string[];
}

/**
 * Parses a .jsx or .tsx file as the platform does. `toSource` turns an offset of `text` into one of
 * the file as written (when docs.json's variables were put into it); the error's place is the file's.
 */
export function parseScript(
  text: string,
  tsx: boolean,
  toSource: (offset: number) => number = (offset) => offset,
): ScriptParse {
  const file = new SourceFile('', text);
  const at = (offset: number): PagePosition => file.position(toSource(offset));
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  let code = trimmed;
  // Where the text acorn reads came from: the trimmed text itself, or sucrase's output, whose lines are the trimmed text's.
  let fromCode = (offset: number) => lead + offset;
  if (tsx) {
    let stripped: string;
    try {
      stripped = sucrase().transform(trimmed, {
        transforms: ['typescript', 'jsx'],
        jsxRuntime: 'preserve',
        disableESTransforms: true,
      }).code;
    } catch (error) {
      return { error: scriptError(error, 'sucrase', (offset) => at(lead + offset)) };
    }
    code = stripped.trim();
    const strippedLead = stripped.length - stripped.trimStart().length;
    fromCode = (offset) => lead + sourceOffsetOfStripped(trimmed, stripped, strippedLead + offset);
  }
  let program: Program;
  try {
    program = JsxParser.parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowReturnOutsideFunction: true,
      locations: true,
    }) as unknown as Program;
  } catch (error) {
    return { error: scriptError(error, 'acorn', (offset) => at(fromCode(offset))) };
  }
  // The platform's tree of a script: one ESM node (getJsxEsmTree), whose imports it resolves as a page's.
  const parsed = new SourceFile('', code);
  const { imports, exports } = esmOf({ children: [{ type: 'mdxjsEsm', data: { estree: program } }] }, code, (place) =>
    at(fromCode(parsed.offsetAt(place.line, place.column + 1))),
  );
  const importSources = imports?.map((found) => found.source) ?? [];
  return {
    ...(imports ? { imports } : {}),
    ...(exports ? { exports } : {}),
    ...(importSources.length ? { importSources } : {}),
  };
}

/** A parser's error as a page's: its message without the position it appends (`(3:4)`), at its place. */
function scriptError(error: unknown, source: string, place: (offset: number) => PagePosition): PageParseError {
  const { message, pos } = (error ?? {}) as ParserError;
  const reason = String(message ?? error).replace(/ \(\d+:\d+\)$/, '');
  return { reason, start: place(typeof pos === 'number' ? pos : 0), source };
}

/**
 * The offset in a .tsx file's trimmed text of an offset in what sucrase made of it. Sucrase keeps
 * every line where it was and removes types from a line, so a line it left as it was maps column for
 * column, and one it shortened maps each character to where it stands in the original (matched in
 * order); a line it rewrote otherwise (an enum) maps to the line's start.
 */
function sourceOffsetOfStripped(original: string, stripped: string, offset: number): number {
  const lineOf = (text: string, at: number) => {
    let line = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  const startOf = (text: string, line: number) => {
    let start = 0;
    for (let i = 0; i < line && start !== -1; i++) start = text.indexOf('\n', start) + 1;
    return start;
  };
  const line = lineOf(stripped, offset);
  const strippedStart = startOf(stripped, line);
  const originalStart = startOf(original, line);
  const lineEnd = (text: string, start: number) =>
    text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
  const strippedLine = stripped.slice(strippedStart, lineEnd(stripped, strippedStart));
  const originalLine = original.slice(originalStart, lineEnd(original, originalStart));
  const column = offset - strippedStart;
  if (strippedLine === originalLine) return originalStart + column;
  if (column >= strippedLine.length) return originalStart + originalLine.length;
  let j = -1;
  for (let i = 0; i <= column; i++) {
    j = originalLine.indexOf(strippedLine[i], j + 1);
    if (j === -1) return originalStart; // not made by removing characters
  }
  return originalStart + j;
}
