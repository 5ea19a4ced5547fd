import type { JArray, JNode, JObject, JProperty, JScalar, ReadIssue } from './json-tree';
import type { SourceFile } from './source';

/**
 * Parses strictly valid JSON straight into navlint's nodes, with the same offsets jsonc-parser gives,
 * in one iterative pass (no recursion: nesting depth costs no stack). Returns null at the first
 * syntax error: the caller then parses with jsonc-parser, whose error recovery and messages count.
 * Valid JSON is the common case on every save and commit, where a general parser's cold start shows.
 */
export function parseStrictJson(
  file: SourceFile,
  text: string,
  issues: ReadIssue[],
  maxDepth = Infinity,
): JNode | undefined | null {
  const stack: Frame[] = [];
  const duplicates: ReadIssue[] = [];
  const length = text.length;
  let i = skip(text, 0);
  if (i === length) return null; // empty: jsonc-parser says "Value expected"

  for (;;) {
    // Read one value at i; containers open a frame and continue with their first member.
    let value: JNode;
    const c = text.charCodeAt(i);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (stack.length >= maxDepth) return null;
      const node: JObject | JArray =
        c === 123
          ? { type: 'object', file, offset: i, length: 0, properties: [] }
          : { type: 'array', file, offset: i, length: 0, items: [] };
      i = skip(text, i + 1);
      if (text.charCodeAt(i) === c + 2 /* } or ] */) {
        node.length = i + 1 - node.offset;
        i++;
        value = node;
      } else {
        const frame: Frame = node.type === 'object' ? { node, seen: new Set() } : { node };
        stack.push(frame);
        if (node.type === 'object') {
          i = readKey(text, i, frame);
          if (i < 0) return null;
        }
        continue;
      }
    } else {
      const end = scalarEnd(text, i);
      const scalarValue = end < 0 ? undefined : scalar(file, text, i, end);
      if (!scalarValue) return null;
      value = scalarValue;
      i = end;
    }

    // Attach the finished value to its parent, then close every container that ends here.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (!frame) {
        if (skip(text, i) !== length) return null;
        issues.push(...duplicates);
        return value;
      }
      attach(frame, value, duplicates);
      i = skip(text, i);
      const next = text.charCodeAt(i);
      if (next === 44 /* , */) {
        i = skip(text, i + 1);
        if (frame.node.type === 'object') {
          i = readKey(text, i, frame);
          if (i < 0) return null;
        }
        break;
      }
      if (next !== (frame.node.type === 'object' ? 125 : 93)) return null;
      stack.pop();
      frame.node.length = i + 1 - frame.node.offset;
      i++;
      value = frame.node;
    }
  }
}

/** An object or array being read. */
interface Frame {
  node: JObject | JArray;
  /** For objects: the key waiting for its value, and where it starts and ends. */
  key?: string;
  keyStart?: number;
  keyEnd?: number;
  seen?: Set<string>;
}

/** Reads `"key" :` at i into an object's frame: the offset of its value, or -1 at a syntax error. */
function readKey(text: string, i: number, frame: Frame): number {
  if (text.charCodeAt(i) !== 34) return -1;
  const end = stringEnd(text, i);
  if (end < 0) return -1;
  try {
    frame.key = decodeString(text, i, end);
  } catch {
    return -1; // a bad escape: jsonc-parser will say which
  }
  frame.keyStart = i;
  frame.keyEnd = end;
  const colon = skip(text, end);
  if (text.charCodeAt(colon) !== 58 /* : */) return -1;
  const value = skip(text, colon + 1);
  return value < text.length ? value : -1;
}

/** Adds a finished value to the container of the frame; a key the object has already is a duplicate. */
function attach(frame: Frame, value: JNode, duplicates: ReadIssue[]): void {
  value.parent = frame.node;
  if (frame.node.type === 'array') {
    value.key = frame.node.items.length;
    frame.node.items.push(value);
    return;
  }
  const { file } = frame.node;
  const key = frame.key!;
  value.key = key;
  const prop: JProperty = {
    key,
    keySpan: { file, offset: frame.keyStart!, length: frame.keyEnd! - frame.keyStart! },
    span: { file, offset: frame.keyStart!, length: value.offset + value.length - frame.keyStart! },
    value,
  };
  if (frame.seen!.has(key))
    duplicates.push({
      kind: 'duplicate-key',
      span: prop.keySpan,
      message: `Duplicate key "${key}": only the last one is used`,
    });
  frame.seen!.add(key);
  frame.node.properties.push(prop);
}

// Sticky regular expressions: the engine's compiled matcher crosses whitespace and string contents
// far faster than a loop over characters, which a short run only ever interprets.
const whitespace = /[ \t\n\r]*/y;
const stringToken = /"[^"\\\x00-\x1f]*(?:\\[^\x00-\x1f][^"\\\x00-\x1f]*)*"/y;

function skip(text: string, i: number): number {
  whitespace.lastIndex = i;
  whitespace.test(text);
  return whitespace.lastIndex;
}

/** The end of the string token starting at i (after its closing quote), or -1. */
export function stringEnd(text: string, i: number): number {
  stringToken.lastIndex = i;
  return stringToken.test(text) ? stringToken.lastIndex : -1; // control characters must be escaped
}

export function decodeString(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? JSON.parse(text.slice(start, end)) : raw;
}

const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The end of the scalar token at i, or -1 when there is none. */
function scalarEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return stringEnd(text, i);
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return i + word.length;
  number.lastIndex = i;
  return number.test(text) ? number.lastIndex : -1;
}

function scalar(file: SourceFile, text: string, offset: number, end: number): JScalar | undefined {
  const length = end - offset;
  switch (text.charCodeAt(offset)) {
    case 34:
      try {
        return { type: 'string', file, offset, length, value: decodeString(text, offset, end) };
      } catch {
        return undefined; // a bad escape: jsonc-parser will say which
      }
    case 116:
      return { type: 'boolean', file, offset, length, value: true };
    case 102:
      return { type: 'boolean', file, offset, length, value: false };
    case 110:
      return { type: 'null', file, offset, length, value: null };
    default:
      return { type: 'number', file, offset, length, value: Number(text.slice(offset, end)) };
  }
}
