import { describe, expect, it } from 'vitest';
import { SourceFile } from '../src/parsers/source';

describe('SourceFile positions', () => {
  const file = new SourceFile('/x', 'ab\r\ncd\ref\ngh');
  const cases: [number, { line: number; column: number }][] = [
    [0, { line: 1, column: 1 }],
    [2, { line: 1, column: 3 }],
    [3, { line: 1, column: 3 }], // between \r and \n: the end of line 1 (found by fuzzing)
    [4, { line: 2, column: 1 }],
    [7, { line: 3, column: 1 }], // a lone \r ends a line
    [10, { line: 4, column: 1 }],
    [12, { line: 4, column: 3 }],
    [99, { line: 4, column: 3 }],
  ];
  for (const [offset, position] of cases) it(`offset ${offset}`, () => expect(file.position(offset)).toEqual(position));
});

describe('SourceFile offsets of positions', () => {
  const file = new SourceFile('/x', 'ab\r\ncd\ref\ngh');
  const cases: [{ line: number; column: number }, number][] = [
    [{ line: 1, column: 1 }, 0],
    [{ line: 1, column: 3 }, 2], // the end of line 1, before its \r\n
    [{ line: 1, column: 9 }, 2], // past the end of line 1: still its end, not a place on line 2
    [{ line: 2, column: 1 }, 4],
    [{ line: 2, column: 4 }, 6], // before the lone \r that ends line 2
    [{ line: 3, column: 9 }, 9], // before the \n of line 3
    [{ line: 4, column: 99 }, 12], // the end of the file
    [{ line: 9, column: 1 }, 10], // a line past the last is the last
  ];
  for (const [position, offset] of cases)
    it(`${position.line}:${position.column}`, () => expect(file.offsetAt(position.line, position.column)).toBe(offset));
  it('is the inverse of position() on every offset', () => {
    for (let offset = 0; offset <= file.text.length; offset++) {
      const { line, column } = file.position(offset);
      expect(file.position(file.offsetAt(line, column))).toEqual({ line, column });
    }
  });
});

describe('SourceFile with a byte order mark', () => {
  // Editors do not show it, and the MDX parser's columns count from after it, as ESLint's do.
  const file = new SourceFile('/x', '\uFEFFab\ncd');
  it('is not a column of the first line', () => {
    expect([0, 1, 2, 3, 4].map((offset) => file.position(offset))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 1 },
      { line: 1, column: 2 },
      { line: 1, column: 3 },
      { line: 2, column: 1 },
    ]);
  });
  it('is skipped by offsetAt', () => {
    expect([file.offsetAt(1, 1), file.offsetAt(1, 3), file.offsetAt(1, 9), file.offsetAt(2, 1)]).toEqual([1, 3, 3, 4]);
  });
});
