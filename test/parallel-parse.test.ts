import { expect, test } from 'vitest';
import { type ParseJob, parseAll } from '../src/site/parallel-parse';

test('texts are read as they are parsed, not all first; a job that reading settles is counted and not parsed', () => {
  let read = 0;
  let parsedCount = 0;
  let settled = 0;
  let mostHeld = 0;
  const progress: number[] = [];
  const jobs: ParseJob[] = Array.from({ length: 400 }, (_, i) => ({
    text: () => {
      read++;
      if (i % 10 === 0) {
        settled++;
        return undefined;
      }
      mostHeld = Math.max(mostHeld, read - settled - parsedCount);
      return `# Page ${i}\n\n${'text '.repeat(2000)}\n`;
    },
    done: () => {
      parsedCount++;
    },
  }));
  parseAll(
    jobs,
    () => ({}),
    (parsed) => progress.push(parsed),
  );
  expect(read).toBe(400);
  expect(parsedCount).toBe(360);
  expect(progress.at(-1)).toBe(400);
  // 10 KB texts: the first read stops past 256 KB (27 texts), each later batch at 64 KB (7): never more held at once.
  expect(mostHeld).toBe(27);
});
