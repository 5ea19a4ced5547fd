/**
 * What a JSON Schema says about the value at a JSON path: every schema that describes it (the
 * wording and keys of a schema finding, src/engine/schema.ts), and for completion the keys an
 * object may have and the values (enum, const) a value may take. Generic over the schema: it follows `$ref`
 * (pointers into the same document), `properties`, `patternProperties`, `additionalProperties`,
 * `items`/`prefixItems` and every branch of `anyOf`/`oneOf`/`allOf`/`then`/`else`, so a schema
 * that grows needs no change here.
 */

export type SchemaNode = boolean | { [keyword: string]: unknown };
export type PathSegment = string | number;

type SchemaObject = { [keyword: string]: unknown };
const isObject = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a local `$ref` ("#/$defs/name", "#/definitions/a~1b") points at in `root`. */
function resolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#')) return undefined; // another document: not followed
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return isObject(node) || typeof node === 'boolean' ? node : undefined;
}

/**
 * The schemas that together describe one value: the node itself, its `$ref` target and the
 * branches of its combinators, each followed in turn (each node once, so cycles end).
 */
function alternatives(root: SchemaNode, node: SchemaNode | undefined): SchemaObject[] {
  const found: SchemaObject[] = [];
  const seen = new Set<SchemaObject>();
  const visit = (n: unknown) => {
    if (!isObject(n) || seen.has(n)) return;
    seen.add(n);
    found.push(n);
    if (typeof n.$ref === 'string') visit(resolveRef(root, n.$ref));
    for (const keyword of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(n[keyword])) for (const branch of n[keyword] as unknown[]) visit(branch);
    visit(n.then);
    visit(n.else);
  };
  visit(node);
  return found;
}

/** The schemas of the value at `path` below `start` (a node of `root`); empty when the schema says nothing. */
export function schemasAt(
  root: SchemaNode,
  start: SchemaNode | undefined,
  path: readonly PathSegment[],
): SchemaObject[] {
  let current = alternatives(root, start);
  for (const segment of path) {
    const next: SchemaNode[] = [];
    for (const schema of current) {
      if (typeof segment === 'number') {
        const tuple = Array.isArray(schema.prefixItems)
          ? schema.prefixItems
          : Array.isArray(schema.items)
            ? schema.items
            : undefined;
        if (tuple && segment < tuple.length) next.push(tuple[segment] as SchemaNode);
        else if (tuple) next.push((schema.additionalItems ?? schema.items) as SchemaNode);
        else if (schema.items !== undefined) next.push(schema.items as SchemaNode);
        continue;
      }
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (Object.hasOwn(properties, segment)) {
        next.push(properties[segment] as SchemaNode);
        continue;
      }
      const patterns = isObject(schema.patternProperties)
        ? Object.entries(schema.patternProperties).filter(([pattern]) => matches(pattern, segment))
        : [];
      for (const [, sub] of patterns) next.push(sub as SchemaNode);
      if (patterns.length === 0 && isObject(schema.additionalProperties)) next.push(schema.additionalProperties);
    }
    current = next.flatMap((n) => alternatives(root, n));
  }
  return current;
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}

export interface KeyInfo {
  key: string;
  description?: string;
}

/**
 * The keys the schemas name for an object, in schema order, each once; not a key named only to be
 * refused (`"graphql": { "not": {} }` off a tab, or `false`, or `{ "not": true }`), which no value
 * can satisfy. (A refusal behind a `$ref` is not followed: navlint's schema writes them out.)
 */
export function keysOf(schemas: readonly SchemaObject[]): KeyInfo[] {
  const keys = new Map<string, KeyInfo>();
  const refused = (sub: unknown) =>
    sub === false || (isObject(sub) && (sub.not === true || (isObject(sub.not) && Object.keys(sub.not).length === 0)));
  for (const schema of schemas) {
    if (!isObject(schema.properties)) continue;
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (refused(sub)) continue;
      const description = isObject(sub) && typeof sub.description === 'string' ? sub.description : undefined;
      const known = keys.get(key);
      if (!known) keys.set(key, { key, description });
      else if (!known.description && description) known.description = description;
    }
  }
  return [...keys.values()];
}

/** The values the schemas allow by `enum` or `const`, in schema order, each once. */
export function valuesOf(schemas: readonly SchemaObject[]): unknown[] {
  const values = new Map<string, unknown>();
  for (const schema of schemas) {
    const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
    for (const value of listed) if (!values.has(JSON.stringify(value))) values.set(JSON.stringify(value), value);
  }
  return [...values.values()];
}
