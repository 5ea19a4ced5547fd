import { afterChange, type Change, type PageChanges, pageChangesUnion, unchangedPages } from './page-changes';

/**
 * Leading and trailing debounce: an edit after a quiet spell is linted at once (on the next tick,
 * after the other notifications already read); edits during the next `debounceMs` are linted once, at its end.
 */
export const debounceMs = 200;
/**
 * How long typing in pages must pause before the rules that read the pages run over every page: a
 * keystroke checks the page typed in, and the other pages' links into it and imports of it (slow on a
 * large site) wait for this.
 */
export const settleMs = 1000;
/** When a site's own file watcher starts after its first lint: once that lint's diagnostics are written (setting it up blocks). */
export const watchAfterMs = 20;

/** The work the scheduler has run for one site (./workspace.ts has ./site-linter.ts and ./site-watcher.ts do it; tests fake it). `L` is a lint's outcome. */
export interface SiteJobs<L> {
  /** Lints docs.json without the rules that read the pages and publishes it; 'gone' when docs.json is gone. Throws if the lint fails. */
  lintDocs(previous: L | undefined): L | 'gone';
  /** Parses the site's pages in the background; resolves when they are parsed, or when `stop` says to stop. */
  parsePages(stop: () => boolean): Promise<void>;
  /**
   * Runs the rules that read the pages over a lint's model, for what changed since they last ran, and
   * publishes; says whether that was over the pages typed in only (the others then wait for typing to
   * pause), or that `superseded` stopped it, with nothing kept or published, between two of its slices.
   */
  checkPages(
    lint: L,
    since: PageChanges,
    superseded: () => boolean,
  ): Promise<'typed pages' | 'every page' | 'superseded'>;
  /** Starts the site's own file watcher; says whether the site changed since `since` (ms), when the first lint began. */
  startWatcher(since: number): 'changed' | 'unchanged';
  failed(error: unknown): void;
}

/** The debounce of edits: no timer; a timer, after which an edit it holds back is linted; or one with nothing held back. */
export type Debounce =
  | { kind: 'quiet' }
  | { kind: 'due'; timer: NodeJS.Timeout }
  | { kind: 'holding'; timer: NodeJS.Timeout };

/** Where the last lint of the site is: the rules that read the pages still to run over it, running, waiting for typing to pause before they run over every page, or run. */
export type LintState<L> =
  | { kind: 'unlinted' }
  | { kind: 'pages pending'; lint: L }
  | { kind: 'pages running'; lint: L; run: Promise<void> }
  | { kind: 'settling'; lint: L; timer: NodeJS.Timeout }
  | { kind: 'linted'; lint: L }
  | { kind: 'gone' };

/** The site's own file watcher: not set up, to be set up (with the time the first lint began), or up. */
export type Watching = { kind: 'none' } | { kind: 'starting'; since: number } | { kind: 'up' };

export interface SchedulerState<L> {
  debounce: Debounce;
  lint: LintState<L>;
  watching: Watching;
  /** What changed since the rules that read the pages last ran (./page-changes.ts). */
  pagesSince: PageChanges;
  /** How many changes were noted so far: a run over the pages tells by it that the site changed under it. */
  changes: number;
}

/**
 * When the lints of one site run: docs.json's lint at once or after the debounce, the rules that read
 * the pages after its diagnostics are out (once the site's own watcher is up, when it has one), over
 * the pages typed in while typing goes on and over every page once it pauses; a run over the pages
 * that a newer lint made stale stops after the pages' parse, or between two slices of a run over
 * every page, and leaves its changes to the newer run; one the site changed under without a lint
 * stops there too, and runs again.
 */
export class Scheduler<L> {
  private current: SchedulerState<L> = {
    debounce: { kind: 'quiet' },
    lint: { kind: 'unlinted' },
    watching: { kind: 'none' },
    pagesSince: unchangedPages,
    changes: 0,
  };

  constructor(
    private readonly jobs: SiteJobs<L>,
    /** Whether the client watches files for the server (then the site needs no watcher of its own). */
    private readonly clientWatchesFiles: () => boolean,
  ) {}

  get state(): Readonly<SchedulerState<L>> {
    return this.current;
  }

  /** The last lint: none before the first, after one that failed, or once docs.json is gone. */
  get lastLint(): L | undefined {
    return lintOf(this.current.lint);
  }

  /** Notes a change for the next run of the rules that read the pages (it does not lint). */
  changed(change: Change): void {
    this.current.pagesSince = afterChange(this.current.pagesSince, change);
    this.current.changes++;
  }

  /** Lints docs.json now; the rules that read the pages run after, once the site's own watcher is up if it is to have one. */
  lintNow(): void {
    const state = this.current;
    if (state.lint.kind === 'gone') return;
    if (state.debounce.kind === 'due') state.debounce = { kind: 'holding', timer: state.debounce.timer };
    const startedAt = Date.now();
    // The previous lint is handed over (its model may be patched in place), and any run over its pages is stale.
    const previous = this.dropLint();
    let lint: L | 'gone';
    try {
      lint = this.jobs.lintDocs(previous);
    } catch (error) {
      this.jobs.failed(error);
      return;
    }
    if (lint === 'gone') {
      state.lint = { kind: 'gone' };
      this.dispose();
      return;
    }
    state.lint = { kind: 'pages pending', lint };
    if (this.clientWatchesFiles() || state.watching.kind === 'up') setImmediate(() => void this.runPageRules());
    else if (state.watching.kind === 'none') {
      state.watching = { kind: 'starting', since: startedAt };
      setTimeout(() => this.startWatcher(), watchAfterMs);
    }
  }

  /** Lints after an edit, debounced. */
  schedule(): void {
    const { debounce } = this.current;
    if (this.current.lint.kind === 'gone') return;
    this.current.debounce = {
      kind: 'due',
      timer: debounce.kind === 'quiet' ? setTimeout(() => this.debounceEnded(true), 0) : debounce.timer,
    };
  }

  /**
   * Runs the rules that read the pages over the last lint, unless they ran or are running over it;
   * resolves when their findings are in (at once when there is nothing to run).
   */
  runPageRules(): Promise<void> {
    const state = this.current.lint;
    if (state.kind === 'pages running') return state.run;
    if (state.kind !== 'pages pending') return Promise.resolve();
    const run = this.checkPages(state.lint);
    this.current.lint = { kind: 'pages running', lint: state.lint, run };
    return run;
  }

  /**
   * Resolves when the rules that read the pages have run over the last lint: for a request that needs
   * their findings. The site's own watcher is set up first, if it is to have one and is not up yet,
   * so that the pages are read once. A run that a newer lint, or an edit due to be linted, stopped
   * resolves too: then the newer lint's run is waited for. Gives the lint whose pages were checked.
   */
  async pagesChecked(): Promise<L | undefined> {
    this.startWatcher();
    for (;;) {
      // An edit whose lint is due is linted first: it stops the run over the pages (runPageRules).
      if (this.current.debounce.kind === 'due') this.lintNow();
      const lint = this.lastLint;
      await this.runPageRules();
      const due = this.current.debounce.kind === 'due';
      if (this.current.lint.kind === 'gone' || (this.lastLint === lint && !due)) return this.lastLint;
    }
  }

  /** Stops the timers (the server shuts down, or docs.json is gone). */
  dispose(): void {
    const { debounce, lint } = this.current;
    if (debounce.kind !== 'quiet') clearTimeout(debounce.timer);
    this.current.debounce = { kind: 'quiet' };
    if (lint.kind === 'settling') {
      clearTimeout(lint.timer);
      this.current.lint = { kind: 'linted', lint: lint.lint };
    }
  }

  private dropLint(): L | undefined {
    const state = this.current.lint;
    if (state.kind === 'settling') clearTimeout(state.timer);
    this.current.lint = { kind: 'unlinted' };
    return lintOf(state);
  }

  private debounceEnded(leading: boolean): void {
    const due = this.current.debounce.kind === 'due';
    if (due) this.lintNow();
    if (this.current.lint.kind === 'gone') return;
    this.current.debounce =
      leading || due
        ? { kind: 'holding', timer: setTimeout(() => this.debounceEnded(false), debounceMs) }
        : { kind: 'quiet' };
  }

  private async checkPages(lint: L): Promise<void> {
    // A run the site changed under without a lint (a page typed while lints wait for a save) goes again over the site as it is now.
    for (;;) {
      const ran = await this.checkPagesOnce(lint);
      const due = this.current.debounce.kind === 'due';
      if (ran !== 'superseded' || this.lastLint !== lint || due) return;
    }
  }

  /** One run of the rules that read the pages over a lint; 'superseded' when it stopped, leaving its changes to the next. */
  private async checkPagesOnce(lint: L): Promise<'ran' | 'superseded'> {
    const { pagesSince: since, changes } = this.current;
    this.current.pagesSince = unchangedPages;
    // A newer lint, an edit that will bring one (the debounce is due), or any change of the site since
    // the run began: a run over every page stops between two slices, so that a keystroke does not wait
    // for it, and no run gives findings of a site half as it was.
    const superseded = () =>
      this.lastLint !== lint || this.current.debounce.kind === 'due' || this.current.changes !== changes;
    try {
      // The pages' parses first, in the background, while the server answers.
      await this.jobs.parsePages(superseded);
      const ran = superseded() ? 'superseded' : await this.jobs.checkPages(lint, since, superseded);
      if (ran === 'superseded') {
        this.current.pagesSince = pageChangesUnion(since, this.current.pagesSince); // for the next run
        return 'superseded';
      }
      this.current.lint =
        ran === 'typed pages'
          ? { kind: 'settling', lint, timer: setTimeout(() => this.settle(), settleMs) }
          : { kind: 'linted', lint };
    } catch (error) {
      this.jobs.failed(error);
      if (this.lastLint === lint && this.current.debounce.kind !== 'due') this.current.lint = { kind: 'linted', lint };
    }
    return 'ran';
  }

  /** Typing paused: the rules that read the pages run over every page. */
  private settle(): void {
    const state = this.current.lint;
    if (state.kind !== 'settling') return;
    this.changed({ kind: 'other' });
    this.current.lint = { kind: 'pages pending', lint: state.lint };
    void this.runPageRules();
  }

  private startWatcher(): void {
    const { watching, lint } = this.current;
    if (watching.kind !== 'starting' || lint.kind === 'gone') return;
    this.current.watching = { kind: 'up' };
    if (this.jobs.startWatcher(watching.since) === 'changed') {
      this.changed({ kind: 'other' });
      this.schedule();
    } else {
      void this.runPageRules();
    }
  }
}

function lintOf<L>(state: LintState<L>): L | undefined {
  return state.kind === 'unlinted' || state.kind === 'gone' ? undefined : state.lint;
}
