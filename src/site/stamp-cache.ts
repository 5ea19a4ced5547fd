import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolders, writeFileAtomic } from '../common/atomic';
import { cacheKeyHash } from '../common/hash';
import { buildId } from '../common/version';

/** A verdict on a file, valid while its identity ("stamp": size, modification and change time, inode) stays: the stamp, then what was learnt. */
export type StampedVerdict = [stamp: string, ...rest: unknown[]];

/**
 * What runs learnt of one docs folder's files, each verdict kept with the stamp of the file it was
 * had from, in the cache folder between runs (`kind` names its subfolder). `isVerdict` checks an
 * entry's shape: the cache is a file anyone could have edited.
 */
export class StampCache<V extends StampedVerdict> {
  private readonly file: string;
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
    this.file = path.join(cacheDir, kind, `${cacheKeyHash(`${buildId}\u0000${root}`)}.json`);
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
    if (!this.dirty) return;
    try {
      makeFolders(path.dirname(this.file));
      writeFileAtomic(this.file, JSON.stringify({ build: buildId, root: this.root, entries: this.entries }), false);
      this.dirty = false;
    } catch {
      // next run reads the files again
    }
  }

  private load(): Record<string, V> {
    if (!this.entries) {
      this.entries = {};
      try {
        const data = JSON.parse(fs.readFileSync(this.file, 'utf8'));
        if (data.build === buildId && data.root === this.root && typeof data.entries === 'object' && data.entries)
          this.entries = data.entries;
      } catch {
        // no cache yet
      }
    }
    return this.entries!;
  }
}
