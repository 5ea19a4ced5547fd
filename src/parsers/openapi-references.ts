import { pointerSegments } from './data-locations';

/** A parsed JSON or YAML object, read and written member by member as the platform's untyped walk does. */
type Members = Record<string, unknown>;

/** What the platform's resolution of a spec's `$ref`s refuses: the values it cannot resolve, or why it stopped. */
export interface ReferenceVerdict {
  /** Each `$ref` value that resolves to nothing, once, in the order met. */
  unresolved: unknown[];
  /** The resolution threw (a malformed `%` escape, a reference to `null`, a member named `hasOwnProperty`): its message, and the `$ref` value it was resolving. */
  failure?: { message: string; ref?: unknown };
}

/**
 * The platform's check that a spec's `$ref`s resolve (its parser's resolveReferences), kept to what
 * decides the verdict. Its walk is peculiar, and the verdict follows it, so it is reproduced step
 * by step on a copy: each `$ref` is replaced by a shallow merge of its target, in two passes; the
 * walk does not enter a value that holds a cycle, nor look for a reference in a `properties` map;
 * an object whose reference fails is left there; a pointer fails only where a segment before its
 * last meets nothing (a missing last segment resolves to nothing, silently).
 */
export function resolveSpecReferences(document: object): ReferenceVerdict {
  const specification = structuredClone(document) as Record<string, unknown>;
  const unresolved: unknown[] = [];
  const refuse = (value: unknown) => {
    if (!unresolved.includes(value)) unresolved.push(value);
  };

  const resolveUri = (uri: unknown): unknown => {
    if (typeof uri !== 'string') return refuse(uri);
    const [prefix, pointer] = uri.split('#', 2);
    // Another file: the platform refuses these before (checkForExternalRefs); here there is no file.
    if (prefix) return refuse(uri);
    const segments = pointerSegments(pointer!).map((segment) => decodeURI(segment));
    try {
      return segments.reduce<unknown>((node, key) => (node as Members)[key], specification);
    } catch {
      return refuse(uri);
    }
  };

  let resolving: unknown;
  const resolve = (node: Members, inPropertiesMap: boolean): void => {
    for (const [key, value] of Object.entries(node ?? {})) {
      if (node.$ref !== undefined && !inPropertiesMap) {
        resolving = node.$ref;
        const target = resolveUri(node.$ref);
        resolving = target === undefined ? undefined : resolving;
        if (target === undefined) continue;
        delete node.$ref;
        // Object.keys throws on a target of null, and so does the platform.
        if (typeof target === 'object')
          for (const targetKey of Object.keys(target as object))
            if (node[targetKey] === undefined) node[targetKey] = (target as Members)[targetKey];
        resolving = undefined;
      }
      if (typeof value === 'object' && !holdsCycle(value))
        resolve(value as Members, key === 'properties' && !inPropertiesMap);
    }
  };

  try {
    resolve(specification, false);
    // A reference merged in by the first pass is resolved by the second.
    resolve(specification, false);
  } catch (error) {
    return { unresolved, failure: { message: error instanceof Error ? error.message : String(error), ref: resolving } };
  }
  return { unresolved };
}

/** Whether a value reaches itself again: once references are merged, a recursive schema does. */
function holdsCycle(value: unknown): boolean {
  const onPath = new WeakSet<object>();
  const visit = (current: unknown): boolean => {
    if (typeof current !== 'object' || !current) return false;
    if (onPath.has(current)) return true;
    onPath.add(current);
    for (const key in current) {
      // Called as a method, as the platform calls it: a schema with a property of that name makes it throw.
      // biome-ignore lint/suspicious/noPrototypeBuiltins: the platform's quirk, kept on purpose
      if (!(current as { hasOwnProperty(key: string): boolean }).hasOwnProperty(key)) continue;
      if (visit((current as Members)[key])) return true;
    }
    onPath.delete(current);
    return false;
  };
  return visit(value);
}
