// npm run bench: times whole-process `navlint check` on every corpus site and on generated large
// sites, and prints one table. Not a test: it never fails; the README shows a recent table.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDataset, startServer } from './analytics-server.mjs';
import { measureLsp } from './bench-lsp.mjs';
import { generateSite } from './generate-site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 9);
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Wall time (ms) and peak RSS (MB) of one run of a command. */
function runOnce(args) {
  const start = process.hrtime.bigint();
  const result = timeBin
    ? spawnSync(timeBin, ['-f', '%M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, mb: timeBin ? Number(result.stderr.trim().split('\n').pop()) / 1024 : NaN };
}

/**
 * Median wall time and peak RSS of each command, after one run of each that warms the caches. The
 * runs go round the commands: a slow spell of a shared machine then lands on every command a little
 * rather than on all the runs of one.
 */
function measureAll(commands) {
  for (const args of commands) spawnSync(process.execPath, args, { stdio: 'ignore' });
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) commands.forEach((args, c) => samples[c].push(runOnce(args)));
  return samples.map((runsOf) => {
    const times = runsOf.map((r) => r.ms).sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)], mb: Math.max(...runsOf.map((r) => r.mb)) };
  });
}

function countEntries(dir) {
  const docs = JSON.parse(readFileSync(join(dir, 'docs.json'), 'utf8'));
  let pages = 0;
  let endpoints = 0;
  const walk = (value, inPages) => {
    if (typeof value === 'string' && inPages) /^(\S+\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|webhook)\s/i.test(value) ? endpoints++ : pages++;
    else if (Array.isArray(value)) value.forEach((v) => walk(v, inPages));
    else if (value && typeof value === 'object') for (const [key, v] of Object.entries(value)) if (key !== '$ref') walk(v, key === 'pages');
  };
  walk(docs.navigation, false);
  return { pages, endpoints };
}

const navlint = join(root, 'bin/navlint.cjs');
const corpus = join(root, '../shared/corpus');
const sites = existsSync(join(corpus, 'INDEX.tsv'))
  ? readFileSync(join(corpus, 'INDEX.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => ({ site: line.split('\t')[0], dir: join(corpus, line.split('\t')[0]) }))
  : [];
for (const [name, entries, mdxFiles] of [['generated 50k', 50_000, 1000], ['generated 100k', 100_000, 2000]]) {
  const dir = join(root, '.bench', name.replace(/\s+/g, '-'));
  generateSite(dir, { entries, mdxFiles, specs: name.endsWith('100k') ? 20 : 10 });
  sites.push({ site: name, dir });
}
// Each site twice: navlint, and the floor (read docs.json, JSON.parse, stat every page).
const measured = measureAll(sites.flatMap(({ dir }) => [[navlint, 'check', dir, '--format', 'json'], [join(root, 'scripts/floor.mjs'), dir]]));
const rows = sites.map(({ site, dir }, i) => {
  const [{ ms, mb }, floor] = measured.slice(2 * i, 2 * i + 2);
  return { site, ...countEntries(dir), ms, mb, floor: ms / floor.ms };
});
const generated = Object.fromEntries(rows.filter((row) => row.site.startsWith('generated')).map((row) => [row.site, row.ms]));

for (const [name, options] of [['generated 5k', { entries: 5_000, languages: 1, versions: 1, mdxFiles: 1000, specs: 4 }], ['generated 50k', null]]) {
  const dir = join(root, '.bench', name.replace(/\s+/g, '-'));
  if (options) generateSite(dir, options);
  const { ms, mb } = await measureLsp(navlint, dir);
  rows.push({ site: `${name}: language server, one-character edit → diagnostics`, ...countEntries(dir), ms, mb });
}

// The analytics export: every entry exactly once, in memory that does not grow with the entry count.
const exports = [];
// The last run caps the JS heap at 24 MB: finishing 100,000 entries in it shows nothing is retained per entry.
for (const [count, heapMb] of [[20_000], [100_000], [100_000, 24]]) {
  const key = 'mint_benchkey';
  const server = await startServer({ dataset: makeDataset(count), key });
  const out = join(root, '.bench', `feedback-${count}.jsonl`);
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { force: true });
  const start = process.hrtime.bigint();
  const stderr = await new Promise((resolve) => {
    const args = [...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), navlint, 'analytics', 'feedback', '--limit', '100', '--output', out, '--base-url', server.url, '--project', 'proj_ok'];
    const child = timeBin ? spawn(timeBin, ['-f', '%M', process.execPath, ...args], { env: { ...process.env, NAVLINT_API_KEY: key } }) : spawn(process.execPath, args, { env: { ...process.env, NAVLINT_API_KEY: key } });
    let text = '';
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', () => resolve(text));
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await server.close();
  const ids = readFileSync(out, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line).id);
  exports.push({ count, heapMb, ms, mb: timeBin ? Number(stderr.trim().split('\n').pop()) / 1024 : NaN, exact: ids.length === count && new Set(ids).size === count });
}

const doubling = generated['generated 100k'] / generated['generated 50k'];
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
console.log(`navlint bench: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, median of ${runs} runs`);
console.log('');
console.log('| site | pages | endpoints | median ms | peak MB | floor ratio | doubling ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ratio = row.site === 'generated 100k' ? fmt(doubling, 2) : '';
  console.log(`| ${row.site} | ${row.pages ?? ''} | ${row.endpoints ?? ''} | ${fmt(row.ms)} | ${fmt(row.mb)} | ${row.floor === undefined ? '' : fmt(row.floor, 1)} | ${ratio} |`);
}
for (const row of exports) {
  const what = `analytics export: ${row.count / 100} pages of 100 feedback entries${row.heapMb ? `, JS heap capped at ${row.heapMb} MB` : ''}, each entry once: ${row.exact ? 'yes' : 'NO'}`;
  console.log(`| ${what} |  |  | ${fmt(row.ms)} | ${fmt(row.mb)} |  |  |`);
}
