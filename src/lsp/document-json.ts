import {
  createScanner,
  findNodeAtLocation,
  findNodeAtOffset,
  getLocation,
  type JSONPath,
  type Node as JsoncNode,
  parseTree,
} from 'jsonc-parser';
import type { NavModel } from '../engine/model';
import type { JNode } from '../parsers/json';
import type { SourceFile } from '../parsers/source';

/**
 * What completion, hover and definition ask of a JSON document at the cursor, with jsonc-parser's
 * answers (`getLocation`, `findNodeAtOffset`, `findNodeAtLocation`, its scanner). Two ways to get
 * them: from the tree of the last lint, when that tree was built from this very text and is still the
 * file's own (parsing a large docs.json again, and running getLocation and the scanner up to the
 * cursor, would be most of each request's time), or from a parse of the text, for anything else: a
 * document edited since, a text that does not parse (completion in a cut file), a file in which the
 * lint replaced a `$ref` by its target.
 */
export interface DocumentJson {
  /** getLocation's path at the offset and whether a key goes there. */
  location(offset: number): { path: JSONPath; isAtPropertyKey: boolean };
  /** The string token being typed at the offset, and whether a value may start there. */
  typing(offset: number): Typing;
  /** The string (a key or a value) that findNodeAtOffset finds at the offset, if it finds a string. */
  stringAt(offset: number): StringToken | undefined;
  /** The keys of the object findNodeAtLocation finds at a path, each with its offset; none when it finds no object. */
  keysAt(path: JSONPath): { key: string; offset: number }[];
}

export interface Typing {
  /** Where the string being typed starts and ends (its quotes included); undefined outside a string. */
  string?: { start: number; end: number };
  /** The last token before the string or the cursor (comments and whitespace skipped) is ":", "[" or ",". */
  afterValueStart: boolean;
}

export interface StringToken {
  offset: number;
  length: number;
  value: string;
}

/** How many times requests read a document's text with jsonc-parser rather than the last lint's tree (for tests). */
export const textReads = { count: 0 };

/** The document's JSON as the requests read it: the lint's tree of this file when it was built from `text`, else a parse of `text`. */
export function documentJson(text: string, file: string, model: NavModel | undefined): DocumentJson {
  const tree = model && lintedTree(model, file, text);
  return tree ? treeJson(text, tree) : parsedJson(text);
}

/** The answers from a parse of the text. */
export const parsedJson = (text: string): DocumentJson => new ParsedJson(text);

/** The answers from a tree of the text that is exactly what parsing it gives (no syntax error). */
export const treeJson = (text: string, root: JNode): DocumentJson => new TreeJson(text, root);

// jsonc-parser's SyntaxKind and ScanError are const enums, which isolated modules cannot read.
const token = { openBracket: 3, comma: 5, colon: 6, string: 10, eof: 17 } as const;
const unexpectedEndOfString = 2;

/** jsonc-parser on the text, as every request did before it had the lint's tree. */
class ParsedJson implements DocumentJson {
  private tree: JsoncNode | undefined | null = null;

  constructor(private readonly text: string) {}

  private parsed(): JsoncNode | undefined {
    if (this.tree === null) {
      textReads.count++;
      this.tree = parseTree(this.text);
    }
    return this.tree;
  }

  location(offset: number): { path: JSONPath; isAtPropertyKey: boolean } {
    textReads.count++;
    return getLocation(this.text, offset);
  }

  typing(offset: number): Typing {
    textReads.count++;
    const scanner = createScanner(this.text, true);
    let before: number | undefined;
    const typing = (string?: Typing['string']): Typing => ({
      string,
      afterValueStart: before === token.colon || before === token.openBracket || before === token.comma,
    });
    for (let kind: number = scanner.scan(); kind !== token.eof; kind = scanner.scan()) {
      const start = scanner.getTokenOffset();
      const end = start + scanner.getTokenLength();
      if (start >= offset) break;
      if (kind === token.string) {
        // An unterminated string runs to the end of its line: what is typed ends at the cursor.
        const terminated = scanner.getTokenError() !== unexpectedEndOfString;
        if (terminated ? offset < end : offset <= end) return typing({ start, end: terminated ? end : offset });
      }
      before = kind;
    }
    return typing();
  }

  stringAt(offset: number): StringToken | undefined {
    const node = findNodeAtOffset(this.parsed() ?? ({} as JsoncNode), offset);
    return node?.type === 'string'
      ? { offset: node.offset, length: node.length, value: node.value as string }
      : undefined;
  }

  keysAt(path: JSONPath): { key: string; offset: number }[] {
    const object = findNodeAtLocation(this.parsed() ?? { type: 'null', offset: 0, length: 0 }, path);
    if (object?.type !== 'object') return [];
    return (object.children ?? []).flatMap((p) =>
      p.children?.[0] ? [{ key: p.children[0].value as string, offset: p.children[0].offset }] : [],
    );
  }
}

/**
 * The same answers from the lint's tree of a text that parses (so only JSON's whitespace lies
 * between tokens): a walk down to the cursor, skipping the siblings before it by binary search.
 */
class TreeJson implements DocumentJson {
  constructor(
    private readonly text: string,
    private readonly root: JNode,
  ) {}

  location(position: number): { path: JSONPath; isAtPropertyKey: boolean } {
    // getLocation's walk (jsonc-parser's visitor with an early return), event by event, where the
    // values wholly before the cursor are skipped: they leave the path as it was, and
    // isAtPropertyKey as the comma after them does, or in an array as `afterValue` says.
    const text = this.text;
    const path: JSONPath = [];
    let isAtPropertyKey = false;
    const last = () => path.length - 1;
    /** Reads a value; true when getLocation stops inside it. */
    const read = (node: JNode): boolean => {
      if (node.type === 'object') {
        if (position <= node.offset) return true;
        isAtPropertyKey = true;
        path.push('');
        const properties = node.properties;
        // After the comma that follows a property, the state is that of the object's start.
        for (
          let i = lastBefore(properties.length, (k) => properties[k].keySpan.offset < position);
          i < properties.length;
          i++
        ) {
          const { key, keySpan, value } = properties[i];
          if (position < keySpan.offset) return true;
          path[last()] = key;
          if (position <= keySpan.offset + keySpan.length) return true;
          if (position <= skipSpace(text, keySpan.offset + keySpan.length)) return true; // the colon
          isAtPropertyKey = false;
          if (read(value)) return true;
          if (i < properties.length - 1) {
            if (position <= skipSpace(text, value.offset + value.length)) return true; // the comma
            isAtPropertyKey = true;
            path[last()] = '';
          }
        }
        if (position <= node.offset + node.length - 1) return true;
        path.pop();
        return false;
      }
      if (node.type === 'array') {
        if (position <= node.offset) return true;
        path.push(0);
        const items = node.items;
        const first = lastBefore(items.length, (k) => items[k].offset < position);
        if (first > 0) {
          path[last()] = first;
          isAtPropertyKey = afterValues(items, first, isAtPropertyKey);
        }
        for (let i = first; i < items.length; i++) {
          if (read(items[i])) return true;
          if (i < items.length - 1) {
            if (position <= skipSpace(text, items[i].offset + items[i].length)) return true; // the comma
            path[last()] = i + 1;
          }
        }
        if (position <= node.offset + node.length - 1) return true;
        path.pop();
        return false;
      }
      return position <= node.offset + node.length; // a literal: getLocation stops before or in it
    };
    read(this.root);
    return { path, isAtPropertyKey };
  }

  typing(offset: number): Typing {
    const found = stringAtOffset(this.root, offset, false);
    const string = found && { start: found.offset, end: found.offset + found.length };
    // Between tokens there is only whitespace: the token before is where the last other character is.
    let before = (string?.start ?? offset) - 1;
    while (before >= 0 && isSpace(this.text.charCodeAt(before))) before--;
    const c = this.text.charCodeAt(before);
    return { string, afterValueStart: c === 58 /* : */ || c === 91 /* [ */ || c === 44 /* , */ };
  }

  stringAt(offset: number): StringToken | undefined {
    return stringAtOffset(this.root, offset, true);
  }

  keysAt(path: JSONPath): { key: string; offset: number }[] {
    // findNodeAtLocation takes the first property of a name, where JSON.parse keeps the last.
    let node: JNode | undefined = this.root;
    for (const segment of path) {
      if (typeof segment === 'string')
        node = node.type === 'object' ? node.properties.find((p) => p.key === segment)?.value : undefined;
      else
        node = node.type === 'array' && segment >= 0 && segment < node.items.length ? node.items[segment] : undefined;
      if (!node) return [];
    }
    return node.type === 'object' ? node.properties.map((p) => ({ key: p.key, offset: p.keySpan.offset })) : [];
  }
}

/** JSON's whitespace, which is jsonc-parser's too. */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The number of leading elements of a list (sorted by offset) that satisfy `before`, less one: the index of the last one, or 0. */
function lastBefore(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length; // the first index that does not satisfy it
  while (low < high) {
    const mid = (low + high) >> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low - 1);
}

/**
 * getLocation's isAtPropertyKey after the first `count` values of an array, read whole: an object
 * sets it (true when empty, else as its last value leaves the false after its colon), an array as
 * its items do, and the rest leave it as it was.
 */
function afterValues(items: readonly JNode[], count: number, before: boolean): boolean {
  for (let i = count - 1; i >= 0; i--) {
    const set = setBy(items[i]);
    if (set !== undefined) return set;
  }
  return before;
}

function setBy(node: JNode): boolean | undefined {
  if (node.type === 'object') {
    const last = node.properties[node.properties.length - 1];
    return last ? (setBy(last.value) ?? false) : true;
  }
  if (node.type === 'array') {
    for (let i = node.items.length - 1; i >= 0; i--) {
      const set = setBy(node.items[i]);
      if (set !== undefined) return set;
    }
  }
  return undefined;
}

/**
 * The string token (a key or a value) around an offset: from its opening quote on when `fromQuote`
 * (findNodeAtOffset), else strictly after it (the scanner's string being typed); never its end.
 */
function stringAtOffset(root: JNode, offset: number, fromQuote: boolean): StringToken | undefined {
  const inside = (start: number, length: number) =>
    (fromQuote ? start <= offset : start < offset) && offset < start + length;
  let node: JNode = root;
  for (;;) {
    if (node.type === 'string')
      return inside(node.offset, node.length)
        ? { offset: node.offset, length: node.length, value: node.value as string }
        : undefined;
    if (!inside(node.offset, node.length)) return undefined;
    if (node.type === 'object') {
      const properties = node.properties;
      const property = properties[lastBefore(properties.length, (k) => properties[k].keySpan.offset <= offset)];
      if (!property) return undefined;
      if (inside(property.keySpan.offset, property.keySpan.length))
        return { offset: property.keySpan.offset, length: property.keySpan.length, value: property.key };
      node = property.value;
    } else if (node.type === 'array') {
      const items = node.items;
      const item = items[lastBefore(items.length, (k) => items[k].offset <= offset)];
      if (!item) return undefined;
      node = item;
    } else return undefined;
  }
}

/** Per model: each file's own tree within it, for the files whose tree the lint left as the file has it. */
const ownTrees = new WeakMap<NavModel, Map<SourceFile, JNode>>();

/**
 * The lint's tree of a file, when it is exactly what parsing `text` gives: the model read this very
 * text (so it is the document's current version), it parsed without a syntax error, and no `$ref`
 * in it was replaced by its target. Undefined otherwise.
 */
function lintedTree(model: NavModel, file: string, text: string): JNode | undefined {
  const sources = model.files.filter((f) => f.path === file);
  const source = sources.length === 1 ? sources[0] : undefined; // a file read twice ($ref'd twice): parse it
  // jsonc-parser reads a byte-order mark as a token of its own; the lint reads it as a space.
  if (!source || source.text !== text || text.charCodeAt(0) === 0xfeff) return undefined;
  if (model.readIssues.some((issue) => issue.kind === 'syntax' && issue.span.file === source)) return undefined;
  let trees = ownTrees.get(model);
  if (!trees) ownTrees.set(model, (trees = ownTreesOf(model)));
  return trees.get(source);
}

/**
 * The root of each file's tree in the model's tree, which is docs.json's with every `$ref` object
 * replaced by its target: a file in which that happened (or whose root took keys from beside a
 * `$ref`, or that was read twice) has no tree of its own left, and is left out.
 */
function ownTreesOf(model: NavModel): Map<SourceFile, JNode> {
  const trees = new Map<SourceFile, JNode>();
  if (!model.docs) return trees;
  // One file read: nothing was replaced (a $ref that is not followed stays as it is).
  if (model.files.length === 1)
    return model.docs.file === model.files[0] ? trees.set(model.docs.file, model.docs) : trees;
  const spoiled = new Set<SourceFile>();
  const stack: [JNode, SourceFile | undefined][] = [[model.docs, undefined]];
  while (stack.length > 0) {
    const [node, parentFile] = stack.pop()!;
    if (node.file !== parentFile) {
      if (parentFile) spoiled.add(parentFile);
      if (trees.has(node.file)) spoiled.add(node.file);
      else trees.set(node.file, node);
    }
    if (node.type === 'object') {
      for (const property of node.properties) {
        if (property.keySpan.file !== node.file) spoiled.add(node.file);
        stack.push([property.value, node.file]);
      }
    } else if (node.type === 'array') {
      for (const item of node.items) stack.push([item, node.file]);
    }
  }
  for (const file of spoiled) trees.delete(file);
  return trees;
}
