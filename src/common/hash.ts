import { nodeCrypto } from './lazy';

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
