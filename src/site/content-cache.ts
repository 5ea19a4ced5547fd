import { CacheNamespace } from '../common/cache-store';
import { buildId } from '../common/version';

/**
 * Verdicts on texts that cost more to judge again than to hash (a spec of megabytes), kept in the
 * cache folder by the text's content id (ContentIds.ofText: the caller has it already, for its cache
 * by stamp) and navlint's build, whatever file holds the text and wherever the checkout is: a fresh
 * checkout, as every CI job has, gives every file a new stamp, so a cache by stamp alone misses them
 * all. `isValue` checks an entry's shape: the cache is a file anyone could have edited.
 */
export class ContentCache<V> {
  private readonly store: CacheNamespace;

  constructor(
    cacheDir: string,
    kind: string,
    private readonly isValue: (value: unknown) => value is V,
  ) {
    // A language server writes an entry for each text of a large file typed: only the newest are kept.
    this.store = new CacheNamespace(cacheDir, kind, buildId, { maxEntries: 256 });
  }

  /** The verdict an earlier run left for a text of this content id, else the one `judge` gives, which is then kept. */
  get(content: string, judge: () => V): V {
    const kept = this.store.getJson(content, this.isValue);
    if (kept !== undefined) return kept;
    const value = judge();
    this.store.setJson(content, value);
    return value;
  }
}
