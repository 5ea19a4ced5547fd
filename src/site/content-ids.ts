import * as fs from 'node:fs';
import * as path from 'node:path';
import { blobId, cacheKeyHash } from '../common/hash';
import { GitIndex } from './git-index';

/**
 * What a path holds, apart from its stamp: for a cache of results to tell a path that a fresh
 * checkout rewrote (a new stamp, the same content) from one that changed. A file's is git's blob id
 * when git's index vouches for it as it is (GitIndex.blobOf: without reading it); a listed folder's,
 * a hash of its entries' names and kinds (and where each link points). Undefined when nothing vouches for it.
 */
export class ContentIds {
  private gitIndex: GitIndex | null | undefined;

  constructor(private readonly root: string) {}

  /** What a file that holds this text holds: what `of` gives for it where git's index vouches for it. */
  static ofText(text: string): string {
    return `blob:${blobId(text)}`;
  }

  of(file: string, stamp: string | undefined, listed: boolean): string | undefined {
    if (!stamp) return undefined;
    if (!listed) {
      this.gitIndex ??= GitIndex.of(this.root) ?? null;
      const blob = this.gitIndex?.blobOf(file, stamp);
      return blob && `blob:${blob}`;
    }
    try {
      // A link's target too: a link pointed elsewhere may now be a page of the walk, or no longer one.
      const entries = fs
        .readdirSync(file, { withFileTypes: true })
        .map((entry) =>
          entry.isSymbolicLink()
            ? `l ${entry.name} ${fs.readlinkSync(path.join(file, entry.name))}`
            : `${entry.isDirectory() ? 'd' : entry.isFile() ? 'f' : 'o'} ${entry.name}`,
        )
        .sort();
      return `list:${cacheKeyHash(entries.join('\n'))}`;
    } catch {
      return undefined;
    }
  }
}
