import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleSet, rules } from '../rules';
import { type Finding, lint } from '../src/engine/lint';
import { diskFiles, overlayFiles } from '../src/site/files';
import { Site } from '../src/site/site';
import { makeSite, navlint, repo } from './helpers';
import { page, usersSpec } from './sites';

/** `npm run fuzz` sets NAVLINT_FUZZ_RUNS=100000 (spread over the properties below); npm test runs a few hundred. */
const totalRuns = Number(process.env.NAVLINT_FUZZ_RUNS ?? 600);
const runs = Math.max(20, Math.floor(totalRuns / 4));
/** About a millisecond a case, with room to spare on a slow machine. */
const timeout = Math.max(30_000, runs * 20);
const seed = process.env.NAVLINT_FUZZ_SEED ? Number(process.env.NAVLINT_FUZZ_SEED) : undefined;

const site = makeSite({
  'index.mdx': page(),
  'guides/auth.mdx': page(),
  'api/get.mdx': '---\nopenapi: GET /users\n---\n',
  'users.yaml': usersSpec,
  'fr.json': '{ "language": "fr", "pages": ["index"] }',
});
const docsFile = path.join(site, 'docs.json');
const shared = new Site({ root: site });
const ruleIds = new Set(rules.map((r) => r.meta.id));

/** Lints a docs.json text through the public API and checks that the report is well formed. */
function lintText(text: string): Finding[] {
  const result = lint({
    ruleSet,
    docsFile,
    files: overlayFiles(diskFiles, (file) => (file === docsFile ? text : undefined)),
    site: shared,
    rules: { 'orphan-page': 'warn' },
  });
  for (const finding of result.findings) expectWellFormed(finding);
  return result.findings;
}

function expectWellFormed(f: Finding): void {
  const fail = (why: string) => {
    throw new Error(`${why}: ${JSON.stringify({ ...f, file: f.file.path })}`);
  };
  if (!ruleIds.has(f.ruleId)) fail('unknown rule id');
  if (f.severity !== 1 && f.severity !== 2) fail('bad severity');
  if (typeof f.message !== 'string' || f.message.length === 0) fail('no message');
  if (f.message.startsWith('internal error')) fail('a rule crashed');
  const text = f.file.text;
  if (f.offset < 0 || f.length < 0 || f.offset + f.length > Math.max(text.length, 0)) fail('span outside the file');
  const lines = text.split(/\r\n|\r|\n/);
  const inside = (line: number, column: number) =>
    line >= 1 && line <= lines.length && column >= 1 && column <= lines[line - 1].length + 1;
  if (!inside(f.line, f.column) || !inside(f.endLine, f.endColumn)) fail('position outside the file');
  if (f.endLine < f.line || (f.endLine === f.line && f.endColumn < f.column)) fail('end before start');
  for (const fix of [f.fix, ...(f.suggestions ?? []).map((s) => s.fix)]) {
    if (fix && (fix.range[0] < 0 || fix.range[1] < fix.range[0] || fix.range[1] > text.length))
      fail('fix range outside the file');
  }
}

const words = [
  'index',
  'guides/auth',
  '/index',
  'index.mdx',
  './guides/auth',
  'missing',
  'GET /users',
  'get /users',
  'POST /users/{userId}',
  'webhook user.created',
  'users.yaml GET /users',
  '../../etc/passwd',
  '',
  ' ',
  'é',
  'ja',
  'en',
  'zh',
  'javascript:x',
  'https://example.com',
  'users.yaml',
  'nope.yaml',
  'fr.json',
];
const keys = [
  'group',
  'pages',
  'groups',
  'tab',
  'tabs',
  'anchor',
  'anchors',
  'dropdown',
  'dropdowns',
  'product',
  'products',
  'version',
  'versions',
  'language',
  'languages',
  'menu',
  'item',
  'expanded',
  'expand',
  'icon',
  'href',
  'root',
  'openapi',
  'hidden',
  'tag',
  'global',
  'banner',
  '$ref',
  'directory',
  'default',
];

/** Values shaped like navigation: objects with navigation keys, arrays of them, strings from the site. */
const navigationLike = fc.letrec<{ value: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...words),
    fc.boolean(),
    fc.integer(),
    fc.constant(null),
    tie('object'),
    tie('array'),
  ),
  object: fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 5 }),
  array: fc.array(tie('value'), { maxLength: 5 }),
}));

const fixtures = [
  'fixtures/example/docs.json',
  'fixtures/example/fr.json',
  'fixtures/ten-mistakes/docs.json',
  'fixtures/migrate-site/docs.json',
].map((f) => fs.readFileSync(path.join(repo, f), 'utf8'));
const inserts = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '//',
  '/*',
  '*/',
  '\uFEFF',
  '\r\n',
  '\t',
  'é',
  '\u0000',
  '\\',
  'null',
  '"$ref": "fr.json",',
  '"$ref": "docs.json"',
  '"pages": [],',
  '"expanded": true,',
  '1e999',
  '"\\ud800"',
];
const mutation = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...inserts) }),
  fc.record({ op: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, ops: Mutation[]): string {
  for (const op of ops) {
    const at = text.length ? op.at % (text.length + 1) : 0;
    if (op.op === 'truncate') text = text.slice(0, at);
    else if (op.op === 'delete') text = text.slice(0, at) + text.slice(at + op.length);
    else if (op.op === 'insert') text = text.slice(0, at) + op.text + text.slice(at);
    else {
      const lines = text.split('\n');
      const i = op.at % lines.length;
      if (op.op === 'duplicate-line') lines.splice(i, 0, lines[i]);
      else {
        const j = op.other % lines.length;
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      text = lines.join('\n');
    }
  }
  return text;
}

describe('fuzzing: every input gives a well-formed report and no exception', () => {
  it(
    'random JSON values as navigation and as the whole file, with random formatting',
    () => {
      fc.assert(
        fc.property(fc.jsonValue(), fc.boolean(), fc.constantFrom(0, 2, '\t'), (value, wrap, indent) => {
          lintText(JSON.stringify(wrap ? { navigation: value } : value, null, indent) ?? 'null');
        }),
        { numRuns: runs, seed },
      );
    },
    timeout,
  );

  it(
    'navigation-shaped values built from the real vocabulary',
    () => {
      fc.assert(
        fc.property(navigationLike.object, fc.constantFrom(0, 2), (navigation, indent) => {
          lintText(JSON.stringify({ navigation, styling: { eyebrows: 'breadcrumbs' } }, null, indent));
        }),
        { numRuns: runs, seed },
      );
    },
    timeout,
  );

  it(
    'mutations of real docs.json files: truncated, cut, with brackets, quotes, comments, BOMs, CRLF, tabs, NUL, non-ASCII and $refs inserted, lines duplicated and swapped',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 6 }), (base, ops) => {
          lintText(mutate(base, ops));
        }),
        { numRuns: runs * 2, seed },
      );
    },
    timeout * 2,
  );

  it('a small file truncated at every offset', () => {
    const text = fixtures[1];
    for (let at = 0; at <= text.length; at++) lintText(text.slice(0, at));
  }, 30_000);

  it('through the CLI: exit 0 or 1, no stderr, a report that parses, positions inside the file', () => {
    const cases = fc.sample(
      fc.tuple(fc.constantFrom(...fixtures), fc.array(mutation, { minLength: 1, maxLength: 4 })),
      { numRuns: 12, seed: seed ?? 7 },
    );
    const dir = makeSite({ 'index.mdx': page(), 'users.yaml': usersSpec });
    for (const [base, ops] of cases) {
      const text = mutate(base, ops);
      fs.writeFileSync(path.join(dir, 'docs.json'), text);
      const result = navlint(['check', dir, '--format', 'json', '--no-cache']);
      expect(result.stderr).toBe('');
      expect([0, 1]).toContain(result.code);
      const lines = text.split(/\r\n|\r|\n/);
      for (const file of JSON.parse(result.stdout)) {
        if (file.filePath !== path.join(dir, 'docs.json')) continue;
        for (const m of file.messages) {
          expect(m.line).toBeGreaterThanOrEqual(1);
          expect(m.line).toBeLessThanOrEqual(lines.length);
          expect(m.column).toBeLessThanOrEqual(lines[m.line - 1].length + 1);
        }
      }
    }
  }, 60_000);
});
