import librarySlugify, { slugifyWithCounter as librarySlugger } from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SlugOptions, slugify, slugifyWithCounter } from '../src/parsers/slug';

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

describe("slugify: the library's slugs, without its cost", () => {
  it('equals @sindresorhus/slugify on random titles, for every option set', () => {
    fc.assert(
      fc.property(title, fc.constantFrom(...optionSets), (text, options) => {
        expect(slugify(text, options)).toBe(librarySlugify(text, options));
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
        expect([text, options, slugify(text, options)]).toEqual([text, options, librarySlugify(text, options)]);
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
          const ours = slugifyWithCounter();
          const theirs = librarySlugger();
          expect(titles.map((t) => ours(t, options))).toEqual(titles.map((t) => theirs(t, options)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws as the library does when the separator is a preserved character', () => {
    expect(() => librarySlugify('a b', { separator: '_', preserveCharacters: ['_'] })).toThrow();
    expect(() => slugify('a b', { separator: '_', preserveCharacters: ['_'] })).toThrow(/separator/);
  });
});
