import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageParse } from '../src/parsers/page-parse';
import { diskFiles } from '../src/site/files';
import { blobId } from '../src/site/git-index';
import { PageParses } from '../src/site/page-parses';
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
  const folder = path.join(cacheDir, 'page-parses');
  const [parser] = fs.readdirSync(folder);
  return Object.keys(JSON.parse(fs.readFileSync(path.join(folder, parser, 'parses.json'), 'utf8')));
}

describe("the page parses' shared store", () => {
  it('keeps what another run wrote since this one read it, and what this one parsed', () => {
    const cacheDir = temporaryFolder('navlint-store-cache-');
    const first = siteOf('a.mdx', 'First site, a page of its own.\n');
    const second = siteOf('b.mdx', 'Second site, another page.\n');
    const third = siteOf('c.mdx', 'Third site, parsed by the first run later.\n');
    const firstRun = new PageParses(first, diskFiles, parse, cacheDir);
    firstRun.get('a.mdx', undefined, () => [{ file: 'a.mdx' }]);
    // Another run writes the store after the first read it.
    const secondRun = new PageParses(second, diskFiles, parse, cacheDir);
    secondRun.get('b.mdx', undefined, () => [{ file: 'b.mdx' }]);
    secondRun.persist();
    firstRun.persist();
    const key = (dir: string, page: string) => blobId(fs.readFileSync(path.join(dir, page), 'utf8'));
    expect(storedKeys(cacheDir).sort()).toEqual([key(first, 'a.mdx'), key(second, 'b.mdx')].sort());
    // A later run adds its own to all of that.
    const thirdRun = new PageParses(third, diskFiles, parse, cacheDir);
    thirdRun.get('c.mdx', undefined, () => [{ file: 'c.mdx' }]);
    thirdRun.persist();
    expect(storedKeys(cacheDir).sort()).toEqual(
      [key(first, 'a.mdx'), key(second, 'b.mdx'), key(third, 'c.mdx')].sort(),
    );
  });
});
