import type { ExportKind } from './client';
import type { Join, Landing, ListedPage, ReportSite } from './report-join';

/** The shape `navlint analytics report --format json` writes; docs/analytics.md documents it field by field. */
export interface Report {
  navlintAnalyticsReport: 1;
  /** `origin`: the URL the site's absolute URLs were read against; `originGiven`: from --site-url, else the host most of them name. */
  site: { docsFile: string; origin: string | null; originGiven: boolean };
  /** What the report was made from, per export. */
  inputs: Record<ExportKind, ReportInput>;
  /** An input was partial: an interrupted or bounded export. */
  partial: boolean;
  /** Buckets by their first day; `first` and `last`: the days the report covers (the entries', or --from and --to's). */
  timeline: { unit: 'day' | 'week' | 'month'; buckets: string[]; first?: string; last?: string };
  feedback: FeedbackSection;
  assistant: AssistantSection;
}

export interface ReportInput {
  /** Where the entries came from: the files, or the API's URL. */
  from: string[];
  entries: number;
  partial: boolean;
  /** Entries seen twice (by id), counted once. */
  duplicates: number;
  /** Entries left out because a field the report needs is missing or of another type: field → entries. */
  skipped: Record<string, number>;
  /** Entries counted without a field the report would use: field → entries. */
  incomplete: Record<string, number>;
  /** Why the input stopped early, when it did. */
  stopped?: string;
}

export interface Tally {
  total: number;
  /** `helpful: false`. */
  negative: number;
  /** `helpful: true`. */
  positive: number;
  /** With a comment. */
  comments: number;
  /** `pending` or `in_progress`. */
  open: number;
  byStatus: Record<string, number>;
  bySource: Record<string, number>;
}

export interface FeedbackPageRow extends Tally {
  /** The page's site path (`/guides/intro`) after redirects. */
  path: string;
  kind: 'page' | 'generated' | 'folder' | 'file';
  /** The page's file, or the spec of a generated page, relative to the docs folder. */
  file?: string;
  operation?: string;
  /** Whether the navigation lists it (a page); generated pages are listed. */
  listed: boolean;
  scopes: string[];
  /** Entries whose path reached it through a redirect. */
  viaRedirect: number;
  /** The paths the entries gave, with their counts. */
  paths: Record<string, number>;
  /** Entries per timeline bucket. */
  timeline: number[];
}

export interface FeedbackMissingRow extends Tally {
  /** The path as the entries gave it. */
  path: string;
  /** The redirects it went through before landing nowhere (or on another site). */
  redirects: string[];
  /** Another site it was sent to. */
  external?: string;
  nearest?: string;
}

export interface FeedbackSection extends Tally {
  byLanding: Record<string, number>;
  /** Undated entries are counted everywhere but in the timeline. */
  timeline: { total: number[]; negative: number[] };
  pages: FeedbackPageRow[];
  missing: FeedbackMissingRow[];
}

export interface SourceRow {
  /** The URL or path as the assistant cited it (the first spelling seen). */
  url: string;
  path?: string;
  citations: number;
  conversations: number;
  /** Up to three conversation ids citing it. */
  examples: string[];
  redirects: string[];
  landing: Landing['kind'];
  /** Where it lands: a page's or generated page's site path, and its file. */
  page?: string;
  file?: string;
  nearest?: string;
}

export interface AssistantSection {
  conversations: number;
  answered: number;
  unanswered: number;
  /** Conversations without `resolutionStatus`. */
  unknownResolution: number;
  clarifyingQuestions: number;
  citations: number;
  citationsByLanding: Record<string, number>;
  /** Cited URLs that land nowhere (a 404), most cited first. */
  missingSources: SourceRow[];
  /** Cited URLs that land through a redirect: they work, one hop later. */
  redirectedSources: SourceRow[];
  /** Pages cited, most cited first. */
  citedPages: { path: string; file: string; kind: string; citations: number }[];
  /** Pages the navigation lists or generates. */
  listedPages: number;
  /** Those of them that no conversation cites. */
  /** Page files first, then generated pages, each by path. */
  neverCited: { path: string; file: string; kind: 'page' | 'generated' }[];
  categories: { category: string | null; conversations: number; unanswered: number }[];
  /** Conversations per timeline bucket. */
  timeline: number[];
}

const statuses = ['pending', 'in_progress', 'resolved', 'dismissed'];

const numberFormat = new Intl.NumberFormat('en-US');
/** A count as both renderings write it: 1,234. */
export const formatNumber = (value: number): string => numberFormat.format(value);

function emptyTally(): Tally {
  return { total: 0, negative: 0, positive: 0, comments: 0, open: 0, byStatus: {}, bySource: {} };
}

function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

function addToTally(tally: Tally, entry: FeedbackEntry): void {
  tally.total++;
  if (entry.helpful === false) tally.negative++;
  if (entry.helpful === true) tally.positive++;
  if (entry.comment) tally.comments++;
  if (entry.status === 'pending' || entry.status === 'in_progress') tally.open++;
  bump(tally.byStatus, entry.status);
  bump(tally.bySource, entry.source);
}

/** What the report reads of a feedback entry, checked. */
interface FeedbackEntry {
  path: string;
  day?: string;
  status: string;
  source: string;
  helpful?: boolean;
  comment: boolean;
}

/** What the report reads of a conversation, checked. */
interface ConversationEntry {
  id: string;
  day?: string;
  sources?: string[];
  resolution?: string;
  category: string | null;
  clarifying: boolean;
}

/** The UTC day (YYYY-MM-DD) of an ISO 8601 time, or undefined when it is not one. */
function dayOf(value: unknown): string | undefined {
  // ISO 8601 only, a four-digit year: Date.parse takes "1" or "pending 3" too.
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:[T ]|$)/.test(value)) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const day = new Date(time).toISOString().slice(0, 10);
  return /^\d{4}-/.test(day) ? day : undefined;
}

/**
 * An entry's day. A zero time (Go's 0001-01-01T00:00:00Z: any day before 1970) or a day more than a
 * year from now (9999-12-31) is a date left unset, not one of the timeline, which it would stretch
 * over centuries.
 */
function entryDayOf(value: unknown): string | undefined {
  const day = dayOf(value);
  return day !== undefined && day >= '1970-01-01' && day <= latestEntryDay ? day : undefined;
}
const latestEntryDay = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);

type Check<T> = { entry: T; incomplete: string[] } | { skipped: string };

function readFeedback(raw: Record<string, unknown>): Check<FeedbackEntry> {
  if (typeof raw.path !== 'string' || raw.path.trim() === '') return { skipped: 'path' };
  const incomplete: string[] = [];
  const day = entryDayOf(raw.createdAt);
  if (day === undefined) incomplete.push('createdAt');
  const status = typeof raw.status === 'string' ? raw.status : 'unknown';
  if (!statuses.includes(status)) incomplete.push('status');
  const source = typeof raw.source === 'string' ? raw.source : 'unknown';
  if (source === 'unknown') incomplete.push('source');
  const helpful = typeof raw.helpful === 'boolean' ? raw.helpful : undefined;
  const comment = typeof raw.comment === 'string' && raw.comment.trim() !== '';
  return { entry: { path: raw.path, day, status, source, helpful, comment }, incomplete };
}

function readConversation(raw: Record<string, unknown>): Check<ConversationEntry> {
  if (typeof raw.id !== 'string') return { skipped: 'id' };
  const incomplete: string[] = [];
  const day = entryDayOf(raw.timestamp);
  if (day === undefined) incomplete.push('timestamp');
  let sources: string[] | undefined;
  if (Array.isArray(raw.sources)) {
    sources = raw.sources.flatMap((source) =>
      typeof (source as { url?: unknown })?.url === 'string' ? [(source as { url: string }).url] : [],
    );
    if (sources.length < raw.sources.length) incomplete.push('sources[].url');
  } else incomplete.push('sources');
  const resolution = typeof raw.resolutionStatus === 'string' ? raw.resolutionStatus : undefined;
  if (resolution === undefined) incomplete.push('resolutionStatus');
  const category = typeof raw.queryCategory === 'string' && raw.queryCategory !== '' ? raw.queryCategory : null;
  return {
    entry: { id: raw.id, day, sources, resolution, category, clarifying: raw.responseType === 'clarifying_question' },
    incomplete,
  };
}

/** Feedback and conversations, added one at a time, then a Report: what is kept is the counts by path and the ids (to count an entry seen twice once). */
export class ReportBuilder {
  private readonly inputs: Record<ExportKind, ReportInput> = {
    feedback: { from: [], entries: 0, partial: false, duplicates: 0, skipped: {}, incomplete: {} },
    assistant: { from: [], entries: 0, partial: false, duplicates: 0, skipped: {}, incomplete: {} },
  };
  private readonly seen: Record<ExportKind, Set<string>> = { feedback: new Set(), assistant: new Set() };
  private readonly feedback = new FeedbackTally();
  private readonly assistant = new AssistantTally();

  constructor(private readonly site: ReportSite) {}

  /** Says where the entries of an export come from, and whether that input is partial (and why it stopped). */
  input(kind: ExportKind, from: string, partial: boolean, stopped?: string): void {
    const input = this.inputs[kind];
    if (!input.from.includes(from)) input.from.push(from);
    input.partial ||= partial;
    if (stopped) input.stopped = stopped;
  }

  add(kind: ExportKind, raw: Record<string, unknown>): void {
    const input = this.inputs[kind];
    if (typeof raw.id === 'string') {
      if (this.seen[kind].has(raw.id)) {
        input.duplicates++;
        return;
      }
      this.seen[kind].add(raw.id);
    }
    const checked = kind === 'feedback' ? readFeedback(raw) : readConversation(raw);
    if ('skipped' in checked) {
      bump(input.skipped, checked.skipped);
      return;
    }
    input.entries++;
    for (const field of checked.incomplete) bump(input.incomplete, field);
    if (kind === 'feedback') this.feedback.add(checked.entry as FeedbackEntry);
    else this.assistant.add(checked.entry as ConversationEntry);
  }

  /** The report. `origin`: the site's URL (--site-url); without it, the host most of the absolute URLs name. */
  finish(range: { from?: string; to?: string }, origin?: URL): Report {
    const timeline = timelineOf([...this.feedback.days(), ...this.assistant.days()], range);
    const lands = (written: string, candidate: URL) => {
      const { kind } = this.site.join(written, candidate).landing;
      return kind !== 'missing' && kind !== 'external';
    };
    const siteOrigin = origin ?? likelyOrigin([...this.feedback.urls(), ...this.assistant.urls()], lands);
    const join = (written: string) => this.site.join(written, siteOrigin);
    const { bucketOf } = timeline;
    const length = timeline.buckets.length;
    return {
      navlintAnalyticsReport: 1,
      site: {
        docsFile: this.site.docsFile,
        origin: siteOrigin ? siteOrigin.href.replace(/\/$/, '') : null,
        originGiven: origin !== undefined,
      },
      inputs: this.inputs,
      partial: this.inputs.feedback.partial || this.inputs.assistant.partial,
      timeline: { unit: timeline.unit, buckets: timeline.buckets, first: timeline.first, last: timeline.last },
      feedback: this.feedback.finish(join, bucketOf, length),
      assistant: this.assistant.finish(join, bucketOf, length, this.site.listed),
    };
  }
}

/** Counts per day, as a map. */
type Days = Map<string, number>;

function addDay(days: Days, day: string | undefined, by = 1): void {
  if (day !== undefined) days.set(day, (days.get(day) ?? 0) + by);
}

function addDays(into: Days, from: Days): void {
  for (const [day, n] of from) addDay(into, day, n);
}

function addTallies(into: Tally, from: Tally): void {
  for (const key of ['total', 'negative', 'positive', 'comments', 'open'] as const) into[key] += from[key];
  for (const [status, n] of Object.entries(from.byStatus)) bump(into.byStatus, status, n);
  for (const [source, n] of Object.entries(from.bySource)) bump(into.bySource, source, n);
}

function spread(days: Days, bucketOf: (day: string) => number, length: number): number[] {
  const counts = new Array<number>(length).fill(0);
  for (const [day, n] of days) {
    const bucket = bucketOf(day);
    if (bucket >= 0 && bucket < length) counts[bucket] += n;
  }
  return counts;
}

/** Where a joined path counts: through a redirect when one leads to a page, else where it ends (nowhere, another site, a page). */
function landingKey({ landing, redirects }: Join): string {
  return redirects.length > 0 && landing.kind !== 'missing' && landing.kind !== 'external' ? 'redirect' : landing.kind;
}

/** A feedback path as the entries wrote it: its entries' counts, by day. */
interface WrittenPath {
  tally: Tally;
  days: Days;
}

/**
 * Feedback, counted by the path each entry gives; the paths are joined with the site at the end,
 * when the site's origin is known, and the counts of paths that land on one page are added up.
 */
class FeedbackTally {
  private readonly tally = emptyTally();
  private readonly written = new Map<string, WrittenPath>();
  private readonly allDays: Days = new Map();
  private readonly negativeDays: Days = new Map();

  add(entry: FeedbackEntry): void {
    addToTally(this.tally, entry);
    addDay(this.allDays, entry.day);
    if (entry.helpful === false) addDay(this.negativeDays, entry.day);
    const key = entry.path.trim();
    let state = this.written.get(key);
    if (!state) this.written.set(key, (state = { tally: emptyTally(), days: new Map() }));
    addToTally(state.tally, entry);
    addDay(state.days, entry.day);
  }

  days(): Iterable<string> {
    return this.allDays.keys();
  }

  /** Absolute URLs among the paths, and how many entries give each. */
  *urls(): Generator<[string, number]> {
    for (const [written, { tally }] of this.written) yield [written, tally.total];
  }

  finish(join: (written: string) => Join, bucketOf: (day: string) => number, length: number): FeedbackSection {
    const byLanding: Record<string, number> = {};
    const pages = new Map<string, { row: Omit<FeedbackPageRow, 'timeline'>; days: Days }>();
    const missing = new Map<string, FeedbackMissingRow>();
    for (const [written, { tally, days }] of this.written) {
      const joined = join(written);
      const { landing } = joined;
      bump(byLanding, landingKey(joined), tally.total);
      if (landing.kind === 'external') continue; // another site's page: counted in byLanding, not a 404
      if (landing.kind === 'missing') {
        const key = joined.path === undefined ? written : `/${joined.path}`;
        let row = missing.get(key);
        if (!row) missing.set(key, (row = missingRow(key, joined)));
        addTallies(row, tally);
        continue;
      }
      let page = pages.get(landing.path);
      if (!page) pages.set(landing.path, (page = { row: pageRow(landing, joined), days: new Map() }));
      addTallies(page.row, tally);
      if (joined.redirects.length > 0) page.row.viaRedirect += tally.total;
      bump(page.row.paths, `/${joined.path ?? landing.path}`, tally.total);
      addDays(page.days, days);
    }
    return {
      ...this.tally,
      byLanding,
      timeline: {
        total: spread(this.allDays, bucketOf, length),
        negative: spread(this.negativeDays, bucketOf, length),
      },
      pages: [...pages.values()]
        .map(({ row, days }) => ({ ...row, timeline: spread(days, bucketOf, length) }))
        .sort((a, b) => b.negative - a.negative || b.total - a.total || a.path.localeCompare(b.path)),
      missing: [...missing.values()].sort((a, b) => b.total - a.total || a.path.localeCompare(b.path)),
    };
  }
}

function pageRow(
  landing: Exclude<Landing, { kind: 'missing' | 'external' }>,
  join: Join,
): Omit<FeedbackPageRow, 'timeline'> {
  return {
    ...emptyTally(),
    path: `/${landing.path}`,
    kind: landing.kind,
    ...('file' in landing ? { file: landing.file } : {}),
    ...('operation' in landing ? { operation: landing.operation } : {}),
    listed: landing.kind === 'page' ? landing.listed : landing.kind === 'generated',
    scopes: join.scopes,
    viaRedirect: 0,
    paths: {},
  };
}

function missingRow(key: string, join: Join): FeedbackMissingRow {
  const { landing } = join;
  return {
    ...emptyTally(),
    path: key,
    redirects: join.redirects,
    ...(landing.kind === 'external' ? { external: landing.url } : {}),
    ...(landing.kind === 'missing' && landing.nearest !== undefined ? { nearest: `/${landing.nearest}` } : {}),
  };
}

/** A source URL as the assistant wrote it: its citations and the conversations that cite it. */
interface WrittenSource {
  citations: number;
  conversations: Set<string>;
}

class AssistantTally {
  private conversations = 0;
  private answered = 0;
  private unanswered = 0;
  private unknownResolution = 0;
  private clarifying = 0;
  private citations = 0;
  private readonly written = new Map<string, WrittenSource>();
  private readonly categories = new Map<string | null, { conversations: number; unanswered: number }>();
  private readonly allDays: Days = new Map();

  add(entry: ConversationEntry): void {
    this.conversations++;
    if (entry.resolution === 'answered') this.answered++;
    else if (entry.resolution === 'unanswered') this.unanswered++;
    else this.unknownResolution++;
    if (entry.clarifying) this.clarifying++;
    addDay(this.allDays, entry.day);
    let category = this.categories.get(entry.category);
    if (!category) this.categories.set(entry.category, (category = { conversations: 0, unanswered: 0 }));
    category.conversations++;
    if (entry.resolution === 'unanswered') category.unanswered++;
    for (const url of entry.sources ?? []) {
      this.citations++;
      const key = url.trim();
      let source = this.written.get(key);
      if (!source) this.written.set(key, (source = { citations: 0, conversations: new Set() }));
      source.citations++;
      source.conversations.add(entry.id);
    }
  }

  days(): Iterable<string> {
    return this.allDays.keys();
  }

  *urls(): Generator<[string, number]> {
    for (const [written, { citations }] of this.written) yield [written, citations];
  }

  finish(
    join: (written: string) => Join,
    bucketOf: (day: string) => number,
    length: number,
    listed: ReadonlyMap<string, ListedPage>,
  ): AssistantSection {
    const citationsByLanding: Record<string, number> = {};
    const rows = new Map<string, { row: SourceRow; conversations: Set<string> }>();
    for (const [written, source] of this.written) {
      const joined = join(written);
      bump(citationsByLanding, landingKey(joined), source.citations);
      const key = joined.path !== undefined ? `/${joined.path}` : written;
      let state = rows.get(key);
      if (!state) rows.set(key, (state = { row: sourceRow(written, joined), conversations: new Set() }));
      state.row.citations += source.citations;
      for (const id of source.conversations) state.conversations.add(id);
    }
    const sources = [...rows.values()].map(({ row, conversations }) => ({
      ...row,
      conversations: conversations.size,
      examples: [...conversations].slice(0, 3),
    }));
    const byCitations = (a: { citations: number; url?: string; path?: string }, b: typeof a) =>
      b.citations - a.citations || String(a.path ?? a.url).localeCompare(String(b.path ?? b.url));
    const cited = new Map<string, { path: string; file: string; kind: string; citations: number }>();
    for (const row of sources) {
      if (row.page === undefined) continue;
      const page = cited.get(row.page) ?? { path: row.page, file: row.file!, kind: row.landing, citations: 0 };
      page.citations += row.citations;
      cited.set(row.page, page);
    }
    return {
      conversations: this.conversations,
      answered: this.answered,
      unanswered: this.unanswered,
      unknownResolution: this.unknownResolution,
      clarifyingQuestions: this.clarifying,
      citations: this.citations,
      citationsByLanding,
      missingSources: sources.filter((row) => row.landing === 'missing').sort(byCitations),
      redirectedSources: sources
        .filter((row) => row.redirects.length > 0 && row.landing !== 'missing')
        .sort(byCitations),
      citedPages: [...cited.values()].sort(byCitations),
      listedPages: listed.size,
      neverCited: [...listed]
        .filter(([at]) => !cited.has(`/${at}`))
        .map(([at, { file, kind }]) => ({ path: `/${at}`, file, kind }))
        .sort((a, b) => (a.kind === b.kind ? a.path.localeCompare(b.path) : a.kind === 'page' ? -1 : 1)),
      categories: [...this.categories]
        .map(([category, counts]) => ({ category, ...counts }))
        .sort((a, b) => b.unanswered - a.unanswered || b.conversations - a.conversations),
      timeline: spread(this.allDays, bucketOf, length),
    };
  }
}

function sourceRow(url: string, join: Join): SourceRow {
  const { landing } = join;
  const reached = landing.kind === 'page' || landing.kind === 'generated';
  return {
    url: url.trim(),
    ...(join.path !== undefined ? { path: `/${join.path}` } : {}),
    citations: 0,
    conversations: 0,
    examples: [],
    redirects: join.redirects,
    landing: landing.kind,
    ...(reached ? { page: `/${landing.path}`, file: landing.file } : {}),
    ...(landing.kind === 'missing' && landing.nearest !== undefined ? { nearest: `/${landing.nearest}` } : {}),
  };
}

type Unit = Report['timeline']['unit'];

/**
 * The report's time buckets: days for a range of up to 62 days, weeks (from Monday) up to two years,
 * months beyond; the range is --from/--to when given, else the entries' first and last day.
 */
function timelineOf(
  days: string[],
  range: { from?: string; to?: string },
): { unit: Unit; buckets: string[]; first?: string; last?: string; bucketOf: (day: string) => number } {
  const sorted = days.filter((day) => day !== undefined).sort();
  const first = dayOf(range.from) ?? sorted[0];
  // --to is exclusive: its day is the first one left out, unless it is a time within that day.
  const toDay = dayOf(range.to);
  const last = toDay !== undefined ? lastDayBefore(range.to!, toDay) : sorted[sorted.length - 1];
  if (first === undefined || last === undefined || last < first)
    return { unit: 'day', buckets: [], bucketOf: () => -1 };
  const span = (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;
  const unit: Unit = span <= 62 ? 'day' : span <= 731 ? 'week' : 'month';
  const startOf = (day: string) => bucketStart(day, unit);
  const buckets: string[] = [];
  // A bucket past the year 9999 has no ISO day: the timeline ends there.
  for (let at = startOf(first); at <= last && /^\d{4}-/.test(at); at = nextBucket(at, unit)) buckets.push(at);
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  return { unit, buckets, first, last, bucketOf: (day) => index.get(startOf(day)) ?? -1 };
}

function lastDayBefore(to: string, toDay: string): string {
  const midnight = Date.parse(`${toDay}T00:00:00Z`);
  return Date.parse(to) > midnight ? toDay : new Date(midnight - 86_400_000).toISOString().slice(0, 10);
}

function bucketStart(day: string, unit: Unit): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

function nextBucket(start: string, unit: Unit): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The site's URL, guessed from the absolute URLs: of each origin they name (the three most named),
 * the origin itself and the origin with the first path segment most of its URLs share (a base path,
 * `https://polar.sh/docs`); the candidate under which the most of them, by count, land on the site.
 * None when none lands: a foreign URL among paths is another site's.
 */
function likelyOrigin(urls: [string, number][], lands: (written: string, origin: URL) => boolean): URL | undefined {
  const byOrigin = new Map<string, { total: number; segments: Map<string, number>; urls: [string, number][] }>();
  for (const [written, n] of urls) {
    if (!/^https?:\/\//i.test(written)) continue;
    let url: URL;
    try {
      url = new URL(written);
    } catch {
      continue; // not a URL: it lands nowhere, as its join says
    }
    let entry = byOrigin.get(url.origin);
    if (!entry) byOrigin.set(url.origin, (entry = { total: 0, segments: new Map(), urls: [] }));
    entry.total += n;
    entry.urls.push([written, n]);
    const segment = url.pathname.split('/')[1];
    if (segment) entry.segments.set(segment, (entry.segments.get(segment) ?? 0) + n);
  }
  let best: { origin: URL; score: number } | undefined;
  const origins = [...byOrigin].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0])).slice(0, 3);
  for (const [origin, { segments, urls: named }] of origins) {
    const [segment] = [...segments].sort((a, b) => b[1] - a[1])[0] ?? [];
    const candidates = [new URL(origin), ...(segment ? [new URL(`${origin}/${segment}`)] : [])];
    for (const candidate of candidates) {
      const score = named.reduce((sum, [written, n]) => sum + (lands(written, candidate) ? n : 0), 0);
      if (score > 0 && (!best || score > best.score)) best = { origin: candidate, score };
    }
  }
  return best?.origin;
}
