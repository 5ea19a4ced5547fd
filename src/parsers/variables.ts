import { once } from '../common/lazy';
import type { PagePosition } from './page-parse';
import { SourceFile } from './source';

// @mintlify/common 1.0.1182's replaceVariables (ISC licence; behaviour ported): `{{ name }}` with a
// name of word characters, dots and dashes, replaced by the value docs.json gives that name, put
// through the `xss` package as the platform does (every tag dropped, the bodies of executable ones too,
// a `<` or `>` left over written as `&lt;`, `&gt;`); a name docs.json does not give stays as written.
const variablePattern = /\{\{\s*([\w.-]+)\s*\}\}/g;
const executableTags = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'link', 'meta', 'base'];

type FilterXss = (html: string, options: Record<string, unknown>) => string;
const filterXss = () => once<{ filterXSS: FilterXss }>('xss', () => require('xss')).filterXSS;

/** A text with docs.json's variables put in, and the way back to the places of the text as written. */
export interface Substituted {
  text: string;
  /** The offset in the text as written of an offset in `text`; anywhere in a value is where its `{{` was. */
  sourceOffset(offset: number): number;
  /** The same for a 1-based line and column. */
  toSource(at: PagePosition): PagePosition;
}

/** `text` with its `{{name}}`s replaced as the platform replaces them in snippets; undefined when nothing is replaced. */
export function substituteVariables(
  text: string,
  variables: Record<string, string> | undefined,
): Substituted | undefined {
  if (!variables || Object.keys(variables).length === 0 || !text.includes('{{')) return undefined;
  // Each replacement: where its `{{…}}` was, how long it was, and the value put there.
  const replaced: { at: number; length: number; value: string }[] = [];
  const out = text.replace(variablePattern, (match: string, name: string, at: number) => {
    const value: unknown = variables[name]; // as the platform looks it up: a plain object's own names and inherited ones
    if (value === undefined) return match;
    const sanitized = filterXss()(value as string, {
      whiteList: {},
      stripIgnoreTag: true,
      stripIgnoreTagBody: executableTags,
    });
    replaced.push({ at, length: match.length, value: sanitized });
    return sanitized;
  });
  if (replaced.length === 0) return undefined;
  const sourceOffset = (offset: number) => {
    let shift = 0;
    for (const { at, length, value } of replaced) {
      const start = at + shift;
      if (offset < start) break;
      if (offset < start + value.length) return at;
      shift += value.length - length;
    }
    return offset - shift;
  };
  const written = new SourceFile('', text);
  const substituted = new SourceFile('', out);
  return {
    text: out,
    sourceOffset,
    toSource: (at) => written.position(sourceOffset(substituted.offsetAt(at.line, at.column))),
  };
}
