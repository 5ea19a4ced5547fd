/**
 * A 64-bit hash in hex (two FNV-1a-like 32-bit lanes), to name a cache file after its key: not
 * cryptographic, and quicker than loading node:crypto; with no imports, so that the loader
 * (bin/navlint.cjs, through dist/cache-folder.cjs) takes nothing else with it.
 */
export function cacheKeyHash(text: string): string {
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    low = Math.imul(low ^ text.charCodeAt(i), 0x01000193) >>> 0;
    high = Math.imul(high ^ (text.charCodeAt(i) + i), 0x01000193) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
