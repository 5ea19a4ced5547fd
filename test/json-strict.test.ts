import * as fs from 'node:fs';
import * as path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { type JNode, parseJson, type ReadIssue } from '../src/parsers/json';
import { parseStrictJson } from '../src/parsers/json-strict';
import { SourceFile } from '../src/parsers/source';
import { repo, sharedPath } from './helpers';

/** A node without its parent links, keys, spans and all, for deep comparison. */
function plain(node: JNode | undefined): unknown {
  if (!node) return node;
  const base = { type: node.type, offset: node.offset, length: node.length, key: node.key };
  if (node.type === 'object')
    return {
      ...base,
      properties: node.properties.map((p) => ({
        key: p.key,
        keySpan: [p.keySpan.offset, p.keySpan.length],
        span: [p.span.offset, p.span.length],
        value: plain(p.value),
      })),
    };
  if (node.type === 'array') return { ...base, items: node.items.map(plain) };
  return { ...base, value: node.value };
}

function both(text: string) {
  const file = new SourceFile('/x.json', text);
  const fastIssues: ReadIssue[] = [];
  const slowIssues: ReadIssue[] = [];
  const fast = parseJson(file, fastIssues, true);
  const slow = parseJson(file, slowIssues, false);
  const issues = (list: ReadIssue[]) => list.map((i) => [i.kind, i.span.offset, i.span.length, i.message]);
  return { fast: plain(fast), slow: plain(slow), fastIssues: issues(fastIssues), slowIssues: issues(slowIssues) };
}

describe('the strict JSON fast path gives exactly what jsonc-parser gives', () => {
  const corpus = sharedPath('corpus', 'the strict JSON parser on the corpus');
  const patterns = corpus ? [`${corpus}/**/*.json`, 'fixtures/**/*.json'] : ['fixtures/**/*.json'];
  const files = fg.sync(patterns, { cwd: repo, absolute: true }).filter((f) => fs.statSync(f).size < 4_000_000);
  // Reads and parses every file twice: minutes on a loaded machine, never a matter of speed.
  it(`on every JSON file of the corpus and the fixtures (${files.length} files)`, { timeout: 300_000 }, () => {
    expect(files.length).toBeGreaterThan(corpus ? 40 : 5);
    for (const file of files) {
      const result = both(fs.readFileSync(file, 'utf8'));
      expect(result.fast, path.relative(repo, file)).toEqual(result.slow);
      expect(result.fastIssues, path.relative(repo, file)).toEqual(result.slowIssues);
    }
  });

  const edge = [
    '{}',
    '[]',
    '[ ]',
    '{ "a": { } }',
    '"text"',
    '-0.5e+10',
    '  true  ',
    'null',
    '{"a":1,"a":2,"b":[1,{"a":3,"a":4}]}',
    '{"esc\\"aped\\u00e9": "\\n\\t\\\\"}',
    '\uFEFF{"bom": 1}',
    '[[[[[[1]]]]]]',
    '{\r\n\t"crlf": [1,\r\n2]\r\n}',
  ];
  for (const text of edge) {
    it(`on ${JSON.stringify(text)}`, () => {
      const result = both(text);
      expect(result.fast).toEqual(result.slow);
      expect(result.fastIssues).toEqual(result.slowIssues);
    });
  }

  const invalid = [
    '',
    '{',
    '{"a":1,}',
    '[1,]',
    '{"a" 1}',
    "{'a':1}",
    '{"a":01}',
    '[1 2]',
    '{"a":tru}',
    '{"a":1}x',
    '// c\n{}',
    '{"a":"\u0001"}',
    '{"a":"\\x"}',
    '{"\\x":1}',
    '[1,,2]',
    '{"a":1 "b":2}',
  ];
  for (const text of invalid) {
    it(`hands ${JSON.stringify(text)} to jsonc-parser`, () => {
      expect(parseStrictJson(new SourceFile('/x.json', text), text, [])).toBeNull();
    });
  }

  it('parses nesting 100,000 levels deep without a stack overflow', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    const node = parseStrictJson(new SourceFile('/x.json', text), text, []);
    expect(node?.type).toBe('array');
  });
});
