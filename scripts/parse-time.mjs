// How long navlint's own parser (dist/mdx.cjs, what its workers run) takes to parse some pages, in a
// fresh process on one thread: the parser loaded and the pages read first, neither timed; the parses
// timed together, the JIT's warm-up included, as a run that parses only those pages has it. The
// "page's parse" of the page parse targets (issue 26); given a folder, every page of it (./site-pages.mjs:
// the bench runs that held to one core, for the least time a cold run can take). Prints {"ms", "pages", "bytes"}.
//   node scripts/parse-time.mjs FILE... | DIR
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageFilesBelow } from './site-pages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { parseSiteFile } = createRequire(import.meta.url)(join(root, 'dist', 'mdx.cjs'));
const given = process.argv.slice(2);
const files = given.length === 1 && statSync(given[0]).isDirectory() ? pageFilesBelow(given[0]) : given;
const texts = files.map((file) => readFileSync(file, 'utf8'));
const start = process.hrtime.bigint();
for (const text of texts) parseSiteFile(text);
const ms = Number(process.hrtime.bigint() - start) / 1e6;
console.log(
  JSON.stringify({ ms, pages: texts.length, bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) }),
);
