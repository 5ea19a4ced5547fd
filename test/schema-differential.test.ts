/**
 * The differential test of issue 14: navlint against the platform's published docs.json schema
 * (../shared/reference/docs-json.schema.json), compiled with Ajv here only, on every docs.json of the
 * fixtures, on docs.json texts built from test/sites.ts, and on random mutations of them. Both ways:
 *   1. the reference rejects a file for more than unknown keys ⇒ navlint reports an error;
 *   2. navlint reports a schema-class error ⇒ the reference rejects the file.
 * "Only unknown keys" is decided by a relaxed copy of the reference without `additionalProperties:
 * false` and `propertyNames` (the platform's build accepts unknown keys; navlint warns about them).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { specLanguages } from '../src/engine/languages';
import { type Finding, lint } from '../src/engine/lint';
import { withoutPageParses } from '../src/engine/rule';
import { memoryFiles } from '../src/site/files';
import { Site } from '../src/site/site';
import { repo, sharedPath } from './helpers';
import { docsWith, page, requiredKeys, usersSpec } from './sites';

/** `npm run fuzz` sets NAVLINT_FUZZ_RUNS=100000: 5000 cases here; npm test runs 300. */
const totalRuns = Number(process.env.NAVLINT_FUZZ_RUNS ?? 600);
const runs = Math.max(300, Math.floor(totalRuns / 20));
/** About 6 ms a case here (navlint and two validators): 300 ms a case leaves fifty times that for a slow machine. */
const timeout = Math.max(120_000, runs * 300);
const seed = process.env.NAVLINT_FUZZ_SEED ? Number(process.env.NAVLINT_FUZZ_SEED) : undefined;

const referenceFile = sharedPath(
  'reference/docs-json.schema.json',
  'the differential test against the published docs.json schema',
);

/**
 * Rules whose errors say that a value is not what the schema allows. Others (page-exists,
 * href-format, duplicate-name, empty-group, the endpoint and file rules) check what the schema cannot
 * see, so the reference accepting the file says nothing about them.
 */
const schemaClassRules = new Set(['schema', 'language-code', 'navigation-root', 'single-child-type']);

/**
 * Where navlint is stricter than the reference on purpose, because the spec says so: direction 2
 * does not hold there. Each is one message shape of one rule.
 */
const deliberate: { ruleId: string; message: RegExp; why: string }[] = [
  // The spec's table (part 2.5) requires `pages` on every group (navlint also takes `openapi` or
  // `asyncapi` instead, which list a spec's endpoints); the reference requires only `group`.
  {
    ruleId: 'schema',
    message: /^group .* is missing required field "pages" \(or "openapi", to list every endpoint of a spec\)$/,
    why: 'spec 2.5: a group has "group" and "pages"',
  },
];
const isDeliberate = (f: Finding) => deliberate.some((d) => d.ruleId === f.ruleId && d.message.test(f.message));

/**
 * Direction 1 asks more than "some error": an error of a rule that checks what the reference checks
 * (or json-ref: a `$ref` that cannot be followed leaves the platform an object it rejects), so that a
 * missing page reported beside a mutation cannot hide a schema mistake navlint misses.
 */
const rejectingRules = new Set([...schemaClassRules, 'json-ref']);
/** An empty page entry, which the reference rejects, is page-exists' error alone (the schema says nothing, so as not to report it twice). */
const isRejection = (f: Finding) =>
  rejectingRules.has(f.ruleId) || (f.ruleId === 'page-exists' && f.message.startsWith('page "" not found'));

// ---------------------------------------------------------------------------------------------
// The oracle: the reference, strict and relaxed.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The reference without `additionalProperties: false` and `propertyNames`: it objects to everything
 * but unknown keys. navlint's deliberate leniencies are put in too, each from a document that
 * outranks the reference for navlint:
 * - language codes: the issue makes the valid codes the spec's list (part 2.5) plus the platform's,
 *   so the spec's codes that the platform lacks (`ua`) are accepted;
 * - global products: reference/navigation-fields.md has every global link need `href` but products.
 */
function relaxed(reference: unknown): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: the published schema, edited as untyped JSON
  const copy = structuredClone(reference) as { definitions: Record<string, any> };
  const globalProducts = copy.definitions.anchorSchema.anyOf[0].properties.global.properties.products.items;
  globalProducts.required = globalProducts.required.filter((key: string) => key !== 'href');
  return withoutKeyChecks(copy);
}

function withoutKeyChecks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutKeyChecks);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false) && key !== 'propertyNames')
      .map(([key, value]) => [
        key,
        key === 'properties' || key === 'definitions'
          ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, withoutKeyChecks(v)]))
          : withoutKeyChecks(value),
      ]),
  );
  const isLanguageList = Array.isArray(out.enum) && out.enum.includes('zh-Hans');
  return isLanguageList ? { ...out, enum: [...new Set([...(out.enum as string[]), ...specLanguages])] } : out;
}

function compile(schema: unknown, allErrors = false): ValidateFunction {
  // Draft-07 (Ajv's default); one pattern (`^phc\_`) is an invalid escape in unicode mode.
  const ajv = new Ajv({ unicodeRegExp: false, strict: false, allErrors });
  addFormats(ajv);
  return ajv.compile(schema as object);
}

/** The site's docs.json value as the platform sees it: every `{ "$ref" }` replaced by its file, keys beside it merged over. */
function resolveRefs(value: Json, file: string, texts: Record<string, string>, depth = 0): Json {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, file, texts, depth));
  if (!value || typeof value !== 'object') return value;
  const resolved = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolveRefs(item, file, texts, depth)]),
  );
  const ref = value.$ref;
  if (typeof ref !== 'string' || depth > 8) return resolved;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref));
  if (!(target in texts)) return resolved;
  let content: Json;
  try {
    content = resolveRefs(JSON.parse(texts[target]) as Json, target, texts, depth + 1);
  } catch {
    return resolved;
  }
  const { $ref: _ref, ...beside } = resolved;
  return content && typeof content === 'object' && !Array.isArray(content) ? { ...content, ...beside } : content;
}

// ---------------------------------------------------------------------------------------------
// The sites: the fixtures' docs.json with their folders, and texts built from test/sites.ts.

interface Base {
  name: string;
  /** Every file of the site, docs.json included; paths relative to the site. */
  files: Record<string, string>;
  /** Whether the unmutated site must be accepted by the reference and lint without errors. */
  clean: boolean;
}

function folderTexts(dir: string): Record<string, string> {
  const texts: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else texts[name] = fs.readFileSync(path.join(dir, name), 'utf8');
    }
  };
  walk('');
  return texts;
}

function fixtureBases(): Base[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(repo, relative), { withFileTypes: true })) {
      const name = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (entry.name === 'docs.json') found.push(name);
    }
  };
  walk('fixtures');
  return found.sort().map((file) => ({
    name: file,
    files: folderTexts(path.join(repo, path.dirname(file))),
    // ten-mistakes has its mistakes on purpose; the migrate-site fixtures name pages migrate-mdx writes.
    clean: file === 'fixtures/example/docs.json',
  }));
}

/** The real sites of ../shared/corpus, one a folder: production docs.json files the platform builds. */
function corpusBases(): Base[] {
  const index = sharedPath('corpus/INDEX.tsv', 'the differential test on the real-site corpus');
  if (!index) return [];
  const rows = fs
    .readFileSync(index, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  return rows.map(([entry]) => ({
    name: `corpus/${entry}`,
    files: folderTexts(path.join(path.dirname(index), entry)),
    clean: false,
  }));
}

const pages = (...names: string[]) => Object.fromEntries(names.map((name) => [`${name}.mdx`, page(name)]));

/** docs.json texts from the helpers of test/sites.ts: each navigation pattern, and every nested top-level object the reference knows. */
function builtBases(): Base[] {
  const site = (name: string, docs: string, extra: Record<string, string> = {}): Base => ({
    name,
    files: { 'docs.json': docs, ...pages('index', 'a', 'b', 'c'), ...extra },
    clean: true,
  });
  const everyKey = `{ ${requiredKeys}
  "$schema": "https://mintlify.com/docs.json",
  "description": "A site with every top-level object",
  "public": true,
  "logo": { "light": "/logo/light.svg", "dark": "/logo/dark.svg", "href": "https://example.com" },
  "favicon": { "light": "/favicon-light.svg", "dark": "/favicon-dark.svg" },
  "api": { "openapi": ["users.yaml"], "params": { "expanded": "all" }, "playground": { "display": "simple", "proxy": false }, "examples": { "languages": ["curl", "python"], "defaults": "required" }, "mdx": { "server": "https://api.example.com", "auth": { "method": "bearer" } } },
  "appearance": { "default": "dark", "strict": false },
  "background": { "image": "/images/bg.png", "decoration": "grid", "color": { "light": "#ffffff", "dark": "#000000" } },
  "navbar": { "links": [{ "label": "Support", "href": "mailto:support@example.com" }, { "type": "github", "href": "https://github.com/acme" }], "primary": { "type": "button", "label": "Sign up", "href": "https://example.com/signup" } },
  "footer": { "socials": { "x": "https://x.com/acme", "github": "https://github.com/acme" }, "links": [{ "header": "Company", "items": [{ "label": "Blog", "href": "https://example.com/blog" }] }] },
  "search": { "prompt": "Search the docs" },
  "seo": { "metatags": { "og:site_name": "Acme" }, "indexing": "navigable", "trailingSlash": false },
  "fonts": { "heading": { "family": "Inter", "weight": 700 }, "body": { "family": "Acme Sans", "source": "/fonts/acme.woff2", "format": "woff2" } },
  "icons": { "library": "lucide" },
  "styling": { "eyebrows": "breadcrumbs", "codeblocks": "system" },
  "redirects": [{ "source": "/old", "destination": "/a", "permanent": true }, { "source": "/older/:slug*", "destination": "/b" }],
  "integrations": { "ga4": { "measurementId": "G-ABC123" }, "posthog": { "apiKey": "phc_abc", "apiHost": "https://app.posthog.com" } },
  "banner": { "content": "New: v2", "dismissible": true },
  "errors": { "404": { "redirect": false, "title": "Not here" } },
  "contextual": { "options": ["copy", "view", "chatgpt"] },
  "thumbnails": { "appearance": "light", "background": "/images/bg.png" },
  "interaction": { "drilldown": true },
  "metadata": { "timestamp": true },
  "variables": { "company": "Acme" },
  "markdown": { "schema": true, "instructions": "Be brief" },
  "navigation": {
    "tabs": [
      { "tab": "Docs", "icon": "book", "groups": [{ "group": "Start", "pages": ["index", { "group": "More", "expanded": true, "pages": ["a"] }] }] },
      { "tab": "API", "openapi": "users.yaml", "groups": [{ "group": "Users", "pages": ["GET /users", "POST /users"] }] }
    ],
    "global": { "anchors": [{ "anchor": "Blog", "icon": "rss", "href": "https://example.com/blog" }] }
  }
}
`;
  const assets = {
    'logo/light.svg': '<svg/>',
    'logo/dark.svg': '<svg/>',
    'favicon-light.svg': '<svg/>',
    'favicon-dark.svg': '<svg/>',
    'images/bg.png': 'png',
    'fonts/acme.woff2': 'woff2',
    'users.yaml': usersSpec,
  };
  return [
    site('every top-level object', everyKey, assets),
    site('pages', docsWith('{ "pages": ["index", "a"] }')),
    site(
      'groups',
      docsWith(
        '{ "groups": [{ "group": "G", "icon": "book", "tag": "New", "root": "index", "pages": ["a", { "group": "N", "pages": ["b"] }] }] }',
      ),
    ),
    site(
      'anchors',
      docsWith(
        '{ "anchors": [{ "anchor": "A", "icon": "book", "color": { "light": "#111111", "dark": "#eeeeee" }, "groups": [{ "group": "G", "pages": ["a"] }] }, { "anchor": "Blog", "href": "https://example.com" }] }',
      ),
    ),
    site(
      'dropdowns',
      docsWith('{ "dropdowns": [{ "dropdown": "D", "description": "d", "icon": "book", "pages": ["a", "b"] }] }'),
    ),
    site(
      'products',
      docsWith(
        '{ "products": [{ "product": "P", "description": "p", "icon": "cloud", "groups": [{ "group": "G", "pages": ["a"] }] }] }',
      ),
    ),
    site(
      'versions',
      docsWith(
        '{ "versions": [{ "version": "v2", "default": true, "tabs": [{ "tab": "T", "pages": ["a"] }] }, { "version": "v1", "pages": ["b"] }] }',
      ),
    ),
    site(
      'languages with global',
      docsWith(
        '{ "languages": [{ "language": "en", "default": true, "groups": [{ "group": "G", "pages": ["a"] }] }, { "language": "fr", "pages": ["b"] }], "global": { "anchors": [{ "anchor": "Status", "href": "https://status.example.com" }] } }',
      ),
    ),
    site(
      'every kind of global link',
      docsWith(`{ "pages": ["a"], "global": {
    "anchors": [{ "anchor": "Status", "icon": { "name": "signal", "style": "solid" }, "color": { "light": "#111111" }, "href": "https://status.example.com" }],
    "tabs": [{ "tab": "Blog", "align": "end", "href": "https://example.com/blog" }],
    "dropdowns": [{ "dropdown": "More", "href": "https://example.com/more" }],
    "languages": [{ "language": "de", "href": "https://de.example.com", "banner": { "content": "Hallo" } }],
    "versions": [{ "version": "v1", "tag": "Old", "href": "https://v1.example.com" }],
    "products": [{ "product": "Other", "href": "https://other.example.com" }]
  } }`),
    ),
    site(
      'a menu',
      docsWith(
        '{ "tabs": [{ "tab": "T", "menu": [{ "item": "I", "icon": "rocket", "pages": ["a"] }, { "item": "Link", "href": "https://example.com" }] }] }',
      ),
    ),
    site(
      'openapi in scope',
      docsWith(
        '{ "groups": [{ "group": "API", "openapi": "users.yaml", "pages": ["GET /users", "GET /users/{userId}"] }] }',
      ),
      { 'users.yaml': usersSpec },
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Mutations: at a random path, in the whole file or inside one top-level key.

type Segment = string | number;
interface Place {
  path: Segment[];
  value: Json;
}

function places(value: Json, at: Segment[] = [], out: Place[] = []): Place[] {
  out.push({ path: at, value });
  if (Array.isArray(value)) value.forEach((item, i) => places(item, [...at, i], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places(item, [...at, key], out);
  return out;
}

function setAt(root: Json, at: Segment[], value: Json | undefined): Json {
  if (at.length === 0) return value === undefined ? {} : value;
  const [head, ...rest] = at;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && value === undefined) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...(root as Record<string, Json>) };
  if (rest.length === 0 && value === undefined) delete copy[head as string];
  else copy[head as string] = setAt(copy[head as string], rest, value);
  return copy;
}

const typeOf = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const otherTypes: Json[] = [
  42,
  1.5,
  'text',
  '',
  true,
  false,
  null,
  [],
  ['x'],
  {},
  { x: 'y' },
  [{ group: 'G', pages: ['a'] }],
];

/** Calls `visit` with every keyword and its value anywhere in a schema. */
function everyKeyword(schema: unknown, visit: (keyword: string, value: unknown) => void): void {
  if (Array.isArray(schema)) for (const item of schema) everyKeyword(item, visit);
  else if (schema && typeof schema === 'object') {
    for (const [keyword, value] of Object.entries(schema)) {
      visit(keyword, value);
      everyKeyword(value, visit);
    }
  }
}

/** Every string the reference names as an enum or const value: a wrong value somewhere else. */
function enumValues(schema: unknown): Set<string> {
  const out = new Set<string>();
  everyKeyword(schema, (keyword, value) => {
    if (keyword === 'enum' && Array.isArray(value)) for (const v of value) if (typeof v === 'string') out.add(v);
    if (keyword === 'const' && typeof value === 'string') out.add(value);
  });
  return out;
}

/** Every property name the reference knows. */
function propertyNames(schema: unknown): Set<string> {
  const out = new Set<string>();
  everyKeyword(schema, (keyword, value) => {
    if (keyword === 'properties' && value && typeof value === 'object')
      for (const name of Object.keys(value)) out.add(name);
  });
  return out;
}

/** Misspellings of a key: a letter doubled, dropped, two swapped, a letter added. */
function misspell(key: string, how: number): string {
  if (key.length < 2) return `${key}x`;
  const i = how % key.length;
  switch (how % 4) {
    case 0:
      return key.slice(0, i + 1) + key[i] + key.slice(i + 1);
    case 1:
      return key.slice(0, i) + key.slice(i + 1) || `${key}s`;
    case 2: {
      const j = Math.min(i, key.length - 2);
      const swapped = key.slice(0, j) + key[j + 1] + key[j] + key.slice(j + 2);
      return swapped === key ? `${key}s` : swapped;
    }
    default:
      return `${key}s`;
  }
}

const focusKeys = [
  'navigation',
  'colors',
  'logo',
  'favicon',
  'footer',
  'navbar',
  'redirects',
  'fonts',
  'appearance',
  'background',
  'api',
  'seo',
  'styling',
  'contextual',
  'banner',
  'errors',
  'integrations',
  'thumbnails',
];
const mutation = fc.record({
  op: fc.constantFrom('type', 'enum', 'drop', 'add', 'swap'),
  /** Inside which top-level key (or anywhere); falls back to anywhere when the file has no such key. */
  focus: fc.option(fc.constantFrom(...focusKeys), { nil: undefined, freq: 2 }),
  at: fc.nat(),
  pick: fc.nat(),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** What mutations draw on: the reference's enum values and property names, and every value each key has in some site. */
interface Vocabulary {
  enums: string[];
  names: string[];
  valuesOf: Map<string, Json[]>;
}

function mutate(root: Json, m: Mutation, { enums, names, valuesOf }: Vocabulary): Json {
  const all = places(root);
  const inFocus = m.focus === undefined ? all : all.filter((p) => p.path[0] === m.focus);
  const scope = inFocus.length ? inFocus : all;
  const choose = (candidates: Place[]) => candidates[m.at % candidates.length];
  switch (m.op) {
    case 'type': {
      const place = choose(scope);
      const others = otherTypes.filter((v) => typeOf(v) !== typeOf(place.value));
      return setAt(root, place.path, others[m.pick % others.length]);
    }
    case 'enum': {
      const strings = scope.filter((p) => typeof p.value === 'string');
      if (!strings.length) return root;
      const place = choose(strings);
      const original = place.value as string;
      const typos = [`${original}x`, original.slice(0, -1), original.toUpperCase(), ''];
      const pool = [...typos, ...enums];
      const value = pool[m.pick % pool.length];
      return setAt(root, place.path, value === original ? `${value}x` : value);
    }
    case 'drop': {
      const members = scope.filter((p) => p.path.length > 0);
      if (!members.length) return root;
      return setAt(root, choose(members).path, undefined);
    }
    case 'add': {
      const objects = scope.filter((p) => typeOf(p.value) === 'object');
      if (!objects.length) return root;
      const place = choose(objects);
      const object = place.value as Record<string, Json>;
      const keys = Object.keys(object);
      // Half the time a misspelling of a key beside it, with that key's value; else a key the
      // reference knows somewhere (often not here), with a value of any type.
      if (keys.length && m.pick % 2 === 0) {
        const near = keys[(m.pick >> 1) % keys.length];
        const key = misspell(near, Math.floor(m.pick / 2 / keys.length));
        return key in object ? root : setAt(root, [...place.path, key], object[near]);
      }
      const key = names[(m.pick >> 1) % names.length];
      return key in object ? root : setAt(root, [...place.path, key], otherTypes[(m.pick >> 1) % otherTypes.length]);
    }
    case 'swap': {
      // A value that another site (or another place) gives the same key: often valid in another form.
      const named = scope.filter(
        (p) => typeof p.path[p.path.length - 1] === 'string' && valuesOf.has(p.path[p.path.length - 1] as string),
      );
      if (!named.length) return root;
      const place = choose(named);
      const values = valuesOf.get(place.path[place.path.length - 1] as string)!;
      return setAt(root, place.path, values[m.pick % values.length]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One case: navlint and the reference on the same site.

const root = path.resolve('/navlint-differential');
const docsFile = path.join(root, 'docs.json');
const key = (f: Finding) => `${f.ruleId}: ${f.message}`;

interface Verdict {
  strict: boolean;
  relaxed: boolean;
  errors: Finding[];
  /** Errors that stand for the reference's objections (isRejection). */
  rejections: Finding[];
  /** Schema-class errors, but for the deliberate ones. */
  schemaErrors: Finding[];
  findings: Finding[];
}

describe.skipIf(!referenceFile)('navlint agrees with the published docs.json schema', () => {
  let strict: ValidateFunction;
  let loose: ValidateFunction;
  let reference: unknown;
  let vocabulary: Vocabulary;
  let bases: Base[];
  const tally = {
    cases: 0,
    rejectedByBoth: 0,
    acceptedByBoth: 0,
    unknownKeysOnly: 0,
    deliberate: 0,
    siteChecksOnly: 0,
  };

  beforeAll(() => {
    bases = [...fixtureBases(), ...builtBases(), ...corpusBases()];
    reference = JSON.parse(fs.readFileSync(referenceFile!, 'utf8'));
    strict = compile(reference);
    loose = compile(relaxed(reference));
    const valuesOf = new Map<string, Json[]>();
    for (const base of bases) {
      for (const { path: at, value } of places(JSON.parse(base.files['docs.json']) as Json)) {
        const last = at[at.length - 1];
        if (typeof last !== 'string' || JSON.stringify(value).length > 2000) continue;
        const seen = valuesOf.get(last) ?? [];
        if (seen.length < 50 && !seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
        valuesOf.set(last, seen);
      }
    }
    vocabulary = {
      enums: [...new Set([...enumValues(reference), ...specLanguages])].sort(),
      names: [...propertyNames(reference)].sort(),
      valuesOf,
    };
  }, 120_000);

  /** One site index per base, as the language server keeps one: pages and specs are read once. */
  const sites = new Map<Base, Site>();
  function lintSite(base: Base, text: string): Finding[] {
    if (!sites.has(base))
      sites.set(
        base,
        new Site({ root, files: memoryFiles(root, base.files), cacheDir: process.env.NAVLINT_CACHE_DIR }),
      );
    // The rules that parse pages judge no docs.json: left out, as the language server leaves them out of a keystroke's lint.
    return lint({
      ruleSet,
      docsFile,
      files: memoryFiles(root, { ...base.files, 'docs.json': text }),
      site: sites.get(base),
      ruleFilter: withoutPageParses,
    }).findings;
  }

  function judge(base: Base, text: string): Verdict {
    const files = { ...base.files, 'docs.json': text };
    const value = resolveRefs(JSON.parse(text) as Json, 'docs.json', files);
    const findings = lintSite(base, text);
    const errors = findings.filter((f) => f.severity === 2);
    return {
      strict: strict(value) as boolean,
      relaxed: loose(value) as boolean,
      errors,
      rejections: errors.filter(isRejection),
      schemaErrors: errors.filter((f) => schemaClassRules.has(f.ruleId) && !isDeliberate(f)),
      findings,
    };
  }

  /** The reference's own objections, for a failure message (a verbose validator, compiled only then). */
  function objections(text: string, files: Record<string, string>, schema: unknown): string {
    const validate = compile(schema, true);
    validate(resolveRefs(JSON.parse(text) as Json, 'docs.json', { ...files, 'docs.json': text }));
    const errors = (validate.errors ?? []).filter((e: ErrorObject) => e.keyword !== 'anyOf' && e.keyword !== 'if');
    return [...new Set(errors.map((e) => `  ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`))]
      .slice(0, 40)
      .join('\n');
  }

  /** Asserts both directions on one text and counts it. */
  function check(base: Base, text: string): void {
    const verdict = judge(base, text);
    const shown = () =>
      `site: ${base.name}\n--- docs.json ---\n${text}\n--- navlint ---\n${verdict.findings.map((f) => `  ${f.line}:${f.column} ${f.severity === 2 ? 'error' : 'warn'} ${f.ruleId}: ${f.message}`).join('\n')}`;
    if (!verdict.relaxed && verdict.rejections.length === 0) {
      throw new Error(
        `the reference rejects this file for more than unknown keys, navlint reports no error\n${shown()}\n--- the relaxed reference ---\n${objections(text, base.files, relaxed(reference))}`,
      );
    }
    if (verdict.strict && verdict.schemaErrors.length > 0) {
      throw new Error(`navlint reports a schema error, the reference accepts the file\n${shown()}`);
    }
    tally.cases++;
    if (!verdict.strict && verdict.errors.length > 0) tally.rejectedByBoth++;
    else if (!verdict.strict) tally.unknownKeysOnly++;
    else if (verdict.errors.some(isDeliberate)) tally.deliberate++;
    else if (verdict.errors.length > 0) tally.siteChecksOnly++;
    else tally.acceptedByBoth++;
  }

  it('the sites as they are: the clean ones are accepted by both', () => {
    for (const base of bases) {
      const verdict = judge(base, base.files['docs.json']);
      if (base.clean)
        expect({ site: base.name, strict: verdict.strict, errors: verdict.errors.map(key) }).toEqual({
          site: base.name,
          strict: true,
          errors: [],
        });
      check(base, base.files['docs.json']);
    }
  });

  it(
    'mutations: a value of another type, a wrong enum value, a key dropped, a misspelt key added, a value another site gives the key, anywhere',
    () => {
      fc.assert(
        fc.property(
          fc.nat({ max: bases.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          fc.constantFrom(0, 2),
          (which, ops, indent) => {
            const base = bases[which];
            let value = JSON.parse(base.files['docs.json']) as Json;
            for (const op of ops) value = mutate(value, op, vocabulary);
            check(base, JSON.stringify(value, null, indent));
          },
        ),
        { numRuns: runs, seed },
      );
      const t = tally;
      process.stdout.write(
        `schema differential: ${t.cases} cases agree (${t.rejectedByBoth} rejected by both, ${t.acceptedByBoth} accepted by both, ` +
          `${t.unknownKeysOnly} rejected by the reference for unknown keys only (navlint warns), ${t.deliberate} where navlint is stricter as the spec says, ` +
          `${t.siteChecksOnly} accepted by the reference with errors from navlint's site checks)\n`,
      );
    },
    timeout,
  );
});
