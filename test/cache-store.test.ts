import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheNamespace, isJsonObject } from '../src/common/cache-store';
import { cacheKeyHash } from '../src/common/key-hash';
import { temporaryFolder } from './helpers';

const sorted = (dir: string) => fs.readdirSync(dir).sort();
/** Sets a file's or folder's modification time `seconds` after a fixed moment: ages are compared, never waited for. */
const stampAt = (file: string, seconds: number) => {
  const at = new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
  fs.utimesSync(file, at, at);
};

describe('CacheNamespace', () => {
  it('keeps a value under its key, in a folder of its version; another key of the same file name reads as none', () => {
    const cacheDir = temporaryFolder();
    const store = new CacheNamespace(cacheDir, 'things', 'build 1');
    expect(store.get('a key')).toBeUndefined();
    expect(store.setJson('a key', { n: 1 })).toBe(true);
    expect(store.getJson('a key', isJsonObject)).toEqual({ n: 1 });
    const file = path.join(cacheDir, 'things', cacheKeyHash('build 1'), `${cacheKeyHash('a key')}.json`);
    expect(fs.readFileSync(file, 'utf8')).toBe('"a key"\n{"n":1}');
    // Two keys whose hashes met: the key on the entry's first line tells them apart.
    fs.writeFileSync(file, '"another key"\n{"n":2}');
    expect(store.get('a key')).toBeUndefined();
    // Another version reads none of this one's entries.
    expect(new CacheNamespace(cacheDir, 'things', 'build 2').get('a key')).toBeUndefined();
  });

  it('reads a damaged entry, or one of another shape, as none', () => {
    const store = new CacheNamespace(temporaryFolder(), 'things', 'v');
    store.set('k', '{"n": 1');
    expect(store.getJson('k', isJsonObject)).toBeUndefined();
    store.setJson('k', [1, 2]);
    expect(store.getJson('k', isJsonObject)).toBeUndefined();
    fs.writeFileSync(store.file(`${cacheKeyHash('k')}.json`), '');
    expect(store.get('k')).toBeUndefined();
  });

  it('drops the least recently written files past its bound; dotfiles and subfolders are not entries', () => {
    const store = new CacheNamespace(temporaryFolder(), 'things', 'v', { maxEntries: 3 });
    fs.mkdirSync(store.folder, { recursive: true });
    fs.mkdirSync(path.join(store.folder, 'shards'));
    fs.writeFileSync(path.join(store.folder, '.lock'), '');
    for (let i = 1; i <= 5; i++) {
      expect(store.write(`entry-${i}`, `${i}`)).toBe(true);
      stampAt(store.file(`entry-${i}`), i);
    }
    expect(sorted(store.folder)).toEqual(['.lock', 'entry-3', 'entry-4', 'entry-5', 'shards']);
    // Rewriting an entry adds none: nothing is dropped.
    expect(store.write('entry-3', 'again')).toBe(true);
    expect(sorted(store.folder)).toEqual(['.lock', 'entry-3', 'entry-4', 'entry-5', 'shards']);
  });

  it("at its first use in a process, sweeps the other versions but the last used, and the older layout's files; nothing else", () => {
    const cacheDir = temporaryFolder();
    const namespace = path.join(cacheDir, 'things');
    const older = path.join(namespace, cacheKeyHash('build 1'));
    const last = path.join(namespace, cacheKeyHash('build 2'));
    for (const [folder, seconds] of [
      [older, 1],
      [last, 2],
    ] as const) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'entry.json'), '{}');
      stampAt(folder, seconds);
    }
    const legacy = ['0123456789abcdef.json', 'parses-3e7.json', '-work-dist-navlint-cjs.v8'];
    const unknown = ['notes.txt', 'kept-by-hand'];
    for (const name of [...legacy, unknown[0]]) fs.writeFileSync(path.join(namespace, name), '');
    fs.mkdirSync(path.join(namespace, unknown[1]));

    const store = new CacheNamespace(cacheDir, 'things', 'build 3');
    expect(store.set('k', 'v')).toBe(true);
    expect(sorted(namespace)).toEqual([path.basename(last), path.basename(store.folder), ...unknown].sort());
    // Once a process: a version made meanwhile by another process stays until the next run.
    fs.mkdirSync(older);
    expect(new CacheNamespace(cacheDir, 'things', 'build 3').get('k')).toBe('v');
    expect(fs.existsSync(older)).toBe(true);
  });

  it('a cache folder that cannot be written costs only the work again', () => {
    const notAFolder = path.join(temporaryFolder(), 'file');
    fs.writeFileSync(notAFolder, '');
    const store = new CacheNamespace(notAFolder, 'things', 'v', { maxEntries: 2 });
    expect(store.set('k', 'v')).toBe(false);
    expect(store.get('k')).toBeUndefined();
    expect(store.read('x')).toBeUndefined();
  });
});
