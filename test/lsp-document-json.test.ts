import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { type LintResult, lint } from '../src/engine/lint';
import { type DocumentJson, documentJson, parsedJson, textReads, treeJson } from '../src/lsp/document-json';
import { relint } from '../src/lsp/incremental';
import { parseJson, type ReadIssue } from '../src/parsers/json';
import { SourceFile } from '../src/parsers/source';
import { diskFiles, overlayFiles } from '../src/site/files';
import { Site } from '../src/site/site';
import { makeSite, repo } from './helpers';
import { docsWith, page } from './sites';

/**
 * Completion, hover and definition read docs.json from the last lint's tree when it is the tree of
 * the document's text (src/lsp/document-json.ts), else from jsonc-parser. Both must give the same
 * answers at every offset, or a request would answer differently depending on whether a lint ran.
 */

const runs = Math.max(100, Math.floor(Number(process.env.NAVLINT_FUZZ_RUNS ?? 600) / 3));
const seed = process.env.NAVLINT_FUZZ_SEED ? Number(process.env.NAVLINT_FUZZ_SEED) : undefined;

/** The lint's tree of a text, or undefined when it does not parse (the requests then parse it themselves). */
function lintTree(text: string) {
  const issues: ReadIssue[] = [];
  const root = parseJson(new SourceFile('/site/docs.json', text), issues);
  return root && !issues.some((i) => i.kind === 'syntax') ? root : undefined;
}

const located = (json: DocumentJson, offset: number) => {
  const { path, isAtPropertyKey } = json.location(offset);
  return { path, isAtPropertyKey };
};

/** Every answer at every offset of the text, the same from the tree as from a parse. */
function expectSameAnswers(text: string): void {
  const root = lintTree(text);
  expect(root, `a text that parses: ${JSON.stringify(text)}`).toBeDefined();
  const fromTree = treeJson(text, root!);
  const parsed = parsedJson(text);
  const paths = new Set<string>(['[]']);
  for (let offset = 0; offset <= text.length; offset++) {
    const where = `at ${offset} of ${JSON.stringify(text)}`;
    const location = located(parsed, offset);
    expect(located(fromTree, offset), where).toEqual(location);
    expect(fromTree.typing(offset), where).toEqual(parsed.typing(offset));
    expect(fromTree.stringAt(offset), where).toEqual(parsed.stringAt(offset));
    for (let i = 0; i <= location.path.length; i++) paths.add(JSON.stringify(location.path.slice(0, i)));
  }
  for (const key of paths) {
    const at = JSON.parse(key) as (string | number)[];
    expect(fromTree.keysAt(at), `keys at ${key} of ${JSON.stringify(text)}`).toEqual(parsed.keysAt(at));
  }
  // A path that leads nowhere, and one through an index out of range.
  expect(fromTree.keysAt(['nowhere', 0])).toEqual(parsed.keysAt(['nowhere', 0]));
  expect(fromTree.keysAt([99])).toEqual(parsed.keysAt([99]));
}

/** JSON text of a value with whitespace of the given kinds between every token, as people and formatters write it. */
function spaced(value: unknown, spaces: string[]): string {
  let n = 0;
  const space = () => spaces[n++ % spaces.length];
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${space()}${v.map((item) => `${write(item)}${space()}`).join(`,${space()}`)}]`;
    if (v && typeof v === 'object')
      return `{${space()}${Object.entries(v)
        .map(([k, item]) => `${JSON.stringify(k)}${space()}:${space()}${write(item)}${space()}`)
        .join(`,${space()}`)}}`;
    return JSON.stringify(v);
  };
  return `${space()}${write(value)}${space()}`;
}

describe("the answers of a request, from the lint's tree and from a parse", () => {
  it("are the same at every offset of the example sites' docs.json", () => {
    for (const site of ['example', 'ten-mistakes', 'migrate-site'])
      expectSameAnswers(fs.readFileSync(path.join(repo, 'fixtures', site, 'docs.json'), 'utf8'));
    expectSameAnswers(
      docsWith(
        '{ "tabs": [{ "tab": "A", "openapi": "users.yaml", "groups": [{ "group": "G", "pages": ["index", "GET /users", { "group": "Nested", "root": "x", "pages": [] }] }] }] }',
      ),
    );
  });

  it('are the same where getLocation has quirks: values after an empty object, duplicate keys, escapes, CRLF', () => {
    const texts = [
      '{}',
      '[]',
      '"alone"',
      '  42  ',
      'true',
      '[{}, 1, "x"]',
      '[[{}], "x", [], [[]], {"a": []}, 2]',
      '{"a": [{}, {"b": {}}], "c": [[], [{}]], "d": {}}',
      '{"a": 1, "a": {"b": [1, {"a": 2}]}, "a": "last"}',
      '{"k\\"ey": "v\\u0041lue", "": "", "\\\\": ["\\n"]}',
      '{\r\n  "pages": [\r\n    "a",\r\n\t"b"\r\n  ]\r\n}\r\n',
      '{ "pages" : [ "a" , { "group" : "g" , "pages" : [ ] } ] , "x" : null }',
      '[ {"a": 1} , {} , 3 ]',
    ];
    for (const text of texts) expectSameAnswers(text);
  });

  it('are the same for any JSON value written with any whitespace', () => {
    const space = fc.constantFrom('', ' ', '  ', '\n', '\r\n', '\t', '\n    ');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.array(space, { minLength: 1, maxLength: 8 }), (value, spaces) => {
        expectSameAnswers(spaced(value, spaces));
      }),
      { numRuns: runs, seed },
    );
  });
});

describe('which tree a request reads', () => {
  /** Whether a request on `file` with this text reads the lint's tree (no parse of its own). */
  const readsTree = (text: string, file: string, result: LintResult) => {
    const before = textReads.count;
    const json = documentJson(text, file, result.model);
    json.location(text.length >> 1);
    json.typing(text.length >> 1);
    json.stringAt(text.length >> 1);
    json.keysAt([]);
    return textReads.count === before;
  };

  it("the lint's, for the text it read; a parse for any other text, a text that does not parse, or a file whose $refs it replaced", () => {
    const docs = docsWith(
      '{ "tabs": [{ "tab": "A", "href": "https://example.com", "pages": ["index"] }, { "$ref": "more.json" }, { "$ref": "missing.json" }] }',
    );
    const more = '{ "tab": "More", "pages": ["index", "other"] }';
    const root = makeSite({ 'docs.json': docs, 'more.json': more, 'index.mdx': page() });
    const docsFile = path.join(root, 'docs.json');
    const result = lint({ ruleSet, docsFile, persistCaches: false });
    // docs.json holds a $ref that was followed: its tree is no longer its own. The $ref'd file's is.
    expect(readsTree(docs, docsFile, result)).toBe(false);
    expect(readsTree(more, path.join(root, 'more.json'), result)).toBe(true);
    expect(readsTree(more.replace('other', 'others'), path.join(root, 'more.json'), result)).toBe(false);
    expect(readsTree(more, path.join(root, 'index.mdx'), result)).toBe(false);

    // No $ref followed (one that leads nowhere stays as written, and "href" is no $ref).
    const alone = docsWith(
      '{ "tabs": [{ "tab": "A", "href": "https://example.com", "pages": ["index"] }, { "$ref": "missing.json" }] }',
    );
    fs.writeFileSync(docsFile, alone);
    const single = lint({ ruleSet, docsFile, persistCaches: false });
    expect(readsTree(alone, docsFile, single)).toBe(true);
    expect(readsTree(`${alone} `, docsFile, single)).toBe(false); // another text than the lint's

    // A text that does not parse, and one that starts with a byte-order mark.
    for (const text of [alone.slice(0, -10), `\ufeff${alone}`]) {
      fs.writeFileSync(docsFile, text);
      expect(readsTree(text, docsFile, lint({ ruleSet, docsFile, persistCaches: false }))).toBe(false);
    }
  });

  it('after edits the language server patches into the tree, gives the answers of a parse', () => {
    const root = makeSite({
      'docs.json': docsWith(
        '{ "groups": [{ "group": "A", "pages": ["index", "GET /x", { "group": "B", "pages": ["deep"] }] }] }',
      ),
      'index.mdx': page(),
    });
    const docsFile = path.join(root, 'docs.json');
    let text = fs.readFileSync(docsFile, 'utf8');
    const files = overlayFiles(diskFiles, (file) => (file === docsFile ? text : undefined));
    const site = new Site({ root, files });
    let { result } = relint(undefined, { ruleSet, docsFile, site });
    for (const [from, to] of [
      ['"index"', '"indexes"'],
      ['"A"', '"Longer name"'],
      ['"deep"', '"d"'],
      ['"GET /x"', '"GET /x/\\"y"'],
    ]) {
      const model = result.model;
      text = text.replace(from, to);
      ({ result } = relint(result, { ruleSet, docsFile, site }));
      expect(result.model).toBe(model); // patched, not parsed again
      const json = documentJson(text, docsFile, result.model);
      const before = textReads.count;
      const offsets = Array.from({ length: text.length + 1 }, (_, offset) => offset);
      const answers = offsets.map((offset) => [located(json, offset), json.typing(offset), json.stringAt(offset)]);
      const keys = json.keysAt(['navigation', 'groups', 0]);
      expect(textReads.count).toBe(before); // from the patched tree
      const parsed = parsedJson(text);
      expect(answers).toEqual(
        offsets.map((offset) => [located(parsed, offset), parsed.typing(offset), parsed.stringAt(offset)]),
      );
      expect(keys).toEqual(parsed.keysAt(['navigation', 'groups', 0]));
    }
  });
});
