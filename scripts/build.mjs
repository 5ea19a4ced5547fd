// Build: compile the JSON Schema to standalone validator code (so no schema is compiled at start-up),
// then bundle the CLI into dist/ with esbuild (so no TypeScript is compiled at run time).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { build } from 'esbuild';
import { platformOpenApiSchemas } from './openapi-schemas.mjs';
import { sourcesId, sourcesIdFile } from './sources-id.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemas = ['docs', 'analytics'].map((name) =>
  JSON.parse(readFileSync(join(root, `schemas/${name}.schema.json`), 'utf8')),
);

// Not verbose, refs not inlined: the generated code is parsed on every run, so it must stay small.
const ajv = new Ajv({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  strictRequired: false,
  inlineRefs: false,
  code: { source: true, esm: true, optimize: true },
});
addFormats(ajv, { mode: 'fast' }); // full mode's uri regex cost 7 ms of every run on a site with a few URLs
ajv.addKeyword({ keyword: 'expected', schemaType: 'string' }); // navlint's wording for a failed anyOf
// The analytics export needs of an entry only its id: spec parts 2.1 and 2.3 name fewer fields than the
// published document requires, and a page without the others is still usable. Each list response is
// also compiled with its entries requiring their id alone, every field keeping its type; the client
// names the documented fields a server left out.
const analytics = schemas[1].$defs;
for (const name of ['conversationPage', 'feedbackPage']) {
  const page = structuredClone(analytics[name]);
  const { items } = Object.values(page.properties).find((property) => property.type === 'array');
  for (const shape of items.anyOf ?? [items]) shape.required = ['id'];
  analytics[`usable${name[0].toUpperCase()}${name.slice(1)}`] = page;
}
for (const schema of schemas) ajv.addSchema(schema);
// Every definition is exported by name; the names are unique across the schema files.
const exports = Object.fromEntries(
  schemas.flatMap((schema) => Object.keys(schema.$defs).map((name) => [name, `${schema.$id}#/$defs/${name}`])),
);
// js-yaml 3 (under front-matter) loads esprima, through an alias bundlers cannot
// see, for the unsafe !!js/function type only: loading it costs every run. Its type module is
// replaced by what it is without esprima, a type that resolves nothing.
const withoutEsprima = {
  name: 'without-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, (args) => ({
      loader: 'js',
      resolveDir: dirname(args.path),
      contents: `var Type = require('../../type');
module.exports = new Type('tag:yaml.org,2002:js/function', { kind: 'scalar', resolve: function () { return false; } });`,
    }));
  },
};

// The parser runs mdast-util-from-markdown as patches/ has it (patch-package, at `npm ci`), in the
// bundle and in the tests alike: a build from an unpatched install would be another parser.
const fromMarkdown = join(root, 'node_modules/mdast-util-from-markdown/lib/index.js');
if (!readFileSync(fromMarkdown, 'utf8').includes('eventContext.sliceSerialize')) {
  process.stderr.write('build: node_modules is not patched: npm ci applies patches/ (patch-package)\n');
  process.exit(1);
}

const generated = join(root, 'src/generated');
mkdirSync(generated, { recursive: true });
writeFileSync(join(generated, 'validators.js'), standaloneCode(ajv, exports));
writeFileSync(
  join(generated, 'validators.d.ts'),
  `import type { ValidateFunction } from 'ajv';\n` +
    Object.keys(exports)
      .map((name) => `export declare const ${name}: ValidateFunction;\n`)
      .join(''),
);

writeOpenApiValidators(generated);

if (!process.argv.includes('--schema-only')) {
  rmSync(join(root, 'dist'), { recursive: true, force: true }); // no stale files from earlier builds
  // CommonJS: bin/navlint.cjs runs dist/navlint.cjs through V8's code cache, which Node 20 offers for
  // scripts, not ES modules. The commands most runs never use are bundles of their own, which
  // navlint.cjs requires when called: `navlint check` reads and loads a third of the code.
  // Each shell's entry point, by the name of its bundle in dist/.
  const separate = {
    lsp: 'src/lsp/server.ts',
    'migrate-command': 'src/migrate/command.ts',
    'move-command': 'src/migrate/move-command.ts',
    'analytics-command': 'src/analytics/command.ts',
    // Its own bundle: the report reads the site (the engine), which an export does not need at its start.
    'analytics-report': 'src/analytics/report-command.ts',
  };
  // Modules that most runs never call, each a bundle of its own: whatever imports one gets functions
  // of the same names that load the bundle on their first call (the MDX parser stack is 600 KB, the
  // OpenAPI schemas' validators 470 KB).
  const lazy = {
    mdx: { entry: 'src/parsers/mdx.ts', exports: ['parseSiteFile', 'parsesInSmallHeap'] },
    'openapi-validation': { entry: 'src/parsers/openapi-validation.ts', exports: ['specProblems'] },
  };
  // The build's identity, which the caches are keyed by (src/common/version.ts): a hash of the bundles
  // themselves, so that any change of what runs (a source, a dependency in node_modules, a build
  // option) is a new build. The bundles are made with a placeholder of the same length in its place.
  const placeholder = '@NAVLINT-BUILD@@';
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    mainFields: ['module', 'main'], // jsonc-parser's UMD build requires its parts at run time; its ESM build bundles
    target: 'node20',
    supported: { 'dynamic-import': false }, // import() becomes require(): vm.Script has no module loader
    // import.meta.url: for createRequire, which takes a path as well as a URL.
    define: { 'import.meta.url': '__filename', NAVLINT_BUILD_ID: JSON.stringify(placeholder) },
    // Whitespace and syntax only: smaller code parses faster at every start, names stay readable.
    minifyWhitespace: !process.env.NAVLINT_NO_MINIFY,
    minifySyntax: !process.env.NAVLINT_NO_MINIFY,
    logLevel: 'warning',
    plugins: [
      withoutEsprima,
      {
        name: 'separate-commands',
        setup(build) {
          const bundleOf = new Map(
            Object.entries(separate).map(([name, entry]) => [join(root, entry).replace(/\.ts$/, ''), name]),
          );
          build.onResolve({ filter: /^\.\.\// }, (args) => {
            const name =
              args.importer.endsWith(join('src', 'cli', 'cli.ts')) && bundleOf.get(join(args.resolveDir, args.path));
            return name ? { path: `./${name}.cjs`, external: true } : undefined;
          });
          const lazyOf = new Map(
            Object.entries(lazy).map(([name, { entry }]) => [join(root, entry).replace(/\.ts$/, ''), name]),
          );
          build.onResolve({ filter: /^\.\.?\// }, (args) => {
            const name = lazyOf.get(join(args.resolveDir, args.path));
            return name ? { path: name, namespace: 'lazy-bundle' } : undefined;
          });
          build.onResolve({ filter: /^\.\/[\w-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
          build.onLoad({ filter: /.*/, namespace: 'lazy-bundle' }, ({ path: name }) => ({
            loader: 'js',
            contents: [
              `let loaded;`,
              `const load = () => (loaded ??= require('./${name}.cjs'));`,
              ...lazy[name].exports.map((fn) => `export function ${fn}(...args) { return load().${fn}(...args); }`),
            ].join('\n'),
          }));
        },
      },
    ],
  };
  // The MDX parser's worker thread (src/site/parallel-parse.ts starts it from dist/) is one too.
  const lazyOutputs = [
    ...Object.entries(lazy).map(([name, { entry }]) => [entry, `dist/${name}.cjs`]),
    ['src/parsers/mdx-worker.ts', 'dist/mdx-worker.cjs'],
  ];
  // The lazy bundles first: the parser's code, hashed, is the key its cached parses are kept under
  // (src/site/page-parses.ts), so that any change of the parser stack, down to a dependency of a
  // dependency, is a new parser, and nothing else is.
  const outputs = [
    ...lazyOutputs,
    ['src/cli/bin.ts', 'dist/navlint.cjs'],
    ['src/common/cache-folder.ts', 'dist/cache-folder.cjs'],
    ...Object.entries(separate).map(([name, entry]) => [entry, `dist/${name}.cjs`]),
  ];
  const codes = [];
  for (const [entry, output] of outputs) {
    if (output === 'dist/navlint.cjs') {
      const parserId = createHash('sha256')
        .update(readFileSync(join(root, 'dist/mdx.cjs')))
        .digest('hex')
        .slice(0, 16);
      common.define = { ...common.define, NAVLINT_PARSER_ID: JSON.stringify(parserId) };
    }
    await build({ ...common, entryPoints: [join(root, entry)], outfile: join(root, output) });
    codes.push(readFileSync(join(root, output), 'utf8'));
  }
  const hash = createHash('sha256');
  for (const code of codes) hash.update(code).update('\0');
  const buildId = hash.digest('hex').slice(0, placeholder.length);
  outputs.forEach(([, output], i) => {
    // The last line names the build too: bin/navlint.cjs keys the compiled-code snapshot by it rather than hash 900 KB of text at every start.
    writeFileSync(join(root, output), `${codes[i].replaceAll(placeholder, buildId)}//# navlint-build ${buildId}\n`);
  });
  writeFileSync(sourcesIdFile(root), `${sourcesId(root)}\n`);
}

// A snapshot of V8's compiled code of the main bundle beside it (dist/navlint.cjs.v8), and of the
// page parser's (dist/mdx.cjs.v8: a run that parses a few changed pages loads it), for the runs
// that have no cache of their own: CI, a fresh clone, --no-cache. Made at the end of a lint of the
// example site with no caches, so that it holds the code of every phase a cold run goes through
// (with caches, the run could take its findings from the cache of results and compile none of it).
if (!process.argv.includes('--schema-only')) {
  const bin = join(root, 'bin/navlint.cjs');
  spawnSync(process.execPath, [bin, 'check', join(root, 'fixtures/example'), '--format', 'json', '--no-cache'], {
    env: {
      ...process.env,
      NAVLINT_WRITE_SNAPSHOT: [join(root, 'dist/navlint.cjs'), join(root, 'dist/mdx.cjs')].join(delimiter),
    },
    stdio: 'ignore',
  });
  // The language server's too (dist/lsp.cjs.v8): an editor's first start on a machine has no cache
  // either. Its session opens the example's docs.json, gets its diagnostics, asks what an editor asks
  // (a code action, which runs the rules that read the pages; a completion; a hover) and ends, with a
  // cache folder of its own that is then removed (a first start lints through an empty one).
  const cacheDir = mkdtempSync(join(tmpdir(), 'navlint-build-'));
  try {
    const code = await languageServerSession(bin, join(root, 'fixtures/example/docs.json'), {
      ...process.env,
      NAVLINT_CACHE_DIR: cacheDir,
      NAVLINT_WRITE_SNAPSHOT: join(root, 'dist/lsp.cjs'),
    });
    if (code !== 0)
      process.stderr.write(
        `build: the language server's snapshot session ended with ${code}; its snapshot holds less\n`,
      );
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * A language server session over stdio, message by message as an editor has it (the server ends
 * when its input does, so the input stays open until the session is over). Resolves to its exit code.
 */
async function languageServerSession(bin, docsFile, env) {
  const server = spawn(process.execPath, [bin, 'lsp', '--stdio'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  const timer = setTimeout(() => server.kill(), 60_000);
  const received = [];
  let wake = () => {};
  let pending = Buffer.alloc(0);
  server.stdout.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
      const length = Number(/Content-Length: *(\d+)/i.exec(pending.subarray(0, end).toString())?.[1]);
      if (pending.length < end + 4 + length) break;
      received.push(JSON.parse(pending.subarray(end + 4, end + 4 + length).toString()));
      pending = pending.subarray(end + 4 + length);
    }
    wake();
  });
  const send = (message) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
    server.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  };
  // Resolves with the first message received that passes, or undefined once the server is gone.
  const until = (test) =>
    new Promise((resolve) => {
      const look = () => {
        const found = received.find(test);
        if (found) resolve(found);
        else if (server.exitCode !== null || server.signalCode !== null) resolve(undefined);
        else wake = look;
      };
      server.once('exit', () => wake());
      look();
    });
  const text = readFileSync(docsFile, 'utf8');
  const uri = pathToFileURL(docsFile).href;
  // Inside the first page entry: where completion and hover have something to say.
  const at = text.indexOf('"', text.indexOf('[', text.indexOf('"pages"'))) + 2;
  const lines = text.slice(0, at).split('\n');
  const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
  try {
    send({
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: pathToFileURL(dirname(docsFile)).href, capabilities: {} },
    });
    await until((m) => m.id === 1);
    send({ method: 'initialized', params: {} });
    send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });
    await until((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === uri);
    send({
      id: 2,
      method: 'textDocument/codeAction',
      params: { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } },
    });
    send({ id: 3, method: 'textDocument/completion', params: { textDocument: { uri }, position } });
    send({ id: 4, method: 'textDocument/hover', params: { textDocument: { uri }, position } });
    await until((m) => m.id === 4);
    send({ id: 5, method: 'shutdown' });
    await until((m) => m.id === 5);
    send({ method: 'exit' });
    return await exited;
  } finally {
    clearTimeout(timer);
    if (server.exitCode === null) server.kill();
  }
}

/**
 * The platform's validation of a spec's shape (its parser's Validator): OpenAPI 3.0 with JSON Schema
 * draft-04, 3.1 with 2020-12, not strict, every format of ajv-formats, `media-range` (3.1) taken as
 * is. Compiled as the platform compiles them, with every error kept rather than the first, in a file
 * of its own: only a site with a spec loads it.
 */
function writeOpenApiValidators(folder) {
  const schemas = platformOpenApiSchemas();
  const code = { source: true, esm: true, optimize: true };
  const ajv30 = new Ajv04({ strict: false, allErrors: true, code });
  addFormats(ajv30);
  const ajv31 = new Ajv2020({ strict: false, allErrors: true, code });
  addFormats(ajv31);
  ajv31.addFormat('media-range', true);
  const validators = { openapi30: [ajv30, schemas['3.0']], openapi31: [ajv31, schemas['3.1']] };
  for (const [name, [ajv, schema]] of Object.entries(validators)) {
    writeFileSync(join(folder, `${name}.js`), standaloneCode(ajv, ajv.compile(schema)));
    writeFileSync(
      join(folder, `${name}.d.ts`),
      `import type { ValidateFunction } from 'ajv';\ndeclare const validate: ValidateFunction;\nexport default validate;\n`,
    );
  }
}
