import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, repo } from './helpers';

/** `npm run fuzz` sets NAVLINT_KILL_RUNS=200; npm test runs a few. */
const iterations = Number(process.env.NAVLINT_KILL_RUNS ?? 12);

/** A migration big enough to take a while: 240 MDX endpoint pages over a YAML and a JSON spec. */
function bigSite(): string {
  const files: Record<string, string> = {};
  const yamlPaths: string[] = [];
  const jsonPaths: Record<string, object> = {};
  const pages: string[] = [];
  for (let i = 0; i < 120; i++) {
    // Long descriptions make the specs megabytes, so writing them takes long enough to be killed during.
    yamlPaths.push(`  /items/${i}:\n    get:\n      summary: Item ${i}\n      description: ${'lorem '.repeat(2000)}\n      responses:\n        "200":\n          description: OK # kept\n`);
    jsonPaths[`/orders/${i}`] = { post: { summary: `Order ${i}`, description: 'ipsum '.repeat(2000), responses: { 200: { description: 'OK' } } } };
    files[`api/items/${i}.mdx`] = `---\ntitle: "Item ${i}"\nopenapi: items.yaml GET /items/${i}\n---\n\n${'Item text. '.repeat(200)}\n`;
    files[`api/orders/${i}.mdx`] = `---\ntitle: "Order ${i}"\nopenapi: orders.json POST /orders/${i}\n---\n\n${'Order text. '.repeat(200)}\n`;
    pages.push(`"api/items/${i}"`, `"api/orders/${i}"`);
  }
  files['items.yaml'] = `openapi: 3.1.0\ninfo:\n  title: Items\n  version: "1"\npaths:\n${yamlPaths.join('')}`;
  files['orders.json'] = JSON.stringify({ openapi: '3.1.0', info: { title: 'Orders', version: '1' }, paths: jsonPaths }, null, 2);
  files['docs.json'] = `{\n  "navigation": {\n    "groups": [{ "group": "API", "pages": [${pages.join(', ')}] }]\n  }\n}\n`;
  return makeSite(files);
}

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

/** Runs the migration, killing it after `killAfterMs`; with `watch`, records when files start and stop changing. */
function migrate(dir: string, killAfterMs?: number, watch?: { first?: number; last?: number }): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(repo, 'bin/navlint.cjs'), 'migrate-mdx', dir], { stdio: 'ignore' });
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const poll = watch
      ? setInterval(() => {
          // The write phase: temporary files appear, renames land, pages go.
          const busy = fs.readdirSync(dir).some((f) => f.includes('.navlint-')) || !fs.existsSync(path.join(dir, 'api/orders/119.mdx'));
          if (busy) {
            watch.first ??= Date.now() - started;
            watch.last = Date.now() - started;
          }
        }, 1)
      : undefined;
    child.on('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve(code);
    });
  });
}

describe('killing migrate-mdx at any moment loses nothing', () => {
  it(`every file is the old or the new version in full, and no MDX page is gone before its content is in the spec (${iterations} kills)`, async () => {
    const base = bigSite();
    const before = snapshot(base);
    const done = path.join(makeSite({}), 'site');
    fs.cpSync(base, done, { recursive: true });
    const window: { first?: number; last?: number } = {};
    expect(await migrate(done, undefined, window)).toBe(0);
    expect(window.first).toBeDefined();
    const after = snapshot(done);
    const specs = ['items.yaml', 'orders.json', 'docs.json'];
    expect(specs.every((f) => after.get(f) !== before.get(f))).toBe(true);

    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const outcomes = { untouched: 0, partial: 0, complete: 0 };
    for (let i = 0; i < iterations; i++) {
      const dir = path.join(makeSite({}), 'site');
      fs.cpSync(base, dir, { recursive: true });
      // Most kills inside the write phase, the rest before it (planning) or as it ends.
      const from = Math.max(0, window.first! - 40);
      await migrate(dir, Math.floor(from + random() * (window.last! + 20 - from)));
      const now = snapshot(dir);
      for (const [file, text] of now) {
        if (/\.navlint-\d+-\w+\.tmp$/.test(file)) continue; // a temporary file a kill left behind: never a target
        expect([before.get(file), after.get(file)], `${file} after a kill (iteration ${i})`).toContain(text);
      }
      const deleted = [...before.keys()].filter((f) => f.endsWith('.mdx') && !now.has(f));
      if (deleted.length > 0) {
        for (const spec of specs) expect(now.get(spec), `${spec} when ${deleted.length} pages are gone`).toBe(after.get(spec));
      }
      const state = specs.filter((f) => now.get(f) === after.get(f)).length;
      if (state === 0) outcomes.untouched++;
      else if (state === specs.length && deleted.length === 240) outcomes.complete++;
      else outcomes.partial++;
    }
    if (process.env.NAVLINT_KILL_RUNS) process.stderr.write(`kills before writing: ${outcomes.untouched}, during: ${outcomes.partial}, after: ${outcomes.complete}\n`);
    expect(outcomes.untouched + outcomes.partial + outcomes.complete).toBe(iterations);
  }, 600_000);
});
