// Generates a large, deterministic docs site for the benchmark: languages × versions scopes, each
// listing every MDX page and a share of the endpoints of several OpenAPI specs. Lints clean.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A small seeded PRNG (mulberry32), so every run builds the same site. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const codes = ['en', 'fr', 'de', 'es', 'jp', 'ko', 'cn', 'it', 'nl', 'pl'];

export function generateSite(dir, { entries = 50_000, specs = 10, operationsPerSpec = 500, languages = 5, versions = 3, mdxFiles = 1000, seed = 42 } = {}) {
  const rand = random(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const methods = ['get', 'post', 'put', 'patch', 'delete'];

  const operations = [];
  for (let s = 0; s < specs; s++) {
    const paths = {};
    for (let o = 0; o < operationsPerSpec; o++) {
      const method = methods[o % methods.length];
      const path = `/v${s + 1}/resource${Math.floor(o / methods.length)}/{id}/item${Math.floor(rand() * 1000)}`;
      paths[path] ??= {};
      paths[path][method] = { summary: `Operation ${o}`, responses: { 200: { description: 'OK' } } };
    }
    const file = `specs/api-${s}.json`;
    mkdirSync(join(dir, 'specs'), { recursive: true });
    writeFileSync(join(dir, file), JSON.stringify({ openapi: '3.1.0', info: { title: `API ${s}`, version: '1' }, paths }, null, 2));
    for (const [path, item] of Object.entries(paths)) for (const method of Object.keys(item)) operations.push({ spec: file, entry: `${method.toUpperCase()} ${path}` });
  }

  const pages = [];
  for (let p = 0; p < mdxFiles; p++) {
    const page = `guides/section${p % 40}/page-${p}`;
    pages.push(page);
    mkdirSync(join(dir, `guides/section${p % 40}`), { recursive: true });
    const api = p % 10 === 0 ? `openapi: "${operations[p % operations.length].spec} ${operations[p % operations.length].entry}"\n` : '';
    writeFileSync(join(dir, `${page}.mdx`), `---\ntitle: "Page ${p}"\ndescription: "Generated page ${p}."\n${api}---\n\n# Page ${p}\n\n${'Some text. '.repeat(40)}\n`);
  }

  const scopes = languages * versions;
  const endpointsPerScope = Math.max(0, Math.floor(entries / scopes) - pages.length);
  const scope = (index) => {
    const groups = [];
    for (let g = 0; g < pages.length; g += 25) {
      groups.push({ group: `Section ${g / 25}`, pages: [pages.slice(g, g + 12), { group: `More ${g / 25}`, expanded: false, pages: pages.slice(g + 12, g + 25) }].flat() });
    }
    const bySpec = new Map();
    for (let e = 0; e < endpointsPerScope; e++) {
      const op = operations[(index * endpointsPerScope + e) % operations.length];
      if (!bySpec.has(op.spec)) bySpec.set(op.spec, new Set());
      bySpec.get(op.spec).add(op.entry);
    }
    const apiTabs = [...bySpec].map(([spec, set]) => ({ tab: `API ${spec}`, openapi: spec, groups: [{ group: 'Endpoints', pages: [...set] }] }));
    return [{ tab: 'Guides', groups }, ...apiTabs];
  };
  const navigation = {
    languages: codes.slice(0, languages).map((language, l) => ({
      language,
      versions: Array.from({ length: versions }, (_, v) => ({ version: `v${versions - v}`, tabs: scope(l * versions + v) })),
    })),
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Generated', theme: 'mint', navigation }, null, 2));
  return { entries: scopes * (pages.length + endpointsPerScope), endpoints: operations.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, entries] = process.argv.slice(2);
  console.log(generateSite(dir ?? '.bench/site', { entries: Number(entries ?? 50_000) }));
}
