// The spec part of `npm run bench` (issue 28): navlint validates every spec of a site as the
// platform does. The largest specs of ../shared/corpus, each alone in a site of its own (docs.json,
// one page, the spec), measured in rounds with the rest of its commands (scripts/bench-measure.mjs):
// navlint cold (--no-cache), warm (nothing changed), on a fresh checkout with the cache folder
// restored (every file a new identity: the verdict comes from the cache by content), and the same
// site without its spec, warm; beside the platform's own validation of the file in a fresh process
// (./platform-spec-validate.mjs: its in-process time, load and validate, without its start-up).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, measureAll, navlint, root } from './bench-measure.mjs';
import { ensureInstall, MINT_CLI_VERSION } from './platform-install.mjs';

const folder = join(root, '.bench', 'specs');
const corpus = join(root, '../shared/corpus');
// spree's largest YAML spec and polar's JSON one: the largest of either kind in the corpus.
const specs = ['spree__spree/api-reference/admin.yaml', 'polarsource__polar/openapi/2026-04.openapi.json'];
const docsJson = `${JSON.stringify({ theme: 'mint', name: 'Spec bench', colors: { primary: '#000000' }, navigation: { pages: ['index'] } })}\n`;
const noCache = join(folder, 'no-cache');

/** A site of its own for a spec (or none): docs.json, one page, the spec. */
function siteWith(name, spec) {
  const dir = join(folder, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'docs.json'), docsJson);
  writeFileSync(join(dir, 'index.mdx'), '# Spec bench\n');
  if (spec) cpSync(spec, join(dir, spec.slice(spec.lastIndexOf('/') + 1)));
  return dir;
}

const check = (dir, cache, extra = []) => ({
  args: [navlint, 'check', dir, '--format', 'json', ...extra],
  site: dir,
  cache,
});

/** Every file of a site a new modification (and so change) time: the identities of a fresh checkout. */
function touchAll(dir) {
  const now = new Date();
  for (const name of readdirSync(dir)) utimesSync(join(dir, name), now, now);
}

export function measureSpecs() {
  const present = specs.map((spec) => join(corpus, spec)).filter(existsSync);
  if (present.length === 0) return undefined;
  ensureInstall();
  rmSync(folder, { recursive: true, force: true });
  const commands = [];
  const add = (command) => commands.push(command) - 1;
  const cases = present.map((spec, i) => {
    const dir = siteWith(`spec-${i}`, spec);
    const checkoutDir = siteWith(`spec-${i}-checkout`, spec);
    const cache = join(folder, `cache-${i}`);
    const checkoutCache = join(folder, `cache-${i}-checkout`);
    return {
      spec: spec.slice(corpus.length + 1),
      at: {
        cold: add(check(dir, noCache, ['--no-cache'])),
        platform: add({
          args: [join(root, 'scripts/platform-spec-validate.mjs'), spec],
          site: dir,
          cache: noCache,
          reports: true,
          statuses: [0],
        }),
        warm: add(check(dir, cache)),
        checkout: add({ ...check(checkoutDir, checkoutCache), before: () => touchAll(checkoutDir) }),
      },
    };
  });
  const without = add(check(siteWith('no-spec'), join(folder, 'cache-no-spec')));
  const measured = measureAll(commands);
  return {
    specs: cases.map(({ spec, at }) => ({
      spec,
      ...Object.fromEntries(Object.entries(at).map(([key, index]) => [key, measured[index]])),
      platformMs: measured[at.platform].samples.map((s) => s.reported.ms).sort((a, b) => a - b)[
        measured[at.platform].samples.length >> 1
      ],
    })),
    without: measured[without],
  };
}

export function printSpecs(result) {
  if (!result) return;
  const { specs: measured, without } = result;
  console.log('');
  console.log('| spec (issue 28) | ms | CPU ms | peak MB | runs |');
  console.log('|---|---:|---:|---:|---:|');
  const row = (what, m, ms = m.ms) =>
    console.log(`| ${what} | ${fmt(ms)} | ${fmt(m.cpu)} | ${fmt(m.mb)} | ${m.samples.length} |`);
  for (const spec of measured) {
    row(`${spec.spec}: navlint cold (--no-cache), whole process`, spec.cold);
    row(
      `${spec.spec}: the platform's validation (@mintlify/cli ${MINT_CLI_VERSION}; in-process ms: load and validate, no start-up)`,
      spec.platform,
      spec.platformMs,
    );
    row(`${spec.spec}: navlint warm (nothing changed)`, spec.warm);
    row(`${spec.spec}: navlint, fresh checkout, cache folder restored`, spec.checkout);
  }
  row('the same site without a spec: navlint warm', without);
  console.log('');
  console.log('| target (issue 28) | measured | met |');
  console.log('|---|---|---|');
  for (const spec of measured) {
    const ratio = spec.cold.ms / spec.platformMs;
    console.log(
      `| ${spec.spec}: cold, whole process ≤ 1.5 × the platform's validation of the file | ${fmt(ratio, 2)} (${fmt(spec.cold.ms)} / ${fmt(spec.platformMs)} ms) | ${ratio <= 1.5 ? 'yes' : 'NO'} |`,
    );
    // Free: within a run's noise (20 ms) of the same site without the spec.
    console.log(
      `| … warm: free (≤ the site without it + 20 ms) | ${fmt(spec.warm.ms)} ms against ${fmt(without.ms)} ms | ${spec.warm.ms <= without.ms + 20 ? 'yes' : 'NO'} |`,
    );
  }
}
