import type { Node as JsonNode } from 'jsonc-parser';
import type { Document, Pair, Node as YamlNode } from 'yaml';
import { jsoncParser, yamlPackage } from '../common/lazy';

/** A place in a file's text. */
export interface TextSpan {
  offset: number;
  length: number;
}

/** Where a value of a JSON or YAML document is written, found by its path: the key that names it, or the value itself. */
export interface DataLocator {
  /**
   * The value at `path`, or the nearest written ancestor of it (a path into a merge or a missing
   * member stops there; one through an alias goes on where its anchor is). An object or array is marked at its key, or at its first character:
   * a mark over a whole subtree of a spec hides what is wrong in it.
   */
  value(path: readonly string[]): TextSpan;
  /** The key naming the value at `path` (the value itself for an array's item; the file's start for the root). */
  key(path: readonly string[]): TextSpan;
}

/** A locator over a data file's text: its JSON tree when it is written as JSON, else its YAML tree, built once, on first use. */
export function dataLocator(text: string): DataLocator {
  return /^\uFEFF?\s*[{[]/.test(text) ? jsonLocator(text) : yamlLocator(text);
}

const start: TextSpan = { offset: 0, length: 0 };

/** A JSON Pointer's path (`/paths/~1users` is paths, /users). */
export function pointerSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jsonLocator(text: string): DataLocator {
  let parsed: { tree: JsonNode | undefined } | undefined;
  const walk = (path: readonly string[]) => {
    parsed ??= { tree: jsoncParser().parseTree(text) };
    let node = parsed.tree;
    for (const segment of path) {
      const next: JsonNode | undefined =
        node?.type === 'object'
          ? node.children?.find((member) => member.children?.[0]?.value === segment)?.children?.[1]
          : node?.type === 'array'
            ? node.children?.[Number(segment)]
            : undefined;
      if (!next) break;
      node = next;
    }
    return node;
  };
  return {
    value: (path) => {
      const node = walk(path);
      if (!node) return start;
      if (node.type !== 'object' && node.type !== 'array') return { offset: node.offset, length: node.length };
      return keyOf(node)!;
    },
    key: (path) => (path.length > 0 && keyOf(walk(path))) || start,
  };
}

function keyOf(node: JsonNode | undefined | null): TextSpan | undefined {
  if (!node) return undefined;
  if (node.parent?.type === 'property')
    return { offset: node.parent.children![0]!.offset, length: node.parent.children![0]!.length };
  return { offset: node.offset, length: node.type === 'object' || node.type === 'array' ? 1 : node.length };
}

function yamlLocator(text: string): DataLocator {
  let document: Document | undefined;
  const walk = (path: readonly string[]): { node?: YamlNode; pair?: Pair } => {
    const yaml = yamlPackage();
    document ??= yaml.parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
    let node = document.contents as YamlNode | null;
    let pair: Pair | undefined;
    for (const segment of path) {
      // Below an alias, the place is where its anchor writes the node.
      if (yaml.isAlias(node)) node = (node.resolve(document) as YamlNode | undefined) ?? null;
      if (yaml.isMap(node)) {
        const found = node.items.find(
          (item) => (yaml.isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment,
        );
        if (!found || !yaml.isNode(found.value)) break;
        pair = found;
        node = found.value;
      } else if (yaml.isSeq(node) && yaml.isNode(node.items[Number(segment)])) {
        pair = undefined;
        node = node.items[Number(segment)] as YamlNode;
      } else break;
    }
    return { node: node ?? undefined, pair };
  };
  const spanOf = (node: YamlNode | undefined | null) =>
    node?.range ? { offset: node.range[0], length: node.range[1] - node.range[0] } : start;
  const keyOf = ({ node, pair }: { node?: YamlNode; pair?: Pair }) => {
    if (pair && pair.value === node) return spanOf(pair.key as YamlNode);
    return yamlPackage().isCollection(node) ? { ...spanOf(node), length: 1 } : spanOf(node);
  };
  return {
    value: (path) => {
      const found = walk(path);
      return yamlPackage().isCollection(found.node) ? keyOf(found) : spanOf(found.node);
    },
    key: (path) => (path.length === 0 ? start : keyOf(walk(path))),
  };
}
