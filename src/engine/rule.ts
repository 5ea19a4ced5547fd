import { didYouMeanHint, nearCandidates } from '../common/suggest';
import type { Span } from '../parsers/source';
import type { SiteIndex } from '../site/site-index';
import type { UrlVerdict } from '../site/url-checks';
import type { DocsLinks } from './docs-json';
import type { NavModel, SchemaIssue } from './model';
import type { SiteUrls } from './site-urls';

export type Severity = 'off' | 'warn' | 'error';

/** The settings of the config file a rule may read from its context, each named in its meta. */
export type SettingName = keyof RuleSettings;

export interface RuleMeta {
  /** Stable, public: config files name it. */
  id: string;
  /** One line, for `navlint rules` and SARIF. */
  description: string;
  defaultSeverity: Severity;
  /** Whether it reports fixes, which `--fix` applies: a fix from a rule that says no is an internal error. */
  fixable: boolean;
  /**
   * The text of its findings by message id, as ESLint's `meta.messages`: a report names one
   * (`messageId`), and each `{{name}}` in it is replaced by the report's `data.name`. An id that is
   * not here, or a placeholder the data leaves out, is an internal error of the rule.
   */
  messages: Record<string, string>;
  /** The config settings it reads (`context.settings`); reading another is an internal error. */
  settings?: readonly SettingName[];
  /**
   * An accessibility rule: off (its defaultSeverity) until the config's `"a11y"` or `--a11y` turns
   * the accessibility rules on, then at this severity (a warning when the switch says `warn`).
   */
  a11y?: 'warn' | 'error';
  /**
   * Reads the site's files besides docs.json and its `$ref` files (pages, snippets, specs, data
   * files) and reports in them: the language server publishes docs.json's diagnostics before it runs
   * such a rule, and the cache of results runs it alone over the pages that changed. Such a rule
   * reads docs.json's page entries only through the site's URLs (site-urls.ts) or at the page an
   * entry lists, reporting in that page: after an edit of an entry the language server checks again
   * only docs.json and the pages it named.
   */
  readsSiteFiles?: true;
  /**
   * Reads every page's MDX parse, the costliest thing a lint does on a cold cache: a caller that
   * changes no page's text (migrate-mdx, comparing a site before and after) leaves such rules out.
   */
  parsesPages?: true;
}

/** A text edit in the file of the finding, as ESLint has it: replace [start, end) with text. */
export interface Fix {
  range: [number, number];
  text: string;
  /** What the edit does, as an editor's action names it (`Remove "expanded"`); the finding's message when absent. */
  title?: string;
}

export interface Suggestion {
  desc: string;
  fix: Fix;
}

/** The values of a message's placeholders. */
export type MessageData = Readonly<Record<string, string | number>>;

export interface Report<MessageId extends string = string> {
  span: Span;
  /** A key of the rule's `meta.messages`. */
  messageId: MessageId;
  /** The values of that message's `{{placeholders}}`. */
  data?: MessageData;
  /** Applied by --fix: only edits that need no guessing. */
  fix?: Fix;
  /** Offered, never applied automatically (did-you-mean). */
  suggestions?: Suggestion[];
  /** A milder case of the rule's mistake: reported as a warning even when the rule is an error. */
  severity?: 'warn';
  /**
   * The other file the finding is about, as a path of the site (a page's URL path, or a file's path
   * from the docs folder, no leading slash): the page a link misses, an entry's page. `navlint check
   * FILE…` reports a finding about a file it is given (or that the commit deletes) wherever it is.
   */
  about?: string;
}

export type Reporter<MessageId extends string = string> = (report: Report<MessageId>) => void;

/** The message ids of a rule's meta: what its context's `report` takes. */
export type MessageIdOf<Meta extends RuleMeta> = keyof Meta['messages'] & string;

/** Options from the config file that rules read, each only by the rules whose `meta.settings` name it. */
export interface RuleSettings {
  /** Language codes accepted beyond the spec's list and the platform's. */
  languages: string[];
  /** Pages (entries or files) that the config's ignorePages excludes from page checks. */
  ignoredPage: (page: string) => boolean;
  /** An image with an empty alt (`alt=""`, `![](…)`) is decorative (WCAG H67), not one without alt text. */
  decorativeAlt: boolean;
}

/**
 * What a rule sees, as ESLint's context: everything read-only, and one way out (report). A rule
 * takes `RuleContext<typeof meta>`, so that it reports only the message ids its meta has.
 */
export interface RuleContext<Meta extends RuleMeta = RuleMeta> {
  /** docs.json and its `$ref` files as one navigation model. */
  readonly model: NavModel;
  /** The pages, specs and frontmatter of the docs folder. */
  readonly site: SiteIndex;
  readonly settings: RuleSettings;
  /** Schema violations of docs.json and every element, validated on the first call only. */
  schemaIssues(): readonly SchemaIssue[];
  /** The site's pages, generated endpoint pages and redirects, worked out on the first call only. */
  urls(): SiteUrls;
  /** The links of docs.json outside navigation and page entries, worked out on the first call only. */
  links(): DocsLinks;
  /** What each external URL the pages link to answered, when they were checked (`--check-external`). */
  readonly externalLinks?: ReadonlyMap<string, UrlVerdict>;
  /**
   * The files of `site.parsedPages()` this lint wants findings in, in path order: all of them, or the
   * few a caller focuses on (the language server while pages are typed). A rule reports in these
   * only; it still looks at every page for what they link to or import.
   */
  pagesToCheck(): readonly string[];
  /** Whether findings in a file (relative to the docs folder) are wanted: see pagesToCheck. */
  checks(file: string): boolean;
  /**
   * The candidate nearest to a wrong word, as `didYouMean` (src/common/suggest.ts) answers (without
   * `maxDistance`, only a near one: `isNear`): a short
   * list is scanned, a long one searched through an index built on the first call with that array and
   * kept while the array is (which must not change once passed): pass the same array for every word,
   * and each did-you-mean looks at a few candidates only.
   * A list of arrays is searched as their concatenation (each array indexed once, whatever lists share it).
   */
  didYouMean(
    word: string,
    candidates: readonly string[] | readonly (readonly string[])[],
    maxDistance?: number,
  ): string | undefined;
  /**
   * What `compute` gave this rule in one of its last lints from the same `inputs` (compared one by
   * one, by identity), else what it gives now: for what costs more to build than its inputs to
   * compare, as the language server lints docs.json on every keystroke. `name` tells a rule's apart.
   * The value is shared with later lints: what it answers must not change.
   */
  recall<T>(name: string, inputs: readonly unknown[], compute: () => T): T;
  /** Every rule's id, as a config or a directive may name them. */
  readonly ruleIds: readonly string[];
  report: Reporter<MessageIdOf<Meta>>;
}

export interface Rule {
  meta: RuleMeta;
  check(context: RuleContext): void;
}

/** The rules a lint runs (rules/index.ts has navlint's), with what the engine asks of them by id. */
export interface RuleSet {
  /** In the order they run, and the README's table lists them. */
  readonly rules: readonly Rule[];
  readonly byId: ReadonlyMap<string, Rule>;
  /** The ids of the rules that read the site's files besides docs.json (readsSiteFiles). */
  readonly siteFileRuleIds: ReadonlySet<string>;
}

export function ruleSetOf(rules: readonly Rule[]): RuleSet {
  return {
    rules,
    byId: new Map(rules.map((rule) => [rule.meta.id, rule])),
    siteFileRuleIds: new Set(rules.filter((rule) => readsSiteFiles(rule.meta)).map((rule) => rule.meta.id)),
  };
}

/**
 * A rule's severity in a lint: the config's for it, else its default; an accessibility rule's is
 * the switch's (`a11y`: off unless it is on, then the rule's own, at most a warning when it says so).
 */
export function severityOf(
  meta: RuleMeta,
  rules: Readonly<Record<string, Severity>> | undefined,
  a11y?: Severity,
): Severity {
  const set = rules?.[meta.id];
  if (set) return set;
  if (!meta.a11y || !a11y || a11y === 'off') return meta.defaultSeverity;
  return a11y === 'warn' ? 'warn' : meta.a11y;
}

/** A rule's default severity in words, for its page and the lists of the rules: an accessibility rule's with the switch's. */
export function defaultSeverityText(meta: RuleMeta): string {
  return meta.a11y ? `${meta.defaultSeverity} (a11y: ${meta.a11y})` : meta.defaultSeverity;
}

/** The rules a caller keeps that changes no page's text: all but those that read the pages' parses. */
export const withoutPageParses = (meta: RuleMeta): boolean => !meta.parsesPages;

/** The rules that read the site's files besides docs.json: the others' findings stay as they are while only those files' texts change. */
export const readsSiteFiles = (meta: RuleMeta): boolean => meta.readsSiteFiles === true;

/** A fix that replaces a span's text. */
export function replaceSpan(span: Span, text: string, title?: string): Fix {
  return { range: [span.offset, span.offset + span.length], text, ...(title ? { title } : {}) };
}

/** How a did-you-mean offers a candidate: the verb of its description, and the text that replaces the span. */
export interface SuggestOptions {
  /** `Use` unless told. */
  verb?: string;
  /** The replacement for a candidate: the candidate as a JSON string unless told. */
  write?: (candidate: string) => string;
  /** The candidate as the message and the action's title show it: as it is unless told (`#id` for an anchor written after its `#`). */
  show?: (candidate: string) => string;
}

/** The suggestion that writes a candidate over a span: `Use "X"`, X as a JSON string (unless `options` say otherwise). */
export function suggestCandidate(
  span: Span,
  candidate: string,
  { verb = 'Use', write = JSON.stringify, show = (text) => text }: SuggestOptions = {},
): Suggestion {
  return { desc: `${verb} "${show(candidate)}"`, fix: replaceSpan(span, write(candidate)) };
}

/**
 * A did-you-mean for a wrong value at a span: `hint`, the end of the finding's message
 * (`; did you mean "X"?`, or '' when nothing is near), and one suggestion per candidate that writes
 * it over the span (`suggestCandidate`), or none. `near` is the candidate, or several (`"X" or "Y"`).
 */
export function didYouMeanAt(
  span: Span,
  near: string | readonly string[] | undefined,
  options?: SuggestOptions,
): { hint: string; suggestions: Suggestion[] | undefined } {
  const candidates = nearCandidates(near);
  return {
    hint: didYouMeanHint(options?.show ? candidates.map(options.show) : candidates),
    suggestions: candidates.length ? candidates.map((c) => suggestCandidate(span, c, options)) : undefined,
  };
}
