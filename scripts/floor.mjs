// The floor navlint is measured against, as issue 15 defines it: read docs.json, JSON.parse it, and
// open and read the first 4 KB of every page file it names (page.mdx, else page.md), once each,
// the pages of the files its navigation takes in with "$ref" included.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { pageEntries } from './page-entries.mjs';

const root = process.argv[2];
const pages = new Set(pageEntries(root));
const head = Buffer.alloc(4096);
let found = 0;
for (const page of pages) {
  for (const ext of ['.mdx', '.md']) {
    let fd;
    try {
      fd = openSync(join(root, page + ext), 'r');
    } catch {
      continue;
    }
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    found++;
    break;
  }
}
console.log(found);
