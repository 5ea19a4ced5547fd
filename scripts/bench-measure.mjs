// How `npm run bench` measures a command: primed, timed whole-process with its CPU time and peak
// memory, its runs going round with the other commands'. Shared by scripts/bench.mjs and
// scripts/bench-pages.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const navlint = join(root, 'bin/navlint.cjs');
export const runs = Number(process.env.BENCH_RUNS ?? 9);
export const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
// The warm runs' caches, apart from the user's.
export const cacheDir = join(root, '.bench', 'cache');

/** Empties the bench's cache folder: the warm runs fill it themselves. */
export function resetCache() {
  rmSync(cacheDir, { recursive: true, force: true });
}

/** Every file below a folder (absolute paths). */
export function filesBelow(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

// What a run of navlint reads of a site: its folders' listings, and docs.json, the $ref files, the
// pages, snippets and specs, and .mintignore.
const read = /\.(mdx?|json|ya?ml)$/i;

/**
 * Brings into the system's page cache, unmeasured, what a measured run of a site will read: the
 * site (every folder listed, every file navlint may read read whole), navlint's build and the run's
 * cache folder. A machine may page out memory left idle (DAMON), and the first command to reach a
 * site after that pays seconds of disk reads: whichever command that was, not the work being
 * measured. So every column measures navlint's own caches as it says (cold: none), with the files
 * in memory, as a checkout or a CI job finds the files it has just written. The prime reads the
 * files rather than run a check, which would cost a cold run before each measured run.
 */
export function prime(dir, cache = cacheDir) {
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile() && (read.test(entry.name) || entry.name === '.mintignore')) readFileSync(path);
    }
  };
  walk(dir);
  for (const folder of [cache, join(root, 'dist')])
    if (existsSync(folder)) filesBelow(folder).forEach((file) => readFileSync(file));
}

/**
 * Wall time (ms), CPU time (user + system, ms) and peak RSS (MB) of one run of a command, its site
 * primed first; with `reports`, also what the command printed on its last line (JSON: an in-process
 * time). Primed before `before`: a run just after docs.json was saved must start at once (a file less
 * than 2 s old keeps the run from writing its result to the cache), and the prime's reads must not
 * leave access times to write after the checkout's `sync`. A command is node running `args` unless it
 * names another `file`; `cache` is its NAVLINT_CACHE_DIR (the bench's by default), which the prime
 * reads too; `statuses` are the exit codes that mean it ran to the end (navlint: 0, or 1 with findings).
 */
export function runOnce(
  /** @type {{ file?: string, args: string[], env?: object, cwd?: string, before?: () => void, site?: string, cache?: string, reports?: unknown, statuses?: number[] }} */ command,
  primed = true,
) {
  const {
    file = process.execPath,
    args,
    env,
    cwd,
    before,
    site,
    cache = cacheDir,
    reports,
    statuses = [0, 1],
  } = command;
  if (site && primed) prime(site, cache);
  before?.();
  const options = {
    cwd,
    encoding: /** @type {const} */ ('utf8'),
    maxBuffer: 1 << 28,
    env: { ...process.env, NAVLINT_CACHE_DIR: cache, ...env },
  };
  const start = process.hrtime.bigint();
  const result = timeBin
    ? spawnSync(timeBin, ['-f', '%M %U %S', file, ...args], options)
    : spawnSync(file, args, options);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!statuses.includes(result.status))
    throw new Error(`${[file, ...args].join(' ')} exited ${result.status}: ${result.stderr.slice(-3000)}`);
  const reported = reports ? JSON.parse(result.stdout.trim().split('\n').pop()) : undefined;
  if (!timeBin) return { ms, cpu: NaN, mb: NaN, reported };
  const [kb, user, system] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { ms, cpu: (user + system) * 1000, mb: kb / 1024, reported };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Median wall and CPU time and peak RSS of each command, after runs that warm the caches (three of
 * each, unless a command says `warmups`: the compiled-code cache is refined by the first three
 * `check` runs). The runs go round the commands: a slow spell of a shared machine then lands on every
 * command a little rather than on all the runs of one. Every command of a site runs with the site
 * primed (see `prime`): going round, every other round backwards, was not enough: the last site's
 * commands ran at the end of one round and the start of the next, then not again for nearly two
 * rounds, so its cold run was the first command back after that long in four rounds of nine, and its
 * floor in none. CPU time is the figure such a spell inflates least. A command of a minute or more
 * may say `runs`: it is then measured that many times, in rounds spread over all of them. `samples`
 * are the runs themselves (with what each reported).
 */
export function measureAll(commands) {
  for (let i = 0; i < 3; i++) for (const command of commands) if (i < (command.warmups ?? 3)) runOnce(command, false); // not measured: no need to prime
  const samples = commands.map(() => []);
  const order = commands.map((_, c) => c);
  const measuredIn = (command, round) => {
    const count = Math.min(command.runs ?? runs, runs);
    return Math.floor(((round + 1) * count) / runs) > Math.floor((round * count) / runs);
  };
  for (let i = 0; i < runs; i++)
    for (const c of i % 2 === 0 ? order : [...order].reverse())
      if (measuredIn(commands[c], i)) samples[c].push(runOnce(commands[c]));
  return samples.map((runsOf) => ({
    ms: median(runsOf.map((r) => r.ms)),
    cpu: median(runsOf.map((r) => r.cpu)),
    mb: Math.max(...runsOf.map((r) => r.mb)),
    samples: runsOf,
  }));
}

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
