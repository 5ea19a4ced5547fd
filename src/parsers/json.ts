import type { Node as JsoncNode, ParseError } from 'jsonc-parser';
import { jsoncParser } from '../common/lazy';
import { parseStrictJson } from './json-strict';
import type { JArray, JNode, JObject, JProperty, JScalar, ReadIssue } from './json-tree';
import type { SourceFile } from './source';

export * from './json-tree';

const syntaxMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Property name expected: a name in double quotes, then ":" and its value',
  ValueExpected: 'Value expected: a string in double quotes, a number, true, false, null, an object or a list',
  ColonExpected: 'Colon expected: a property name is followed by ":" and its value',
  CommaExpected: 'Comma expected: a "," goes between the items of a list and between the members of an object',
  CloseBraceExpected: "Closing brace '}' expected",
  CloseBracketExpected: "Closing bracket ']' expected",
  EndOfFileExpected: 'Unexpected content after the end of the JSON document',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character in string',
  InvalidCharacter: 'Invalid character in string (control characters must be escaped)',
};

const followOnErrors = new Set(['PropertyNameExpected', 'ValueExpected', 'ColonExpected', 'CommaExpected']);

/** How deep objects and arrays may nest: far beyond any real docs.json, far below the stack's limit. */
export const maxDepth = 1000;
/** JSON files larger than this are not read (docs.json files are kilobytes; a 100 MB one is a mistake). */
export const maxJsonBytes = 32 * 1024 * 1024;

/** The offset of the first bracket nested deeper than `limit` (strings skipped), or -1. */
function depthExceededAt(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

/** A readable message for a JSON syntax error (shared with spec loading). */
export function syntaxMessage(error: ParseError, text: string, comma = trailingCommaOf(error, text)): string {
  const code = jsoncParser().printParseErrorCode(error.error);
  if (code === 'InvalidSymbol' && text[error.offset] === "'") return 'Strings must use double quotes in JSON';
  if (comma !== undefined) return 'Trailing comma is not allowed in JSON';
  const bare = bareNameOf(error, text);
  if (bare) return `Property names are written in double quotes in JSON: "${bare}"`;
  return syntaxMessages[code] ?? code;
}

/** A property name written as in JavaScript, without its quotes, where the error is. */
function bareNameOf(error: ParseError, text: string): string | undefined {
  const code = jsoncParser().printParseErrorCode(error.error);
  if (code !== 'PropertyNameExpected' && code !== 'InvalidSymbol') return undefined;
  return /^([A-Za-z_$][\w$-]*)\s*:/.exec(text.slice(error.offset, error.offset + 200))?.[1];
}

/**
 * Where the comma is, when the error is a trailing one: jsonc-parser reports it as a missing name or
 * value at the bracket that follows, with whitespace or comments between.
 */
function trailingCommaOf(
  error: ParseError,
  text: string,
  commas: () => ReadonlyMap<number, number> = () => commasBeforeClosings(text),
): number | undefined {
  const code = jsoncParser().printParseErrorCode(error.error);
  if (code !== 'PropertyNameExpected' && code !== 'ValueExpected') return undefined;
  if (text[error.offset] !== '}' && text[error.offset] !== ']') return undefined;
  return commas().get(error.offset);
}

/** jsonc-parser's SyntaxKind, a const enum its types declare (not importable as a value). */
const SyntaxKind = { CloseBraceToken: 2, CloseBracketToken: 4, CommaToken: 5, EOF: 17 } as const;

/** Each closing bracket's offset that a comma comes right before (comments aside), with the comma's. */
function commasBeforeClosings(text: string): Map<number, number> {
  const commas = new Map<number, number>();
  const scanner = jsoncParser().createScanner(text, true);
  let comma = -1;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const closing = kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken;
    if (closing && comma >= 0) commas.set(scanner.getTokenOffset(), comma);
    comma = kind === SyntaxKind.CommaToken ? scanner.getTokenOffset() : -1;
  }
  return commas;
}

const parseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * The errors but those that quoting the bare property names would take away: error recovery after
 * `pages: [...]` reports the rest of the object too, which is one mistake. The text is parsed again
 * with the names quoted, and an error is kept where it is still found there.
 */
function withoutFollowOnsOfBareNames(errors: ParseError[], text: string): ParseError[] {
  const bare = errors.flatMap((error) => {
    const name = bareNameOf(error, text);
    return name === undefined ? [] : [{ error, name }];
  });
  if (bare.length === 0) return errors;
  let quoted = text;
  for (const { error, name } of [...bare].reverse())
    quoted = `${quoted.slice(0, error.offset)}"${name}"${quoted.slice(error.offset + name.length)}`;
  const left: ParseError[] = [];
  jsoncParser().parseTree(quoted, left, parseOptions);
  const stillThere = new Set(left.map((error) => `${error.error}@${error.offset}`));
  const shifted = (offset: number) => offset + 2 * bare.filter(({ error }) => error.offset < offset).length;
  return errors.filter(
    (error) => bare.some((b) => b.error === error) || stillThere.has(`${error.error}@${shifted(error.offset)}`),
  );
}

/** The certain fix of a syntax error: a trailing comma removed, a bare property name quoted. */
function fixOf(error: ParseError, text: string, comma: number | undefined): Pick<ReadIssue, 'fix'> {
  if (comma !== undefined) return { fix: { range: [comma, comma + 1], text: '', title: 'Remove the trailing comma' } };
  const bare = bareNameOf(error, text);
  if (bare === undefined) return {};
  return { fix: { range: [error.offset, error.offset + bare.length], text: `"${bare}"`, title: `Quote "${bare}"` } };
}

/** Parses one file's text into a JNode tree, collecting syntax errors; never throws. */
export function parseJson(file: SourceFile, issues: ReadIssue[], strict = true): JNode | undefined {
  // A byte-order mark is harmless to most readers; blank it out so offsets stay the same.
  const text = file.text.charCodeAt(0) === 0xfeff ? ` ${file.text.slice(1)}` : file.text;
  // Valid JSON takes the fast path; anything else gets jsonc-parser's error recovery and messages.
  const valid = strict ? parseStrictJson(file, text, issues, maxDepth) : null;
  if (valid !== null) return valid;
  // Every later walk of the tree may recurse: nesting is bounded before anything else reads it.
  const tooDeep = depthExceededAt(text, maxDepth);
  if (tooDeep >= 0) {
    issues.push({
      kind: 'syntax',
      span: { file, offset: tooDeep, length: 1 },
      message: `Nesting deeper than ${maxDepth} levels: navlint does not read this file further`,
    });
    return undefined;
  }
  const parsed: ParseError[] = [];
  const tree = jsoncParser().parseTree(text, parsed, parseOptions);
  const errors = withoutFollowOnsOfBareNames(parsed, text);
  let previousEnd = -1;
  const commasReported = new Set<number>();
  // Scanned once, for the first error that may be a trailing comma, whatever the count of errors.
  let commas: Map<number, number> | undefined;
  const commasOnce = () => (commas ??= commasBeforeClosings(text));
  for (const error of errors) {
    const code = jsoncParser().printParseErrorCode(error.error);
    // Error recovery reports the gap a bad token leaves as a second error ("Property name expected"
    // right after `'name'`); one mistake should give one finding.
    const followsPrevious = previousEnd >= 0 && text.slice(previousEnd, error.offset).trim() === '';
    previousEnd = error.offset + error.length;
    // A trailing comma is at the comma, as editors put it, and taking it out changes nothing the file
    // says; it is a mistake of its own after a comment, which is one too.
    const comma = trailingCommaOf(error, text, commasOnce);
    if (comma !== undefined ? commasReported.has(comma) : followsPrevious && followOnErrors.has(code)) continue;
    if (comma !== undefined) commasReported.add(comma);
    issues.push({
      kind: 'syntax',
      // At least one character, so an editor can underline it; none past the end of the file.
      span:
        comma !== undefined
          ? { file, offset: comma, length: 1 }
          : { file, offset: error.offset, length: Math.min(Math.max(error.length, 1), text.length - error.offset) },
      message: syntaxMessage(error, text, comma),
      ...fixOf(error, text, comma),
    });
  }
  return tree ? convert(tree, file, undefined, undefined, issues) : undefined;
}

function convert(
  node: JsoncNode,
  file: SourceFile,
  key: string | number | undefined,
  parent: JNode | undefined,
  issues: ReadIssue[],
): JNode {
  if (node.type === 'object') {
    const object: JObject = {
      type: 'object',
      file,
      offset: node.offset,
      length: node.length,
      key,
      parent,
      properties: [],
    };
    const seen = new Map<string, JProperty>();
    for (const child of node.children ?? []) {
      const [keyNode, valueNode] = child.children ?? [];
      if (!keyNode || !valueNode) continue; // a half-written property; the syntax error says so
      const key = String(keyNode.value);
      const prop: JProperty = {
        key,
        keySpan: { file, offset: keyNode.offset, length: keyNode.length },
        span: { file, offset: child.offset, length: child.length },
        value: convert(valueNode, file, key, object, issues),
      };
      if (seen.has(key)) {
        issues.push({
          kind: 'duplicate-key',
          span: prop.keySpan,
          message: `Duplicate key "${key}": only the last one is used`,
        });
      }
      seen.set(key, prop);
      object.properties.push(prop);
    }
    return object;
  }
  if (node.type === 'array') {
    const array: JArray = { type: 'array', file, offset: node.offset, length: node.length, key, parent, items: [] };
    const children = node.children ?? [];
    for (let index = 0; index < children.length; index++)
      array.items.push(convert(children[index], file, index, array, issues));
    return array;
  }
  const type = node.type === 'property' ? 'null' : node.type;
  return { type, file, offset: node.offset, length: node.length, key, parent, value: node.value ?? null } as JScalar;
}
