import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOpenapiFrontmatter, simpleOpenapiValue } from '../src/parsers/frontmatter';
import { findFrontmatter, frontmatterAttributes, frontmatterYaml } from '../src/parsers/frontmatter-block';
import { SourceFile } from '../src/parsers/source';
import { sharedPath } from './helpers';

/** What the platform's parser makes of a page's block: the openapi value as a string, or 'error'. */
function parsed(text: string): unknown {
  try {
    const block = findFrontmatter(text);
    const value = block && (frontmatterAttributes(text, block) as { openapi?: unknown }).openapi;
    return typeof value === 'string' ? value : { notAString: value };
  } catch {
    return 'error';
  }
}

/** The fast reading of a page's block (as src/parsers/frontmatter.ts hands it over) must agree with the parser whenever it answers. */
function expectAgreement(text: string): string | undefined {
  const block = findFrontmatter(text);
  const fast = block && simpleOpenapiValue(frontmatterYaml(text, block));
  if (fast !== undefined) expect([text, fast]).toEqual([text, parsed(text)]);
  return fast;
}

describe('the frontmatter openapi value read without a YAML parser', () => {
  it('reads the common forms', () => {
    expect(simpleOpenapiValue('title: Users\nopenapi: GET /users\ndescription: "List them"')).toBe('GET /users');
    expect(simpleOpenapiValue("openapi: 'api/spec.yaml POST /users/{id}'  ")).toBe('api/spec.yaml POST /users/{id}');
    expect(simpleOpenapiValue('openapi: "webhook user.created"\r\nog:title: x\n# a comment\n')).toBe(
      'webhook user.created',
    );
    expect(simpleOpenapiValue("openapi: 'it''s'")).toBe("it's");
    expect(
      simpleOpenapiValue('title: x\nopenapi: GET /users\nkeywords:\n  [\n    "a b",\n    "c",\n  ]\nempty:\n'),
    ).toBe('GET /users');
  });

  it('a date reads the same in every time zone (a cache keeps the value)', () => {
    const zone = process.env.TZ;
    try {
      const values = ['UTC', 'America/New_York', 'Asia/Tokyo'].map((tz) => {
        process.env.TZ = tz;
        return parseOpenapiFrontmatter(new SourceFile('/page.mdx', '---\nopenapi: 2020-01-01\n---\n'))?.value;
      });
      expect(values).toEqual(Array(3).fill('2020-01-01T00:00:00.000Z'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('leaves to the parser what it cannot be sure of', () => {
    for (const yaml of [
      'openapi: GET /users # a comment',
      'openapi: 123',
      'openapi: true',
      'openapi: ~',
      'openapi: 2024-01-01',
      'openapi:',
      'openapi: GET /users\nopenapi: GET /other',
      'openapi: GET /users\ntitle: a: b',
      'openapi: >\n  GET /users',
      'openapi: "GET /users\\n"',
      'openapi: GET\t/users',
      'openapi: GET /users\ntags:\n  - a',
      'openapi: GET /users\nTrue: 1\ntrue: 2',
      'openapi: [GET /users]',
      'openapi: GET /users\nkeywords: ["a", [b]]',
      'openapi:\n  GET /users',
      'openapi: GET /users\nkeywords:\n  [\n  "a"\n\n  ]',
      'openapi: GET /users\nkeywords:\n  [a]\n  x',
      'openapi: GET /users\ntags: [-]',
      'openapi: GET /users\ntags:\n  [\n  - a\n  ]',
      'openapi: null ',
      'openapi: GET\r/x',
      'openapi: GET /users\n...',
    ]) {
      expect(simpleOpenapiValue(yaml), yaml).toBeUndefined();
    }
  });

  it("agrees with the platform's parser on generated blocks", () => {
    const key = fc.constantFrom(
      'openapi',
      'title',
      'description',
      'og:title',
      'sidebarTitle',
      'true',
      'x-y',
      'a.b',
      'openapi ',
      'Openapi',
    );
    const scalar = fc.oneof(
      fc.constantFrom(
        'GET /users',
        'POST /a/{id}',
        'spec.yaml GET /x',
        'webhook created',
        '12',
        '1:30',
        '0x1F',
        'null',
        'yes',
        'No',
        '.5',
        '-a',
        '~',
        '2001-12-14',
        'a #b',
        'a#b',
        'a: b',
        'a:b',
        "'q''s'",
        '"d"',
        '"e\\"f"',
        "'open",
        '"open',
        '@x',
        '`x`',
        '*x',
        '&a x',
        '!t x',
        '[a]',
        '[-]',
        '[- a]',
        '[a, -]',
        '[a-b, .c]',
        'null ',
        'GET /x ',
        'GET /x\u00A0',
        'a\rb',
        '"a\rb"',
        '["a", \'b\', c d]',
        '[ "a" , "b" ]',
        '["a",]',
        '[a, [b]]',
        '["a\\"]',
        '[a: b]',
        '{a: 1}',
        '|',
        '>',
        '',
        ' ',
        '\t',
        'é ü',
        '\u2028',
      ),
      fc.string({
        unit: fc.constantFrom('a', ' ', ':', '#', "'", '"', '/', '-', '{', '}', '\\', 'G', '1', '.', '\t', ','),
        maxLength: 12,
      }),
    );
    const line = fc.oneof(
      fc.tuple(key, fc.constantFrom(':', ': ', ':  ', ' :'), scalar).map(([k, colon, v]) => `${k}${colon}${v}`),
      fc.constantFrom('', '  ', '# comment', '  indented: x', '- item', '---', '...'),
      // A key whose value is on the next lines: a list in brackets, or something else indented.
      fc
        .tuple(
          key,
          fc.array(
            fc.constantFrom(
              '  [',
              '  ]',
              '[',
              ']',
              '    -',
              '    - a,',
              '    "a",',
              '    "b c"',
              "    'd''s',",
              '    plain words,',
              '    x, y',
              '    "e"  ,',
              '  ,',
              '  # c',
              '',
              '  - item',
              '  "q',
            ),
            { maxLength: 5 },
          ),
        )
        .map(([k, rest]) => [`${k}:`, ...rest].join('\n')),
    );
    // Mostly one well-formed openapi line among others, so that the fast reading often answers.
    const openapiLine = fc.oneof(
      { weight: 3, arbitrary: scalar.map((v) => `openapi: ${v}`) },
      { weight: 1, arbitrary: line },
    );
    let answered = 0;
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 5 }),
        openapiLine,
        fc.nat(),
        fc.constantFrom('\n', '\r\n'),
        (lines, openapi, at, eol) => {
          lines.splice(at % (lines.length + 1), 0, openapi);
          if (expectAgreement(`---${eol}${lines.join(eol)}${eol}---${eol}`) !== undefined) answered++;
        },
      ),
      { numRuns: Number(process.env.NAVLINT_FUZZ_RUNS ?? 3000) },
    );
    expect(answered).toBeGreaterThan(30); // the fast reading was put to the test (about 4 in 100 runs)
  });

  it("agrees with the platform's parser on every page of the corpus that has an openapi key", () => {
    const corpus = sharedPath('corpus', 'the fast frontmatter reading on the corpus');
    if (!corpus) return;
    let answered = 0;
    for (const name of fs.readdirSync(corpus, { recursive: true }) as string[]) {
      if (!/\.mdx?$/.test(name)) continue;
      const text = fs.readFileSync(path.join(corpus, name), 'utf8');
      const block = findFrontmatter(text);
      if (!block || !/^openapi[ \t]*:/m.test(frontmatterYaml(text, block))) continue;
      if (expectAgreement(text) !== undefined) answered++;
    }
    expect(answered).toBe(178); // every endpoint page of the corpus
  });
});
