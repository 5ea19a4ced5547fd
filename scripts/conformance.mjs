// `npm run conformance`: navlint's MDX parse verdicts (rule mdx-syntax) against the platform's own
// parser, file by file, on the corpus, the fixtures and mutated corpus pages. The platform's packages
// are installed from the npm registry into a cache folder outside the repository, never as a
// dependency of navlint: their licence and size are theirs, and the check must follow what the
// platform really runs, not our reading of it. Each platform function used below is imported from
// that install; nothing of the platform is reimplemented here except the way back from the text it
// parses to the file as written (the lines of the `{#id}` heading pass, the entities of the `<MDX>` code
// pass, the values of docs.json's variables, a script's trims), which it has no function for (it only
// returns the new text).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { installedOpenApiSchemas } from './derive-openapi-patch.mjs';
import { platformOpenApiSchemas } from './openapi-schemas.mjs';
import { cacheRoot, ensureInstall, installDir } from './platform-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reportFile = join(cacheRoot, 'report.json');
// The platform's verdicts, by path and text: its parse is a pure function of both, and it is most of a
// run's time (a minute on the corpus), while what changes between runs is navlint.
const verdictsFile = join(installDir, 'verdicts.json');
// The mutants' sites, rewritten by every run and kept until the next, to look at a disagreement; and the synthetic sites.
const mutantFolder = join(cacheRoot, 'mutants');
const syntheticFolder = join(cacheRoot, 'synthetic');
const corpusDir = resolve(root, '../shared/corpus');
const RUNS = Number(process.env.NAVLINT_CONFORMANCE_RUNS ?? 300);
const SEED = Number(process.env.NAVLINT_CONFORMANCE_SEED ?? 20240601);
const MUTANTS_PER_SITE = 200; // one navlint run per 200 mutants: a run's start-up is most of its cost
const EXAMPLES = 20;
const MINIMAL_DOCS_JSON =
  '{"theme":"mint","name":"x","colors":{"primary":"#000000"},"navigation":{"pages":["index"]}}\n';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const note = (text) => process.stderr.write(`${text}\n`);

// --- The platform (installed by ./platform-install.mjs) --------------------------------------

/** The platform's functions, from the install's files (their package exports do not list these paths). */
export async function loadPlatform() {
  const file = (pkg, path) => pathToFileURL(join(installDir, 'node_modules', '@mintlify', pkg, 'dist', path)).href;
  const versions = Object.fromEntries(
    ['cli', 'prebuild', 'common'].map((pkg) => [
      pkg,
      JSON.parse(readFileSync(join(installDir, 'node_modules', '@mintlify', pkg, 'package.json'), 'utf8')).version,
    ]),
  );
  const [
    { categorizeFilePaths },
    { getMintIgnore, getConfigObj },
    { preparseMdxTree },
    { preprocessCustomHeadingIds },
    { preprocessMdxFragmentCode },
    { replaceVariables },
    { stripTsxTypes },
    { getFileList },
  ] = await Promise.all([
    import(file('prebuild', 'prebuild/categorizeFilePaths.js')),
    import(file('prebuild', 'utils.js')),
    import(file('prebuild', 'createPage/preparseMdx/index.js')),
    import(file('common', 'mdx/preprocessCustomHeadingIds.js')),
    import(file('common', 'mdx/preprocessMdxFragmentCode.js')),
    import(file('common', 'mdx/replaceVariables.js')),
    import(file('common', 'mdx/snippets/stripTsxTypes.js')),
    import(file('prebuild', 'fs/index.js')),
  ]);
  // The js-yaml the platform loads data files with: the spec mutants are parsed and written back with it.
  const { default: yaml } = await import(pathToFileURL(join(installDir, 'node_modules', 'js-yaml', 'index.js')).href);
  return {
    versions,
    yaml,
    categorizeFilePaths,
    getMintIgnore,
    getConfigObj,
    preparseMdxTree,
    preprocessCustomHeadingIds,
    preprocessMdxFragmentCode,
    replaceVariables,
    stripTsxTypes,
    getFileList,
  };
}

/** Runs `fn` with the console silenced, returning what it printed (the platform logs instead of throwing). */
export async function quietly(fn) {
  const printed = [];
  const saved = { log: console.log, error: console.error, warn: console.warn };
  console.log = console.error = console.warn = (...args) => printed.push(args.join(' '));
  try {
    return { value: await fn(), printed };
  } finally {
    Object.assign(console, saved);
  }
}

/**
 * The files `mint validate` parses in a site, as its prebuild finds them: categorizeFilePaths (its
 * file walk with .mintignore and the default ignores, then getFileCategory with the imported files)
 * gives the pages, all parsed as they are, and the v2 snippets, parsed after docs.json's variables are
 * substituted. OpenAPI validation is turned off: it decides nothing about pages and costs seconds.
 */
export async function platformFiles(platform, site) {
  const mintIgnore = await platform.getMintIgnore(site);
  const { value, printed } = await quietly(() => platform.categorizeFilePaths(site, mintIgnore, false, false, {}));
  let variables;
  try {
    variables = (await quietly(() => platform.getConfigObj(site, 'docs'))).value?.variables;
  } catch {
    variables = undefined; // a docs.json that does not parse stops the platform before any page; none to substitute
  }
  return {
    files: [
      ...value.contentFilenames.map((name) => ({ name, category: 'page' })),
      ...value.snippetsV2.map((name) => ({ name, category: 'snippet-v2' })),
    ],
    data: [...(await dataVerdicts(platform, site, mintIgnore, value.invalidSpecFiles)), ...specVerdicts(value)],
    variables,
    printed,
  };
}

/**
 * The platform's verdict on each file it took for a spec (a top-level `openapi` key): whether its
 * validation refused it (kind 'openapi'), with the reason; keyed apart from the file's syntax
 * (`<file>#openapi`). No place is compared: the platform prints none.
 */
function specVerdicts({ openApiFiles, overlayFiles, invalidSpecFiles }) {
  const refused = invalidSpecFiles
    .filter((entry) => entry.kind === 'openapi')
    .map((entry) => ({
      name: `${entry.originalFileLocation}#openapi`,
      category: 'spec',
      fails: true,
      reason: entry.reason,
    }));
  const valid = openApiFiles.map((entry) => ({
    name: `${entry.originalFileLocation}#openapi`,
    category: 'spec',
    fails: false,
  }));
  // An Overlay (a top-level `overlay` key): whether the platform's reading of it refused it (kind 'overlay').
  const refusedOverlays = invalidSpecFiles
    .filter((entry) => entry.kind === 'overlay')
    .map((entry) => ({
      name: `${entry.originalFileLocation}#overlay`,
      category: 'overlay',
      fails: true,
      reason: entry.reason,
    }));
  const validOverlays = overlayFiles.map((entry) => ({
    name: `/${entry.location}#overlay`,
    category: 'overlay',
    fails: false,
  }));
  return [...refused, ...valid, ...refusedOverlays, ...validOverlays];
}

/**
 * The platform's verdict on each .json, .yaml and .yml file of its walk (docs.json aside: its syntax is
 * json-syntax's): whether categorizeFilePaths' js-yaml load failed, and where, from the `(line:col)` of
 * js-yaml's message, counted from after a byte order mark, as js-yaml counts (navlint counts the mark).
 */
async function dataVerdicts(platform, site, mintIgnore, invalid) {
  const failed = new Map(
    invalid.filter((entry) => entry.kind === 'syntax').map((entry) => [entry.originalFileLocation, entry.reason]),
  );
  const verdicts = [];
  for await (const name of platform.getFileList(site, site, mintIgnore)) {
    const relativeName = name.replace(/^\//, '');
    if (!/\.(?:json|ya?ml)$/.test(relativeName) || relativeName === 'docs.json') continue;
    const reason = failed.get(name);
    if (reason === undefined) {
      verdicts.push({ name, category: 'data', fails: false });
      continue;
    }
    const at = /\((\d+):(\d+)\)/.exec(reason);
    const text = readFileSync(join(site, relativeName), 'utf8');
    const lines = text.split('\n');
    // js-yaml reads a text without a final newline with one added: a place on that line is the file's end.
    const pastEnd = at && Number(at[1]) === lines.length + 1;
    const line = pastEnd ? lines.length : at && Number(at[1]);
    // js-yaml counts line 1 from after a byte order mark, as editors and navlint do.
    const column = pastEnd ? lines.at(-1).length + 1 : at && Number(at[2]);
    const mapped = at && { line, column };
    verdicts.push({ name, category: 'data', fails: true, reason, ...(mapped ? { mapped } : {}) });
  }
  return verdicts;
}

const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * The platform's verdict on one file: readPageContents / readSnippetsV2Contents read it and call
 * preparseMdxTree (getAST, and formatError on a failure: `parsing error ./<file>:<line>:<col> - <reason>`).
 * The printed position is taken back out of that message, so it is exactly what a user reads, then
 * carried back to the file as written (`mapped`): a snippet's text is the file's with docs.json's
 * variables put in, and a .jsx/.tsx snippet's position is only in its reason, in acorn's or sucrase's
 * numbers for the text trimmed (and stripped of types).
 */
export async function platformVerdict(platform, site, name, category, variables, cache) {
  const sourcePath = join(site, name);
  const raw = (await readFile(sourcePath)).toString();
  const text = category === 'snippet-v2' ? platform.replaceVariables(raw, variables) : raw;
  const key = cache && createHash('sha256').update(name).update('\0').update(text).digest('base64url');
  cache?.used.add(key);
  let verdict;
  if (cache?.known.has(key)) {
    cache.hits += 1;
    const { mapped: _earlier, ...known } = cache.known.get(key); // a place mapped by an earlier run is worked out again
    verdict = known;
  } else {
    verdict = await parseWithPlatform(platform, site, sourcePath, text);
    cache?.known.set(key, verdict);
    if (cache) cache.misses += 1;
  }
  const script = /\.[jt]sx$/i.test(name);
  const inText = !verdict.fails
    ? undefined
    : script
      ? scriptPlace(platform, name, text, verdict.reason)
      : verdict.printed && mapToFile(platform, text, verdict.printed);
  const mapped =
    inText && text !== raw
      ? { ...inText, ...unsubstituted(platform, raw, text, variables, inText), substituted: true }
      : inText;
  return { ...verdict, ...(mapped ? { mapped } : {}), bytes: raw.length };
}

async function parseWithPlatform(platform, site, sourcePath, text) {
  let message;
  await platform.preparseMdxTree(text, site, sourcePath, (formatted) => (message = formatted));
  if (message === undefined) return { fails: false };
  message = /** @type {string} */ (message).replace(ANSI, '').trim();
  const location = `.${sep}${relative(site, sourcePath)}`;
  const rest = message.startsWith(`parsing error ${location}`)
    ? message.slice(`parsing error ${location}`.length)
    : undefined;
  const at = rest && /^(?::(\d+)(?::(\d+))?)? - ([\s\S]*)$/.exec(rest);
  const printed = at?.[1] ? { line: Number(at[1]), column: at[2] ? Number(at[2]) : undefined } : undefined;
  const reason = at ? at[3] : message;
  return { fails: true, message, reason, printed };
}

/**
 * Where a .jsx or .tsx snippet's error is, from its reason (`SyntaxError: Unexpected token (3:4)`):
 * getJsxEsmTree parses the text trimmed, and for .tsx what sucrase (stripTsxTypes) makes of it,
 * trimmed again. Acorn's column counts from 0; sucrase's own errors (when stripTsxTypes throws) are in
 * the trimmed text, their column from 1. Sucrase keeps lines where they were; a line it changed has
 * no column to compare.
 */
function scriptPlace(platform, name, text, reason) {
  const at = / \((\d+):(\d+)\)$/.exec(reason);
  if (!at) return undefined;
  let line = Number(at[1]);
  let column = Number(at[2]) + 1;
  const trimmed = text.trim();
  const lead = (t) => t.slice(0, t.length - t.trimStart().length);
  /** A place in `t.trim()` as a place in `t`. */
  const untrimmed = (t, place) => {
    const before = lead(t);
    const lines = before.split('\n').length - 1;
    const column =
      place.line === 1 && place.column !== undefined
        ? place.column + before.length - before.lastIndexOf('\n') - 1
        : place.column;
    return { line: place.line + lines, column };
  };
  if (/\.tsx$/i.test(name)) {
    let stripped;
    try {
      stripped = platform.stripTsxTypes(trimmed);
    } catch {
      column = Number(at[2]); // sucrase's own error, in the trimmed text
    }
    if (stripped !== undefined) {
      ({ line, column } = untrimmed(stripped, { line, column }));
      if (stripped.split('\n')[line - 1] !== trimmed.split('\n')[line - 1]) column = undefined;
    }
  }
  return untrimmed(text, { line, column });
}

/**
 * A place in a snippet after replaceVariables, back in the file as written: each `{{name}}` the
 * platform replaced (found with its pattern, each replaced by the platform's own function) moves what
 * follows it; a place inside a value is where its `{{` was.
 */
function unsubstituted(platform, raw, text, variables, { line, column }) {
  const offsetIn = (t, l, c) =>
    t
      .split('\n')
      .slice(0, l - 1)
      .reduce((sum, part) => sum + part.length + 1, 0) +
    (c ?? 1) -
    1;
  const placeIn = (t, offset) => {
    const before = t.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };
  const offset = offsetIn(text, line, column);
  let shift = 0;
  let source;
  for (const match of raw.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)) {
    const value = platform.replaceVariables(match[0], variables);
    if (value === match[0]) continue;
    const start = match.index + shift;
    if (offset < start) break;
    if (offset < start + value.length) {
      source = match.index;
      break;
    }
    shift += value.length - match[0].length;
  }
  const place = placeIn(raw, source ?? offset - shift);
  return column === undefined ? { line: place.line, column: undefined } : place;
}

/** The column in a line as written of a column in it after the `<MDX>` code pass, which wrote some of `<>{}` in code as entities. */
function unescapedColumn(original, escaped, column) {
  if (column === undefined || original === escaped) return column;
  const entities = { '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' };
  let i = 0;
  let j = 0;
  while (j < column - 1 && i < original.length) {
    const entity = escaped[j] !== original[i] ? entities[original[i]] : undefined;
    if (entity && escaped.startsWith(entity, j)) {
      if (j + entity.length > column - 1) return i + 1;
      j += entity.length;
    } else {
      j += 1;
    }
    i += 1;
  }
  return i + 1 + (column - 1 - j);
}

/**
 * The platform parses preprocessCustomHeadingIds(preprocessMdxFragmentCode(text)); the first pass
 * only rewrites characters inside lines, the second turns each `## T {#id}` line into three
 * (`<h2 id="id">`, `T`, `</h2>`). The platform's output is aligned with its input line by line (an
 * expanded heading starts with `#`, its first output line with `<h`, so they never compare equal),
 * and the printed position is carried back to the line and column of the file: on a line the first
 * pass escaped, each entity it wrote is one character of the file.
 */
export function mapToFile(platform, text, { line, column }) {
  const input = platform.preprocessMdxFragmentCode(text).split('\n');
  const output = platform.preprocessCustomHeadingIds(input.join('\n')).split('\n');
  const original = text.split('\n');
  let i = 0;
  let expanded = 0;
  for (let j = 0; j < output.length && i < input.length; i++) {
    if (output[j] === input[i]) {
      if (j + 1 === line)
        return {
          line: i + 1,
          column: unescapedColumn(original[i], input[i], column),
          expandedBefore: expanded,
          escaped: input[i] !== original[i] || undefined,
        };
      j += 1;
      continue;
    }
    if (line <= j + 3) {
      // Inside the three lines made of heading i: the text line keeps the heading's text, moved to after the indent.
      const head = /^(\s*)#{1,6}\s+/.exec(input[i]);
      const shift = line === j + 2 && head && column !== undefined ? head[0].length - head[1].length : 0;
      return {
        line: i + 1,
        column: column === undefined ? undefined : unescapedColumn(original[i], input[i], column + shift),
        expandedBefore: expanded,
        inHeading: true,
      };
    }
    expanded += 1;
    j += 3;
  }
  // Past the last line (an end-of-file error on a trailing newline): every heading counted.
  return { line: line - 2 * expanded, column, expandedBefore: expanded };
}

// --- navlint ---------------------------------------------------------------------------------

/** One navlint run on a site: its first mdx-syntax or data-syntax finding per file, by absolute path. */
function navlintVerdicts(site) {
  return new Promise((resolvePromise) => {
    const child = spawn(
      process.execPath,
      [join(root, 'bin', 'navlint.cjs'), 'check', site, '--format', 'json', '--no-cache'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('close', (code) => {
      const findings = new Map();
      let results;
      try {
        results = JSON.parse(Buffer.concat(out).toString());
      } catch {
        resolvePromise({
          findings,
          error: `navlint exited ${code} without JSON: ${Buffer.concat(err).toString().trim().slice(0, 500)}`,
        });
        return;
      }
      const byLine = (a, b) => a.line - b.line || a.column - b.column;
      for (const { filePath, messages } of results) {
        const first = messages.filter((m) => m.ruleId === 'mdx-syntax' || m.ruleId === 'data-syntax').sort(byLine)[0];
        if (first) findings.set(filePath, first);
        for (const [ruleId, key] of [
          ['openapi-spec', 'openapi'],
          ['openapi-overlay', 'overlay'],
        ]) {
          const refusal = messages.filter((m) => m.ruleId === ruleId).sort(byLine)[0];
          if (refusal) findings.set(`${filePath}#${key}`, { ...refusal, line: undefined, column: undefined });
        }
      }
      resolvePromise({ findings });
    });
  });
}

// Runs navlint on one site at a time in the background, while this process parses with the platform: two cores, two busy processes.
function navlintQueue() {
  let tail = Promise.resolve();
  return (site) => {
    const run = tail.then(async () => {
      const begun = Date.now();
      return { ...(await navlintVerdicts(site)), ms: Date.now() - begun };
    });
    tail = run;
    return run;
  };
}

// --- Inputs ----------------------------------------------------------------------------------

export function corpusSites() {
  const index = join(corpusDir, 'INDEX.tsv');
  if (!existsSync(index)) return undefined;
  return readFileSync(index, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split('\t')[0])
    .map((entry) => join(corpusDir, entry))
    .filter((site) => existsSync(join(site, 'docs.json')));
}

function fixtureSites() {
  const fixtures = join(root, 'fixtures');
  return readdirSync(fixtures)
    .map((name) => join(fixtures, name))
    .filter((site) => statSync(site).isDirectory() && existsSync(join(site, 'docs.json')));
}

// Sites made here for what the corpus and the fixtures lack, each file a case: pages in dot folders
// and the files the platform's walk and categories leave out, .mintignore's negations, .jsx and .tsx
// snippets, docs.json variables in snippets (and not in pages), and code escaped in <MDX> bodies.
// Written into the cache folder by every run (`synthetic/<name>`), beside the mutants.
const BROKEN = 'x <5\n';
const SPEC_HEAD = 'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\n';
const SYNTHETIC_SITES = {
  // Specs the platform validates, referenced or not: external $refs, wherever they are.
  specs: {
    'fine.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { type: object }\n    Ref: { $ref: '#/components/schemas/User' }\n`,
    'file-ref.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
    'url-ref.json': JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {},
        components: { schemas: { U: { $ref: 'https://example.com/u.json#/U' } } },
      },
      null,
      2,
    ),
    'in-string.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User:\n      type: object\n      description: '$ref: other.yaml'\n`,
    'escaped.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User:\n      type: object\n      description: '{"\\u0024ref": "other.yaml"}'\n`,
    'dollar.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User:\n      type: object\n      description: 'costs $5: per seat'\n`,
    'two.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: 'a.yaml' }\n    B: { $ref: 'b.yaml#/B' }\n`,
    'user.yaml': 'type: object\n',
    // The schema and the resolution of references, each a quirk of the platform's validation.
    'missing-last.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: '#/components/schemas/Nope' }\n`,
    'missing-middle.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: '#/components/schemaz/User' }\n`,
    'null-target.yaml': `${SPEC_HEAD}paths: {}\nx-nil: null\ncomponents:\n  schemas:\n    A: { $ref: '#/x-nil' }\n`,
    'malformed-pointer.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A: { type: object }\n    B: { $ref: '#/components/schemas/%E0%A4%A' }\n`,
    'number-ref.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A: { $ref: 5 }\n`,
    'property-named-ref.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        $ref: { type: string }\n`,
    'property-named-hasownproperty.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        hasOwnProperty: { type: string }\n`,
    'cycle-then-bad.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        self: { $ref: '#/components/schemas/A' }\n        bad: { $ref: '#/components/nothing/X' }\n`,
    'no-info-version.yaml': 'openapi: 3.1.0\ninfo:\n  title: T\npaths: {}\n',
    'no-info.yaml': 'openapi: 3.1.0\npaths: {}\n',
    'info-string.yaml': 'openapi: 3.1.0\ninfo: T\npaths: {}\n',
    'date-version.yaml': 'openapi: 3.1.0\ninfo:\n  title: T\n  version: 2024-01-01\npaths: {}\n',
    'empty-responses.yaml': `${SPEC_HEAD}paths:\n  /a:\n    get:\n      responses: {}\n`,
    'relative-url.yaml': `${SPEC_HEAD}paths: {}\nservers:\n  - url: /v1\nexternalDocs:\n  url: ./docs\n`,
    'type-typo.json': JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {},
        components: { schemas: { U: { type: 'strin' } } },
      },
      null,
      2,
    ),
    'parameter-in.json': JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': {
            get: {
              parameters: [{ name: 'q', in: 'body', schema: { type: 'string' } }],
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      },
      null,
      2,
    ),
  },
  // An overlay is applied to the specs before they are validated: it may take a reference out.
  'specs-overlay': {
    'api.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
    'overlay.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nextends: ./api.yaml\nactions:\n  - target: $.components.schemas.User\n    remove: true\n',
  },
  // Which specs an Overlay shields: only those a valid one's `extends` names; an invalid one shields none.
  'specs-overlay-targets': {
    'a.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
    'b.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
    'c.yaml': `${SPEC_HEAD}paths: {}\ncomponents:\n  schemas:\n    User: { type: strin }\n    A: { $ref: '#/components/schemaz/B' }\n`,
    'overlays/broken.yaml': 'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: ../a.yaml\nactions: []\n',
    'overlays/fixes-b.yaml':
      'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: /b.yaml\nactions: [{ target: $.components.schemas.User, remove: true }]\n',
    'overlays/elsewhere.yaml':
      'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: ../d.yaml\nactions: [{ target: $.info, remove: true }]\n',
    'overlays/proto.yaml':
      'overlay: 1.0.0\n__proto__: {}\ninfo: { title: O, version: "1", __proto__: {} }\nactions: [{ target: $, remove: true, __proto__: {} }]\n',
  },
  // Overlays, each a case of the platform's reading of them (its zod schema of Overlay 1.0 and 1.1).
  overlays: {
    'fine.yaml':
      'overlay: 1.1.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    update: { x-a: 1 }\n  - target: $.paths\n    copy: $.x\n  - target: $.tags\n    remove: true\n',
    'dated.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: 2024-01-01\nactions:\n  - target: $.info\n    remove: true\n',
    'no-actions.yaml': 'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions: []\n',
    'version-2.yaml':
      'overlay: 2.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    remove: true\n',
    'number-version.yaml':
      'overlay: 1.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    remove: true\n',
    'no-info-version.yaml': 'overlay: 1.0.0\ninfo:\n  title: O\nactions:\n  - target: $.info\n    remove: true\n',
    'unknown-key.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\n  owner: me\nactions:\n  - target: $.info\n    remove: true\n',
    'x-key.json':
      '{ "overlay": "1.1.0", "x-team": 1, "info": { "title": "O", "version": "1", "x-a": 2 }, "actions": [{ "target": "$.info", "remove": true, "x-b": 3 }] }\n',
    'no-effect.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    remove: false\n',
    'update-and-copy.yaml':
      'overlay: 1.1.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    update: {}\n    copy: $.x\n',
    'copy-in-1-0.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    copy: $.x\n',
    'blank-target.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: "  "\n    remove: true\n',
    'null-update.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - target: $.info\n    update: null\n',
    'null-extends.yaml':
      'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nextends: null\nactions:\n  - target: $.info\n    remove: true\n',
    'string-action.yaml': 'overlay: 1.0.0\ninfo:\n  title: O\n  version: "1"\nactions:\n  - $.info\n',
  },
  // Data files, each a case of js-yaml's verdict and place, and of the walk that finds them.
  'data-files': {
    'repeated.json': '{\n  "a": 1,\n  "a": 2\n}\n',
    'unclosed.json': '{ "a": [1, 2\n',
    'trailing-comma.json': '{ "a": 1, }\n',
    'comment.json': '// a comment\n{ "a": 1 }\n',
    'tabs.yaml': 'a:\n\tb: 1\n',
    'indent.yml': 'jobs:\n  build:\n    steps: 1\n   bad: 2\n',
    'bom.json': '\uFEFF{ "a": 1, "a": 2 }',
    'bom-line2.yaml': '\uFEFFa: 1\na: 2\n',
    'empty.json': '',
    'scalar.yaml': 'just text\n',
    'anchors.yaml': 'a: &x 1\nb: *y\n',
    // A merge of more than 100 mappings: js-yaml 4.3.2 refuses it, the platform's 4.3.1 does not.
    'merges.yaml': `${Array.from({ length: 101 }, (_, i) => `m${i}: &m${i} { k${i}: ${i} }`).join('\n')}\nall:\n  <<: [${Array.from({ length: 101 }, (_, i) => `*m${i}`).join(', ')}]\n`,
    'CAPS.JSON': '{ "a": ',
    '.mintlify/data.json': '{ "a": ',
    '.mintlify/skills/x/data.yaml': 'a: [\n',
    '.github/workflow.yml': 'on: [push\n',
    'node_modules/pkg/package.json': '{ "name": ',
    'ignored/broken.json': '{ "a": ',
    '.mintignore': 'ignored/\n',
  },
  'dot-folders': {
    '.hidden/broken.mdx': BROKEN,
    '.hidden/fine.mdx': '# Fine\n',
    'kept/.dotted.mdx': 'a\n\nb <5\n',
    '.mintlify/skills/x/page.mdx': BROKEN,
    '.mintlify/skills/x/SKILL.md': BROKEN, // a skill file, not parsed
    '.mintlify/skills/.github/page.mdx': BROKEN, // .mintlify's folders are never left out, .github's rule notwithstanding
    '.mintlify/other/page.mdx': BROKEN, // .mintlify/** but skills/ and data files
    '.github/page.mdx': BROKEN,
    '.vscode/page.mdx': BROKEN,
    'a/.cursor/page.mdx': BROKEN,
    'node_modules/pkg/page.mdx': BROKEN,
    'SKILL.md': BROKEN,
    '_snippets/old.mdx': BROKEN,
    'snippets/contribute.md': BROKEN, // a snippet: parsed, though contribute.md is no page
    'contribute.md': BROKEN,
    'docs/License.md': BROKEN,
  },
  'mintignore-negations': {
    '.mintignore':
      '# drafts and one page kept\ndocs/*\n!docs/keep.mdx\n!CHANGELOG.md\n!README.md\ndrafts/\n!drafts/a.mdx\n*.draft.mdx\n!keep.draft.mdx\nPrivate/\n/top.mdx\n',
    'docs/keep.mdx': BROKEN,
    'docs/drop.mdx': BROKEN,
    'CHANGELOG.md': BROKEN,
    'README.md': BROKEN, // walked again, but README.md is never a page
    'snippets/README.md': BROKEN, // walked again: a snippet
    'drafts/a.mdx': BROKEN, // its folder is left out: no negation brings it back
    'x.draft.mdx': BROKEN,
    'keep.draft.mdx': BROKEN,
    'private/p.mdx': BROKEN,
    'top.mdx': BROKEN,
    'sub/top.mdx': BROKEN,
  },
  scripts: {
    'snippets/fine.jsx': 'export const A = ({ n }) => <div>{n}</div>;\n',
    'snippets/bad.jsx': 'export const A = () => <div>{</div>;\n',
    'snippets/indented.jsx': '\n\n   export const A = () => <div>\n  <span>{1 +}</span></div>;\n',
    'snippets/fine.tsx': 'interface P {\n  a: string;\n}\nexport const B = (p: P) => <div>{p.a}</div>;\n',
    'snippets/sucrase.tsx': 'export const B = (x: ) => 1;\n',
    'snippets/acorn.tsx': '\n\ninterface P {\n  a: string;\n}\nexport const B = (p: P) => <div>{p.a}</span>;\n',
    'snippets/declared.tsx': 'let a: number = 1;\nlet a = 2;\n',
    'components/outside.jsx': 'const x = 1;\nconst x = 2;\n',
    '_snippets/old.jsx': 'const = ;\n',
  },
  variables: {
    'docs.json':
      '{"theme":"mint","name":"x","colors":{"primary":"#000000"},"variables":{"name":"Acme {","tag":"<b>x</b> <script>bad()</script>","lt":"a < b","quote":"say \\"hi\\""},"navigation":{"pages":["index"]}}\n',
    'index.mdx':
      "import Part from '/parts/part.mdx'\nimport {\n  Other\n} from '/parts/other.mdx'\n\n# Home {{name}}\n\n<Part />\n",
    'page.mdx': 'A page keeps {{name}} as written.\n',
    'snippets/v.mdx': 'Hello {{name}} and {{ tag }} and {{lt}} and {{missing}}.\n',
    'snippets/w.mdx': 'Title: {{ lt }} <5\n',
    'snippets/fine.mdx': 'By {{tag}}.\n',
    'snippets/quote.jsx': 'export const Q = "{{quote}}";\n',
    'parts/part.mdx': 'Part: {{name}}\n', // imported: a snippet
    'parts/other.mdx': 'Other:\n\n{{name}} <5\n', // imported by a declaration over several lines
    'parts/alone.mdx': 'Alone: {{name}}\n', // imported by nothing: a page
  },
  'mdx-escapes': {
    'inline.mdx': '<MDX>\nUse `a<b` then <5\n</MDX>\n',
    'heading.mdx': '<MDX>\n  ## Use `a<b` {x} and <5 {#id}\n</MDX>\n',
    'fence.mdx': '<MDX>\n```js\nconst a = {b: "<c>"}; <5\n```\nUse `a{b}` then {1 +}\n</MDX>\n',
  },
};

/** Writes the synthetic sites into `folder`, each with a minimal docs.json unless it has its own. */
export function writeSyntheticSites(folder) {
  return Object.entries(SYNTHETIC_SITES).map(([name, files]) => {
    const site = join(folder, name);
    for (const [file, text] of Object.entries({ 'docs.json': MINIMAL_DOCS_JSON, 'index.mdx': '# x\n', ...files })) {
      mkdirSync(dirname(join(site, file)), { recursive: true });
      writeFileSync(join(site, file), text);
    }
    return site;
  });
}

// What each mutation inserts; `{#id}` is appended to a heading line instead of inserted at a random place.
const INSERTIONS = ['<', '{', '}', '<!--', '`', '<Note>', '<5', ' {#id}'];

// What a data file's mutation inserts: the characters of JSON's and YAML's structure, a tab, a line break with an indent.
const DATA_INSERTIONS = ['{', '}', '[', ']', '"', "'", ':', ',', '\t', '\n  ', '\n', '- ', '&a ', '*a', '#', '? '];

/** Mutants of real pages (or data files, with their insertions), seeded: `count` of them, each one to three insertions into one file. */
function mutants(sources, count, seed, insertions = INSERTIONS) {
  // Unbiased: fast-check's default leans to the extremes, which would put most insertions at a page's first characters.
  const mutation = fc.record({ at: fc.noBias(fc.nat()), what: fc.constantFrom(...insertions) });
  const arbitrary = fc.record({
    source: fc.nat({ max: sources.length - 1 }),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  });
  return fc.sample(arbitrary, { seed, numRuns: count }).map(({ source, mutations }) => {
    let text = sources[source].text;
    for (const { at, what } of mutations) text = insert(text, at, what);
    const { name } = sources[source];
    return {
      from: sources[source].label,
      ext: /\.(?:json|ya?ml)$/.test(name) ? name.slice(name.lastIndexOf('.')) : name.endsWith('.md') ? '.md' : '.mdx',
      mutations,
      text,
    };
  });
}

function insert(text, at, what) {
  if (what === ' {#id}') {
    const lines = text.split('\n');
    const headings = lines.flatMap((line, index) => (/^ {0,3}#{1,6}\s+\S/.test(line) ? [index] : []));
    const target = headings.length > 0 ? headings[at % headings.length] : at % lines.length;
    lines[target] = lines[target].replace(/(\r?)$/, `${what}$1`);
    return lines.join('\n');
  }
  let offset = at % (text.length + 1);
  if (offset > 0 && offset < text.length && /[\uDC00-\uDFFF]/.test(text[offset])) offset -= 1; // never split a surrogate pair
  return text.slice(0, offset) + what + text.slice(offset);
}

// What a spec's mutation does to its document: a member removed, a `$ref` pointed elsewhere, a value of another type.
const SPEC_MUTATIONS = ['remove', 'ref', 'type'];

/** Mutants of the specs among the data files, seeded: `count` of them, each one mutation of the parsed spec, written back as JSON or YAML. */
function specMutants(sources, count, seed, yaml) {
  const specs = sources.filter(({ text }) => {
    try {
      const document = yaml.load(text);
      return document && typeof document === 'object' && 'openapi' in document;
    } catch {
      return false;
    }
  });
  if (specs.length === 0) return [];
  const arbitrary = fc.record({
    source: fc.nat({ max: specs.length - 1 }),
    what: fc.constantFrom(...SPEC_MUTATIONS),
    at: fc.noBias(fc.nat()),
  });
  return fc.sample(arbitrary, { seed, numRuns: count }).map(({ source, what, at }) => {
    const { text, name, label } = specs[source];
    const document = yaml.load(text);
    const done = mutateSpec(document, what, at);
    const json = name.endsWith('.json');
    const written = json
      ? `${JSON.stringify(document, null, 2)}\n`
      : yaml.dump(document, { noRefs: true, lineWidth: -1 });
    return { from: label, ext: name.slice(name.lastIndexOf('.')), mutations: [{ at, what: done }], text: written };
  });
}

/** Applies one mutation to a parsed spec, in place; says what it did. */
function mutateSpec(document, what, at) {
  const places = [];
  const visit = (node, path) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      places.push({ parent: node, key, value, path: [...path, key] });
      visit(value, [...path, key]);
    }
  };
  visit(document, []);
  const refs = places.filter(({ key, value }) => key === '$ref' && typeof value === 'string' && value.startsWith('#/'));
  if (what === 'ref' && refs.length > 0) {
    const { parent, value } = refs[at % refs.length];
    const segments = value.split('/');
    // Its last segment, a segment before it, or a new first segment: the platform minds only the latter two.
    const index = [segments.length - 1, Math.max(1, segments.length - 2), 1][Math.floor(at / refs.length) % 3];
    segments[index] = `${segments[index]}x`;
    parent.$ref = segments.join('/');
    return `$ref ${value} -> ${parent.$ref}`;
  }
  const candidates = places.filter(({ path }) => path[0] !== 'openapi');
  const { parent, key, value, path } = candidates[at % candidates.length];
  if (what === 'type') {
    parent[key] =
      typeof value === 'string'
        ? 42
        : typeof value === 'object' && value !== null && !Array.isArray(value)
          ? [value]
          : String(value);
    return `type of ${path.join('.')}`;
  }
  delete parent[key];
  return `removed ${path.join('.')}`;
}

/** Writes the mutants into temporary sites of MUTANTS_PER_SITE pages each, beside a minimal docs.json. */
function writeMutantSites(list, folder) {
  const sites = [];
  for (let start = 0; start < list.length; start += MUTANTS_PER_SITE) {
    const site = join(folder, `batch-${sites.length}`);
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'docs.json'), MINIMAL_DOCS_JSON);
    writeFileSync(join(site, 'index.mdx'), '# x\n');
    const origins = new Map();
    list.slice(start, start + MUTANTS_PER_SITE).forEach((mutant, index) => {
      const name = `m${String(start + index).padStart(5, '0')}${mutant.ext}`;
      writeFileSync(join(site, name), mutant.text);
      origins.set(name, {
        from: mutant.from,
        mutations: mutant.mutations.map(({ at, what }) => `${JSON.stringify(what)}@${at}`).join(' '),
      });
    });
    sites.push({ site, origins });
  }
  return sites;
}

// --- Comparison ------------------------------------------------------------------------------

const KINDS = {
  'navlint-passes': 'navlint passes what the platform fails',
  'navlint-fails': 'navlint fails what the platform passes',
  position: 'both fail, at different positions',
  'not-parsed': 'navlint reports a file the platform does not parse',
};

function compare(platform, navlint) {
  if (platform === undefined) return navlint ? 'not-parsed' : undefined;
  if (!platform.fails) return navlint ? 'navlint-fails' : 'agree';
  if (!navlint) return 'navlint-passes';
  const at = platform.mapped;
  if (!at) return 'agree'; // no position to compare (a script error whose reason names none)
  if (at.line !== navlint.line) return 'position';
  if (at.column !== undefined && at.column !== navlint.column) return 'position';
  return 'agree';
}

async function main() {
  const started = Date.now();
  ensureInstall();
  const platform = await loadPlatform();
  // navlint's OpenAPI schemas are the platform's only while the patch gives them.
  const installedSchemas = await installedOpenApiSchemas();
  const derivedSchemas = platformOpenApiSchemas();
  const staleSchemas = Object.keys(installedSchemas).filter(
    (version) => !isDeepStrictEqual(installedSchemas[version], derivedSchemas[version]),
  );
  const enqueue = navlintQueue();
  const cache = { known: new Map(), used: new Set(), hits: 0, misses: 0 };
  if (process.env.NAVLINT_CONFORMANCE_FRESH !== '1' && existsSync(verdictsFile)) {
    try {
      cache.known = new Map(Object.entries(JSON.parse(readFileSync(verdictsFile, 'utf8'))));
    } catch {
      note('conformance: the verdict cache does not parse; parsing everything again');
    }
  }

  const sites = [];
  const corpus = corpusSites();
  if (corpus) for (const site of corpus) sites.push({ site, group: 'corpus' });
  else note(`note: the corpus is skipped: ${corpusDir} is absent`);
  for (const site of fixtureSites()) sites.push({ site, group: 'fixtures' });
  rmSync(syntheticFolder, { recursive: true, force: true });
  for (const site of writeSyntheticSites(syntheticFolder)) sites.push({ site, group: 'synthetic' });

  const rows = [];
  let platformMs = 0;
  const timing = {
    corpus: { platformMs: 0, files: 0, bytes: 0 },
    fixtures: { platformMs: 0, files: 0, bytes: 0 },
    synthetic: { platformMs: 0, files: 0, bytes: 0 },
    mutants: { platformMs: 0, files: 0, bytes: 0 },
    navlintMs: 0,
    navlintRuns: 0,
  };
  const parseSources = []; // pages the platform parses cleanly: the material of the mutants
  const dataSources = []; // and data files

  /** @param {{ site: string, group: string, origins?: any }} entry */
  async function runSite({ site, group, origins }) {
    const real = realpathSync(site); // navlint's filePath is absolute; both sides are keyed by the real path
    const navlintRun = enqueue(real);
    const t0 = Date.now();
    const { files, data, variables } = await platformFiles(platform, real);
    const verdicts = new Map();
    for (const verdict of data) {
      verdicts.set(join(real, verdict.name), verdict);
      timing[group].files += 1;
      if (group === (corpus ? 'corpus' : 'fixtures') && verdict.category === 'data' && !verdict.fails) {
        const text = readFileSync(join(real, verdict.name), 'utf8');
        // The small ones: a mutant of spree's 2.3 MB spec would cost seconds each and find nothing more.
        if (text.length < 64 * 1024)
          dataSources.push({
            label: relative(corpus ? corpusDir : root, join(site, verdict.name)),
            name: verdict.name,
            text,
          });
      }
    }
    for (const { name, category } of files) {
      const verdict = await platformVerdict(platform, real, name, category, variables, cache);
      verdicts.set(join(real, name), { ...verdict, name, category });
      timing[group].files += 1;
      timing[group].bytes += verdict.bytes;
      if (group === (corpus ? 'corpus' : 'fixtures') && category === 'page' && !verdict.fails && /\.mdx?$/.test(name)) {
        const text = readFileSync(join(real, name), 'utf8');
        parseSources.push({ label: relative(corpus ? corpusDir : root, join(site, name)), name, text });
      }
    }
    const ms = Date.now() - t0;
    timing[group].platformMs += ms;
    platformMs += ms;
    const { findings, error, ms: navMs } = await navlintRun;
    timing.navlintMs += navMs;
    timing.navlintRuns += 1;
    if (error) rows.push({ site, group, kind: 'navlint-error', error });
    const seen = new Set();
    for (const [path, verdict] of verdicts) {
      const navlint = findings.get(path);
      seen.add(path);
      const kind = compare(verdict, navlint);
      rows.push({
        file: path,
        group,
        category: verdict.category,
        kind,
        platform: verdict,
        navlint,
        origin: origins?.get(verdict.name.slice(1)),
      });
    }
    for (const [path, navlint] of findings) {
      if (!seen.has(path)) rows.push({ file: path, group, kind: compare(undefined, navlint), navlint });
    }
  }

  for (const entry of sites) await runSite(entry);

  // Mutants: from the corpus pages that parse (the fixtures' when the corpus is absent), sorted so a seed means the same mutants.
  parseSources.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  rmSync(mutantFolder, { recursive: true, force: true });
  if (RUNS > 0 && parseSources.length > 0) {
    const list = mutants(parseSources, RUNS, SEED);
    for (const batch of writeMutantSites(list, mutantFolder)) await runSite({ ...batch, group: 'mutants' });
  }
  dataSources.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  if (RUNS > 0 && dataSources.length > 0) {
    const list = mutants(dataSources, RUNS, SEED, DATA_INSERTIONS);
    for (const batch of writeMutantSites(list, join(mutantFolder, 'data')))
      await runSite({ ...batch, group: 'mutants' });
    const specList = specMutants(dataSources, RUNS, SEED, platform.yaml);
    for (const batch of writeMutantSites(specList, join(mutantFolder, 'specs')))
      await runSite({ ...batch, group: 'mutants' });
  }

  const compared = rows.filter((row) => row.file && row.kind !== 'not-parsed');
  const agreements = compared.filter((row) => row.kind === 'agree').length;
  const byKind = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, rows.filter((row) => row.kind === kind)]));
  const navlintErrors = rows.filter((row) => row.kind === 'navlint-error');

  const describePlatform = (p) => {
    if (!p?.fails) return p ? 'parses' : 'not parsed';
    const printed = p.printed ? `printed ${p.printed.line}:${p.printed.column ?? '-'}` : 'no position printed';
    const moved = p.mapped && (!p.printed || p.mapped.line !== p.printed.line || p.mapped.column !== p.printed.column);
    const why = [
      p.mapped?.expandedBefore ? `${p.mapped.expandedBefore} {#id} heading(s) before` : '',
      p.mapped?.escaped ? 'code escaped in <MDX>' : '',
      p.mapped?.substituted ? 'variables put in' : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${printed}${moved ? ` = file ${p.mapped.line}:${p.mapped.column ?? '-'}${why ? ` (${why})` : ''}` : ''} - ${p.reason.split('\n')[0]}`;
  };
  const describeNavlint = (n) =>
    n ? `${n.line}:${n.column} - ${n.message.split('\n')[0]}` : 'no mdx-syntax or data-syntax finding';
  const shown = (row) =>
    row.origin
      ? `${relative(mutantFolder, row.file)} (mutant of ${row.origin.from}: ${row.origin.mutations})`
      : row.group === 'synthetic'
        ? `synthetic/${relative(syntheticFolder, row.file)}`
        : relative(corpus && row.file.startsWith(corpusDir) ? corpusDir : root, row.file);

  const lines = [];
  lines.push(
    `conformance: navlint's mdx-syntax, data-syntax, openapi-spec and openapi-overlay against @mintlify/cli ${platform.versions.cli} (prebuild ${platform.versions.prebuild}, common ${platform.versions.common})`,
  );
  lines.push(
    `position compared: the platform's printed line:column (a script's from its reason) mapped back to the file's own (each {#id} heading the platform expands to three lines before it counted, each entity the <MDX> code pass wrote one character, docs.json's variables taken out of a snippet, a script's trims undone), against navlint's line:column`,
  );
  lines.push(
    `files compared: ${compared.length} (corpus ${compared.filter((r) => r.group === 'corpus').length}, fixtures ${compared.filter((r) => r.group === 'fixtures').length}, synthetic ${compared.filter((r) => r.group === 'synthetic').length}, mutants ${compared.filter((r) => r.group === 'mutants').length}; seed ${SEED}, ${RUNS} runs)`,
  );
  const byCategory = (test) => {
    const of = compared.filter((r) => test(r.category));
    return `${of.length} (${of.filter((r) => r.platform?.fails).length} refused by the platform)`;
  };
  lines.push(
    `of which pages and snippets ${byCategory((c) => !['data', 'spec', 'overlay'].includes(c))}, data files ${byCategory((c) => c === 'data')}, specs ${byCategory((c) => c === 'spec')}, overlays ${byCategory((c) => c === 'overlay')}`,
  );
  lines.push(`agreements: ${agreements}`);
  for (const [kind, title] of Object.entries(KINDS)) {
    lines.push(`${title}: ${byKind[kind].length}`);
    for (const row of byKind[kind].slice(0, EXAMPLES)) {
      lines.push(`  ${shown(row)}`);
      lines.push(`    platform: ${describePlatform(row.platform)}`);
      lines.push(`    navlint:  ${describeNavlint(row.navlint)}`);
    }
    if (byKind[kind].length > EXAMPLES) lines.push(`  … ${byKind[kind].length - EXAMPLES} more in the report`);
  }
  for (const row of navlintErrors) lines.push(`navlint failed on ${row.site}: ${row.error}`);
  lines.push(
    staleSchemas.length
      ? `OpenAPI schemas: the patch no longer gives the platform's for ${staleSchemas.join(', ')} (node scripts/derive-openapi-patch.mjs)`
      : "OpenAPI schemas: the patch gives the platform's, 3.0 and 3.1",
  );
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  lines.push(
    `time: platform ${seconds(platformMs)} in-process (corpus ${timing.corpus.files} files, ${mb(timing.corpus.bytes)} MB: ${seconds(timing.corpus.platformMs)}; ` +
      `mutants ${timing.mutants.files} files: ${seconds(timing.mutants.platformMs)}), navlint ${timing.navlintRuns} runs ${seconds(timing.navlintMs)} alongside, total ${seconds(Date.now() - started)}`,
  );
  lines.push(
    `platform verdicts: ${cache.misses} parsed now, ${cache.hits} from ${verdictsFile} (NAVLINT_CONFORMANCE_FRESH=1 parses all)`,
  );
  lines.push(`report: ${reportFile}`);
  process.stdout.write(`${lines.join('\n')}\n`);

  mkdirSync(cacheRoot, { recursive: true });
  if (cache.misses > 0) {
    // Only this run's files are kept, so the cache does not grow with every seed and every edit of the corpus.
    writeFileSync(
      `${verdictsFile}.tmp`,
      JSON.stringify(Object.fromEntries([...cache.used].map((key) => [key, cache.known.get(key)]))),
    );
    renameSync(`${verdictsFile}.tmp`, verdictsFile);
  }
  writeFileSync(
    reportFile,
    `${JSON.stringify(
      {
        platform: platform.versions,
        seed: SEED,
        runs: RUNS,
        positionCompared:
          "platform printed line:column (a script's from its reason) mapped to the file (custom {#id} heading expansion, <MDX> code escapes, variables and a script's trims undone) vs navlint line:column",
        compared: compared.length,
        agreements,
        disagreements: Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, byKind[kind].length])),
        navlintErrors,
        timing,
        rows: rows.filter((row) => row.kind !== 'agree'),
        mutantFolder,
      },
      null,
      1,
    )}\n`,
  );
  const disagreements = Object.values(byKind).reduce((sum, list) => sum + list.length, 0) + navlintErrors.length;
  process.exitCode = disagreements > 0 || staleSchemas.length > 0 ? 1 : 0;
}

// Run as a script; imported (to check a case by hand), it only lends its functions.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`conformance: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  });
}
