import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolders, writeFileAtomic } from '../common/atomic';
import { cacheKeyHash } from '../common/hash';
import { buildId } from '../common/version';

/**
 * Verdicts on texts that cost more to judge again than to hash (a spec of megabytes), kept in the
 * cache folder by the text's content id (ContentIds.ofText: the caller has it already, for its cache
 * by stamp) and navlint's build, whatever file holds the text and wherever the
 * checkout is: a fresh checkout, as every CI job has, gives every file a new stamp, so a cache by
 * stamp alone misses them all. `isValue` checks an entry's shape: the cache is a file anyone could
 * have edited. Any cache error just means judging the text again.
 */
export class ContentCache<V> {
  constructor(
    private readonly cacheDir: string,
    private readonly kind: string,
    private readonly isValue: (value: unknown) => value is V,
  ) {}

  /** The verdict an earlier run left for a text of this content id, else the one `judge` gives, which is then kept. */
  get(content: string, judge: () => V): V {
    const key = `${buildId}\u0000${content}`;
    const file = path.join(this.cacheDir, this.kind, `${cacheKeyHash(key)}.json`);
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as { key?: unknown; value?: unknown };
      if (entry.key === key && this.isValue(entry.value)) return entry.value;
    } catch {
      // Not kept yet, or unreadable: judged again below.
    }
    const value = judge();
    try {
      makeFolders(path.dirname(file));
      writeFileAtomic(file, JSON.stringify({ key, value }), false);
      this.keepNewest(path.dirname(file));
    } catch {
      // A cache that cannot be written costs the next run the judging, nothing else.
    }
    return value;
  }

  /** A language server writes an entry for each text of a large spec typed: only the newest are kept. */
  private keepNewest(folder: string): void {
    const names = fs.readdirSync(folder);
    if (names.length <= maxEntries) return;
    const byAge = names
      .map((name) => ({ name, time: fs.statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { name } of byAge.slice(maxEntries)) fs.rmSync(path.join(folder, name), { force: true });
  }
}

/** Entries kept of a kind: more than the large data files of any one site. */
const maxEntries = 256;
