// The least a run on a fresh checkout with the cache folder restored does, by any tool that keeps
// what it learnt of each file (issue 26's fresh-checkout target): the floor's work (./floor-stat.mjs),
// then what no such run can skip beyond it, each done the plainest way, with no check of anything:
// read and parse what the last run kept of every file (navlint's cache of results: each file's
// stamp and content id), read git's index and take each entry's name (the only word that the files
// with new stamps hold what they held, short of reading them), and write what it kept back with the
// new stamps (to a file beside it, removed after). Not done: loading a linter's code, the changed
// pages' parse, the walk for pages, the rules, the store of parses. Prints {"ms"}.
//   node scripts/checkout-least.mjs CHECKOUT CACHE_FOLDER
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { floorWork } from './floor-stat.mjs';

const [checkout, cacheFolder] = process.argv.slice(2);
const start = process.hrtime.bigint();
floorWork(checkout);
const results = join(cacheFolder, 'results');
for (const name of readdirSync(results)) {
  const kept = readFileSync(join(results, name), 'utf8')
    .split('\n')
    .map((line) => JSON.parse(line));
  const copy = join(results, `${name}.least`);
  writeFileSync(copy, kept.map((part) => JSON.stringify(part)).join('\n'));
  rmSync(copy);
}
indexNames(readFileSync(join(checkout, '.git', 'index')));
console.log(JSON.stringify({ ms: Number(process.hrtime.bigint() - start) / 1e6 }));

/** The names of a version 2 index's entries (as `git clone` writes it): 62 bytes, the name, NUL padding to 8. */
function indexNames(index) {
  const names = new Set();
  let at = 12;
  for (let i = index.readUInt32BE(8); i > 0; i--) {
    const end = index.indexOf(0, at + 62);
    names.add(index.toString('utf8', at + 62, end));
    at += (end - at + 8) & ~7;
  }
  return names;
}
