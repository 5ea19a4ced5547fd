/** Adds `value` to the list `map` keeps under `key`, making the list on first use (never copying it). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
