import { expect, test } from 'vitest';
import { type ParseJob, parseAll, parseAllInBackground } from '../src/site/parallel-parse';

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

test('in the background, batches are parsed between turns of the event loop, and a stop leaves the jobs not yet read', async () => {
  const text = `# Page\n\n${'text '.repeat(2000)}\n`;
  let read = 0;
  let done = 0;
  let turns = 0;
  const jobs: ParseJob[] = Array.from({ length: 100 }, () => ({
    text: () => {
      read++;
      return text;
    },
    done: () => {
      done++;
    },
  }));
  // A turn of the event loop counted at each of its check phases, as setImmediate runs: a timer
  // would count only those that outlast its millisecond.
  let ticking = true;
  const tick = () => {
    if (!ticking) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await parseAllInBackground(jobs, () => ({}));
    expect([read, done]).toEqual([100, 100]);
    expect(turns).toBeGreaterThan(0);
    // Stopped once 40 are done: the batch that reached 40 is the last (the first read takes 27, each later 7).
    read = done = 0;
    await parseAllInBackground(
      jobs,
      () => ({}),
      () => done >= 40,
    );
    expect([read, done]).toEqual([41, 41]);
  } finally {
    ticking = false;
  }
});
