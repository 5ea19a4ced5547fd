import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolders, writeFileAtomic } from '../common/atomic';
import type { PackedParse, PageParse } from '../parsers/page-parse';
import { diskFiles } from './files';

/**
 * How many hex digits of a key name its shard: 4,096 shards. A fresh checkout with a few hundred
 * pages changed looks up and adds that many parses of new texts, each in a shard of its own; in
 * shards of a few KB each (a 25,000-page site), it reads and rewrites about 1 MB, not most of the
 * store, as 256 shards had it.
 */
const shardDigits = 3;

/** The store's layout, in the name of its folder: a store of another layout is another folder. */
export const storeLayout = `shards-${shardDigits}`;

/**
 * The parses kept in one shard, at most, and the size of its file: the oldest go first past either.
 * Shards fill unevenly: at the count the first shard to drop one holds its share of about half a
 * million parses; the size bounds the store at 4,096 × 256 KB, 1 GB, whatever the parses' size.
 */
const shardLimit = 160;
const shardBytes = 256 * 1024;

/**
 * The parses every site of a cache folder shares, by key (the hash of a text, and how it was parsed),
 * in shard files by the key's first hex digits: a run that looks up a few keys reads a few shards,
 * and one that adds a parse rewrites only its shard.
 */
export class ParseStore {
  private readonly shards = new Map<string, Record<string, PageParse | PackedParse>>();
  /** The shards this process added parses to. */
  private readonly changed = new Set<string>();
  /** Each shard file's stamp when it was read (undefined: there was none). */
  private readonly readStamps = new Map<string, string | undefined>();

  /** `readShard`: how a shard file is read (a test counts the reads). */
  constructor(
    private readonly folder: string,
    private readonly readShard: (file: string) => Record<string, unknown> = readRecord,
  ) {}

  /** Whether the folder has a shard (a parse of any text might be there). */
  hasAny(): boolean {
    let folder: fs.Dir | undefined;
    try {
      folder = fs.opendirSync(this.folder);
      for (let entry = folder.readSync(); entry; entry = folder.readSync())
        if (entry.name.startsWith('parses-')) return true;
      return false;
    } catch {
      return false; // no folder yet
    } finally {
      folder?.closeSync();
    }
  }

  get(key: string): PageParse | PackedParse | undefined {
    return this.shard(key)[key];
  }

  /** Keeps a parse (unless the store has one under that key) until `save`. */
  add(key: string, parse: PageParse | PackedParse): void {
    const shard = this.shard(key);
    if (key in shard) return;
    shard[key] = parse;
    this.changed.add(shardOf(key));
  }

  /**
   * Writes the shards this process added to, merged with what other runs wrote there since it read
   * them (theirs kept, its own on top): a shard file no other run wrote since is not read again.
   * Throws when the folder cannot be written (the next run parses again).
   */
  save(): void {
    if (this.changed.size === 0) return;
    makeFolders(this.folder);
    for (const name of this.changed) {
      const file = this.fileOf(name);
      const unchanged = diskFiles.stamp(file) === this.readStamps.get(name);
      const merged = unchanged ? { ...this.shards.get(name) } : { ...this.readParses(file), ...this.shards.get(name) };
      const entries = shardEntries(merged);
      // The oldest go first past the limits (a record keeps its keys in the order they were added).
      let size = entries.reduce((sum, [, text]) => sum + text.length + 1, 1);
      let dropped = Math.max(0, entries.length - shardLimit);
      for (const [, text] of entries.slice(0, dropped)) size -= text.length + 1;
      while (size > shardBytes && dropped < entries.length - 1) size -= entries[dropped++][1].length + 1;
      for (const [key] of entries.slice(0, dropped)) delete merged[key];
      writeFileAtomic(
        file,
        `{${entries
          .slice(dropped)
          .map(([, text]) => text)
          .join(',')}}`,
        false,
      );
      // What the file now holds, so that a later save of this process (the language server's) needs no read.
      this.shards.set(name, merged);
      this.readStamps.set(name, diskFiles.stamp(file));
    }
    this.changed.clear();
  }

  private shard(key: string): Record<string, PageParse | PackedParse> {
    const name = shardOf(key);
    let shard = this.shards.get(name);
    if (!shard) {
      const file = this.fileOf(name);
      // Stamped before it is read: a write in between shows as another stamp at save.
      this.readStamps.set(name, diskFiles.stamp(file));
      this.shards.set(name, (shard = this.readParses(file)));
    }
    return shard;
  }

  /**
   * A shard file's parses. A value that is not an object (a damaged or foreign file) is left out:
   * a string in a shard is then always a parse this process packed, which `save` writes as it is.
   */
  private readParses(file: string): Record<string, PageParse | PackedParse> {
    const parses: Record<string, PageParse> = {};
    for (const [key, value] of Object.entries(this.readShard(file)))
      if (value && typeof value === 'object' && !Array.isArray(value)) parses[key] = value as PageParse;
    return parses;
  }

  private fileOf(shard: string): string {
    return path.join(this.folder, `parses-${shard}.json`);
  }
}

/** A shard's entries as they are written: each key with its `"key":parse` text, a packed parse written as the JSON it is. */
function shardEntries(shard: Record<string, unknown>): [key: string, text: string][] {
  return Object.entries(shard).map(([key, parse]) => [
    key,
    `${JSON.stringify(key)}:${typeof parse === 'string' ? parse : JSON.stringify(parse)}`,
  ]);
}

/** A key's shard: the first hex digits of its hash (keys start with one). */
const shardOf = (key: string) => key.slice(0, shardDigits).toLowerCase();

/** A JSON object from a cache file; an empty one when there is none or it is damaged. */
export function readRecord(file: string): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
