import type { Span } from './source';

/** docs.json as a tree that keeps every node's place, for findings at exact positions. */
export type JsonPath = (string | number)[];

interface JBase extends Span {
  /** This node's key in its parent object or index in its parent array, within its own file. */
  key?: string | number;
  parent?: JNode;
  /** Plain JavaScript value, computed on first use. */
  cached?: unknown;
}
export interface JProperty {
  key: string;
  keySpan: Span;
  /** From the key's opening quote to the end of the value. */
  span: Span;
  value: JNode;
}
export interface JObject extends JBase {
  type: 'object';
  properties: JProperty[];
}
export interface JArray extends JBase {
  type: 'array';
  items: JNode[];
}
export interface JScalar extends JBase {
  type: 'string' | 'number' | 'boolean' | 'null';
  value: string | number | boolean | null;
}
export type JNode = JObject | JArray | JScalar;

/** A problem met while reading JSON text or following `$ref`, reported by the json-syntax, json-ref and duplicate-key rules. */
export interface ReadIssue {
  kind: 'syntax' | 'ref' | 'duplicate-key';
  span: Span;
  message: string;
  /** The edit that certainly mends it (a trailing comma taken out), as offsets into the file. */
  fix?: { range: [number, number]; text: string; title?: string };
}

/** The property of `key` as JSON.parse would keep it: the last one. */
export function property(node: JNode | undefined, key: string): JProperty | undefined {
  if (node?.type !== 'object') return undefined;
  for (let i = node.properties.length - 1; i >= 0; i--) {
    if (node.properties[i].key === key) return node.properties[i];
  }
  return undefined;
}

/** The path of a node inside its own file (for text edits with jsonc-parser), computed on demand. */
export function pointerOf(node: JNode): JsonPath {
  const pointer: JsonPath = [];
  for (let at: JNode | undefined = node; at?.key !== undefined && at.parent?.file === at.file; at = at.parent)
    pointer.unshift(at.key);
  return pointer;
}

export function member(node: JNode | undefined, key: string): JNode | undefined {
  return property(node, key)?.value;
}

export function stringMember(node: JNode | undefined, key: string): string | undefined {
  const value = member(node, key);
  return value?.type === 'string' ? (value.value as string) : undefined;
}

/**
 * The plain value of a node down to `depth` levels; below that, objects and arrays are empty. Schema
 * validation of one element needs its own fields, not its whole subtree.
 */
export function toShallowValue(node: JNode, depth: number): unknown {
  if (node.type === 'object') {
    const object: Record<string, unknown> = {};
    if (depth > 0) for (const prop of node.properties) setOwn(object, prop.key, toShallowValue(prop.value, depth - 1));
    return object;
  }
  if (node.type === 'array') return depth > 0 ? node.items.map((item) => toShallowValue(item, depth - 1)) : [];
  return node.value;
}

/** A key of a plain value as JSON.parse sets it: "__proto__" too is an own key, not the object's prototype. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** The plain value of a node, as JSON.parse would give it (last duplicate key wins). */
export function toValue(node: JNode): unknown {
  if (node.cached !== undefined) return node.cached;
  let value: unknown;
  if (node.type === 'object') {
    const object: Record<string, unknown> = {};
    for (const prop of node.properties) setOwn(object, prop.key, toValue(prop.value));
    value = object;
  } else if (node.type === 'array') {
    value = node.items.map(toValue);
  } else {
    value = node.value;
  }
  node.cached = value;
  return value;
}
