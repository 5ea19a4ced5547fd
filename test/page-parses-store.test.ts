import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobId } from '../src/common/hash';
import { type PageParse, packParse } from '../src/parsers/page-parse';
import { ContentIds } from '../src/site/content-ids';
import { diskFiles } from '../src/site/files';
import { PageParses } from '../src/site/page-parses';
import { ParseStore, readRecord } from '../src/site/parse-store';
import { temporaryFolder } from './helpers';

/** A site of one page, with its text. */
function siteOf(page: string, text: string): string {
  const dir = temporaryFolder('navlint-store-');
  fs.writeFileSync(path.join(dir, page), text);
  return dir;
}

const parse = (text: string): PageParse => ({ anchors: [text.trim()] });

/** The keys of the store every site of a cache folder shares. */
function storedKeys(cacheDir: string): string[] {
  const [parser] = fs.readdirSync(path.join(cacheDir, 'page-parses'));
  const folder = path.join(cacheDir, 'page-parses', parser, 'shards');
  return fs
    .readdirSync(folder)
    .filter((name) => name.startsWith('parses-'))
    .flatMap((name) => Object.keys(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'))));
}

describe("the page parses' shared store", () => {
  it('keeps what another run wrote since this one read it, and what this one parsed', () => {
    const cacheDir = temporaryFolder('navlint-store-cache-');
    const first = siteOf('a.mdx', 'First site, a page of its own.\n');
    const second = siteOf('b.mdx', 'Second site, another page.\n');
    const third = siteOf('c.mdx', 'Third site, parsed by the first run later.\n');
    const firstRun = new PageParses(first, diskFiles, parse, cacheDir, new ContentIds(first));
    firstRun.get('a.mdx', undefined, () => [{ file: 'a.mdx' }]);
    // Another run writes the store after the first read it.
    const secondRun = new PageParses(second, diskFiles, parse, cacheDir, new ContentIds(second));
    secondRun.get('b.mdx', undefined, () => [{ file: 'b.mdx' }]);
    secondRun.persist();
    firstRun.persist();
    const key = (dir: string, page: string) => blobId(fs.readFileSync(path.join(dir, page), 'utf8'));
    expect(storedKeys(cacheDir).sort()).toEqual([key(first, 'a.mdx'), key(second, 'b.mdx')].sort());
    // A later run adds its own to all of that.
    const thirdRun = new PageParses(third, diskFiles, parse, cacheDir, new ContentIds(third));
    thirdRun.get('c.mdx', undefined, () => [{ file: 'c.mdx' }]);
    thirdRun.persist();
    expect(storedKeys(cacheDir).sort()).toEqual(
      [key(first, 'a.mdx'), key(second, 'b.mdx'), key(third, 'c.mdx')].sort(),
    );
  });
});

describe('the parse store: one file per shard of keys', () => {
  const parseOf = (key: string): PageParse => ({ anchors: [key] });
  /** A store folder with these keys saved. */
  function storeWith(keys: string[]): string {
    const folder = temporaryFolder('navlint-parse-store-');
    const store = new ParseStore(folder);
    for (const key of keys) store.add(key, parseOf(key));
    store.save();
    return folder;
  }
  const read = (folder: string, name: string) => fs.readFileSync(path.join(folder, name), 'utf8');

  it('rewrites only the shard of a parse added, and a later run finds every parse by its key', () => {
    const folder = storeWith(['a1f0', 'a1f1', 'b200', 'c3ff']);
    expect(fs.readdirSync(folder).sort()).toEqual(['parses-a1f.json', 'parses-b20.json', 'parses-c3f.json']);
    const untouched = [read(folder, 'parses-b20.json'), read(folder, 'parses-c3f.json')];
    const store = new ParseStore(folder);
    store.add('a1f2', parseOf('a1f2'));
    store.add('b200', { anchors: ['another'] }); // the store has one under that key: kept
    store.save();
    expect([read(folder, 'parses-b20.json'), read(folder, 'parses-c3f.json')]).toEqual(untouched);
    expect(JSON.parse(read(folder, 'parses-a1f.json'))).toEqual({
      a1f0: parseOf('a1f0'),
      a1f1: parseOf('a1f1'),
      a1f2: parseOf('a1f2'),
    });
    const later = new ParseStore(folder);
    expect(['a1f0', 'a1f2', 'b200', 'c3ff', 'd400'].map((key) => later.get(key))).toEqual([
      parseOf('a1f0'),
      parseOf('a1f2'),
      parseOf('b200'),
      parseOf('c3ff'),
      undefined,
    ]);
  });

  it('keeps what another run added to a shard since this run read it', () => {
    const folder = storeWith(['e500']);
    const first = new ParseStore(folder);
    expect(first.get('e500')).toEqual(parseOf('e500'));
    const second = new ParseStore(folder);
    second.add('e501', parseOf('e501'));
    second.save();
    first.add('e502', parseOf('e502'));
    first.save();
    expect(Object.keys(JSON.parse(read(folder, 'parses-e50.json')))).toEqual(['e500', 'e501', 'e502']);
  });

  it('reads a shard once, unless another run wrote it between the read and the save', () => {
    const folder = storeWith(['e600', 'e700']);
    const reads: string[] = [];
    const counting = (file: string) => {
      reads.push(path.basename(file));
      return readRecord(file);
    };
    const store = new ParseStore(folder, counting);
    store.add('e601', parseOf('e601'));
    store.add('e701', parseOf('e701'));
    const other = new ParseStore(folder);
    other.add('e702', parseOf('e702'));
    other.save();
    store.save();
    expect(reads).toEqual(['parses-e60.json', 'parses-e70.json', 'parses-e70.json']);
    expect(Object.keys(JSON.parse(read(folder, 'parses-e70.json')))).toEqual(['e700', 'e702', 'e701']);
    // A second save of the same process reads nothing: it knows what it wrote.
    store.add('e602', parseOf('e602'));
    store.save();
    expect(reads).toHaveLength(3);
    expect(Object.keys(JSON.parse(read(folder, 'parses-e60.json')))).toEqual(['e600', 'e601', 'e602']);
  });

  it('drops the oldest parses of a shard past 160', () => {
    const keys = Array.from({ length: 161 }, (_, i) => `f60${String(i).padStart(4, '0')}`);
    const folder = storeWith(keys);
    const stored = Object.keys(JSON.parse(read(folder, 'parses-f60.json')));
    expect(stored).toHaveLength(160);
    expect([stored[0], stored[159]]).toEqual(['f600001', 'f600160']);
  });

  it('drops the oldest parses of a shard past 256 KB, and keeps the newest one however large', () => {
    const large = (key: string): PageParse => ({ anchors: [key, 'x'.repeat(100 * 1024)] });
    const folder = temporaryFolder('navlint-parse-store-');
    const store = new ParseStore(folder);
    for (const key of ['f700', 'f701', 'f702']) store.add(key, large(key));
    store.save();
    expect(Object.keys(JSON.parse(read(folder, 'parses-f70.json')))).toEqual(['f701', 'f702']);
    const huge = new ParseStore(folder);
    huge.add('f703', { anchors: ['x'.repeat(300 * 1024)] });
    huge.save();
    expect(Object.keys(JSON.parse(read(folder, 'parses-f70.json')))).toEqual(['f703']);
  });

  it("writes a worker's packed parse as the JSON it is, beside parses held as objects", () => {
    const folder = temporaryFolder('navlint-parse-store-');
    const store = new ParseStore(folder);
    const packed: PageParse = { links: [['/a "b"', 2, 1, 9, 'a href']], anchors: ['x'] };
    store.add('a800', packParse(packed));
    store.add('a801', parseOf('a801'));
    store.save();
    expect(JSON.parse(read(folder, 'parses-a80.json'))).toEqual({ a800: packed, a801: parseOf('a801') });
    expect(new ParseStore(folder).get('a800')).toEqual(packed);
  });

  it('leaves out a value of a shard that is not a parse, and writes the shard again without it', () => {
    const folder = storeWith(['a900']);
    fs.writeFileSync(path.join(folder, 'parses-a90.json'), '{"a900": "damaged", "a901": {"anchors": ["kept"]}}');
    const store = new ParseStore(folder);
    expect([store.get('a900'), store.get('a901')]).toEqual([undefined, { anchors: ['kept'] }]);
    store.add('a902', packParse(parseOf('a902')));
    store.save();
    expect(JSON.parse(read(folder, 'parses-a90.json'))).toEqual({ a901: { anchors: ['kept'] }, a902: parseOf('a902') });
  });

  it('reads a damaged shard as empty', () => {
    const folder = storeWith(['a700']);
    fs.writeFileSync(path.join(folder, 'parses-a70.json'), '{"a700": {"anch');
    expect(new ParseStore(folder).get('a700')).toBeUndefined();
  });
});
