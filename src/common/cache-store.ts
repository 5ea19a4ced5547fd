import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolders, writeFileAtomic } from './atomic';
import { cacheKeyHash } from './key-hash';

/** How many of its entries a namespace keeps, at most: past it, the least recently written go first. */
export interface CacheBound {
  maxEntries: number;
}

/** A version folder's name: the hash of the version (16 hex digits). A legacy entry's: a hash too. */
const versionFolderName = /^[0-9a-f]{16}$/;
const legacyEntryName = /^(?:[0-9a-f]{16}|parses-[0-9a-f]+)\.(?:json|v8)$|^[\w-]+\.v8$/;

/** The namespaces swept in this process: once each. */
const swept = new Set<string>();

/**
 * One kind of thing navlint keeps in its cache folder (`results`, `specs`, `page-parses`, …): a
 * namespace folder, and in it a folder per version of what is kept there (the build that made it,
 * or what its entries depend on: the parser for page parses, the Node version for compiled code),
 * so that no entry is read by code that would read it otherwise. The first use in a process sweeps
 * the other versions but the one used last before it: a CI cache folder restored and saved on every
 * run keeps at most two, whatever the number of releases it has seen, and a machine that runs two
 * builds in turn (the editor's extension and the command line) keeps both.
 *
 * Every write is atomic (a temporary file renamed into place), not flushed: after a crash an entry
 * is whole or absent. A bounded namespace drops its least recently written entries past its bound.
 * Any error of the cache (a read-only folder, a full disk, a damaged entry) only costs the work again:
 * reads give undefined, writes false.
 */
export class CacheNamespace {
  /** The folder of this version's entries. */
  readonly folder: string;
  private readonly namespaceFolder: string;

  constructor(
    cacheDir: string,
    name: string,
    version: string,
    private readonly bound?: CacheBound,
  ) {
    this.namespaceFolder = path.join(cacheDir, name);
    this.folder = path.join(this.namespaceFolder, cacheKeyHash(version));
  }

  /** The path of a file of this version's folder. */
  file(name: string): string {
    this.sweepOnce();
    return path.join(this.folder, name);
  }

  read(name: string): Buffer | undefined {
    try {
      return fs.readFileSync(this.file(name));
    } catch {
      return undefined;
    }
  }

  readText(name: string): string | undefined {
    try {
      return fs.readFileSync(this.file(name), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Writes a file of this version's folder, atomically; false when the cache folder cannot be written. */
  write(name: string, data: string | Uint8Array): boolean {
    const file = this.file(name);
    try {
      const isNew = this.bound !== undefined && !fs.existsSync(file);
      makeFolders(this.folder);
      writeFileAtomic(file, data, false);
      if (isNew) this.keepWithinBound();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The text kept under a key: an entry in a file named after the key's hash, which holds the key
   * on its first line, checked on read (two keys may share a hash).
   */
  get(key: string): string | undefined {
    const text = this.readText(this.entryName(key));
    if (text === undefined) return undefined;
    const head = JSON.stringify(key);
    return text.startsWith(head) && text.charCodeAt(head.length) === 10 ? text.slice(head.length + 1) : undefined;
  }

  set(key: string, text: string): boolean {
    return this.write(this.entryName(key), `${JSON.stringify(key)}\n${text}`);
  }

  /** The value kept under a key as JSON, when it has the shape `isValue` checks: a cache is a file anyone could have edited. */
  getJson<V>(key: string, isValue: (value: unknown) => value is V): V | undefined {
    const text = this.get(key);
    if (text === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return isValue(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  setJson(key: string, value: unknown): boolean {
    return this.set(key, JSON.stringify(value));
  }

  private entryName(key: string): string {
    return `${cacheKeyHash(key)}.json`;
  }

  /** Drops the least recently written entries (the files of this version's folder, not its subfolders) past the bound. */
  private keepWithinBound(): void {
    const entries = fs
      .readdirSync(this.folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
    if (entries.length <= this.bound!.maxEntries) return;
    const byAge = entries
      .map(({ name }) => ({
        name,
        time: fs.statSync(path.join(this.folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0,
      }))
      .sort((a, b) => b.time - a.time);
    for (const { name } of byAge.slice(this.bound!.maxEntries))
      fs.rmSync(path.join(this.folder, name), { force: true });
  }

  /**
   * Marks this version as used now and removes the others but the most recently used one, and the
   * files of the namespace's older layout, with no version folder. Only names navlint gives are
   * touched: a cache folder given by hand may hold other things.
   */
  private sweepOnce(): void {
    if (swept.has(this.namespaceFolder)) return;
    swept.add(this.namespaceFolder);
    let names: string[];
    try {
      names = fs.readdirSync(this.namespaceFolder);
    } catch {
      return; // none yet
    }
    try {
      const now = new Date();
      if (fs.existsSync(this.folder)) fs.utimesSync(this.folder, now, now);
      const own = path.basename(this.folder);
      const others = names
        .filter((name) => name !== own && versionFolderName.test(name))
        .map((name) => ({ name, time: fs.statSync(path.join(this.namespaceFolder, name)).mtimeMs }))
        .sort((a, b) => b.time - a.time);
      for (const { name } of others.slice(1))
        fs.rmSync(path.join(this.namespaceFolder, name), { recursive: true, force: true });
      for (const name of names.filter((name) => legacyEntryName.test(name)))
        fs.rmSync(path.join(this.namespaceFolder, name), { force: true });
    } catch {
      // another process swept it first, or the folder is read-only: left as it is
    }
  }
}

/** A JSON object (not an array, not null): the shape of most entries, checked as read. */
export const isJsonObject = (value: unknown): value is Record<string, never> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
