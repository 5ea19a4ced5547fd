import { describe, expect, it } from 'vitest';
import { pagesProgress } from '../src/cli/progress';

describe('the progress line of a long page parse', () => {
  it('shows nothing for a parse under a second, and writes nothing to erase', () => {
    const written: string[] = [];
    let clock = 0;
    const progress = pagesProgress(
      (text) => written.push(text),
      () => clock,
    );
    for (let parsed = 1; parsed <= 10; parsed++) {
      clock += 90;
      progress.update(parsed, 10);
    }
    progress.done();
    expect(written).toEqual([]);
  });

  it('after a second: the count and the rate, at most ten times a second and always the last, then erased', () => {
    const written: string[] = [];
    let clock = 0;
    const progress = pagesProgress(
      (text) => written.push(text),
      () => clock,
    );
    for (let parsed = 1; parsed <= 40; parsed++) {
      clock += 50;
      progress.update(parsed, 40);
    }
    progress.done();
    expect(written).toEqual([
      '\rnavlint: parsing pages 20/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 22/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 24/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 26/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 28/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 30/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 32/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 34/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 36/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 38/40 (20/s)\x1b[K',
      '\rnavlint: parsing pages 40/40 (20/s)\x1b[K',
      '\r\x1b[K',
    ]);
  });
});
