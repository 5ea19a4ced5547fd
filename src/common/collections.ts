/** Adds `value` to the list `map` keeps under `key`, making the list on first use (never copying it). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A JSON or YAML object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Appends `items` to `list`. `list.push(...items)` passes each item as an argument, and an array of
 * more than about a hundred thousand (a large site's findings) overflows the stack.
 */
export function appendAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}
