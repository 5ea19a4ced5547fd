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
