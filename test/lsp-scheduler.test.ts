import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageChanges } from '../src/lsp/page-changes';
import { debounceMs, Scheduler, type SiteJobs, settleMs, watchAfterMs } from '../src/lsp/scheduler';

/**
 * The scheduler alone, with its jobs faked and a fake clock: what runs, in which order, at which
 * time (ms since the test began), and with which changes since the pages were last checked.
 */

const since = (changes: PageChanges) =>
  changes.kind === 'typed' ? `typed ${[...changes.files].sort().join(' ')}` : changes.kind;

/** A parse of the pages that ends when the test says so. */
interface HeldParse {
  end: () => void;
  stop: () => boolean;
}

function fakeJobs(options: { watcher?: 'changed' | 'unchanged'; holdParses?: boolean; holdSlices?: boolean } = {}) {
  const log: string[] = [];
  const parses: HeldParse[] = [];
  /** The ends of the slices of runs over every page held (holdSlices), in the order they began. */
  const slices: (() => void)[] = [];
  let lints = 0;
  let gone = false;
  let failing = false;
  const jobs: SiteJobs<string> = {
    lintDocs: (previous) => {
      if (gone) return 'gone';
      if (failing) throw new Error('no lint');
      const lint = `L${++lints}`;
      log.push(`${Date.now()} lint ${lint} after ${previous ?? 'none'}`);
      return lint;
    },
    parsePages: (stop) =>
      options.holdParses ? new Promise<void>((end) => void parses.push({ end, stop })) : Promise.resolve(),
    checkPages: async (lint, changes, superseded) => {
      log.push(`pages of ${lint}, ${since(changes)}`);
      if (options.holdSlices && changes.kind !== 'typed') {
        // A run over every page in two slices, each ended by the test, that stops between them once superseded.
        for (const slice of [1, 2]) {
          await new Promise<void>((end) => void slices.push(end));
          if (superseded()) {
            log.push(`pages of ${lint} superseded after slice ${slice}`);
            return 'superseded';
          }
        }
        log.push(`published pages of ${lint}`);
      }
      return changes.kind === 'typed' ? 'typed pages' : 'every page';
    },
    startWatcher: (firstLint) => {
      log.push(`${Date.now()} watcher since ${firstLint}`);
      return options.watcher ?? 'unchanged';
    },
    failed: (error) => void log.push(`${Date.now()} failed: ${(error as Error).message}`),
  };
  return {
    jobs,
    log,
    parses,
    slices,
    goAway: () => void (gone = true),
    fail: () => void (failing = true),
  };
}

/** A scheduler over faked jobs; `clientWatchesFiles` false gives the site a watcher of its own. */
function schedulerOver(options: Parameters<typeof fakeJobs>[0] = {}, clientWatchesFiles = true) {
  const fake = fakeJobs(options);
  return { ...fake, scheduler: new Scheduler(fake.jobs, () => clientWatchesFiles) };
}

/**
 * Lets the fake clock move by `ms`, running the timers and promises due meanwhile. (It runs a timer
 * of 0 ms, or a setImmediate, that a timer sets 1 ms later: the server's "next tick" after a timer.)
 */
const pass = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const lints = (log: string[]) => log.filter((line) => line.includes(' lint '));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler of a site whose client watches files', () => {
  it('lints docs.json at once, checks every page on the next tick, and hands each lint the previous one', async () => {
    const { scheduler, log } = schedulerOver();
    scheduler.lintNow();
    expect(log).toEqual(['0 lint L1 after none']);
    expect(scheduler.state.lint).toEqual({ kind: 'pages pending', lint: 'L1' });
    await pass();
    expect(log).toEqual(['0 lint L1 after none', 'pages of L1, unchanged']);
    expect(scheduler.state.lint).toEqual({ kind: 'linted', lint: 'L1' });
    scheduler.lintNow();
    await pass();
    expect(log.slice(2)).toEqual(['0 lint L2 after L1', 'pages of L2, unchanged']);
    expect(scheduler.state.watching).toEqual({ kind: 'none' });
  });

  it('lints the first edit after a quiet spell on the next tick, and the edits of the next 200 ms once, at its end', async () => {
    const { scheduler, log } = schedulerOver();
    scheduler.schedule();
    scheduler.schedule();
    expect(scheduler.state.debounce.kind).toBe('due');
    await pass();
    expect(lints(log)).toEqual(['0 lint L1 after none']);
    expect(scheduler.state.debounce.kind).toBe('holding');
    await pass(50);
    scheduler.schedule();
    await pass(100);
    scheduler.schedule();
    await pass(debounceMs - 151);
    expect(lints(log)).toHaveLength(1);
    await pass(1);
    expect(lints(log).slice(1)).toEqual([`${debounceMs} lint L2 after L1`]);
    // A spell with no edit ends the holding back: the next edit is linted at once again.
    await pass(debounceMs);
    expect(scheduler.state.debounce).toEqual({ kind: 'quiet' });
    expect(lints(log)).toHaveLength(2);
    scheduler.schedule();
    await pass(1);
    expect(lints(log).slice(2)).toEqual([`${2 * debounceMs} lint L3 after L2`]);
    expect(log.filter((line) => line.startsWith('pages'))).toEqual([
      'pages of L1, unchanged',
      'pages of L2, unchanged',
      'pages of L3, unchanged',
    ]);
  });

  it('does not lint an edit again that a lint meanwhile (an open, a request) took in', async () => {
    const { scheduler, log } = schedulerOver();
    scheduler.schedule();
    scheduler.lintNow();
    expect(scheduler.state.debounce.kind).toBe('holding');
    await pass(2 * debounceMs);
    expect(lints(log)).toEqual(['0 lint L1 after none']);
    expect(scheduler.state.debounce).toEqual({ kind: 'quiet' });
  });

  it('checks the pages typed in first, and every page once typing pauses for settleMs', async () => {
    const { scheduler, log } = schedulerOver();
    scheduler.lintNow();
    await pass();
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    scheduler.changed({ kind: 'typed', file: '/site/b.mdx' });
    scheduler.lintNow();
    await pass();
    expect(log.slice(2)).toEqual(['0 lint L2 after L1', 'pages of L2, typed /site/a.mdx /site/b.mdx']);
    expect(scheduler.state.lint.kind).toBe('settling');
    // More typing before the pause: the wait starts over from its lint.
    await pass(settleMs - 1);
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    scheduler.lintNow();
    await pass(settleMs - 1);
    expect(log.slice(4)).toEqual([`${settleMs - 1} lint L3 after L2`, `pages of L3, typed /site/a.mdx`]);
    await pass(1);
    expect(log.slice(6)).toEqual([`pages of L3, other`]);
    expect(scheduler.state.lint).toEqual({ kind: 'linted', lint: 'L3' });
  });

  it('leaves a run over the pages that a newer lint made stale after their parse, and its changes to the next run', async () => {
    const { scheduler, log, parses } = schedulerOver({ holdParses: true });
    scheduler.lintNow();
    await pass();
    parses[0].end();
    await pass();
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    scheduler.lintNow();
    await pass();
    const stale = scheduler.runPageRules();
    expect(scheduler.state.lint.kind).toBe('pages running');
    scheduler.changed({ kind: 'typed', file: '/site/b.mdx' });
    scheduler.lintNow();
    await pass();
    expect(parses).toHaveLength(3);
    expect(parses[1].stop()).toBe(true);
    expect(parses[2].stop()).toBe(false);
    parses[1].end();
    await stale;
    parses[2].end();
    await pass();
    // The stale run checked nothing; the newer one checked what changed since it began, and the stale run's changes wait for the next.
    expect(log.slice(2)).toEqual(['0 lint L2 after L1', '0 lint L3 after L2', 'pages of L3, typed /site/b.mdx']);
    expect(scheduler.state.pagesSince).toEqual({ kind: 'typed', files: new Set(['/site/a.mdx']) });
    await pass(settleMs);
    parses[3].end();
    await pass();
    expect(log.slice(5)).toEqual([`pages of L3, other`]);
  });

  it('abandons a run over every page that a newer lint made stale between two of its slices, publishing nothing of it', async () => {
    const { scheduler, log, slices } = schedulerOver({ holdSlices: true });
    scheduler.changed({ kind: 'other' });
    scheduler.lintNow();
    await pass();
    expect(slices).toHaveLength(1);
    // A keystroke in docs.json while the first slice runs: its lint comes before the slice yields.
    scheduler.changed({ kind: 'docs' });
    scheduler.lintNow();
    slices[0]();
    await pass();
    // The stale run stops at once; the newer one checks what either was to check.
    expect(log).toEqual([
      '0 lint L1 after none',
      'pages of L1, other',
      '0 lint L2 after L1',
      'pages of L1 superseded after slice 1',
      'pages of L2, other',
    ]);
    expect(scheduler.state.lint.kind).toBe('pages running');
    slices[1]();
    await pass();
    slices[2]();
    await pass();
    expect(log.slice(5)).toEqual(['published pages of L2']);
    expect(scheduler.state.lint).toEqual({ kind: 'linted', lint: 'L2' });
    expect(scheduler.state.pagesSince).toEqual({ kind: 'unchanged' });
  });

  it('stops a run over every page between two slices for an edit whose lint is due, before that lint comes', async () => {
    const { scheduler, log, slices } = schedulerOver({ holdSlices: true });
    scheduler.changed({ kind: 'other' });
    scheduler.lintNow();
    await pass();
    // A keystroke while the first slice runs: its lint is due, on the debounce's timer.
    scheduler.changed({ kind: 'docs' });
    scheduler.schedule();
    slices[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['0 lint L1 after none', 'pages of L1, other', 'pages of L1 superseded after slice 1']);
    await pass(1); // the debounce's timer (L2), then the run of L2 after its diagnostics
    expect(log.slice(3)).toEqual(['0 lint L2 after L1', 'pages of L2, other']);
  });

  it('runs again over the site as it is now when it changes under a run with no lint to come', async () => {
    const { scheduler, log, slices } = schedulerOver({ holdSlices: true });
    scheduler.changed({ kind: 'other' });
    scheduler.lintNow();
    await pass();
    const checked = scheduler.pagesChecked();
    // A page typed while the first slice runs, the settings linting on save: no lint is due.
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    slices[0]();
    await pass();
    expect(log).toEqual([
      '0 lint L1 after none',
      'pages of L1, other',
      'pages of L1 superseded after slice 1',
      'pages of L1, other',
    ]);
    slices[1]();
    await pass();
    slices[2]();
    await expect(checked).resolves.toBe('L1');
    expect(log.slice(4)).toEqual(['published pages of L1']);
    expect(scheduler.state.lint).toEqual({ kind: 'linted', lint: 'L1' });
    expect(scheduler.state.pagesSince).toEqual({ kind: 'unchanged' });
  });

  it('answers a request that needs the pages once they are checked: the run going on, or a run it starts', async () => {
    const { scheduler, log, parses } = schedulerOver({ holdParses: true });
    scheduler.lintNow();
    const checked = scheduler.pagesChecked();
    expect(scheduler.state.lint.kind).toBe('pages running');
    await pass();
    const again = scheduler.pagesChecked();
    let done = false;
    void checked.then(() => void (done = true));
    await pass();
    expect(done).toBe(false);
    parses[0].end();
    await Promise.all([checked, again]);
    expect(log).toEqual(['0 lint L1 after none', 'pages of L1, unchanged']);
    expect(parses).toHaveLength(1);
    await expect(scheduler.pagesChecked()).resolves.toBe('L1');
  });

  it('answers a request made during a run that a newer lint stops once the newer lint has checked the pages', async () => {
    const { scheduler, log, parses } = schedulerOver({ holdParses: true });
    scheduler.lintNow();
    const checked = scheduler.pagesChecked();
    let done = false;
    void checked.then(() => void (done = true));
    scheduler.lintNow();
    parses[0].end(); // L1's run sees L2 and stops
    await pass();
    expect(done).toBe(false);
    expect(parses).toHaveLength(2);
    parses[1].end();
    await checked;
    expect(log).toEqual(['0 lint L1 after none', '0 lint L2 after L1', 'pages of L2, unchanged']);
  });
});

describe('the scheduler of a site with its own watcher', () => {
  it('sets the watcher up watchAfterMs after the first lint, then checks the pages once; later lints check them at once', async () => {
    const { scheduler, log } = schedulerOver({}, false);
    vi.setSystemTime(5000);
    scheduler.lintNow();
    expect(scheduler.state.watching).toEqual({ kind: 'starting', since: 5000 });
    await pass(watchAfterMs - 1);
    expect(log).toEqual(['5000 lint L1 after none']);
    await pass(1);
    expect(log.slice(1)).toEqual([`${5000 + watchAfterMs} watcher since 5000`, `pages of L1, unchanged`]);
    expect(scheduler.state.watching).toEqual({ kind: 'up' });
    scheduler.lintNow();
    await pass();
    expect(log.slice(3)).toEqual([`${5000 + watchAfterMs} lint L2 after L1`, `pages of L2, unchanged`]);
  });

  it('lints again, before reading the pages, when the site changed since its first lint began', async () => {
    const { scheduler, log } = schedulerOver({ watcher: 'changed' }, false);
    scheduler.lintNow();
    scheduler.lintNow(); // a second lint before the watcher is up waits for it too
    await pass(watchAfterMs);
    expect(log).toEqual(['0 lint L1 after none', '0 lint L2 after L1', `${watchAfterMs} watcher since 0`]);
    await pass(2);
    expect(log.slice(3)).toEqual([`${watchAfterMs + 1} lint L3 after L2`, 'pages of L3, other']);
  });

  it('sets the watcher up first for a request that needs the pages, and not again when its time comes', async () => {
    const { scheduler, log } = schedulerOver({}, false);
    scheduler.lintNow();
    await scheduler.pagesChecked();
    await pass(watchAfterMs);
    expect(log).toEqual(['0 lint L1 after none', '0 watcher since 0', 'pages of L1, unchanged']);
  });
});

describe('the scheduler when a lint cannot be made', () => {
  it('says why a lint failed, and the next one starts afresh', async () => {
    const fake = schedulerOver();
    const { scheduler } = fake;
    scheduler.lintNow();
    await pass();
    fake.fail();
    scheduler.lintNow();
    expect(scheduler.state.lint).toEqual({ kind: 'unlinted' });
    expect(scheduler.lastLint).toBeUndefined();
    await pass();
    expect(fake.log.slice(2)).toEqual(['0 failed: no lint']);
  });

  it('stops when docs.json is gone: no timer left, and nothing more runs', async () => {
    const fake = schedulerOver();
    const { scheduler } = fake;
    scheduler.lintNow();
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    scheduler.lintNow();
    await pass();
    expect(scheduler.state.lint.kind).toBe('settling');
    scheduler.schedule();
    fake.goAway();
    await pass();
    expect(scheduler.state).toMatchObject({ debounce: { kind: 'quiet' }, lint: { kind: 'gone' } });
    expect(vi.getTimerCount()).toBe(0);
    scheduler.schedule();
    scheduler.lintNow();
    await scheduler.pagesChecked();
    expect(vi.getTimerCount()).toBe(0);
    expect(fake.log).toEqual(['0 lint L1 after none', '0 lint L2 after L1', 'pages of L2, typed /site/a.mdx']);
  });

  it('leaves no timer behind when disposed', async () => {
    const { scheduler } = schedulerOver();
    scheduler.changed({ kind: 'typed', file: '/site/a.mdx' });
    scheduler.lintNow();
    await pass();
    scheduler.schedule();
    expect(vi.getTimerCount()).toBe(2); // the settle, and the debounce
    scheduler.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(scheduler.state).toMatchObject({ debounce: { kind: 'quiet' }, lint: { kind: 'linted', lint: 'L1' } });
  });
});
