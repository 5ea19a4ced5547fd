import { expect, it } from 'vitest';
import { appendAll } from '../src/common/collections';

it('appends more items than a call may take as arguments (a large site’s findings)', () => {
  const many = Array.from({ length: 500_000 }, (_, i) => i);
  expect(() => [0].push(...many)).toThrow(RangeError);
  const list = [-1];
  appendAll(list, many);
  expect(list.length).toBe(500_001);
  expect([list[0], list[1], list.at(-1)]).toEqual([-1, 0, 499_999]);
});
