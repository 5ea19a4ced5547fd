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

/**
 * `broken`: the share of entries with nothing behind them, as after a folder is renamed: that many
 * page entries name a folder that no longer exists (the page moved to `guides/renamed-N/`), and that
 * many endpoint entries have a typo in their path.
 */
export function generateSite(dir, { entries = 50_000, specs = 10, operationsPerSpec = 500, languages = 5, versions = 3, mdxFiles = 1000, broken = 0, seed = 42 } = {}) {
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
    // One page in 1/broken lives in a renamed folder; the navigation still names the old one.
    const moved = broken > 0 && p % Math.round(1 / broken) === 3;
    const file = moved ? `guides/renamed-${p % 40}/page-${p}` : page;
    mkdirSync(join(dir, file, '..'), { recursive: true });
    const api = p % 10 === 0 ? `openapi: "${operations[p % operations.length].spec} ${operations[p % operations.length].entry}"\n` : '';
    writeFileSync(join(dir, `${file}.mdx`), `---\ntitle: "Page ${p}"\ndescription: "Generated page ${p}."\n${api}---\n\n# Page ${p}\n\n${'Some text. '.repeat(40)}\n`);
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
      // A typo in one path in 1/broken: "item" spelt "itme".
      bySpec.get(op.spec).add(broken > 0 && e % Math.round(1 / broken) === 7 ? op.entry.replace('/item', '/itme') : op.entry);
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
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Generated', theme: 'mint', colors: { primary: '#0D9373' }, navigation }, null, 2));
  return { entries: scopes * (pages.length + endpointsPerScope), endpoints: operations.length };
}

/**
 * A site shaped like one of the largest production sites: `languages` × `versions` scopes, each with
 * its own folder of pages (`en/v35/…`), most of them listed and a few not; `endpointPages` of the
 * pages are endpoint pages named in frontmatter (`openapi: GET /path`), resolved through the spec in
 * force where they are listed. Page bodies of a few KB, some much longer, as real pages are. Lints clean.
 */
export function generateProductionSite(dir, { languages = 4, versions = 35, entries = 23_000, mdxFiles = 25_000, endpointPages = 500, specs = 4, operationsPerSpec = 200, seed = 7 } = {}) {
  const rand = random(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'specs'), { recursive: true });
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  const operations = [];
  for (let s = 0; s < specs; s++) {
    const paths = {};
    for (let o = 0; o < operationsPerSpec; o++) {
      const path = `/v${s + 1}/objects${Math.floor(o / methods.length)}/{id}`;
      (paths[path] ??= {})[methods[o % methods.length]] = { summary: `Operation ${o}`, responses: { 200: { description: 'OK' } } };
    }
    writeFileSync(join(dir, `specs/api-${s}.json`), JSON.stringify({ openapi: '3.1.0', info: { title: `API ${s}`, version: '1' }, paths }, null, 2));
    operations.push(Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));
  }
  const scopes = languages * versions;
  const filesPerScope = Math.floor(mdxFiles / scopes);
  const listedPerScope = Math.floor(entries / scopes);
  const endpointPagesPerScope = endpointPages / scopes;
  const paragraph = 'Navigation, pages and endpoints: a paragraph of a real page, with `code` and [a link](/x). ';
  const written = new Set();
  let endpointPagesMade = 0;
  const scopeNavigation = (l, v, scope) => {
    const base = `${codes[l]}/v${versions - v}`;
    const spec = `specs/api-${scope % specs}.json`;
    const guides = [];
    const reference = [];
    // The scope's endpoint pages are its last listed pages, listed in a tab whose openapi is in force
    // (the pages after them are listed nowhere).
    const apiFrom = listedPerScope - Math.floor(endpointPagesPerScope * (scope + 1)) + Math.floor(endpointPagesPerScope * scope);
    for (let p = 0; p < filesPerScope; p++) {
      const folder = `${base}/section${p % 12}`;
      const page = `${folder}/page-${p}`;
      const isApi = p >= apiFrom && p < listedPerScope;
      if (!written.has(folder)) mkdirSync(join(dir, folder), { recursive: true }), written.add(folder);
      const api = isApi ? `openapi: "${operations[scope % specs][(scope * 7 + p) % operations[scope % specs].length]}"\n` : '';
      if (isApi) endpointPagesMade++;
      const long = rand() < 0.05 ? 40 : 4 + Math.floor(rand() * 30);
      writeFileSync(join(dir, `${page}.mdx`), `---\ntitle: "Page ${p}"\ndescription: "Page ${p} of ${base}."\n${api}---\n\n# Page ${p}\n\n${paragraph.repeat(long)}\n`);
      if (p < listedPerScope) (isApi ? reference : guides).push(page);
    }
    const groups = [];
    for (let g = 0; g < guides.length; g += 20) groups.push({ group: `Section ${g / 20}`, pages: guides.slice(g, g + 20) });
    return [{ tab: 'Guides', groups }, ...(reference.length ? [{ tab: 'API reference', openapi: spec, groups: [{ group: 'Endpoints', pages: reference }] }] : [])];
  };
  const navigation = {
    languages: codes.slice(0, languages).map((language, l) => ({
      language,
      versions: Array.from({ length: versions }, (_, v) => ({ version: `v${versions - v}`, tabs: scopeNavigation(l, v, l * versions + v) })),
    })),
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({ name: 'Production-shaped', theme: 'mint', colors: { primary: '#0D9373' }, navigation }, null, 2));
  return { entries: scopes * listedPerScope, files: scopes * filesPerScope, endpointPages: endpointPagesMade };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, entries] = process.argv.slice(2);
  console.log(generateSite(dir ?? '.bench/site', { entries: Number(entries ?? 50_000) }));
}
