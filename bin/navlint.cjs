#!/usr/bin/env node
'use strict';
// The navlint command. It runs the bundle dist/navlint.cjs (built by `npm run build`, which `npm ci`
// runs through `postinstall`) with V8's code cache, through vm.Script's public cachedData: compiling
// the bundles costs more than linting most sites. Node 22's module.enableCompileCache keeps only the
// code compiled before a module runs, and so spares less of it than a cache made at exit.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const dist = path.join(__dirname, '..', 'dist');
const bundle = path.join(dist, 'navlint.cjs');
if (!fs.existsSync(bundle)) {
  // A checkout has its sources to build from; an install that lacks dist/ was packed unbuilt.
  const checkout = fs.existsSync(path.join(__dirname, '..', 'src'));
  process.stderr.write(
    checkout
      ? 'navlint: dist/navlint.cjs is missing; run `npm run build` first\n'
      : 'navlint: this copy of navlint is its source, not a release, and has no build (dist/): npm builds nothing it installs from git. Install navlint from npm (npm install navlint), or give pre-commit a release tag as its rev (see docs/ci.md)\n',
  );
  process.exit(2);
}
// The one rule for where caches live, built from src/common/cache-folder.ts beside the bundle.
const { cacheFolderOf, CacheNamespace } = require('../dist/cache-folder.cjs');

// The caches' folder, as the linter has it; --no-cache turns this one off too.
// `--cache-location DIR` (or `=DIR`) moves it, as it moves the linter's, so that a CI cache step keeps both.
// Given without a folder (nothing after it, or the next option), it is a usage error, and no cache is written anywhere.
const at = process.argv.findIndex((arg) => arg === '--cache-location' || arg.startsWith('--cache-location='));
const given =
  at < 0
    ? undefined
    : process.argv[at].includes('=')
      ? process.argv[at].slice('--cache-location='.length)
      : (process.argv[at + 1] ?? '');
const folder = cacheFolderOf(
  { noCache: process.argv.includes('--no-cache'), location: given?.startsWith('-') ? '' : given },
  process.env,
  process.cwd(),
);
// Compiled code depends on the Node that compiled it: a folder per Node version, the others swept.
// Each installed copy has its file; a CI job's fresh install of the same path takes its place.
const codeCache =
  folder && new CacheNamespace(folder, 'code', `${process.version} ${process.arch}`, { maxEntries: 16 });

// After the key, one byte: how many runs have written the cache. A cache holds the functions its
// run compiled, and that run may have been `navlint --help`: the first few runs of the command a
// bundle serves (`check` for the main one; `lsp` for the language server's) rewrite it with what
// they add (what came from the cache is kept), then it stays as it is.
const refinements = 3;
const serves = {
  'navlint.cjs': 'check',
  'lsp.cjs': 'lsp',
  'migrate-command.cjs': 'migrate-mdx',
  'analytics-command.cjs': 'analytics',
  'mdx.cjs': 'check',
};

/**
 * The key of compiled code, the build's snapshot's and the cache's: the Node version and the
 * bundle's identity, whatever copy of it runs (an install, and a CI job's install each time, has
 * other modification times and inodes than the build's): the build's id on its last line, a hash of
 * the bundles (scripts/build.mjs writes it).
 */
function snapshotKey(source) {
  const build = /\/\/# navlint-build (\w+)\n$/.exec(source.slice(-64));
  return build ? Buffer.from(`${process.version} ${process.arch} ${source.length} build ${build[1]}\n`) : undefined;
}

/** The key of a bundle without a build id: this copy of it. */
function fileKey(file) {
  const stat = fs.statSync(file);
  return Buffer.from(`${process.version} ${process.arch} ${stat.size} ${stat.mtimeMs} ${stat.ino}\n`);
}

/**
 * Runs one bundle of dist/ through V8's code cache and returns its exports. The main bundle loads
 * the others (the language server, migrate-mdx, analytics) with the require given here, so that
 * they start from the cache too: compiling the language server's bundle was 100 ms of its start.
 */
function load(file) {
  const source = fs.readFileSync(file, 'utf8');
  // One file per installed copy, named after its path (node:crypto would cost 5 ms to load for a hash).
  const cacheEntry = `${file.replace(/[^A-Za-z0-9]+/g, '-').slice(-120)}.v8`;
  // V8 only checks the source's length, so the key holds the bundle's identity and the Node version:
  // the build's id, so that a CI job's fresh install of the same build takes the cache its cache step
  // restored; a bundle without one, by its modification time and inode.
  const buildKey = snapshotKey(source);
  const key = buildKey ?? fileKey(file);
  let cachedData;
  let generation = 0;
  // None yet, or none that can be read: compile from source.
  const data = codeCache?.read(cacheEntry);
  if (data && data.length > key.length && data.subarray(0, key.length).equals(key)) {
    generation = data[key.length];
    cachedData = data.subarray(key.length + 1);
  }
  // No cache of this build (a first run, --no-cache): the snapshot the build made beside the bundle,
  // if it is of this very text and this Node. Its runs are then as quick as cached ones.
  const snapshot = `${file}.v8`;
  if (!cachedData) {
    try {
      const data = buildKey && fs.readFileSync(snapshot);
      if (data && data.length > buildKey.length && data.subarray(0, buildKey.length).equals(buildKey))
        cachedData = data.subarray(buildKey.length);
    } catch {
      // none shipped: compile from source
    }
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  if (buildKey && (process.env.NAVLINT_WRITE_SNAPSHOT ?? '').split(path.delimiter).includes(file)) {
    // The build, making the snapshot (scripts/build.mjs).
    process.once('exit', () => fs.writeFileSync(snapshot, Buffer.concat([buildKey, script.createCachedData()])));
  }
  if (script.cachedDataRejected) generation = 0;
  if (
    codeCache &&
    (generation === 0 || (generation < refinements && process.argv[2] === serves[path.basename(file)]))
  ) {
    // Made at exit, so that it holds every function this run compiled, not just the top level.
    // A read-only cache folder: the write fails quietly and the next run compiles again.
    process.once('exit', () =>
      codeCache.write(cacheEntry, Buffer.concat([key, Buffer.from([generation + 1]), script.createCachedData()])),
    );
  }
  const module_ = { exports: {}, filename: file };
  const nodeRequire = createRequire(file);
  // The bundles of dist/ through the cache; anything else (Node's modules) as Node loads it.
  const loaded = new Map();
  const bundleRequire = Object.assign((id) => {
    if (!/^\.\/[\w-]+\.cjs$/.test(id) || !(path.basename(id) in serves)) return nodeRequire(id);
    const target = path.join(dist, id);
    if (!loaded.has(target)) loaded.set(target, load(target));
    return loaded.get(target);
  }, nodeRequire);
  script.runInThisContext()(module_.exports, bundleRequire, module_, file, path.dirname(file));
  return module_.exports;
}

/**
 * Whether this is a check that will likely parse every page (no cache folder, or one that holds no
 * page parses yet) on two cores, with V8's pool of helper threads as Node sizes it (four threads,
 * fixed at start): they then take the cores from the two parse threads, and the run goes a sixth
 * faster in a process started with one. A flag of the user's own is left as it is.
 */
function coldOnTwoCores(args) {
  if (args[0] !== 'check' || args.includes('--help') || args.includes('-h')) return false;
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (flags.some((flag) => /^--v8[-_]pool[-_]size/.test(flag))) return false; // node takes either spelling
  // A debugger's port is this process's: a child would ask for it again.
  if (flags.some((flag) => /^--inspect/.test(flag))) return false;
  if (require('node:os').availableParallelism() > 2) return false;
  return !folder || !fs.existsSync(path.join(folder, 'page-parses'));
}

/**
 * Runs this command again in a child with one V8 helper thread, sharing stdin, stdout and stderr;
 * the stop signals this process gets go to the child, and its exit (code or signal) is this one's.
 */
function runWithOneHelperThread(args) {
  const { spawn } = require('node:child_process');
  // Listening before the child starts: a signal that comes while it starts would otherwise end this
  // process at once, and leave the child running. One that comes then reaches a listener only after
  // spawn has returned, so that there is a child to give it to.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  const child = spawn(process.execPath, ['--v8-pool-size=1', ...process.execArgv, __filename, ...args], {
    stdio: 'inherit',
  });
  const done = () => {
    for (const signal of signals) process.off(signal, forward);
  };
  child.on('error', () => {
    done();
    load(bundle); // it could not start: run here
  });
  child.on('exit', (code, signal) => {
    done();
    if (signal) process.kill(process.pid, signal);
    else process.exitCode = code;
  });
}

// `navlint lsp --stdio` as editors start it goes straight to the language server's bundle, without
// the command line's: a writer waits for the first diagnostics. Any other form of `lsp` (--help, a
// mistake) goes through the command line, which checks it.
const args = process.argv.slice(2);
if (args[0] === 'lsp' && args[1] === '--stdio' && args.slice(2).every((arg) => /^--clientProcessId=\d+$/.test(arg)))
  load(path.join(dist, 'lsp.cjs')).serveStdio();
else if (coldOnTwoCores(args)) runWithOneHelperThread(args);
else load(bundle);
