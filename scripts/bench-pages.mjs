// The page parse part of `npm run bench` (issues 26 and 27): navlint parses every MDX page with the
// platform's parser, keeps each parse in the cache folder by the page's content, and parses a cold
// run's pages on worker threads. Measured, in rounds that go round all its commands as the rest of
// the bench does (scripts/bench-measure.mjs), with their figures and the targets of issues 26 and 27:
// - the vendor's docs (../shared/corpus/mintlify__docs, a copy): navlint cold (--no-cache: every page
//   parsed, every link checked; and with the accessibility rules on, --a11y, issue 61), side by side
//   with the platform's own `mint validate` and
//   `mint broken-links --check-anchors` (offline: see offlineMintValidate in
//   ./platform-install.mjs), warm (nothing changed), and with one page
//   changed before each run (a new text each time, which no cache has), against the floor of
//   ./floor-stat.mjs (start node, stat every file of the docs folder, read docs.json: not
//   ./floor.mjs's) and that page's parse (./parse-time.mjs);
// - a generated site of realistic pages (generatePagesSite: 25,000 by default), cold, against the
//   time one core takes to turn its pages into micromark events (./micromark-events.mjs, on one core:
//   see oneCore), with its peak memory; and a fresh checkout of it (a `git clone` of the site,
//   committed in a repository of its own, as a CI job's checkout step makes) with one page in a
//   hundred changed and the cache folder earlier jobs left restored, against the floor and the
//   changed pages' parse; and warm
//   (nothing changed since a run that checked its internal links), against its floor;
// - the language server: a keystroke in an open page of 20 KB of that site, to that page's diagnostics.
// Beside each cold target, the least a cold run can take on this machine's cores: navlint's parse of
// every page (the platform's parser stack, which the target's page verdicts need) held to one core,
// spread over the cores with nothing else done (./parse-time.mjs DIR, on one core); beside the fresh
// checkout's, the least such a run takes (./checkout-least.mjs, navlint's code loaded, the parse).
// The commands of a minute or more (mint validate and broken-links, the generated site's cold run, the micromark
// yardstick) are measured BENCH_HEAVY_RUNS times (3 by default, at most BENCH_RUNS), spread over
// the rounds. BENCH_PAGES_COUNT sets the generated site's page count (to try the harness quickly).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { measurePageKeystrokes } from './bench-lsp.mjs';
import { filesBelow, fmt, measureAll, median, navlint, prime, root, runOnce, runs } from './bench-measure.mjs';
import { generatePagesSite } from './generate-site.mjs';
import { pageEntries } from './page-entries.mjs';
import { ensureInstall, MINT_CLI_VERSION, offlineMint, offlineMintValidate } from './platform-install.mjs';

const heavyRuns = Math.min(runs, Number(process.env.BENCH_HEAVY_RUNS ?? 3));
const pageCount = Number(process.env.BENCH_PAGES_COUNT ?? 25_000);
const folder = join(root, '.bench', 'pages');
const vendorDocs = join(root, '../shared/corpus/mintlify__docs');
const note = (text) => process.stderr.write(`bench: ${text}\n`);
// Never made: the cache folder of the runs that use none (--no-cache, the floors, the yardsticks), which their prime then does not read.
const noCache = join(folder, 'no-cache');

/** A folder of the part's, emptied. */
function fresh(name) {
  const dir = join(folder, name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** A copy of a site: its files get new times, as a checkout's. */
/** Moves every file and folder of a tree an hour back. */
function ageTree(dir) {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    utimesSync(join(dir, name), hourAgo, hourAgo);
  utimesSync(dir, hourAgo, hourAgo);
}

function copyOf(from, name) {
  const dir = fresh(name);
  cpSync(from, dir, { recursive: true });
  return dir;
}

const check = (dir, cache, extra = []) => ({
  args: [navlint, 'check', dir, '--format', 'json', ...extra],
  site: dir,
  cache,
});
/**
 * A cold run started with V8's pool of helper threads cut from Node's default 4 to 1 (a process-wide
 * option no process can set for itself once started). On two cores navlint's bin starts a cold check
 * in a child so made by itself (bin/navlint.cjs): the plain cold rows then hold that child's start
 * and its waiting parent (the peak is the larger of the two, the CPU both), and these rows show the
 * same run without them.
 */
const oneHelperThread = { NODE_OPTIONS: '--v8-pool-size=1' };
const floor = (dir) => ({ args: [join(root, 'scripts/floor-stat.mjs'), dir], site: dir, cache: noCache });
// One core, as the yardstick of the cold target says: the process held to one CPU. On one thread
// alone it is not: V8's optimizing compiler compiles the hot code on a helper thread, which takes an
// idle core (docs/benchmarks.md has the figures), and a cold run's parse threads, each compiling its
// own, have no idle core to lend them. Without taskset, the one-thread figure stands in for it.
const taskset = ['/usr/bin/taskset', '/bin/taskset'].find(existsSync);
const oneCore = (command) =>
  taskset ? { ...command, file: taskset, args: ['-c', '0', process.execPath, ...command.args] } : command;

const parseTime = (files, site) => ({
  args: [join(root, 'scripts/parse-time.mjs'), ...files],
  site,
  cache: noCache,
  reports: true,
});

export async function measurePages() {
  mkdirSync(folder, { recursive: true });
  const commands = [];
  const add = (command) => commands.push(command) - 1;

  // The vendor's docs: a copy for navlint cold and warm, mint validate and the floor, another for the edits.
  let docs;
  if (existsSync(join(vendorDocs, 'docs.json'))) {
    ensureInstall();
    const dir = copyOf(vendorDocs, 'mintlify-docs');
    const edited = copyOf(vendorDocs, 'mintlify-docs-edited');
    const cache = fresh('cache-docs');
    const editedCache = fresh('cache-docs-edited');
    // The page changed: of the pages the navigation lists, the one of median size.
    const listed = [...new Set(pageEntries(edited))].map((page) => join(edited, `${page}.mdx`)).filter(existsSync);
    const page = listed.sort((a, b) => statSync(a).size - statSync(b).size || (a < b ? -1 : 1))[listed.length >> 1];
    const original = readFileSync(page, 'utf8');
    let edits = 0;
    const mint = offlineMintValidate(dir, fresh('mint-home'));
    const pageFiles = filesBelow(dir).filter((file) => /\.mdx?$/.test(file) && !file.slice(dir.length).includes('/.'));
    docs = {
      dir,
      edited,
      editedCache,
      pages: pageFiles.length,
      bytes: pageFiles.reduce((sum, file) => sum + statSync(file).size, 0),
      page: page.slice(edited.length + 1),
      pageBytes: Buffer.byteLength(original),
      offline: mint.offline,
      at: {
        cold: add({ ...check(dir, noCache, ['--no-cache']), warmups: 1 }),
        coldOneHelper: add({ ...check(dir, noCache, ['--no-cache']), env: oneHelperThread, warmups: 1 }),
        // The accessibility rules on (issue 61). Off, a check runs them too, for the summary line's count.
        coldA11y: add({ ...check(dir, noCache, ['--no-cache', '--a11y']), warmups: 1 }),
        // One warm-up: its first run reads the CLI's install from disk; its runs take a minute.
        mint: add({ ...mint, site: dir, cache: noCache, statuses: [0], warmups: 1, runs: heavyRuns }),
        // The link check teams run in CI (issue 27), beside navlint's cold run, which checks the links too.
        links: add({
          ...offlineMint(dir, fresh('mint-home-links'), ['broken-links', '--check-anchors']),
          site: dir,
          cache: noCache,
          statuses: [0, 1],
          warmups: 1,
          runs: heavyRuns,
        }),
        warm: add(check(dir, cache)),
        floor: add(floor(dir)),
        // A new text before each run: a paragraph added at its end, with the run's number.
        edited: add({
          ...check(edited, editedCache),
          before: () => writeFileSync(page, `${original.trimEnd()}\n\nEdited before run ${++edits}.\n`),
        }),
        parse: add(parseTime([page], edited)),
        parseOneCore: add({ ...oneCore(parseTime([dir], dir)), warmups: 0, runs: heavyRuns }),
      },
    };
  } else note(`the vendor's docs are skipped: ${vendorDocs} is absent`);

  // The generated site: cold; and a fresh checkout of it, with the cache folder of earlier jobs.
  note(`generating ${pageCount} pages`);
  const site = join(folder, `generated-${pageCount}`);
  const { pages, longPage } = generatePagesSite(site, { pages: pageCount });
  const git = (cwd, ...args) =>
    spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd,
      stdio: 'ignore',
    });
  git(site, 'init', '-q');
  git(site, 'add', '.');
  git(site, 'commit', '-qm', 'generated site');
  const checkout = join(folder, 'generated-checkout');
  const cloneCheckout = () => {
    rmSync(checkout, { recursive: true, force: true });
    git(folder, 'clone', '-q', site, checkout);
  };
  cloneCheckout();
  const changed = pages.filter((_, p) => p % 100 === 0).map((page) => join(checkout, `${page}.mdx`));
  const originals = changed.map((file) => readFileSync(file, 'utf8'));
  let revisions = 0;
  /** A fresh clone (every file new), with the changed pages, each with a text no cache has. */
  const revisedCheckout = () => {
    cloneCheckout();
    revisions++;
    changed.forEach((file, i) =>
      writeFileSync(file, `${originals[i].trimEnd()}\n\nRevised before run ${revisions}.\n`),
    );
  };
  // The jobs before it, on one cache folder, as the README's CI recipe runs them (its cache step
  // saves each job's folder for the next): the first, before the pages changed, fills it; three more,
  // each with the changed pages revised, refine what a build's first three runs refine: the caches of
  // compiled code (bin/navlint.cjs), the parser's among them, which only a run that parses pages on
  // its main thread loads. The clone of each as a CI job's is by the time navlint runs, after the
  // job's setup steps: older than the 2 s in which a run keeps no result, and git's index refreshed.
  const earlier = fresh('cache-earlier');
  const job = () => {
    ageTree(checkout);
    git(checkout, 'update-index', '--refresh', '-q');
    return runOnce(check(checkout, earlier));
  };
  note('earlier runs of the checkout fill its cache folder');
  const filling = job();
  for (let i = 0; i < 3; i++) {
    revisedCheckout();
    job();
  }
  const restored = join(folder, 'cache-checkout');
  // The earlier runs' parses, found by content: the warm runs' warm-up checks the site's links, not its parse.
  const warmCache = fresh('cache-generated-warm');
  cpSync(earlier, warmCache, { recursive: true });
  const micromarkEvents = {
    args: [join(root, 'scripts/micromark-events.mjs'), site],
    site,
    cache: noCache,
    reports: true,
    warmups: 0,
    runs: heavyRuns,
  };
  const generated = {
    links: internalLinks(pages.map((page) => join(site, `${page}.mdx`))),
    site,
    pages: pages.length,
    bytes: pages.reduce((sum, page) => sum + statSync(join(site, `${page}.mdx`)).size, 0),
    changed: changed.length,
    filling,
    at: {
      cold: add({ ...check(site, noCache, ['--no-cache']), warmups: 0, runs: heavyRuns }),
      coldOneHelper: add({
        ...check(site, noCache, ['--no-cache']),
        env: oneHelperThread,
        warmups: 0,
        runs: heavyRuns,
      }),
      micromark: add(micromarkEvents),
      micromarkOneCore: add(oneCore(micromarkEvents)),
      parseOneCore: add({ ...oneCore(parseTime([site], site)), warmups: 0, runs: heavyRuns }),
      checkout: add({
        ...check(checkout, restored),
        warmups: 1,
        before: () => {
          // The cache folder as the earlier jobs left it; a fresh clone with the changed pages revised.
          rmSync(restored, { recursive: true, force: true });
          cpSync(earlier, restored, { recursive: true });
          revisedCheckout();
          spawnSync('sync'); // written out before the run (see the checkout runs of scripts/bench.mjs)
        },
      }),
      floor: add(floor(checkout)),
      parse: add(parseTime(changed, checkout)),
      // What no run on the checkout can skip, beside the floor: the least of the target's allowance.
      least: add({
        args: [join(root, 'scripts/checkout-least.mjs'), checkout, earlier],
        site: checkout,
        cache: earlier,
      }),
      codeLoaded: add({ args: [navlint, '--version'], cache: earlier }),
      nodeStarted: add({ args: ['-e', '0'], cache: noCache }),
      // Nothing changed since a run that read every page and link (issue 27), with its own cache folder and floor.
      warm: add({ ...check(site, warmCache), warmups: 1 }),
      siteFloor: add(floor(site)),
    },
  };

  if (docs) {
    // The run before the edits, as a writer had one: a whole lint of the site as it was, whose result
    // each edited run starts from. Its files an hour old: a run keeps no result of files modified in
    // its last 2 s.
    ageTree(docs.edited);
    runOnce(check(docs.edited, docs.editedCache));
  }
  note(`${commands.length} commands, ${runs} rounds`);
  const measured = measureAll(commands);
  // Each command's figures in place of its index; the in-process times that some report, as parseMs and micromarkMs.
  const figures = (part) =>
    part && { ...part, ...Object.fromEntries(Object.entries(part.at).map(([key, i]) => [key, measured[i]])) };
  const reported = (m) => median(m.samples.map((run) => run.reported.ms));
  const result = { docs: figures(docs), generated: figures(generated) };
  if (docs) {
    result.docs.parseMs = reported(result.docs.parse);
    result.docs.parseOneCoreMs = reported(result.docs.parseOneCore);
  }
  result.generated.parseMs = reported(result.generated.parse);
  result.generated.micromarkMs = reported(result.generated.micromark);
  result.generated.micromarkOneCoreMs = reported(result.generated.micromarkOneCore);
  result.generated.parseOneCoreMs = reported(result.generated.parseOneCore);

  // The language server on the generated site, with the parses of its pages in its cache folder
  // (the earlier jobs': the first session finds them by content, and stamps the site's pages).
  const lspCache = fresh('cache-lsp');
  cpSync(earlier, lspCache, { recursive: true });
  const sessions = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    prime(site, lspCache);
    sessions.push(await measurePageKeystrokes(navlint, site, longPage, { cacheDir: lspCache }));
  }
  result.lsp = {
    page: `${longPage}.mdx`,
    bytes: sessions[0].bytes,
    ms: median(sessions.map((s) => s.ms)),
    readyMs: median(sessions.map((s) => s.readyMs)),
    mb: Math.max(...sessions.map((s) => s.mb)),
    answered: sessions.every((s) => s.answered),
  };
  return result;
}

/** How many links to the site's own paths (`](/…)`, `href="/…"`) and anchors (`](#…)`) the pages hold. */
function internalLinks(files) {
  let count = 0;
  for (const file of files) count += readFileSync(file, 'utf8').match(/\]\([/#]|href="[/#]/g)?.length ?? 0;
  return count;
}

/**
 * The least a fresh-checkout run can take, against the target's limit: the floor's work with what no
 * such run can skip beside it (scripts/checkout-least.mjs), navlint's code loaded (`navlint --version`
 * less node's start) and the changed pages' parse.
 */
function checkoutLeast({ least, codeLoaded, nodeStarted, floor, parseMs }) {
  const loading = Math.max(0, codeLoaded.ms - nodeStarted.ms);
  const total = least.ms + loading + parseMs;
  return `the least such a run takes: ${fmt(total)} ms (the floor's work with the kept stamps of every file read and written back and git's index read: ${fmt(least.ms)} ms, ${fmt(least.ms - floor.ms)} beyond the floor against the ${fmt(0.5 * floor.ms)} the limit allows; navlint's code loaded: ${fmt(loading)}; the parse: ${fmt(parseMs)})`;
}

/** @param {{ docs: any, generated: any, lsp?: any }} measured */
export function printPages({ docs, generated, lsp }) {
  const kb = (bytes) => `${fmt(bytes / 1024, bytes < 10_240 ? 1 : 0)} KB`;
  const mb = (bytes) => `${fmt(bytes / 1e6, 1)} MB`;
  const runsOf = (m) => m.samples.length;
  const cores = cpus().length;
  const inProcess = "navlint's parser, a fresh process, one thread; in-process ms; CPU and memory: the process's";
  const oneCoreParse = `the same, ${taskset ? 'held to one CPU by taskset' : 'no taskset here: one thread'}`;
  const oneHelper = (cold, against, digits = 3) =>
    `started with NODE_OPTIONS=--v8-pool-size=1 (no child): ${fmt(cold.ms)} ms, ${fmt(cold.ms / against.ms, digits)}`;
  // No cold run on these cores can take less than its parse spread over them, nothing else done.
  const leastOn = (parseOneCoreMs, ms) =>
    `the least on ${cores} cores (every page's parse on one core / ${cores}): ${fmt(parseOneCoreMs / cores / ms, 3)}`;
  console.log('');
  console.log(
    `page parse (issue 26): ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, medians of the runs shown`,
  );
  console.log('');
  console.log('| page parse | ms | CPU ms | peak MB | runs |');
  console.log('|---|---:|---:|---:|---:|');
  const row = (what, m, ms = m.ms) =>
    console.log(`| ${what} | ${fmt(ms)} | ${fmt(m.cpu)} | ${fmt(m.mb)} | ${runsOf(m)} |`);
  if (docs) {
    const vendor = `mintlify__docs (${docs.pages} page files, ${mb(docs.bytes)})`;
    row(`${vendor}: navlint cold (--no-cache, every page parsed)`, docs.cold);
    row(`${vendor}: the same, started with NODE_OPTIONS=--v8-pool-size=1 (no child)`, docs.coldOneHelper);
    row(`${vendor}: navlint cold with the accessibility rules on (--a11y)`, docs.coldA11y);
    row(`${vendor}: \`mint validate\` (@mintlify/cli ${MINT_CLI_VERSION}, offline: ${docs.offline})`, docs.mint);
    row(`${vendor}: \`mint broken-links --check-anchors\` (the same, offline)`, docs.links);
    row(`${vendor}: navlint warm (nothing changed)`, docs.warm);
    row(`${vendor}: floor (start node, stat every file of the docs folder, read docs.json)`, docs.floor);
    row(`${vendor}: navlint, one page changed (${docs.page}, ${kb(docs.pageBytes)})`, docs.edited);
    row(`${vendor}: that page's parse (${inProcess})`, docs.parse, docs.parseMs);
    row(`${vendor}: every page's parse, one core (${oneCoreParse})`, docs.parseOneCore, docs.parseOneCoreMs);
  }
  const name = `generated ${generated.pages} pages (${mb(generated.bytes)})`;
  row(`${name}: navlint cold (--no-cache), ${cores} cores`, generated.cold);
  row(`${name}: the same, started with NODE_OPTIONS=--v8-pool-size=1 (no child)`, generated.coldOneHelper);
  row(
    `${name}: micromark events, one thread (in-process ms; CPU and memory: the process's, its compiler's helper thread on another core)`,
    generated.micromark,
    generated.micromarkMs,
  );
  row(
    `${name}: micromark events, one core (${oneCoreParse})`,
    generated.micromarkOneCore,
    generated.micromarkOneCoreMs,
  );
  row(`${name}: every page's parse, one core (${oneCoreParse})`, generated.parseOneCore, generated.parseOneCoreMs);
  console.log(
    `| ${name}: navlint cold with an empty cache folder, which it fills (the first of the earlier jobs) | ${fmt(generated.filling.ms)} | ${fmt(generated.filling.cpu)} | ${fmt(generated.filling.mb)} | 1 |`,
  );
  row(
    `${name}: fresh checkout, cache folder restored, ${generated.changed} pages changed (one in a hundred)`,
    generated.checkout,
  );
  row(`${name}: floor of the checkout`, generated.floor);
  row(
    `${name}: the floor's work, the kept stamps of every file read and written back, git's index read (scripts/checkout-least.mjs)`,
    generated.least,
  );
  row(`${name}: navlint --version, with the cache folder of the earlier jobs`, generated.codeLoaded);
  row('node -e 0', generated.nodeStarted);
  row(`${name}: the ${generated.changed} changed pages' parse (${inProcess})`, generated.parse, generated.parseMs);
  row(`${name}, ${fmt(generated.links)} internal links: navlint warm (nothing changed)`, generated.warm);
  row(`${name}: floor`, generated.siteFloor);
  console.log('');
  console.log(
    "| language server | page | keystroke → that page's diagnostics ms | start to the pages' findings ms | peak MB | every keystroke answered, with its version |",
  );
  console.log('|---|---|---:|---:|---:|---|');
  console.log(
    `| ${name} | ${lsp.page} (${kb(lsp.bytes)}) | ${fmt(lsp.ms)} | ${fmt(lsp.readyMs)} | ${fmt(lsp.mb)} | ${lsp.answered ? 'yes' : 'NO'} |`,
  );

  const targets = [];
  if (docs) {
    const ratio = docs.cold.ms / docs.mint.ms;
    const limit = docs.warm.ms + docs.parseMs + 30;
    targets.push(
      [
        `the vendor's docs (${docs.pages} page files), cold, every page parsed ≤ 1/4 of \`mint validate\`'s time, side by side`,
        `${fmt(docs.cold.ms)} ms against ${fmt(docs.mint.ms)}: ${fmt(ratio, 3)} (CPU ${fmt(docs.cold.cpu / docs.mint.cpu, 3)}); ${oneHelper(docs.coldOneHelper, docs.mint)}; ${leastOn(docs.parseOneCoreMs, docs.mint.ms)}`,
        ratio <= 0.25,
      ],
      [
        `… pages and links checked, cold ≤ 1/4 of \`mint broken-links --check-anchors\`'s time, side by side (issue 27)`,
        `${fmt(docs.cold.ms)} ms against ${fmt(docs.links.ms)}: ${fmt(docs.cold.ms / docs.links.ms, 3)}; ${oneHelper(docs.coldOneHelper, docs.links)}; ${leastOn(docs.parseOneCoreMs, docs.links.ms)}`,
        docs.cold.ms <= 0.25 * docs.links.ms,
      ],
      [
        '… cold with the accessibility rules on (--a11y) ≤ 1.1 × the run without them (issue 61)',
        `${fmt(docs.coldA11y.ms / docs.cold.ms, 3)} (${fmt(docs.coldA11y.ms)} / ${fmt(docs.cold.ms)} ms; CPU ${fmt(docs.coldA11y.cpu / docs.cold.cpu, 3)})`,
        docs.coldA11y.ms <= 1.1 * docs.cold.ms,
      ],
      [
        '… nothing changed (warm) ≤ 1.3 × the floor',
        `${fmt(docs.warm.ms / docs.floor.ms, 2)} (${fmt(docs.warm.ms)} / ${fmt(docs.floor.ms)} ms)`,
        docs.warm.ms <= 1.3 * docs.floor.ms,
      ],
      [
        `… one page changed ≤ warm + that page's parse + 30 ms = ${fmt(limit)} ms`,
        `${fmt(docs.edited.ms)} ms`,
        docs.edited.ms <= limit,
      ],
    );
  }
  const coldRatio = generated.cold.ms / generated.micromarkOneCoreMs;
  const checkoutLimit = 1.5 * generated.floor.ms + generated.parseMs;
  targets.push(
    [
      `${name}, cold, on ${cores} cores ≤ 0.6 × one core's micromark events`,
      `${fmt(coldRatio, 2)} (${fmt(generated.cold.ms)} / ${fmt(generated.micromarkOneCoreMs)} ms; against one thread's: ${fmt(generated.cold.ms / generated.micromarkMs, 2)}); ${oneHelper(generated.coldOneHelper, { ms: generated.micromarkOneCoreMs }, 2)}; ${leastOn(generated.parseOneCoreMs, generated.micromarkOneCoreMs)}`,
      coldRatio <= 0.6,
    ],
    [
      '… peak memory < 400 MB',
      `${fmt(generated.cold.mb)} MB (started with NODE_OPTIONS=--v8-pool-size=1: ${fmt(generated.coldOneHelper.mb)} MB)`,
      generated.cold.mb < 400,
    ],
    [
      `… one page in a hundred changed, fresh checkout, cache folder restored ≤ 1.5 × the floor + the changed pages' parse = ${fmt(checkoutLimit)} ms`,
      `${fmt(generated.checkout.ms)} ms; ${checkoutLeast(generated)}`,
      generated.checkout.ms <= checkoutLimit,
    ],
    [
      `${name}, ${fmt(generated.links)} internal links, warm ≤ 1.5 × the floor (issue 27)`,
      `${fmt(generated.warm.ms / generated.siteFloor.ms, 2)} (${fmt(generated.warm.ms)} / ${fmt(generated.siteFloor.ms)} ms)`,
      generated.warm.ms <= 1.5 * generated.siteFloor.ms,
    ],
    [
      `language server: a keystroke in a ${kb(lsp.bytes)} page → that page's diagnostics < 100 ms`,
      `${fmt(lsp.ms)} ms`,
      lsp.answered && lsp.ms < 100,
    ],
  );
  console.log('');
  console.log('| target (issues 26 and 27) | measured | met |');
  console.log('|---|---|---|');
  for (const [target, figure, met] of targets) console.log(`| ${target} | ${figure} | ${met ? 'yes' : 'NO'} |`);
}
