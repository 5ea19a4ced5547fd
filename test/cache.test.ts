import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cacheKeyHash } from '../src/common/key-hash';
import { ageIndex, committedSite, git, hasGit } from './git-helpers';
import {
  cacheFiles,
  docsWith,
  makeSite,
  navlint,
  readCacheEntry,
  repo,
  sharedPath,
  temporaryFolder,
  writeCacheEntry,
} from './helpers';
import { page, requiredKeys } from './sites';

/** A bundle's text as bin/navlint.cjs compiles it: the code cache holds for that text only. */
const wrapAsBin = (source: string) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

/**
 * navlint's caches (spec indexes, frontmatter verdicts, the compiled bundle) must never change an
 * outcome: each test compares a cached run with what the files say now.
 */

/** A spec large enough to be cached (8 KB and more), with the given paths. */
function bigSpec(paths: string[]): string {
  const operations = Object.fromEntries(
    paths.map((p) => [p, { get: { summary: `Read ${p}`, description: 'x'.repeat(400) } }]),
  );
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths: operations }, null, 2);
}

const paths = Array.from({ length: 30 }, (_, i) => `/things/${i}`);

function site(): string {
  return makeSite({
    'docs.json': docsWith(
      `{ "groups": [{ "group": "API", "openapi": "api.json", "pages": ["GET /things/1", "reference/one"] }] }`,
    ),
    'api.json': bigSpec(paths),
    'reference/one.mdx': '---\ntitle: One\nopenapi: GET /things/2\n---\n',
  });
}

/** The findings of a run as "file line:column rule", with the cache in `cacheDir` ('' for none). */
function check(dir: string, cacheDir: string, extra: string[] = []): string[] {
  const result = navlint(['check', dir, '--format', 'json', ...extra], { env: { NAVLINT_CACHE_DIR: cacheDir } });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout).flatMap(
    (r: { filePath: string; messages: { line: number; column: number; ruleId: string }[] }) =>
      r.messages.map((m) => `${path.relative(dir, r.filePath)} ${m.line}:${m.column} ${m.ruleId}`),
  );
}

/**
 * Moves every file and folder below `dir` an hour back, out of the window where a stamp could miss
 * a change: the cache of results keeps what a run finds then, however late the run starts.
 */
function age(dir: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[])
    fs.utimesSync(path.join(dir, name), hourAgo, hourAgo);
  fs.utimesSync(dir, hourAgo, hourAgo);
}

/** Rewrites a file and moves its modification time on, as a later save does. */
function edit(file: string, text: string): void {
  const before = fs.statSync(file).mtimeMs;
  fs.writeFileSync(file, text);
  const later = new Date(before + 2000);
  fs.utimesSync(file, later, later);
}

const temporaryDir = () => temporaryFolder('navlint-cache-');

/**
 * Clones of `repo`, each made anew in the same place as a CI job's checkout is (every file new, git's
 * index refreshed after the job's setup steps); `docs` is the clone's docs folder.
 */
function freshClones(repo: string): { clone: string; docs: string; cloneAgain: () => void } {
  const clone = path.join(temporaryFolder('navlint-clones-'), 'site');
  return {
    clone,
    docs: path.join(clone, 'docs'),
    cloneAgain: () => {
      fs.rmSync(clone, { recursive: true, force: true });
      git(path.dirname(clone), 'clone', '-q', repo, 'site');
      ageIndex(clone);
    },
  };
}

/**
 * The tests here run the CLI again and again (up to 27 times, a Node start each): their time is the
 * machine's, not an outcome, so their bound is one only a hang reaches, not vitest's default 5 s.
 */
const manyRuns = { timeout: 120_000 };
const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe('the spec and frontmatter caches', manyRuns, () => {
  it('a second run reads the caches and reports the same; an edited spec or page is read again', () => {
    const dir = site();
    const cache = temporaryDir();
    expect(check(dir, cache)).toEqual([]);
    // The spec's index, by the file's identity and by its content.
    expect(cacheFiles(cache, 'specs')).toHaveLength(2);
    expect(cacheFiles(cache, 'frontmatter')).toHaveLength(1);
    expect(check(dir, cache)).toEqual([]);

    // The spec loses /things/1 and /things/2: both the entry and the page's frontmatter now miss.
    edit(path.join(dir, 'api.json'), bigSpec(paths.filter((p) => p !== '/things/1' && p !== '/things/2')));
    expect(check(dir, cache)).toEqual(['docs.json 2:81 endpoint-exists', 'reference/one.mdx 3:1 frontmatter-openapi']);

    // The page now names an endpoint the spec has; another page gains an openapi key.
    edit(path.join(dir, 'reference/one.mdx'), '---\ntitle: One\nopenapi: GET /things/3\n---\n');
    expect(check(dir, cache)).toEqual(['docs.json 2:81 endpoint-exists']);
    edit(path.join(dir, 'reference/one.mdx'), '---\ntitle: One\nopenapi: GET /things/99\n---\n');
    expect(check(dir, cache)).toEqual(['docs.json 2:81 endpoint-exists', 'reference/one.mdx 3:1 frontmatter-openapi']);
    edit(path.join(dir, 'reference/one.mdx'), '---\ntitle: One, with no openapi key\n---\n');
    expect(check(dir, cache)).toEqual(['docs.json 2:81 endpoint-exists']);
  });

  it('a spec written anew with the same text (a fresh checkout) is found by its content, not parsed again', () => {
    const dir = site();
    const cache = temporaryDir();
    expect(check(dir, cache)).toEqual([]);
    const entries = () => cacheFiles(cache, 'specs');
    // Keyed by the text's git blob id, not by the file.
    const byContent = entries().filter((file) => /\u0000[0-9a-f]{40}\u0000json$/.test(readCacheEntry(file).key));
    expect(byContent).toHaveLength(1);
    // Marked: the entry by content says the spec has no /things/1 (which it has), so that a run that takes the index from it shows it.
    const marked = readCacheEntry(byContent[0]).value;
    marked.operations = marked.operations.filter(([key]: [string]) => !key.endsWith(' /things/1'));
    writeCacheEntry(byContent[0], marked);
    // The same text in a new file (a new inode and modification time), as a checkout writes it.
    const spec = path.join(dir, 'api.json');
    const text = fs.readFileSync(spec, 'utf8');
    const { mtimeMs } = fs.statSync(spec);
    fs.rmSync(spec);
    fs.writeFileSync(spec, text);
    fs.utimesSync(spec, new Date(mtimeMs + 2000), new Date(mtimeMs + 2000));
    expect(check(dir, cache)).toEqual(['docs.json 2:81 endpoint-exists']);
    // Wherever the checkout is: the same site in another folder.
    const elsewhere = path.join(temporaryDir(), 'checkout');
    fs.cpSync(dir, elsewhere, { recursive: true });
    expect(check(elsewhere, cache)).toEqual(['docs.json 2:81 endpoint-exists']);
    // Each new identity has an entry now; a change of its text is parsed (the mark is not read).
    expect(entries()).toHaveLength(4);
    edit(spec, `${text}\n`);
    expect(check(dir, cache)).toEqual([]);
  });

  it.skipIf(!hasGit)(
    "a data file of a fresh clone is not read again where git's index vouches for its text: the earlier run's verdict holds",
    () => {
      const { repo } = committedSite({
        'docs.json': docsWith('{ "groups": [{ "group": "API", "openapi": "api.json", "pages": ["GET /things/1"] }] }'),
        'api.json': bigSpec(paths),
      });
      const { clone, docs, cloneAgain } = freshClones(repo);
      const cache = temporaryDir();
      cloneAgain();
      expect(check(docs, cache)).toEqual([]);
      const [kept] = cacheFiles(cache, 'data-files');
      const data = readCacheEntry(kept).value;
      expect(data['api.json'][2]).toBe(git(docs, 'hash-object', 'api.json'));
      // Marked: the verdict kept says the spec does not parse, so that a run that takes it shows it.
      data['api.json'][1] = { syntax: { reason: 'marked', offset: 0 } };
      writeCacheEntry(kept, data);
      // Every stamp new, every text as it was; without the earlier run's results, the rules read the data files.
      const anew = () => {
        cloneAgain();
        fs.rmSync(path.join(cache, 'results'), { recursive: true, force: true });
      };
      anew();
      expect(check(docs, cache)).toEqual(['api.json 1:1 data-syntax']);
      // A text that git's index does not vouch for is read: a spec changed after the checkout, or no repository.
      anew();
      edit(path.join(docs, 'api.json'), `${bigSpec(paths)}\n`);
      expect(check(docs, cache)).toEqual([]);
      data['api.json'][0] = 'another stamp';
      writeCacheEntry(kept, data);
      anew();
      fs.rmSync(path.join(clone, '.git'), { recursive: true });
      expect(check(docs, cache)).toEqual([]);
    },
  );

  it('a spec found by its content was read as the same kind of file: YAML text in a .json file does not parse, whatever a .yaml file of that text gave', () => {
    const yaml = `openapi: 3.1.0\ninfo: { title: API, version: '1' }\npaths:\n${paths.map((p) => `  ${p}:\n    get:\n      summary: Read ${p}\n      description: ${'x'.repeat(400)}\n`).join('')}`;
    const siteWith = (spec: string) =>
      makeSite({
        'docs.json': docsWith(`{ "groups": [{ "group": "API", "openapi": "${spec}", "pages": ["GET /things/1"] }] }`),
        [spec]: yaml,
      });
    const cache = temporaryDir();
    expect(check(siteWith('api.yaml'), cache)).toEqual([]);
    const json = siteWith('api.json');
    expect(check(json, '')).toEqual(['docs.json 2:59 openapi-source']);
    expect(check(json, cache)).toEqual(['docs.json 2:59 openapi-source']);
  });

  it('corrupt cache files read as no cache', () => {
    const dir = site();
    edit(path.join(dir, 'reference/one.mdx'), '---\nopenapi: GET /nowhere\n---\n');
    const cache = temporaryDir();
    const expected = ['reference/one.mdx 2:1 frontmatter-openapi'];
    expect(check(dir, cache)).toEqual(expected);
    // Entries of the right stamp but the wrong shape.
    for (const file of cacheFiles(cache, 'frontmatter')) {
      const data = readCacheEntry(file).value;
      for (const entry of Object.values(data) as unknown[][]) if (entry.length === 5) entry.splice(3, 2, 'a', null);
      writeCacheEntry(file, data);
    }
    expect(check(dir, cache)).toEqual(expected);
    // A spec entry cut short, with no key line; a frontmatter entry of the right key but no object.
    for (const file of cacheFiles(cache, 'specs')) fs.writeFileSync(file, '{"key": 1');
    for (const file of cacheFiles(cache, 'frontmatter')) writeCacheEntry(file, 'null');
    expect(check(dir, cache)).toEqual(expected);
    expect(check(dir, cache)).toEqual(expected);
  });

  it('--no-cache and NAVLINT_CACHE_DIR="" write nothing', () => {
    const dir = site();
    const cache = temporaryDir();
    expect(check(dir, cache, ['--no-cache'])).toEqual([]);
    expect(listing(cache)).toEqual([]);
    expect(check(dir, '')).toEqual([]);
  });

  it('--cache-location DIR keeps every cache in DIR (relative to the working folder), whatever NAVLINT_CACHE_DIR says', () => {
    const dir = site();
    age(dir);
    const elsewhere = temporaryDir();
    const parent = temporaryDir();
    const run = (location: string) =>
      navlint(['check', dir, '--format', 'json', location], { env: { NAVLINT_CACHE_DIR: elsewhere }, cwd: parent });
    expect(run('--cache-location=ci-cache').code).toBe(0);
    expect(listing(path.join(parent, 'ci-cache'))).toEqual([
      'code',
      'data-files',
      'frontmatter',
      'page-parses',
      'results',
      'specs',
    ]);
    expect(listing(elsewhere)).toEqual([]);
    // A CI job restores the folder: the next run reads it and reports the same.
    const restored = run('--cache-location');
    expect(restored.stderr).toContain('--cache-location');
    expect(restored.code).toBe(2);
    const again = navlint(['check', dir, '--format', 'json', '--cache-location', 'ci-cache'], {
      env: { NAVLINT_CACHE_DIR: elsewhere },
      cwd: parent,
    });
    expect([again.code, JSON.parse(again.stdout)]).toEqual([0, []]);
    expect(listing(elsewhere)).toEqual([]);
  });

  it('a cache folder that cannot be written is no error', () => {
    const dir = site();
    const cache = path.join(temporaryDir(), 'file');
    fs.writeFileSync(cache, 'not a folder');
    expect(check(dir, cache)).toEqual([]);
  });

  // Node's recursive mkdir loops forever there: each attempt makes the parent, then fails on the child with ENOENT.
  it.skipIf(!fs.existsSync('/proc/self'))(
    'a cache folder that cannot be made below /proc is no error, and no endless run',
    () => {
      const result = navlint(['check', 'fixtures/example', '--cache-location', '/proc/navlint-cache/sub'], {
        timeoutMs: 60_000,
      });
      expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    },
  );
});

describe('the cache folder across builds', manyRuns, () => {
  /** The size of a folder's files, all the way down. */
  const sizeOf = (dir: string): number =>
    (fs.readdirSync(dir, { recursive: true }) as string[]).reduce((sum, name) => {
      const stat = fs.statSync(path.join(dir, name));
      return stat.isFile() ? sum + stat.size : sum;
    }, 0);
  /** Each namespace of a cache folder, and the version folders in it. */
  const versions = (cache: string) =>
    Object.fromEntries(fs.readdirSync(cache).map((name) => [name, fs.readdirSync(path.join(cache, name)).sort()]));

  it("a CI cache restored and saved across releases keeps two builds' entries at most, and stays as large as two builds make it", () => {
    const dir = site();
    age(dir);
    const cache = temporaryDir();
    // Each release installed anew in the same place, as a CI job installs it: this build's dist/ under another build id.
    const install = path.join(temporaryDir(), 'install');
    const builtId = /navlint-build (\w+)\n$/.exec(fs.readFileSync(path.join(repo, 'dist/navlint.cjs'), 'utf8'))![1];
    const release = (n: number) => {
      const id = `${builtId.slice(0, -1)}${n}`;
      fs.rmSync(install, { recursive: true, force: true });
      for (const part of ['bin', 'dist'])
        fs.cpSync(path.join(repo, part), path.join(install, part), { recursive: true });
      for (const name of fs.readdirSync(path.join(install, 'dist')).filter((name) => name.endsWith('.cjs'))) {
        const file = path.join(install, 'dist', name);
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll(builtId, id));
      }
      const result = spawnSync(
        process.execPath,
        [path.join(install, 'bin/navlint.cjs'), 'check', dir, '--format', 'json'],
        {
          encoding: 'utf8',
          env: { ...process.env, NAVLINT_CACHE_DIR: cache },
        },
      );
      expect([result.status, JSON.parse(result.stdout)]).toEqual([0, []]);
      return id;
    };
    const first = release(1);
    const oneBuild = sizeOf(cache);
    const namespaces = Object.keys(versions(cache)).sort();
    expect(namespaces).toEqual(['code', 'data-files', 'frontmatter', 'page-parses', 'results', 'specs']);
    expect(versions(cache).results).toEqual([cacheKeyHash(first)]);
    const ids = [first];
    for (let n = 2; n <= 4; n++) {
      ids.push(release(n));
      const now = versions(cache);
      expect(Object.keys(now).sort()).toEqual(namespaces);
      for (const [namespace, folders] of Object.entries(now)) expect(folders.length, namespace).toBeLessThanOrEqual(2);
      // This build's and the one before it: an editor's extension and the command line, run in turn, both keep theirs.
      expect(now.results).toEqual(ids.slice(-2).map(cacheKeyHash).sort());
      expect(sizeOf(cache)).toBeLessThanOrEqual(2 * oneBuild);
    }
  });
});

describe('the compiled-code cache of bin/navlint.cjs', manyRuns, () => {
  const codeFiles = (cache: string) => cacheFiles(cache, 'code').map((file) => path.basename(file));
  /** The main bundle's cache (the page parser's bundle has one too once a run parses a page). */
  const mainCodeFile = (cache: string) =>
    cacheFiles(cache, 'code').find((file) => file.endsWith('-dist-navlint-cjs.v8'))!;

  it('is written at the first run, refined by the first check runs, then used as it is', () => {
    const dir = site();
    const cache = temporaryDir();
    expect(navlint(['--version'], { env: { NAVLINT_CACHE_DIR: cache } }).code).toBe(0);
    expect(codeFiles(cache)).toHaveLength(1);
    const file = mainCodeFile(cache);
    const sizes = [fs.statSync(file).size];
    for (let run = 0; run < 3; run++) {
      expect(check(dir, cache)).toEqual([]);
      sizes.push(fs.statSync(file).size);
    }
    // The first run starts from the snapshot the build makes (dist/navlint.cjs.v8, the linter
    // compiled), so even --version leaves a cache that holds it; the first checks add what they
    // compile; the third writes nothing.
    expect(sizes[0]).toBeGreaterThan(300_000);
    expect(sizes[1]).toBeGreaterThanOrEqual(sizes[0]);
    expect(sizes[2]).toBeGreaterThanOrEqual(sizes[1]);
    const settled = fs.statSync(file).mtimeMs;
    expect(check(dir, cache)).toEqual([]);
    expect(fs.statSync(file).mtimeMs).toBe(settled);
    expect(codeFiles(cache).map((name) => name.replace(/^.*-dist-/, ''))).toEqual(['mdx-cjs.v8', 'navlint-cjs.v8']);
  });

  it("a fresh install of the same build takes an earlier install's cache, as a CI job takes the one its cache step restored", () => {
    const dir = site();
    const cache = temporaryDir();
    const install = temporaryDir();
    // A copy of bin/ and dist/, made anew as a CI job's install is: other inodes, other modification times.
    const reinstall = () => {
      fs.rmSync(install, { recursive: true, force: true });
      for (const part of ['bin', 'dist'])
        fs.cpSync(path.join(repo, part), path.join(install, part), { recursive: true });
    };
    const run = () => {
      const result = spawnSync(
        process.execPath,
        [path.join(install, 'bin/navlint.cjs'), 'check', dir, '--format', 'json'],
        {
          encoding: 'utf8',
          env: { ...process.env, NAVLINT_CACHE_DIR: cache },
        },
      );
      return [result.status, JSON.parse(result.stdout)];
    };
    const stamps = () => cacheFiles(cache, 'code').map((file) => [file, fs.statSync(file).mtimeMs]);
    reinstall();
    for (let i = 0; i < 3; i++) expect(run()).toEqual([0, []]);
    const settled = stamps();
    expect(settled).toHaveLength(2);
    reinstall();
    expect(fs.statSync(path.join(install, 'dist/navlint.cjs')).mtimeMs).toBeGreaterThan(
      Math.max(...settled.map(([, at]) => at as number)),
    );
    expect(run()).toEqual([0, []]);
    expect(stamps()).toEqual(settled);
  });

  it('a cache of another build or a damaged one is replaced, and the run is the same', () => {
    const dir = site();
    const cache = temporaryDir();
    check(dir, cache);
    const file = mainCodeFile(cache);
    const good = fs.readFileSync(file);
    const key = good.subarray(0, good.indexOf(10) + 1).toString();
    expect(key).toMatch(/ build \w+\n$/);
    const damaged = [
      Buffer.concat([Buffer.from(key), Buffer.from('garbage, not V8 code')]), // right key, bad data
      Buffer.concat([Buffer.from(key), good.subarray(key.length, key.length + 1000)]), // truncated
      Buffer.concat([Buffer.from(key.replace(/ build \w+\n$/, ' build 0\n')), good.subarray(key.length)]), // another build
      Buffer.alloc(0),
    ];
    for (const data of damaged) {
      fs.writeFileSync(file, data);
      expect(check(dir, cache)).toEqual([]);
      expect(fs.readFileSync(file).subarray(0, key.length).toString()).toBe(key);
      expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    }
  });

  it("the build's snapshot serves runs with no cache (--no-cache) when it is of the bundle as it is, and is ignored otherwise", () => {
    const dir = site();
    const cache = temporaryDir();
    // A copy of dist/ with the snapshot of another text of the same length: compiled from source, same findings.
    const copy = temporaryDir();
    fs.cpSync(path.join(repo, 'bin'), path.join(copy, 'bin'), { recursive: true });
    fs.cpSync(path.join(repo, 'dist'), path.join(copy, 'dist'), { recursive: true });
    const run = (root: string) =>
      spawnSync(
        process.execPath,
        [path.join(root, 'bin/navlint.cjs'), 'check', dir, '--format', 'json', '--no-cache'],
        { encoding: 'utf8', env: { ...process.env, NAVLINT_CACHE_DIR: cache } },
      );
    expect(fs.statSync(path.join(copy, 'dist/navlint.cjs.v8')).size).toBeGreaterThan(300_000);
    const bundle = fs.readFileSync(path.join(copy, 'dist/navlint.cjs'), 'utf8');
    const changed = bundle.replace('lint a Mintlify-format docs site', 'lint a mintlify-format docs site');
    expect(changed.length === bundle.length && changed !== bundle).toBe(true);
    fs.writeFileSync(path.join(copy, 'dist/navlint.cjs'), changed);
    for (const root of [repo, copy]) expect([run(root).status, JSON.parse(run(root).stdout)]).toEqual([0, []]);
    expect(listing(cache)).toEqual([]);
  });

  it("the language server's bundle has its snapshot too, which V8 takes for the bundle as it is", () => {
    const bundle = fs.readFileSync(path.join(repo, 'dist/lsp.cjs'), 'utf8');
    const snapshot = fs.readFileSync(path.join(repo, 'dist/lsp.cjs.v8'));
    const keyEnd = snapshot.indexOf(10) + 1;
    expect(snapshot.subarray(0, keyEnd).toString()).toBe(
      `${process.version} ${process.arch} ${bundle.length} build ${/navlint-build (\w+)\n$/.exec(bundle)![1]}\n`,
    );
    const script = new vm.Script(wrapAsBin(bundle), {
      filename: path.join(repo, 'dist/lsp.cjs'),
      cachedData: snapshot.subarray(keyEnd),
    });
    expect(script.cachedDataRejected).toBe(false);
    // The functions of a session (a lint, a code action, a completion), not only those of loading the bundle.
    const loaded = new vm.Script(wrapAsBin(bundle), { filename: path.join(repo, 'dist/lsp.cjs') });
    const module_ = { exports: {} };
    loaded.runInThisContext()(
      module_.exports,
      Module.createRequire(path.join(repo, 'dist/lsp.cjs')),
      module_,
      path.join(repo, 'dist/lsp.cjs'),
      path.join(repo, 'dist'),
    );
    expect(snapshot.length - keyEnd).toBeGreaterThan(1.5 * loaded.createCachedData().length);
  });

  /** navlint's bin alone in a folder, with a src/ folder when `checkout`, run as `navlint check`. */
  function unbuilt(checkout: boolean) {
    const copy = temporaryDir();
    fs.mkdirSync(path.join(copy, 'bin'));
    if (checkout) fs.mkdirSync(path.join(copy, 'src'));
    fs.copyFileSync(path.join(repo, 'bin/navlint.cjs'), path.join(copy, 'bin/navlint.cjs'));
    const result = spawnSync(process.execPath, [path.join(copy, 'bin/navlint.cjs'), 'check'], {
      cwd: copy,
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('a checkout without dist/ says how to build, with no stack trace', () => {
    expect(unbuilt(true)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: dist/navlint.cjs is missing; run `npm run build` first\n',
    });
  });

  it('an install without dist/ (npm 11 from git, as pre-commit 4 installs hooks) says why, and where to go', () => {
    expect(unbuilt(false)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'navlint: this copy of navlint is its source, not a release, and has no build (dist/): npm builds nothing it installs from git. Install navlint from npm (npm install navlint), or give pre-commit a release tag as its rev (see docs/ci.md)\n',
    });
  });
});

describe('the cache of results', manyRuns, () => {
  /** A run's JSON output and whether its findings came from the cache of results (TIMING says so). */
  function run(dir: string, cache: string, extra: string[] = []): { output: unknown; cached: boolean } {
    const { output, stderr } = runWithStderr(dir, cache, extra);
    return { output, cached: stderr.includes('nothing they depend on has changed') };
  }

  function runWithStderr(dir: string, cache: string, extra: string[] = []): { output: unknown; stderr: string } {
    const result = navlint(['check', dir, '--format', 'json', ...extra], {
      env: { NAVLINT_CACHE_DIR: cache, TIMING: '1' },
    });
    expect([0, 1]).toContain(result.code);
    return { output: JSON.parse(result.stdout), stderr: result.stderr };
  }

  /** Lints with the cache twice (the first keeps its result, the second reads it), both as --no-cache does. */
  function expectSameAsUncached(dir: string, cache: string, extra: string[] = []): unknown {
    age(dir);
    const fresh = run(dir, cache, [...extra, '--no-cache']).output;
    expect(run(dir, cache, extra)).toEqual({ output: fresh, cached: false });
    expect(run(dir, cache, extra)).toEqual({ output: fresh, cached: true });
    return fresh;
  }

  /**
   * A cache folder with the pages' parses the test run made of the corpus (global-setup.ts) and no
   * other cache: parsing 3,800 pages again would be most of a test, and says nothing of the results.
   */
  const withCorpusParses = () => {
    const dir = temporaryDir();
    fs.cpSync(path.join(process.env.NAVLINT_CACHE_DIR!, 'page-parses'), path.join(dir, 'page-parses'), {
      recursive: true,
    });
    return dir;
  };

  const messages = (output: unknown) =>
    (output as { filePath: string; messages: { ruleId: string; line: number }[] }[]).flatMap((r) =>
      r.messages.map((m) => `${path.basename(r.filePath)} ${m.line} ${m.ruleId}`),
    );

  function siteWithAssets(): string {
    return makeSite({
      'docs.json': `{ ${requiredKeys} "logo": "/logo.svg",\n  "navigation": { "groups": [{ "group": "Guides", "pages": ["intro", "guides/setup", "guides/deep/more"] }] }\n}\n`,
      'intro.mdx': '---\ntitle: Intro\n---\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n',
      'logo.svg': '<svg/>',
    });
  }

  it('a second run with nothing changed reports from the cache what a run without it reports; every kind of change is seen', () => {
    const dir = siteWithAssets();
    const cache = temporaryDir();
    expect(messages(expectSameAsUncached(dir, cache))).toEqual(['docs.json 2 page-exists']);
    expect(cacheFiles(cache, 'results')).toHaveLength(1);

    // A page appears in a folder that did not exist: the folder above it has changed.
    fs.mkdirSync(path.join(dir, 'guides/deep'));
    fs.writeFileSync(path.join(dir, 'guides/deep/more.mdx'), '---\ntitle: More\n---\n');
    expect(messages(expectSameAsUncached(dir, cache))).toEqual([]);
    // A page's text changes, its size the same.
    fs.writeFileSync(path.join(dir, 'intro.mdx'), '---\nopenapi: GET /no\n---\n');
    expect(messages(expectSameAsUncached(dir, cache))).toEqual(['intro.mdx 2 frontmatter-openapi']);
    // ... and again, its modification time put back as `touch -r` or `cp -p` do: the change time tells.
    const intro = path.join(dir, 'intro.mdx');
    const before = fs.statSync(intro);
    fs.writeFileSync(intro, '---\nopenapi: GET /nx\n---\n');
    fs.utimesSync(intro, before.atime, before.mtime);
    expect(run(dir, cache)).toEqual({ output: run(dir, cache, ['--no-cache']).output, cached: false });
    expect(messages(run(dir, cache).output)).toEqual(['intro.mdx 2 frontmatter-openapi']);
    fs.writeFileSync(intro, '---\nopenapi: GET /no\n---\n');
    // A page is removed, an asset is removed.
    fs.rmSync(path.join(dir, 'guides/setup.mdx'));
    fs.rmSync(path.join(dir, 'logo.svg'));
    expect(messages(expectSameAsUncached(dir, cache))).toEqual([
      'docs.json 1 file-exists',
      'docs.json 2 page-exists',
      'intro.mdx 2 frontmatter-openapi',
    ]);
    // .mintignore hides a page from the platform's scan.
    fs.writeFileSync(path.join(dir, '.mintignore'), 'guides/deep\n');
    expect(messages(expectSameAsUncached(dir, cache))).toEqual([
      'docs.json 1 file-exists',
      'docs.json 2 page-exists',
      'docs.json 2 page-exists',
      'intro.mdx 2 frontmatter-openapi',
    ]);
    // docs.json itself.
    fs.writeFileSync(
      path.join(dir, 'docs.json'),
      docsWith(`{ "groups": [{ "group": "Guides", "pages": ["intro"] }] }`),
    );
    expect(messages(expectSameAsUncached(dir, cache))).toEqual(['intro.mdx 2 frontmatter-openapi']);
    // The config in force: a rule turned off.
    fs.writeFileSync(
      path.join(dir, 'navlint.config.json'),
      JSON.stringify({ rules: { 'frontmatter-openapi': 'off' } }),
    );
    expect(messages(expectSameAsUncached(dir, cache))).toEqual([]);
  });

  it('counts the findings the accessibility switch keeps off alike afresh, from the cache and after a page edit', () => {
    const dir = makeSite({
      'docs.json': docsWith('{ "pages": ["a", "b", "missing"] }'),
      'a.mdx': '---\ntitle: A\n---\n\n![](/x.png)\n',
      'b.mdx': page('B'),
      'x.png': '',
      'y.png': '',
    });
    const cache = temporaryDir();
    const summary = () => {
      const result = navlint(['check', dir], { env: { NAVLINT_CACHE_DIR: cache, TIMING: '1' } });
      const line = result.stdout.split('\n').find((text) => text.startsWith('✖'));
      const how = result.stderr.includes('nothing they depend on has changed')
        ? 'cached'
        : result.stderr.includes('changed page(s) checked')
          ? 'those pages'
          : 'whole';
      return `${how}: ${line}`;
    };
    age(dir);
    // colors.primary (#0D9373 on white) and the image without alt text.
    const two = '✖ 1 problem (1 error, 0 warnings) … and 2 accessibility findings: --a11y shows them';
    expect([summary(), summary()]).toEqual([`whole: ${two}`, `cached: ${two}`]);
    edit(path.join(dir, 'b.mdx'), '---\ntitle: B\n---\n\n<img src="/y.png" />\n');
    expect(summary()).toBe(
      'those pages: ✖ 1 problem (1 error, 0 warnings) … and 3 accessibility findings: --a11y shows them',
    );
  });

  it('a link pointed at another file is a change, though its folder lists the same names', () => {
    const dir = makeSite({
      'site/docs.json': docsWith('{ "pages": ["index", "inside"] }'),
      'site/index.mdx': '---\ntitle: Home\n---\n\nSee [ext](/ext).\n',
      'site/inside.mdx': '---\ntitle: Inside\n---\n',
      'outside/out.mdx': '---\ntitle: Out\n---\n',
    });
    const site = path.join(dir, 'site');
    const cache = temporaryDir();
    fs.symlinkSync('../outside/out.mdx', path.join(site, 'ext.mdx')); // outside the docs folder: no page
    expect(messages(expectSameAsUncached(site, cache))).toEqual(['index.mdx 5 page-link']);
    fs.rmSync(path.join(site, 'ext.mdx'));
    fs.symlinkSync('inside.mdx', path.join(site, 'ext.mdx'));
    expect(run(site, cache)).toEqual({ output: [], cached: false });
  });

  it('after edits of pages that keep what other files depend on in them, checks those pages alone and reports what a whole run reports', () => {
    const dir = makeSite({
      'docs.json': docsWith('{ "groups": [{ "group": "Guides", "pages": ["a", "b", "c"] }] }'),
      'a.mdx': '---\ntitle: A\n---\n\n## Setup\n\nText with [a link](/b).\n',
      'b.mdx':
        '---\ntitle: B\n---\n\nSee [setup](/a#setup) and [c](/c#usage).\n\nimport Note from "/snippets/note.mdx"\n\n<Note />\n',
      'c.mdx': '---\ntitle: C\n---\n\n## Usage\n',
      'snippets/note.mdx': 'export const Tip = "tip";\n\n## Noted\n',
    });
    const cache = temporaryDir();
    expectSameAsUncached(dir, cache);
    /** Edits a file, then runs with the cache: the output must be a whole run's; says how the run went. */
    const afterEdit = (file: string, text: string) => {
      edit(path.join(dir, file), text);
      const { output, stderr } = runWithStderr(dir, cache);
      expect(output, file).toEqual(run(dir, temporaryDir(), ['--no-cache']).output);
      age(dir);
      run(dir, cache); // keeps this state's result, for the next edit
      return stderr.includes('changed page(s) checked') ? 'those pages' : 'whole';
    };
    const changes: [string, string, 'those pages' | 'whole'][] = [
      // Prose and the page's own links: its findings alone change.
      ['a.mdx', '---\ntitle: A\n---\n\n## Setup\n\nText with [a broken link](/nowhere).\n', 'those pages'],
      [
        'b.mdx',
        '---\ntitle: B\n---\n\nSee [setup](/a#setp) and [c](/c#usage).\n\nimport Note from "/snippets/note.mdx"\n\n<Note />\n',
        'those pages',
      ],
      // A heading another page links to: links to it may land no more.
      ['c.mdx', '---\ntitle: C\n---\n\n## Use\n', 'whole'],
      // What a snippet exports, what a page imports, the openapi frontmatter, a page that no longer parses.
      ['snippets/note.mdx', 'export const Hint = "tip";\n\n## Noted\n', 'whole'],
      ['b.mdx', '---\ntitle: B\n---\n\nSee [setup](/a#setp) and [c](/c#use).\n', 'whole'],
      ['a.mdx', '---\ntitle: A\nopenapi: GET /things\n---\n\n## Setup\n', 'whole'],
      ['c.mdx', '---\ntitle: C\n---\n\n## Use\n\n{oops\n', 'whole'],
      // Two pages at once, neither changing what the others depend on.
      ['a.mdx', '---\ntitle: A\nopenapi: GET /things\n---\n\n## Setup\n\nMore text.\n', 'those pages'],
    ];
    expect(changes.map(([file, text]) => afterEdit(file, text))).toEqual(changes.map(([, , how]) => how));
    // docs.json, or a page added: a whole run.
    fs.writeFileSync(path.join(dir, 'd.mdx'), page('D'));
    expect(runWithStderr(dir, cache).stderr).not.toContain('changed page(s) checked');
  });

  it.skipIf(!hasGit)(
    'a fresh clone, with the cache folder of a run on an earlier clone: what git vouches for holds, changed pages alone are checked',
    () => {
      const { repo } = committedSite({
        'docs.json': docsWith('{ "groups": [{ "group": "Guides", "pages": ["a", "guides/b"] }] }'),
        'a.mdx': '---\ntitle: A\n---\n\n## Setup\n\nSee [b](/guides/b) and [nowhere](/nowhere).\n',
        'guides/b.mdx': '---\ntitle: B\n---\n\nSee [setup](/a#setup).\n',
      });
      const { clone, docs, cloneAgain } = freshClones(repo);
      const cache = temporaryDir();
      cloneAgain();
      const first = run(docs, cache);
      expect(messages(first.output)).toEqual(['a.mdx 7 page-link']);
      // Every stamp new, every content as it was.
      cloneAgain();
      expect(run(docs, cache)).toEqual({ output: first.output, cached: true });
      // The new stamps were kept: without git to vouch for the content, nothing has changed.
      fs.rmSync(path.join(clone, '.git'), { recursive: true });
      expect(run(docs, cache)).toEqual({ output: first.output, cached: true });
      // A page changed after the checkout: it alone is checked.
      cloneAgain();
      edit(path.join(docs, 'guides/b.mdx'), '---\ntitle: B\n---\n\nSee [setup](/a#setp).\n');
      const changed = runWithStderr(docs, cache);
      expect(changed.stderr).toContain('results of 1 changed page(s) checked');
      expect(changed.output).toEqual(run(docs, temporaryDir(), ['--no-cache']).output);
      expect(messages(changed.output)).toEqual(['a.mdx 7 page-link', 'b.mdx 5 page-anchor']);
      // A file git does not know: the folder's entries are not as they were, a whole run.
      cloneAgain();
      fs.writeFileSync(path.join(docs, 'c.mdx'), page('C'));
      const added = runWithStderr(docs, cache);
      expect(added.stderr).not.toContain('changed page(s) checked');
      expect(added.stderr).not.toContain('nothing they depend on has changed');
      expect(added.output).toEqual(run(docs, temporaryDir(), ['--no-cache']).output);
    },
  );

  it('after an edit of one page of each site of the corpus, reports what a whole run reports', () => {
    const corpus = sharedPath('corpus/INDEX.tsv', 'the cache of results after a page edit, on the corpus');
    if (!corpus) return;
    for (const line of fs.readFileSync(corpus, 'utf8').trim().split('\n').slice(1)) {
      const [name, , , docsRoot] = line.split('\t');
      const original = [
        path.join(path.dirname(corpus), name, docsRoot ?? ''),
        path.join(path.dirname(corpus), name),
      ].find((d) => fs.existsSync(path.join(d, 'docs.json')))!;
      const dir = temporaryDir();
      fs.cpSync(original, dir, { recursive: true });
      const cache = withCorpusParses();
      age(dir);
      run(dir, cache);
      // The page of median size among the .mdx pages: prose and a broken link added at its end.
      const pages = (fs.readdirSync(dir, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.mdx') && !file.startsWith('snippets'))
        .sort((a, b) => fs.statSync(path.join(dir, a)).size - fs.statSync(path.join(dir, b)).size);
      const edited = path.join(dir, pages[Math.floor(pages.length / 2)]);
      fs.chmodSync(edited, 0o644);
      edit(edited, `${fs.readFileSync(edited, 'utf8')}\n\nAn added line with [a link](/no-such-page-here).\n`);
      const { output, stderr } = runWithStderr(dir, cache);
      expect(stderr, name).toContain('changed page(s) checked');
      // A whole run: a cache folder with no result in it.
      expect(output, name).toEqual(run(dir, withCorpusParses()).output);
    }
  }, 600_000);

  it('the extension key of the config is in the keys of the results and of the spec indexes', () => {
    // A spec large enough for its index to be cached, whose operation sets its page with x-acme.href.
    const spec = JSON.parse(bigSpec(paths));
    spec.paths['/things/1'].get['x-acme'] = { href: '/acme/one' };
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys} "navbar": { "links": [{ "label": "One", "href": "/acme/one" }] },\n  "navigation": { "groups": [{ "group": "API", "openapi": "api.json", "pages": ["GET /things/1"] }] }\n}\n`,
      'api.json': JSON.stringify(spec, null, 2),
    });
    const cache = temporaryDir();
    expect(messages(expectSameAsUncached(dir, cache))).toEqual(['docs.json 1 link-target']);
    expect(cacheFiles(cache, 'specs')).toHaveLength(2);
    fs.writeFileSync(path.join(dir, 'navlint.config.json'), JSON.stringify({ extensionKey: 'x-acme' }));
    expect(messages(expectSameAsUncached(dir, cache))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'navlint.config.json'), JSON.stringify({ extensionKey: 'x-mint' }));
    expect(messages(expectSameAsUncached(dir, cache))).toEqual(['docs.json 1 link-target']);
  });

  it('the same for every site of the corpus', () => {
    const corpus = sharedPath('corpus/INDEX.tsv', 'the cache of results on the corpus');
    if (!corpus) return;
    const cache = withCorpusParses();
    for (const line of fs.readFileSync(corpus, 'utf8').trim().split('\n').slice(1)) {
      const [name, , , docsRoot] = line.split('\t');
      const dir = [path.join(path.dirname(corpus), name, docsRoot ?? ''), path.join(path.dirname(corpus), name)].find(
        (d) => fs.existsSync(path.join(d, 'docs.json')),
      )!;
      const fresh = run(dir, withCorpusParses()).output;
      expect(run(dir, cache).output, name).toEqual(fresh);
      expect(run(dir, cache), name).toEqual({ output: fresh, cached: true });
    }
  });

  it('keeps no result while a file it read was changed in the last two seconds (a coarse clock could hide the next change)', () => {
    const dir = siteWithAssets();
    // Modified a minute ahead: not before each run's start less the two seconds, however late it starts.
    const ahead = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'docs.json'), ahead, ahead);
    const cache = temporaryDir();
    expect(run(dir, cache).cached).toBe(false);
    expect(run(dir, cache).cached).toBe(false);
    expect(cacheFiles(cache, 'results')).toEqual([]);
  });

  it('a damaged result, or one of another build or config, is not used', () => {
    // Enough pages for paths on both lines of the entry.
    const pages = Array.from({ length: 40 }, (_, i) => `page-${i}`);
    const dir = makeSite({
      'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "All", "pages": ${JSON.stringify([...pages, 'missing'])} }] }\n}\n`,
      ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, '---\ntitle: A page\n---\n'])),
    });
    const cache = temporaryDir();
    const expected = expectSameAsUncached(dir, cache);
    const [file] = cacheFiles(cache, 'results');
    // Three lines: the key (the options), the docs folder and the first paths seen (path, stamp, link target, content); then the other paths and the findings.
    const original = fs.readFileSync(file, 'utf8');
    const [key, head, body] = original.split('\n').map((line) => JSON.parse(line));
    expect([head.first.length, body.observed.length > 0]).toEqual([32 * 4, true]);
    const entry = (h: object, b: object | string, k: string = key) =>
      `${JSON.stringify(k)}\n${JSON.stringify(h)}\n${typeof b === 'string' ? b : JSON.stringify(b)}`;
    const damagedEntries = [
      '{"key"',
      entry(head, body, key.replace(/^\["[^"]*"/, '["another docs.json"')),
      entry({ ...head, root: '/elsewhere' }, body),
      entry({ ...head, first: null }, body),
      entry(head, { ...body, observed: null }),
      entry(head, '{"observed": ['),
      // A path of the second line seen with another stamp.
      entry(head, {
        ...body,
        observed: body.observed.map((v: string | null, i: number) => (i % 4 === 1 && v ? `${v}0` : v)),
      }),
    ];
    for (const damaged of damagedEntries) {
      fs.writeFileSync(file, damaged);
      expect(run(dir, cache)).toEqual({ output: expected, cached: false });
    }
    fs.writeFileSync(file, original);
    expect(run(dir, cache)).toEqual({ output: expected, cached: true });
    // --fix and --fix-dry-run always lint.
    expect(run(dir, cache, ['--fix-dry-run']).cached).toBe(false);
  });
});
