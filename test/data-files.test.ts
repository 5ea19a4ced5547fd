import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheFiles, navlint, readCacheEntry, repo, temporaryFolder, writeCacheEntry } from './helpers';

/** The data files the platform refuses, each at its place (fixtures/broken-data); the .mintignore'd draft is not read. */
const brokenData = `fixtures/broken-data/api/unlisted.yaml
  9:6  error    this file does not parse as JSON or YAML, as the platform reads it: bad indentation of a mapping entry  data-syntax

fixtures/broken-data/data/plans.json
  4:3  error    this file does not parse as JSON or YAML, as the platform reads it: duplicated mapping key  data-syntax

fixtures/broken-data/data/regions.json
  3:1  error    this file does not parse as JSON or YAML, as the platform reads it: missed comma between flow collection entries  data-syntax

✖ 3 problems (3 errors, 0 warnings) … and 1 accessibility finding: --a11y shows it
`;

/** The specs the platform's validation refuses, each at its place (fixtures/broken-specs): referenced by docs.json's api.openapi, by a group, or by nothing. */
const brokenSpecs = `fixtures/broken-specs/api/external.yaml
  14:24  error    external $ref "./schemas/invoice.yaml" (at paths./invoices.get.responses.200.content.application/json.schema.$ref): the platform refuses a spec with a $ref to another file or a URL, so \`mint validate\` fails  openapi-spec

fixtures/broken-specs/api/main.yaml
  15:23  error    $ref "#/components/schemas/User" points at nothing in this spec (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec

fixtures/broken-specs/api/no-info.json
  1:1  error    the spec misses the required "info" (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec

fixtures/broken-specs/api/unreferenced.yaml
  4:12   error    "info.version" must be a string (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec
  10:15  error    "paths./health.get.parameters.0.in" must be one of "query", "header", "path", "cookie"; did you mean "query"? (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec
  14:9   error    "paths./health.get.responses.200" misses the required "description" (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec
  15:11  error    "descripton" is not allowed in "paths./health.get.responses.200" (only the fields the OpenAPI specification names, and "x-" extensions) (the platform's validation refuses the spec: \`mint validate\` fails)  openapi-spec

fixtures/broken-specs/docs.json
  10:43  error    openapi "api/legacy.yaml" is a Swagger 2.0 document, which the platform does not read (only OpenAPI 3.x): \`mint validate\` says the file does not exist  openapi-source

✖ 8 problems (8 errors, 0 warnings) … and 1 accessibility finding: --a11y shows it
`;

describe('data files, as the platform parses them (fixtures/broken-data)', () => {
  it('reports every JSON and YAML file that does not parse, referenced or not, at the place js-yaml names', () => {
    expect(navlint(['check', 'fixtures/broken-data'])).toEqual({ code: 1, stdout: brokenData, stderr: '' });
  });

  it('keeps each verdict in the cache folder until the file changes', () => {
    const dir = temporaryFolder();
    fs.cpSync(path.join(repo, 'fixtures/broken-data'), dir, { recursive: true });
    const cacheDir = temporaryFolder('navlint-data-cache-');
    const run = () =>
      JSON.parse(navlint(['check', dir, '--format', 'json'], { env: { NAVLINT_CACHE_DIR: cacheDir } }).stdout) as {
        filePath: string;
        messages: { line: number }[];
      }[];
    const failing = (results: ReturnType<typeof run>) =>
      results.filter((r) => r.messages.length > 0).map((r) => path.relative(dir, r.filePath));
    expect(failing(run())).toEqual(['api/unlisted.yaml', 'data/plans.json', 'data/regions.json']);
    const [kept] = cacheFiles(cacheDir, 'data-files');
    const entries = readCacheEntry(kept).value as Record<string, unknown[]>;
    expect(Object.fromEntries(Object.entries(entries).map(([file, verdict]) => [file, verdict[1]]))).toEqual({
      'api/unlisted.yaml': { syntax: { reason: 'bad indentation of a mapping entry', offset: 111 } },
      'ci.yml': {},
      'data/plans.json': { syntax: { reason: 'duplicated mapping key', offset: 56 } },
      'data/regions.json': { syntax: { reason: 'missed comma between flow collection entries', offset: 27 } },
      'docs.json': {},
    });
    // A verdict kept for a file's identity is not the file's once it changes.
    fs.writeFileSync(path.join(dir, 'data/regions.json'), '{\n  "regions": ["eu", "us"]\n}\n');
    expect(failing(run())).toEqual(['api/unlisted.yaml', 'data/plans.json']);
    // The verdict of a file that is gone is dropped.
    fs.rmSync(path.join(dir, 'data/plans.json'));
    expect(failing(run())).toEqual(['api/unlisted.yaml']);
    const left = readCacheEntry(kept).value as Record<string, unknown[]>;
    expect(Object.keys(left).sort()).toEqual(['api/unlisted.yaml', 'ci.yml', 'data/regions.json', 'docs.json']);
  });
});

describe('specs, as the platform validates them (fixtures/broken-specs)', () => {
  it('reports every spec the platform refuses: an external $ref, a $ref to nothing, a missing info, what the schema forbids, Swagger 2.0', () => {
    expect(navlint(['check', 'fixtures/broken-specs'])).toEqual({ code: 1, stdout: brokenSpecs, stderr: '' });
  });

  it("keeps a large spec's verdict by its content: a fresh checkout of the same text is not validated again", () => {
    const operations = Array.from(
      { length: 700 },
      (_, i) =>
        `  /items/${i}:\n    get:\n      summary: Item ${i}\n      responses:\n        "200":\n          description: The item\n`,
    ).join('');
    const spec = `openapi: 3.1.0\ninfo:\n  title: Items\n  version: "1"\npaths:\n${operations}  /broken:\n    get:\n      responses:\n        "200": {}\n`;
    expect(spec.length).toBeGreaterThan(64 * 1024);
    const checkout = () => {
      const dir = temporaryFolder();
      fs.writeFileSync(
        path.join(dir, 'docs.json'),
        JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { pages: ['index'] } }),
      );
      fs.writeFileSync(path.join(dir, 'index.mdx'), '# x\n');
      fs.writeFileSync(path.join(dir, 'items.yaml'), spec);
      return dir;
    };
    const cacheDir = temporaryFolder('navlint-spec-cache-');
    const messages = (dir: string) =>
      (
        JSON.parse(navlint(['check', dir, '--format', 'json'], { env: { NAVLINT_CACHE_DIR: cacheDir } }).stdout) as {
          messages: { ruleId: string; line: number; message: string }[];
        }[]
      ).flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.line} ${m.message}`));
    const expected = `openapi-spec 4209 "paths./broken.get.responses.200" misses the required "description" (the platform's validation refuses the spec: \`mint validate\` fails)`;
    expect(messages(checkout())).toEqual([expected]);
    // The verdict kept by content, marked so that a run that reads it says so.
    const [kept] = cacheFiles(cacheDir, 'data-contents');
    const facts = readCacheEntry(kept).value;
    facts.problems[0].message = 'read from the cache';
    writeCacheEntry(kept, facts);
    expect(messages(checkout())).toEqual([
      "openapi-spec 4209 read from the cache (the platform's validation refuses the spec: `mint validate` fails)",
    ]);
  });
});
