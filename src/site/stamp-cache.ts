import { CacheNamespace, isJsonObject } from '../common/cache-store';
import { buildId } from '../common/version';

/** A verdict on a file, valid while its identity ("stamp": size, modification and change time, inode) stays: the stamp, then what was learnt. */
export type StampedVerdict = [stamp: string, ...rest: unknown[]];

/**
 * What runs learnt of one docs folder's files, each verdict kept with the stamp of the file it was
 * had from, in the cache folder between runs (`kind` names its subfolder). `isVerdict` checks an
 * entry's shape: the cache is a file anyone could have edited.
 */
export class StampCache<V extends StampedVerdict> {
  private readonly store: CacheNamespace;
  private entries: Record<string, V> | undefined;
  private dirty = false;
  /** This run's lookups of files the cache has an entry for: at their stamp, and at another. */
  private hits = 0;
  private misses = 0;

  constructor(
    cacheDir: string,
    private readonly root: string,
    kind: string,
    private readonly isVerdict: (entry: unknown[]) => boolean,
  ) {
    this.store = new CacheNamespace(cacheDir, kind, buildId, { maxEntries: docsFoldersKept });
  }

  /** The verdict for a file at this stamp, if an earlier run left one. */
  get(file: string, stamp: string): V | undefined {
    const entry: unknown = this.load()[file];
    if (!Array.isArray(entry) || entry[0] !== stamp || !this.isVerdict(entry)) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry as V;
  }

  /**
   * Whether looking a file's stamp up before reading it still pays in this run: not once its first
   * lookups all missed, as on a fresh checkout (every file has a new identity), where the lookup
   * would only add a system call to each file's read.
   */
  worthLookingUp(): boolean {
    return this.hits > 0 || this.misses < 64;
  }

  /** Whether an earlier run left a verdict for this file, at whatever stamp. */
  has(file: string): boolean {
    return Object.hasOwn(this.load(), file);
  }

  /** The verdict an earlier run left for this file, at whatever stamp. */
  latest(file: string): V | undefined {
    const entry: unknown = this.load()[file];
    return Array.isArray(entry) && this.isVerdict(entry) ? (entry as V) : undefined;
  }

  set(file: string, verdict: V): void {
    this.load()[file] = verdict;
    this.dirty = true;
  }

  /**
   * Writes what this run learnt; a read-only cache folder only means the next run reads the files
   * again. Given the files that exist now (a run that listed them all), the verdicts of files that
   * are gone are dropped, so that the cache does not grow with every file a site ever had.
   */
  persist(existing?: readonly string[]): void {
    this.hits = this.misses = 0; // the next run (of a language server) judges for itself
    if (existing && this.entries) {
      const kept = new Set(existing);
      for (const file of Object.keys(this.entries)) {
        if (kept.has(file)) continue;
        delete this.entries[file];
        this.dirty = true;
      }
    }
    if (this.dirty && this.store.setJson(this.root, this.entries)) this.dirty = false;
  }

  private load(): Record<string, V> {
    this.entries ??= this.store.getJson(this.root, isJsonObject) ?? {};
    return this.entries;
  }
}

/** Docs folders whose verdicts a cache folder keeps, the most recently written. */
const docsFoldersKept = 64;
