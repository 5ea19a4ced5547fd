import * as fs from 'node:fs';
import * as path from 'node:path';
import { blobId } from '../common/hash';
import { GitIndex } from './git-index';

/**
 * What a file holds, apart from its stamp: the one content id of navlint's caches, git's blob id of
 * the text, which git's index gives without reading the file (GitIndex.blobOf) where it vouches for
 * the file as it is. A fresh checkout, as every CI job has, renews every file's stamp; its content id
 * is what finds what an earlier run learnt of it. A listed folder's id is that of its entries' names
 * and kinds (and where each link points), for the cache of results.
 */
export class ContentIds {
  private gitIndex: GitIndex | null | undefined;

  constructor(private readonly root: string) {}

  /** Reads git's index again at the next lookup (a folder moved, a branch switched under a language server). */
  forget(): void {
    this.gitIndex = undefined;
  }

  /** What a file that holds this text holds: what `of` gives for it where git's index vouches for it. */
  static ofText(text: string): string {
    return blobId(text);
  }

  /** What a file (or a listed folder) at this stamp holds, without reading it; undefined when nothing vouches for it. */
  of(file: string, stamp: string | undefined, listed: boolean): string | undefined {
    if (!stamp) return undefined;
    if (!listed) {
      this.gitIndex ??= GitIndex.of(this.root) ?? null;
      return this.gitIndex?.blobOf(file, stamp);
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
      return `list:${blobId(entries.join('\n'))}`;
    } catch {
      return undefined;
    }
  }

  /**
   * What an earlier run learnt of a file, found again without reading it: at its stamp, else (a new
   * stamp) by what git's index vouches the file holds. Undefined when neither finds it: the caller
   * reads the file, and may look it up by the content id of its text.
   */
  findKnown<V>(
    file: string,
    stamp: string | undefined,
    atStamp: (stamp: string) => V | undefined,
    atContent: (content: string) => V | undefined,
  ): V | undefined {
    if (stamp === undefined) return undefined;
    const known = atStamp(stamp);
    if (known !== undefined) return known;
    const content = this.of(file, stamp, false);
    return content === undefined ? undefined : atContent(content);
  }
}
