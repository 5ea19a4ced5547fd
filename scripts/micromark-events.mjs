// The yardstick of the cold page parse target (issue 26): how long one core takes to turn a site's
// pages into micromark events, with the micromark extensions navlint's parser bundles (the platform's
// stack: remark-mdx, remark-gfm, remark-frontmatter with YAML and TOML, remark-math, each as its
// remark plugin sets it up), in this process, on this thread (the bench holds the process to one
// core: see oneCore in ./bench-pages.mjs). The pages are read first, and not timed; the time is that
// of the events alone (no mdast tree, no preprocessing, no YAML), the JIT's warm-up included, as a
// cold run has it. Prints {"ms", "pages", "bytes", "errors"}.
//   node scripts/micromark-events.mjs DIR
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageFilesBelow } from './site-pages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A package as navlint's bundle has it: resolved from the package that depends on it, down the chain. */
async function load(...chain) {
  let from = join(root, 'package.json');
  for (const name of chain) from = createRequire(from).resolve(name);
  return import(pathToFileURL(from).href);
}
const { parse, postprocess, preprocess } = await load('remark-parse', 'mdast-util-from-markdown', 'micromark');
const { mdxjs } = await load('remark-mdx', 'micromark-extension-mdxjs');
const { gfm } = await load('remark-gfm', 'micromark-extension-gfm');
const { frontmatter } = await load('remark-frontmatter', 'micromark-extension-frontmatter');
const { math } = await load('remark-math', 'micromark-extension-math');
// In src/parsers/mdx.ts's order; each with the options its remark plugin passes (none given: {}).
const options = { extensions: [mdxjs({}), gfm({}), frontmatter(['yaml', 'toml']), math({})] };

const texts = pageFilesBelow(process.argv[2]).map((file) => readFileSync(file, 'utf8'));

let errors = 0;
let events = 0;
const start = process.hrtime.bigint();
for (const text of texts) {
  try {
    events += postprocess(
      parse(options)
        .document()
        .write(preprocess()(text, undefined, true)),
    ).length;
  } catch {
    errors++; // an MDX syntax error: the events up to it were made
  }
}
const ms = Number(process.hrtime.bigint() - start) / 1e6;
console.log(
  JSON.stringify({
    ms,
    pages: texts.length,
    bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    events,
    errors,
  }),
);
