import { StampCache } from './stamp-cache';

/**
 * What a run learnt of a page's frontmatter, valid while the page's identity ("stamp": size,
 * modification and change time, inode) stays: [stamp] when it has no openapi key; when it has one, its value,
 * and where the key is, so that later runs need neither the page nor a YAML parser.
 */
export type FrontmatterVerdict = [stamp: string] | [stamp: string, value: string, offset: number, length: number];

/** The frontmatter verdicts of one docs folder, kept in the cache folder between runs. */
export class FrontmatterCache extends StampCache<FrontmatterVerdict> {
  constructor(cacheDir: string, root: string) {
    super(cacheDir, root, 'frontmatter', isVerdict);
  }
}

/** An entry of this shape (its stamp checked by the cache). */
function isVerdict(entry: unknown[]): boolean {
  const [, value, offset, length] = entry;
  return (
    entry.length === 1 ||
    (entry.length === 4 && typeof value === 'string' && Number.isInteger(offset) && Number.isInteger(length))
  );
}
