import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `word`, if it is close enough to be a plausible typo. With no
 * `maxDistance`, close enough is `isNear`; with one, an edit distance of at most that (Infinity: any).
 * Of candidates equally close, the first. A plain scan: for short lists (schema keys, language codes);
 * for long ones, or many words against one list, use a `SuggestionIndex`, which gives the same answer.
 */
export function didYouMean(word: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const lower = word.toLowerCase();
  const limit = maxDistance ?? nearReach(word);
  const near = maxDistance === undefined ? nearTo(word) : undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word || (near && !near(candidate))) continue;
    const d = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** How far a candidate may be from a word to be a plausible typo of it: a third of its length, at least 1. */
export function defaultMaxDistance(word: string): number {
  return Math.max(1, Math.floor(word.length / 3));
}

/**
 * Whether `candidate` is near enough to `word` to be what its writer meant. Both are read as words
 * (runs of letters and digits; what separates them, and case, do not count, and `%24` is the `$` it
 * stands for); the words they have in common, in order, are set aside, and each run of words between
 * them that differs must be a slip, judged on its own length rather than the whole name's:
 * - a typo: within a third of the letters of the shorter side (at least 1), a transposition counting
 *   as one edit (`quickstrat`, `cli/overveiw`, `/v1/analytcs/visitors`);
 * - another form of one word, one beginning with the other (`get-started` for `getting-started`);
 * - a word more or less (with any words of digits): between common words (`navigation-languages` for
 *   `navigation-global-languages`, a heading renamed; `/v6/guides/intro` for `/guides/intro`), or at an
 *   end of a name without a `/` when what is kept is twice as long (`#1-event-ingestion`).
 * So two pages of one folder that differ by their last word are not near (`/v1/analytics/visitors`,
 * `/v1/analytics/assistant`), nor `user.deleted` and `user.created`, nor `overview` and `overview-advanced`.
 * test/suggest-threshold.test.ts holds it to real pairs from the corpus.
 */
export function isNear(word: string, candidate: string): boolean {
  return nearTo(word)(candidate);
}

/** `isNear(word, candidate)` for one word and many candidates: the word read once. */
function nearTo(word: string): (candidate: string) => boolean {
  const x = wordsOf(word);
  const letters = x.reduce((sum, w) => sum + w.length, 0);
  const wordPath = word.includes('/');
  return (candidate) => {
    const y = wordsOf(candidate);
    // Names of punctuation only (`*`, `-`): a typo of the whole.
    if (x.length === 0 && y.length === 0)
      return transpositionDistance(word.toLowerCase(), candidate.toLowerCase()) <= defaultMaxDistance(word);
    const paths = wordPath || candidate.includes('/');
    return differingRuns(x, y).every((hunk) => {
      const a = hunk.a.join('');
      const b = hunk.b.join('');
      if (a === b || otherForm(a, b)) return true;
      const shorter = a.length <= b.length ? a : b;
      if (shorter !== '' && transpositionDistance(a, b) <= defaultMaxDistance(shorter)) return true;
      const added = hunk.a.length === 0 ? hunk.b : hunk.b.length === 0 ? hunk.a : undefined;
      if (!added || added.filter((w) => /\p{L}/u.test(w)).length > 1) return false;
      if (hunk.inside) return true;
      return !paths && letters - a.length >= 2 * added.join('').length;
    });
  };
}

/** What a search for `isNear` candidates of `word` leaves out: those not near, and those `skip` does. */
export function farFrom(word: string, skip?: (candidate: string) => boolean): (candidate: string) => boolean {
  const near = nearTo(word);
  return (candidate) => !near(candidate) || (skip?.(candidate) ?? false);
}

/**
 * How far (in plain edits) an `isNear` candidate can be from a word: a third of its length, and at
 * least 2, where one transposition (two plain edits) is.
 */
export function nearReach(word: string): number {
  return Math.max(2, defaultMaxDistance(word));
}

/** The words of a name, lower case, its %-escapes read as what they stand for. */
function wordsOf(name: string): string[] {
  let text = name.toLowerCase();
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // not escapes: the text as it is
    }
  }
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A run of words where two names differ, and whether words they share come before and after it. */
interface Hunk {
  a: string[];
  b: string[];
  inside: boolean;
}

/** The runs where two lists of words differ, around their longest common subsequence. */
function differingRuns(x: readonly string[], y: readonly string[]): Hunk[] {
  // common[i][j]: the longest common subsequence of x from i and y from j.
  const common = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      common[i][j] = x[i] === y[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const hunks: Hunk[] = [];
  let open: Hunk | undefined;
  let matched = false;
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      if (open) hunks.push({ ...open, inside: matched });
      open = undefined;
      matched = true;
      i++;
      j++;
      continue;
    }
    open ??= { a: [], b: [], inside: false };
    // A word for a word where that keeps the longest alignment: a typo then meets the word it is of.
    if (i < x.length && j < y.length && common[i + 1][j + 1] === common[i][j]) {
      open.a.push(x[i++]);
      open.b.push(y[j++]);
    } else if (j >= y.length || (i < x.length && common[i + 1][j] >= common[i][j + 1])) open.a.push(x[i++]);
    else open.b.push(y[j++]);
  }
  if (open) hunks.push(open);
  return hunks;
}

const oneWord = /^\p{L}{3,}$/u;

/** Two words of which one begins with the other, the shorter of 3 letters at least: `get`, `getting`. */
function otherForm(a: string, b: string): boolean {
  return oneWord.test(a) && oneWord.test(b) && (a.startsWith(b) || b.startsWith(a));
}

/** Edit distance counting a transposition of adjacent characters as one edit (optimal string alignment). */
function transpositionDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let cell = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cell = Math.min(cell, before[j - 2] + 1);
      row.push(cell);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** The candidates of a did-you-mean as a list: none for undefined or an empty string (a message's `near ? …`). */
export function nearCandidates(near: string | readonly string[] | undefined): readonly string[] {
  return typeof near === 'string' ? (near ? [near] : []) : (near ?? []);
}

/** The end of a message that offers candidates: `; did you mean "X"?` (`"X" or "Y"` for several), '' for none. */
export function didYouMeanHint(near: string | readonly string[] | undefined): string {
  const candidates = nearCandidates(near);
  return candidates.length ? `; did you mean ${candidates.map((c) => `"${c}"`).join(' or ')}?` : '';
}

/** A did-you-mean answer: the candidate, its place in the list, and its edit distance (0: the same ignoring case). */
export interface Nearest {
  candidate: string;
  index: number;
  distance: number;
}

/**
 * `didYouMean` over one list of candidates for many words, without comparing each word with every
 * candidate. Built once (a sort), it keeps the candidates' distinct lower-case spellings in order,
 * with how long a prefix each shares with the one before: a trie laid flat, so that candidates with
 * a common prefix (the pages of one folder) share the work of comparing it.
 *
 * A search walks that trie with one row of the edit-distance table per character, and leaves a
 * branch as soon as every cell of its row exceeds the radius: nothing below it can come within it.
 * The radius widens from 1 to the limit and the search stops at the first radius with a candidate,
 * which is the nearest (the first of the nearest, as `didYouMean` picks). A word near something is
 * thus answered from the few branches near it; a word near nothing explores the branches within
 * the limit of its prefixes, never the whole list when the list has any structure.
 */
export class SuggestionIndex {
  /** Distinct lower-case spellings, sorted; for each, the first candidate spelt so and the prefix it shares with the previous one. */
  private readonly sorted: string[] = [];
  private readonly firstIndex: number[] = [];
  private readonly shared: number[] = [];
  private readonly byLower = new Map<string, number[]>();
  private readonly longest: number;
  /** The sorted spellings' characters, end to end, and where each starts (one more entry: the end). */
  private readonly codes: Uint16Array;
  private readonly starts: Int32Array;
  /** The search's table, kept from one search to the next. */
  private rows = new Int32Array(0);

  constructor(readonly candidates: readonly string[]) {
    candidates.forEach((candidate, index) => {
      const lower = candidate.toLowerCase();
      const same = this.byLower.get(lower);
      if (same) same.push(index);
      else this.byLower.set(lower, [index]);
    });
    this.sorted = [...this.byLower.keys()].sort();
    let longest = 0;
    this.sorted.forEach((text, i) => {
      this.firstIndex.push(this.byLower.get(text)![0]);
      const previous = i > 0 ? this.sorted[i - 1] : '';
      let common = 0;
      while (
        common < text.length &&
        common < previous.length &&
        text.charCodeAt(common) === previous.charCodeAt(common)
      )
        common++;
      this.shared.push(common);
      longest = Math.max(longest, text.length);
    });
    this.longest = longest;
    this.starts = new Int32Array(this.sorted.length + 1);
    let total = 0;
    this.sorted.forEach((text, i) => {
      this.starts[i] = total;
      total += text.length;
    });
    this.starts[this.sorted.length] = total;
    this.codes = new Uint16Array(total);
    this.sorted.forEach((text, i) => {
      for (let c = 0; c < text.length; c++) this.codes[this.starts[i] + c] = text.charCodeAt(c);
    });
  }

  /** The same answer as `didYouMean(word, candidates, maxDistance)`. */
  suggest(word: string, maxDistance?: number): string | undefined {
    return this.nearest(word, maxDistance)?.candidate;
  }

  /**
   * The nearest candidate within `maxDistance` (default: the nearest `isNear` one), the first of equals;
   * none that `skip` rules out (the page a link is on, where a did-you-mean would send the reader nowhere new).
   */
  nearest(word: string, maxDistance?: number, skip?: (candidate: string) => boolean): Nearest | undefined {
    if (maxDistance === undefined) return this.nearest(word, nearReach(word), farFrom(word, skip));
    const lower = word.toLowerCase();
    // No candidate is further than the longer of the two: a wider radius finds nothing more.
    const limit = Math.min(Math.floor(maxDistance), Math.max(this.longest, lower.length));
    if (limit < 0) return undefined;
    for (const index of this.byLower.get(lower) ?? []) {
      const candidate = this.candidates[index];
      if (candidate !== word && !skip?.(candidate)) return { candidate, index, distance: 0 };
    }
    // A typo is answered by a narrow search; a word near nothing is looked at once past that, not once per radius.
    const narrow = Math.min(limit, 2);
    for (let radius = 1; radius <= narrow; radius++) {
      const found = this.nearestOf(this.spellingsWithin(lower, radius, radius), skip);
      if (found) return found;
    }
    return narrow < limit ? this.nearestOf(this.spellingsWithin(lower, narrow + 1, limit), skip) : undefined;
  }

  /**
   * Of spellings found within a search (their place in `sorted`, by distance), the first candidate
   * that `skip` leaves at the least distance: the nearest.
   */
  private nearestOf(found: { spelling: number; distance: number }[], skip?: (candidate: string) => boolean) {
    found.sort((a, b) => a.distance - b.distance);
    let best: Nearest | undefined;
    for (const { spelling, distance } of found) {
      if (best && distance > best.distance) break;
      const index = skip ? this.firstKept(this.sorted[spelling], skip) : this.firstIndex[spelling];
      if (index >= 0 && (!best || index < best.index)) best = { candidate: this.candidates[index], index, distance };
    }
    return best;
  }

  /** The first candidate spelt `lower` (ignoring case) that `skip` leaves, by its place in the list; -1 for none. */
  private firstKept(lower: string, skip: (candidate: string) => boolean): number {
    return this.byLower.get(lower)?.find((index) => !skip(this.candidates[index])) ?? -1;
  }

  /** The spellings at `from` to `radius` edits from the word (by their place in `sorted`), with their distance. */
  private spellingsWithin(word: string, from: number, radius: number): { spelling: number; distance: number }[] {
    const m = word.length;
    const width = m + 1;
    const depthCap = Math.min(this.longest, m + radius); // deeper, every cell exceeds the radius
    const wordCodes = new Uint16Array(m);
    for (let i = 0; i < m; i++) wordCodes[i] = word.charCodeAt(i);
    // rows[d * width + i]: edit distance between the first d characters of the branch and of the word.
    if (this.rows.length < (depthCap + 1) * width) this.rows = new Int32Array((depthCap + 1) * width * 2);
    const rows = this.rows;
    for (let i = 0; i <= m; i++) rows[i] = i;
    const far = radius + 1;
    const found: { spelling: number; distance: number }[] = [];
    let valid = 0; // rows 0..valid hold the prefix the previous spelling shares with the current
    const { shared, codes, starts } = this;
    const count = shared.length;
    for (let j = 0; j < count; j++) {
      const start = starts[j];
      const length = starts[j + 1] - start;
      let depth = Math.min(shared[j], valid);
      let pruned = false;
      while (depth < length) {
        if (depth >= depthCap) {
          pruned = true;
          break;
        }
        const code = codes[start + depth];
        const above = depth * width;
        const row = above + width;
        // Only cells within `radius` of the diagonal can be within it (Ukkonen's band); the cells
        // just outside it stand for "too far" to the next row.
        const lo = Math.max(depth + 1 - radius, 1);
        const hi = Math.min(depth + 1 + radius, m);
        let left = lo === 1 ? depth + 1 : far;
        rows[row + lo - 1] = left;
        if (hi < m) rows[row + hi + 1] = far;
        let least = left;
        for (let i = lo; i <= hi; i++) {
          let cell = rows[above + i - 1] + (wordCodes[i - 1] === code ? 0 : 1);
          const up = rows[above + i] + 1;
          if (up < cell) cell = up;
          if (left + 1 < cell) cell = left + 1;
          rows[row + i] = cell;
          left = cell;
          if (cell < least) least = cell;
        }
        depth++;
        if (least > radius) {
          pruned = true;
          break;
        }
      }
      if (pruned) {
        // Every following spelling that shares this branch's prefix is as far: skip them.
        while (j + 1 < count && shared[j + 1] >= depth) j++;
        valid = depth - 1;
        continue;
      }
      valid = depth;
      if (depth - m > radius || m - depth > radius) continue; // outside the band: too far
      const distance = rows[depth * width + m];
      // Nearer ones were looked at by the searches before, and ruled out (0: the word itself).
      if (distance >= from && distance <= radius) found.push({ spelling: j, distance });
    }
    return found;
  }
}

/** How many answers `rememberedAnswer` keeps in one map before it starts over. */
const answersLimit = 100_000;

/**
 * The answer to a question asked of an index before, else `ask()`'s, kept in `answers`: the language
 * server lints docs.json on every keystroke, and a site with many broken entries asks the same questions each time.
 */
export function rememberedAnswer<T>(answers: Map<string, T>, question: string, ask: () => T): T {
  if (answers.has(question)) return answers.get(question) as T;
  if (answers.size >= answersLimit) answers.clear();
  const answer = ask();
  answers.set(question, answer);
  return answer;
}
