import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, repo } from './helpers';

/** At least this many kills, the steps below and more at random: `npm run fuzz` sets NAVLINT_KILL_RUNS=200, which is every step. */
const iterations = Number(process.env.NAVLINT_KILL_RUNS ?? 0);

/** MDX endpoint pages over each of the two specs. */
const perSpec = 20;

/** A migration of 2 × perSpec MDX endpoint pages over a YAML and a JSON spec. */
function site(): string {
  const files: Record<string, string> = {};
  const yamlPaths: string[] = [];
  const jsonPaths: Record<string, object> = {};
  const pages: string[] = [];
  for (let i = 0; i < perSpec; i++) {
    yamlPaths.push(
      `  /items/${i}:\n    get:\n      summary: Item ${i}\n      description: ${'lorem '.repeat(50)}\n      responses:\n        "200":\n          description: OK # kept\n`,
    );
    jsonPaths[`/orders/${i}`] = {
      post: { summary: `Order ${i}`, description: 'ipsum '.repeat(50), responses: { 200: { description: 'OK' } } },
    };
    files[`api/items/${i}.mdx`] =
      `---\ntitle: "Item ${i}"\nopenapi: items.yaml GET /items/${i}\n---\n\n${'Item text. '.repeat(20)}\n`;
    files[`api/orders/${i}.mdx`] =
      `---\ntitle: "Order ${i}"\nopenapi: orders.json POST /orders/${i}\n---\n\n${'Order text. '.repeat(20)}\n`;
    pages.push(`"api/items/${i}"`, `"api/orders/${i}"`);
  }
  files['items.yaml'] = `openapi: 3.1.0\ninfo:\n  title: Items\n  version: "1"\npaths:\n${yamlPaths.join('')}`;
  files['orders.json'] = JSON.stringify(
    { openapi: '3.1.0', info: { title: 'Orders', version: '1' }, paths: jsonPaths },
    null,
    2,
  );
  files['docs.json'] =
    `{\n  "navigation": {\n    "groups": [{ "group": "API", "pages": [${pages.join(', ')}] }]\n  }\n}\n`;
  return makeSite(files);
}

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
      );
  }
  return files;
}

const killSteps = path.join(__dirname, 'kill-steps.cjs');

/**
 * Runs the migration with kill-steps.cjs preloaded, which SIGKILLs it just before step `killAt` of
 * its writes (none when undefined); resolves with its exit code and the steps it reached.
 */
function migrate(
  dir: string,
  killAt?: number,
  signal = 'SIGKILL',
  args = ['migrate-mdx', dir],
): Promise<{ code: number | null; steps: string[]; stderr: string }> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      NAVLINT_KILL_SITE: fs.realpathSync(dir),
      NAVLINT_KILL_SIGNAL: signal,
      ...(killAt === undefined ? {} : { NAVLINT_KILL_AT: String(killAt) }),
    };
    const child = spawn(process.execPath, ['--require', killSteps, path.join(repo, 'bin/navlint.cjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) =>
      resolve({
        code,
        steps: [...stdout.matchAll(/navlint-kill-step ([^\n]*)/g)].map((match) => match[1]),
        stderr,
      }),
    );
  });
}

describe('killing migrate-mdx at any moment loses nothing', () => {
  it('every file is the old or the new version in full, and no MDX page is gone before its content is in the spec (a kill at each step of the writes)', async () => {
    const base = site();
    const before = snapshot(base);
    const done = path.join(makeSite({}), 'site');
    fs.cpSync(base, done, { recursive: true });
    const full = await migrate(done);
    expect(full.code).toBe(0);
    const after = snapshot(done);
    const specs = ['items.yaml', 'orders.json', 'docs.json'];
    expect(specs.every((f) => after.get(f) !== before.get(f))).toBe(true);

    // The kinds of the steps, the same in every run of the same site.
    const steps = full.steps.map((line) => line.split(' ')[1]);
    const renames = steps.flatMap((kind, n) => (kind === 'rename' ? [n] : []));
    const removes = steps.flatMap((kind, n) => (kind === 'remove' ? [n] : []));
    expect([renames.length, removes.length, steps.at(-1)]).toEqual([specs.length, 2 * perSpec, 'exit']);
    // A kill at every step up to the first deletion (each file opened, half written, flushed, renamed),
    // at the first, middle and last deletion, when the folders go, and at the exit; NAVLINT_KILL_RUNS
    // adds steps picked at random.
    const chosen = new Set([...steps.keys()].filter((n) => n <= removes[0]));
    for (const n of [removes[perSpec], removes.at(-1)!, removes.at(-1)! + 1, steps.length - 1]) chosen.add(n);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    while (chosen.size < iterations && chosen.size < steps.length) chosen.add(Math.floor(random() * steps.length));

    const outcomes = { untouched: 0, partial: 0, complete: 0 };
    for (const killAt of chosen) {
      const dir = path.join(makeSite({}), 'site');
      fs.cpSync(base, dir, { recursive: true });
      const killed = await migrate(dir, killAt);
      // Killed at that step, not before it (a run that went another way) nor after it.
      expect([killed.code, killed.steps.length], `the run killed at step ${killAt}`).toEqual([null, killAt + 1]);
      const now = snapshot(dir);
      for (const [file, text] of now) {
        if (/\.navlint-\d+-\w+\.tmp$/.test(file)) continue; // a temporary file a kill left behind: never a target
        expect([before.get(file), after.get(file)], `${file} after a kill at step ${full.steps[killAt]}`).toContain(
          text,
        );
      }
      const deleted = [...before.keys()].filter((f) => f.endsWith('.mdx') && !now.has(f));
      if (deleted.length > 0) {
        for (const spec of specs)
          expect(now.get(spec), `${spec} when ${deleted.length} pages are gone`).toBe(after.get(spec));
      }
      const state = specs.filter((f) => now.get(f) === after.get(f)).length;
      if (state === 0) outcomes.untouched++;
      else if (state === specs.length && deleted.length === 2 * perSpec) outcomes.complete++;
      else outcomes.partial++;
    }
    if (process.env.NAVLINT_KILL_RUNS)
      process.stderr.write(
        `kills before writing: ${outcomes.untouched}, during: ${outcomes.partial}, after: ${outcomes.complete}\n`,
      );
    // Kills landed before, during and after the writes, and none of them lost anything (above).
    expect(outcomes.untouched).toBeGreaterThan(0);
    expect(outcomes.partial).toBeGreaterThan(0);
    expect(outcomes.complete).toBeGreaterThan(0);
  }, 600_000);

  it("Ctrl-C or SIGTERM while the files are written: written in full first, then the signal's exit code and why", async () => {
    const base = site();
    const done = path.join(makeSite({}), 'site');
    fs.cpSync(base, done, { recursive: true });
    const full = await migrate(done);
    const after = snapshot(done);
    const steps = full.steps.map((line) => line.split(' ')[1]);
    // At the first file opened for writing, at the first rename into place and at the first page deleted.
    const cases: [string, number, number][] = [
      ['SIGINT', steps.indexOf('open'), 130],
      ['SIGINT', steps.indexOf('rename'), 130],
      ['SIGTERM', steps.indexOf('remove'), 143],
    ];
    for (const [signal, at, code] of cases) {
      const dir = path.join(makeSite({}), 'site');
      fs.cpSync(base, dir, { recursive: true });
      const stopped = await migrate(dir, at, signal);
      expect([stopped.code, stopped.stderr], `${signal} at step ${full.steps[at]}`).toEqual([
        code,
        `navlint: ${signal} came while the files were written: the migration was written in full first, as stopping halfway would leave the site half-migrated; the migrated site was not checked\n`,
      ]);
      expect(snapshot(dir), `${signal} at step ${full.steps[at]}`).toEqual(after);
    }
  }, 120_000);
});

describe('stopping check --fix while it writes', () => {
  it('writes every fixed file whole first (no temporary file left), then exits by the signal, saying so', async () => {
    const pages = ['a', 'b', 'c'];
    const files = Object.fromEntries(pages.map((name) => [`${name}.mdx`, `# ${name}\n\nLoads in <5 ms.\n`]));
    const docs = `{ "navigation": { "pages": ${JSON.stringify(pages)} } }\n`;
    const dir = makeSite({ ...files, 'docs.json': docs });
    const args = ['check', dir, '--fix', '--no-cache'];
    const full = await migrate(dir, undefined, 'SIGKILL', args);
    // Before the first file's rename: a step number the parent of a cold run on two cores (bin/navlint.cjs) never reaches.
    const rename = full.steps.map((line) => line.split(' ')[1]).indexOf('rename');
    const stopped = makeSite({ ...files, 'docs.json': docs });
    const result = await migrate(stopped, rename, 'SIGTERM', ['check', stopped, '--fix', '--no-cache']);
    expect([result.code, result.stderr]).toEqual([
      143,
      'navlint: stopped (SIGTERM) while writing fixes: 3 of 3 files fixed, each whole; nothing reported\n',
    ]);
    expect(snapshot(stopped)).toEqual(snapshot(dir));
  }, 60_000);
});

describe('killing navlint mv at any moment loses nothing', () => {
  /** A copy of the move-site fixture, outside any git work tree: its pages move as the disk moves them, in this process. */
  const copy = () => {
    const dir = path.join(makeSite({}), 'site');
    fs.cpSync(path.join(repo, 'fixtures/move-site'), dir, { recursive: true });
    return dir;
  };
  const mv = (dir: string, killAt?: number, signal = 'SIGKILL') =>
    migrate(dir, killAt, signal, ['mv', path.join(dir, 'guides'), path.join(dir, 'tutorials')]);
  const moves = [
    ['guides/index.mdx', 'tutorials/index.mdx'],
    ['guides/setup.mdx', 'tutorials/setup.mdx'],
    ['guides/deploy.mdx', 'tutorials/deploy.mdx'],
  ];

  it('every file is its old or its new text in full, and every page is at its old path or its new one (a kill at each step of the writes and moves)', async () => {
    const before = snapshot(copy());
    const done = copy();
    const full = await mv(done);
    expect(full.code).toBe(0);
    const after = snapshot(done);
    const steps = full.steps.map((line) => line.split(' ')[1]);
    // Seven files written (four steps each) and renamed into place, three pages moved, then the folders tried.
    expect(steps.filter((kind) => kind === 'rename')).toHaveLength(7 + moves.length);
    const outcomes = { untouched: 0, partial: 0, complete: 0 };
    for (let killAt = 0; killAt < steps.length; killAt++) {
      const dir = copy();
      const killed = await mv(dir, killAt);
      expect([killed.code, killed.steps.length], `the run killed at step ${killAt}`).toEqual([null, killAt + 1]);
      const now = snapshot(dir);
      // A moved page holds its old text or its new one (its links rewritten in place, then moved), wherever it is.
      const texts = (file: string) => {
        const move = moves.find(([from, to]) => file === from || file === to);
        return move ? [before.get(move[0]), after.get(move[1])] : [before.get(file), after.get(file)];
      };
      for (const [file, text] of now) {
        if (/\.navlint-\d+-\w+\.tmp$/.test(file)) continue; // a temporary file a kill left behind: never a target
        expect(texts(file), `${file} after a kill at step ${full.steps[killAt]}`).toContain(text);
      }
      for (const [from, to] of moves)
        expect(now.has(from) || now.has(to), `${from} after a kill at step ${full.steps[killAt]}`).toBe(true);
      const changed = [...now].filter(([file, text]) => before.get(file) !== text).length;
      if (changed === 0) outcomes.untouched++;
      else if (moves.every(([, to]) => now.has(to))) outcomes.complete++;
      else outcomes.partial++;
    }
    expect(outcomes.untouched).toBeGreaterThan(0);
    expect(outcomes.partial).toBeGreaterThan(0);
    expect(outcomes.complete).toBeGreaterThan(0);
  }, 600_000);

  it("Ctrl-C or SIGTERM while the files are written or moved: all done first, then the signal's exit code and why", async () => {
    const done = copy();
    const full = await mv(done);
    const after = snapshot(done);
    const steps = full.steps.map((line) => line.split(' ')[1]);
    const cases: [string, number, number][] = [
      ['SIGINT', steps.indexOf('open'), 130],
      ['SIGTERM', steps.lastIndexOf('rename'), 143],
    ];
    for (const [signal, at, code] of cases) {
      const dir = copy();
      const stopped = await mv(dir, at, signal);
      expect([stopped.code, stopped.stderr], `${signal} at step ${full.steps[at]}`).toEqual([
        code,
        `navlint: ${signal} came while the files were written: the move was written in full first, as stopping halfway would leave links to pages not moved yet; the moved site was not checked\n`,
      ]);
      expect(snapshot(dir), `${signal} at step ${full.steps[at]}`).toEqual(after);
    }
  }, 120_000);
});
