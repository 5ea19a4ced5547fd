import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { fnv1a } from '../common/hash';
import { buildId } from '../common/version';

/**
 * What a run learnt of a page's frontmatter, valid while the page's identity ("stamp": size,
 * modification and change time, inode) stays: [stamp] when it has no openapi key; when it has one, its value,
 * and where the key is, so that later runs need neither the page nor a YAML parser.
 */
export type FrontmatterVerdict = [stamp: string] | [stamp: string, value: string, offset: number, length: number];

/** The frontmatter verdicts of one docs folder, kept in the cache folder between runs. */
export class FrontmatterCache {
  private readonly file: string;
  private entries: Record<string, FrontmatterVerdict> | undefined;
  private dirty = false;
  /** This run's lookups of pages the cache has an entry for: at their stamp, and at another. */
  private hits = 0;
  private misses = 0;

  constructor(
    cacheDir: string,
    private readonly root: string,
  ) {
    this.file = path.join(cacheDir, 'frontmatter', `${fnv1a(`${buildId}\u0000${root}`)}.json`);
  }

  /** The verdict for a page at this stamp, if an earlier run left one. */
  get(page: string, stamp: string): FrontmatterVerdict | undefined {
    const entry = this.load()[page];
    if (!isVerdict(entry, stamp)) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry;
  }

  /**
   * Whether looking a page's stamp up before reading it still pays in this run: not once its first
   * lookups all missed, as on a fresh checkout (every file has a new identity), where the lookup
   * would only add a system call to each page's read (200 ms on the 25,000 pages of a large site).
   */
  worthLookingUp(): boolean {
    return this.hits > 0 || this.misses < 64;
  }

  /** Whether an earlier run left a verdict for this page, at whatever stamp. */
  has(page: string): boolean {
    return Object.hasOwn(this.load(), page);
  }

  set(page: string, verdict: FrontmatterVerdict): void {
    this.load()[page] = verdict;
    this.dirty = true;
  }

  /** Writes what this run learnt; a read-only cache folder only means the next run reads the pages again. */
  persist(): void {
    this.hits = this.misses = 0; // the next run (of a language server) judges for itself
    if (!this.dirty) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileAtomic(this.file, JSON.stringify({ build: buildId, root: this.root, entries: this.entries }), false);
      this.dirty = false;
    } catch {
      // next run reads the pages again
    }
  }

  private load(): Record<string, FrontmatterVerdict> {
    if (!this.entries) {
      this.entries = {};
      try {
        const data = JSON.parse(fs.readFileSync(this.file, 'utf8'));
        if (data.build === buildId && data.root === this.root && typeof data.entries === 'object' && data.entries) this.entries = data.entries;
      } catch {
        // no cache yet
      }
    }
    return this.entries!;
  }
}

/** A cache entry of this shape, for this stamp (the cache is a file anyone could have edited). */
function isVerdict(entry: unknown, stamp: string): entry is FrontmatterVerdict {
  if (!Array.isArray(entry) || entry[0] !== stamp) return false;
  const [, value, offset, length] = entry;
  return entry.length === 1 || (entry.length === 4 && typeof value === 'string' && Number.isInteger(offset) && Number.isInteger(length));
}
