import { nodeCrypto } from './lazy';

/**
 * A 64-bit hash in hex (two FNV-1a-like 32-bit lanes), to name a cache file after its key: not
 * cryptographic, and quicker than loading node:crypto.
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

/**
 * The content hash git keeps of a text (its blob id): the key page parses are kept under, so that a
 * fresh checkout, whose every file has a new stamp, finds them through git's index without reading
 * its pages.
 */
export function blobId(text: string): string {
  return nodeCrypto()
    .createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0`)
    .update(text)
    .digest('hex');
}
