import librarySlugify, { slugifyWithCounter as librarySlugger } from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  componentId,
  endpointPageSlug,
  headingSlug,
  paramFieldId,
  type SlugOptions,
  sindresorhusSlugify,
  slugCounter,
  unicodeId,
} from '../src/parsers/slug';

// The options the platform's ids use (src/parsers/page-anchors.ts), and a few it does not.
const optionSets: SlugOptions[] = [
  {},
  { decamelize: false },
  { decamelize: true, separator: '-' },
  { decamelize: false, preserveCharacters: ['_'] },
  { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false },
  { separator: '_' },
  { separator: '' },
  { separator: '.', preserveCharacters: ['-'] },
];

// ASCII-heavy titles: every printable character, letters in both cases, digits, the characters
// the library's steps treat apart (`^`, `` ` ``, `\`, `&`, `-`, `_`, `%`), and some that are not ASCII.
const character = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 3, arbitrary: fc.constantFrom('-', '_', '%', '^', '`', '\\', '&', ' ', 'A', 'Z', 's', 't', '1', '\t') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'ü', 'Ñ', 'ø', 'œ', '♥', '🦄', '日本', 'Ж', 'ъе', '\u0301') },
);
const title = fc.array(character, { maxLength: 24 }).map((parts) => parts.join(''));

describe("sindresorhusSlugify: the library's slugs, without its cost", () => {
  it('equals @sindresorhus/slugify on random titles, for every option set', () => {
    fc.assert(
      fc.property(title, fc.constantFrom(...optionSets), (text, options) => {
        expect(sindresorhusSlugify(text, options)).toBe(librarySlugify(text, options));
      }),
      { numRuns: 5_000 },
    );
  });

  it('equals it on the cases each step of the library is there for', () => {
    const cases = [
      'Getting Started',
      'APIs and SDKs',
      'XMLHttpRequest2',
      'user_id',
      "don't stop",
      "it's here",
      'a--b',
      '-a-',
      '^caret` `tick',
      'back\\slash',
      '%E6%97%A5%E6%9C%AC',
      '100%',
      'Tom & Jerry',
      'Crème brûlée',
      '',
      '   ',
      'A1B2',
      'fooBAR',
      'FOOBar',
    ];
    for (const options of optionSets)
      for (const text of cases)
        expect([text, options, sindresorhusSlugify(text, options)]).toEqual([
          text,
          options,
          librarySlugify(text, options),
        ]);
  });

  it('counts repeated slugs as slugifyWithCounter does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'Intro',
            'intro',
            'Intro 2',
            'intro-2',
            'Setup',
            'Setup-1',
            'setup-1-1',
            '',
            '!!',
            'Intro-2-2',
          ),
          { maxLength: 12 },
        ),
        fc.constantFrom(...optionSets.slice(0, 5)),
        (titles, options) => {
          const ours = slugCounter();
          const theirs = librarySlugger();
          expect(titles.map((t) => ours(t, options))).toEqual(titles.map((t) => theirs(t, options)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws as the library does when the separator is a preserved character', () => {
    expect(() => librarySlugify('a b', { separator: '_', preserveCharacters: ['_'] })).toThrow();
    expect(() => sindresorhusSlugify('a b', { separator: '_', preserveCharacters: ['_'] })).toThrow(/separator/);
  });
});

// The outputs below are the platform's own (@mintlify/common 1.0.1182's functions, run on these inputs).
describe("the platform's slugs, one for each thing it names", () => {
  it('headingSlug: a heading or Tab id, percent-encoded when the title is not plain ASCII', () => {
    const cases: [string, string][] = [
      ['Getting Started', 'getting-started'],
      ['API Keys & Tokens', 'api-keys-%26-tokens'],
      ['snake_case_name', 'snake_case_name'],
      ['camelCaseTitle', 'camelcasetitle'],
      ['快速开始', '%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B'],
      ['Café au lait', 'caf%C3%A9-au-lait'],
      ['100% uptime', '100%25-uptime'],
      ['What’s new?', 'what%E2%80%99s-new%3F'],
      ['  Spaces   around  ', 'spaces-around'],
      ['C++ / C#', 'c%2B%2B-%2F-c%23'],
      ['🚀 Launch', '%F0%9F%9A%80-launch'],
      ['', ''],
    ];
    expect(cases.map(([title]) => [title, headingSlug(title)])).toEqual(cases);
  });

  it('headingSlug: one counter numbers the repeats as the library does', () => {
    const counter = slugCounter();
    expect(['Intro', 'Intro', 'Intro-2', 'Intro'].map((title) => headingSlug(title, counter))).toEqual([
      'intro',
      'intro-2',
      'intro-2',
      'intro-3',
    ]);
  });

  it('unicodeId: the id of a component whose slug came out empty', () => {
    expect(['快速开始', 'Hello World', 'a?b'].map(unicodeId)).toEqual([
      '%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B',
      'hello-world',
      'a%3Fb',
    ]);
  });

  it('componentId: an Accordion or View id, its first colon a dash, numbered after the first', () => {
    const cases: [string, number, string][] = [
      ['Step 1: Install', 0, 'step-1-install'],
      ['Step 1: Install', 2, 'step-1-install-2'],
      ['camelCase Title', 0, 'camelcase-title'],
      ['a:b:c', 0, 'a-b-c'],
      ['Café', 1, 'cafe-1'],
    ];
    expect(cases.map(([title, count]) => [title, count, componentId(title, count)])).toEqual(cases);
  });

  it('paramFieldId: a ParamField id, decamelized, `_n` for a repeat before slugging', () => {
    const cases: [string, number, string][] = [
      ['userId', 0, 'param-user-id'],
      ['user_id', 1, 'param-user-id-1'],
      ['X-API-Key', 0, 'param-x-api-key'],
      ['data.items[]', 2, 'param-data-items-2'],
    ];
    expect(cases.map(([name, count]) => [name, count, paramFieldId(name, count)])).toEqual(cases);
  });

  it('endpointPageSlug: a path segment of a generated page (test/endpoint-page-path.test.ts has more)', () => {
    expect(['Get invoice {id}', 'a {b\nc} d', 'x {a} {b}'].map(endpointPageSlug)).toEqual([
      'get-invoice-',
      'a-bc-d',
      'x--',
    ]);
  });
});
