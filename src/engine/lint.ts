import * as path from 'node:path';
import { distance } from 'fastest-levenshtein';
import { didYouMean, farFrom, type Nearest, nearReach, rememberedAnswer, SuggestionIndex } from '../common/suggest';
import type { SourceFile } from '../parsers/source';
import { diskFiles, isUnreadable, type SiteFiles, UnreadableError } from '../site/files';
import { Site } from '../site/site';
import type { FetchedSpec } from '../site/spec-fetch';
import type { UrlVerdict } from '../site/url-checks';
import { type Config, pageMatcher } from './config';
import { applyDirectives, type DirectivesOf, unusedDirectiveFindings, unusedDirectives } from './directives';
import { type DocsLinks, docsLinks, variablesOf } from './docs-json';
import { type FileScopes, severities } from './file-scopes';
import type { Finding } from './finding';
import { messageOf, RuleBug, settingsFor } from './messages';
import { buildModel, type NavModel, type SchemaIssue } from './model';
import { followRefs } from './read-docs';
import {
  type Report,
  type RuleContext,
  type RuleMeta,
  type RuleSet,
  type RuleSettings,
  type Severity,
  severityOf,
} from './rule';
import { validateModel } from './schema';
import { type SiteUrls, siteUrls, unreadSpecs } from './site-urls';

export interface LintOptions {
  /** Path to docs.json. */
  docsFile: string;
  /** The rules to run (navlint's are rules/index.ts's `ruleSet`), at the severities `rules` gives them. */
  ruleSet: RuleSet;
  /** The docs folder; defaults to docs.json's folder. Nothing outside it is read. */
  root?: string;
  /** Severity per rule id, over the defaults. */
  rules?: Record<string, Severity>;
  /** The config's `ignores` and `overrides`: each rule's severity by file. */
  scopes?: FileScopes;
  /**
   * How a directive that turns nothing off is reported (`unused-disable-directive`); off when
   * undefined. Only a lint of every rule over every file can tell.
   */
  reportUnusedDisableDirectives?: Severity;
  /** Extra language codes, ignored page globs and whether empty alt is decorative, from the config file. */
  settings?: { languages?: string[]; ignorePages?: string[]; decorativeAlt?: boolean };
  /** The accessibility rules' switch (config `"a11y"`, `--a11y`): off by default. */
  a11y?: Severity;
  /**
   * Runs the accessibility rules the switch keeps off too, their findings marked `switchedOff`, for
   * a caller that says how many there would be: in the same pass, over the same parses.
   */
  countSwitchedOff?: boolean;
  /** Where docs.json and its `$ref` files are read (default: the site's files, else the disk). */
  files?: SiteFiles;
  /** A site index to reuse across runs (the language server keeps one and tells it what changed). */
  site?: Site;
  /** Where spec indexes and frontmatter are cached across runs; undefined for no cache. */
  cacheDir?: string;
  /** The vendor extension whose `href` sets an operation's page (default `x-mint`). */
  extensionKey?: string;
  /** Which rules run (by their metadata), among those the severities leave on; default all. */
  ruleFilter?: (meta: RuleMeta) => boolean;
  /** Whether the lint writes what the site learnt to the cache folder at its end (default); the language server does it after publishing. */
  persistCaches?: boolean;
  /** Told how many of the pages to parse are parsed, as they are (a progress line). */
  onPagesParsed?: (parsed: number, total: number) => void;
  /** What the external URLs the pages link to answered (`--check-external`); undefined: they are not checked. */
  externalLinks?: ReadonlyMap<string, UrlVerdict>;
  /** The only files (relative to the docs folder) the rules that read the pages report in; undefined: all. */
  focus?: ReadonlySet<string>;
}

/** The options of a lint that come from the config. */
export function lintOptionsOf(
  config: Config,
  ruleSet: RuleSet,
): Pick<
  LintOptions,
  'ruleSet' | 'rules' | 'scopes' | 'reportUnusedDisableDirectives' | 'settings' | 'extensionKey' | 'a11y'
> {
  return {
    ruleSet,
    a11y: config.a11y,
    rules: config.rules,
    scopes: { ignores: config.ignores, overrides: config.overrides },
    reportUnusedDisableDirectives: config.reportUnusedDisableDirectives,
    settings: { languages: config.languages, ignorePages: config.ignorePages, decorativeAlt: config.decorativeAlt },
    extensionKey: config.extensionKey,
  };
}

export interface LintResult {
  findings: Finding[];
  /** The findings a directive in their file turns off, each with its `suppressions`. */
  suppressed: Finding[];
  /** docs.json and every `$ref` file read. */
  files: SourceFile[];
  model: NavModel;
  site: Site;
}

/** The site index a lint with these options reads: the one way every caller makes one. */
export function siteFor(
  options: Pick<LintOptions, 'docsFile' | 'root' | 'files' | 'cacheDir' | 'extensionKey' | 'onPagesParsed'>,
): Site {
  return new Site({
    root: path.resolve(options.root ?? path.dirname(path.resolve(options.docsFile))),
    files: options.files ?? diskFiles,
    cacheDir: options.cacheDir,
    extensionKey: options.extensionKey,
    onPagesParsed: options.onPagesParsed,
  });
}

/** Reads docs.json and its `$ref` files, builds the model once, runs every rule. */
export function lint(options: LintOptions): LintResult {
  const timing = startTiming();
  const docsFile = path.resolve(options.docsFile);
  const site = options.site ?? siteFor(options);
  const model = readModel(docsFile, site.root, options.files ?? site.files, timing);
  return runRules(model, site, options, timing);
}

/** docs.json and its `$ref` files read from `files`, as one navigation model. */
export function readModel(docsFile: string, root: string, files: SiteFiles, timing = startTiming()): NavModel {
  const read = followRefs(docsFile, root, files);
  timing?.lap('parse docs.json and $ref files');
  const model = buildModel(read.root, { root, docsFile: read.files[0], files: read.files, readIssues: read.issues });
  timing?.lap('build the model');
  return model;
}

/** The options of a lint that say which rules run and how, over a model already built. */
type RunOptions = Pick<
  LintOptions,
  | 'ruleSet'
  | 'rules'
  | 'scopes'
  | 'reportUnusedDisableDirectives'
  | 'settings'
  | 'a11y'
  | 'countSwitchedOff'
  | 'persistCaches'
  | 'ruleFilter'
  | 'externalLinks'
  | 'focus'
>;

/** Runs every rule that is on (and that `ruleFilter` lets through) over a model (a fresh one, or one the language server patched). */
export function runRules(model: NavModel, site: Site, options: RunOptions, timing = startTiming()): LintResult {
  const settings = ruleSettingsOf(options.settings);
  site.setVariables(variablesOf(model)); // put into snippets before their parse, as the platform does
  site.setParseBatch(options.focus ? 'the file asked' : 'every file');
  const findings: Finding[] = [];
  let schemaIssues: SchemaIssue[] | undefined;
  let urls: SiteUrls | undefined;
  let links: DocsLinks | undefined;
  const focus = options.focus;
  const checks = focus ? (file: string) => focus.has(file) : () => true;
  let pagesToCheck: readonly string[] | undefined;
  const suggest = suggester();
  const severity = severities(options.rules, options.scopes, defaultSeverityOf(options));
  const inFile = (file: SourceFile) => path.relative(site.root, file.path).split(path.sep).join('/');
  for (const rule of options.ruleSet.rules) {
    const counted = switchedOffCounted(rule.meta, options, severity);
    if ((!severity.anyOn(rule.meta.id) && !counted) || (options.ruleFilter && !options.ruleFilter(rule.meta))) continue;
    const report = (r: Report) => {
      const file = inFile(r.span.file);
      const level = counted ? (severity.ignores(file) ? 'off' : rule.meta.a11y!) : severity.in(rule.meta.id, file);
      if (level === 'off') return;
      const finding = toFinding(
        rule.meta.id,
        r.severity === 'warn' || level === 'warn' ? 1 : 2,
        r,
        messageOf(rule.meta, r),
      );
      if (counted) finding.switchedOff = true;
      findings.push(finding);
    };
    const context: RuleContext = {
      model,
      site,
      settings: settingsFor(rule.meta, settings),
      report,
      didYouMean: suggest,
      recall: (name, inputs, compute) => recall(`${rule.meta.id}\u0000${name}`, inputs, compute),
      ruleIds: ruleIdsOf(options.ruleSet),
      schemaIssues: () => {
        if (!schemaIssues) {
          schemaIssues = validateModel(model);
          timing?.lap('validate against the schema');
        }
        return schemaIssues;
      },
      urls: () => (urls ??= siteUrls(model, site)),
      links: () => (links ??= docsLinks(model)),
      externalLinks: options.externalLinks,
      pagesToCheck: () => (pagesToCheck ??= focus ? site.parsedPages().filter(checks) : site.parsedPages()),
      checks,
    };
    try {
      rule.check(context);
    } catch (error) {
      // A file the site cannot read: it cannot be checked whole, and the caller says so.
      if (error instanceof UnreadableError) throw error;
      const { code, path: unreadable } = error as NodeJS.ErrnoException;
      if (isUnreadable(error) && unreadable) throw new UnreadableError(unreadable, code, error as Error);
      // A rule's bug must not hide the other rules' findings; show it as a finding to report upstream.
      const reason = error instanceof RuleBug ? error.reason : (error as Error).message;
      findings.push(
        toFinding(
          rule.meta.id,
          severity.in(rule.meta.id, inFile(model.docsFile)) === 'warn' ? 1 : 2,
          { span: { file: model.docsFile, offset: 0, length: 0 } },
          `internal error in rule ${rule.meta.id}: ${reason}`,
        ),
      );
    }
    timing?.lap(`rule ${rule.meta.id}`);
  }
  const { reported, suppressed } = withDirectives(findings, site, {
    ...options,
    // Unused directives are told by every rule over every file: a lint of some rules or some files cannot.
    reportUnusedDisableDirectives: options.ruleFilter || options.focus ? 'off' : options.reportUnusedDisableDirectives,
  });
  timing?.lap('directives');
  if (options.persistCaches !== false) site.persist();
  timing?.print();
  return { findings: sortFindings(reported), suppressed: sortFindings(suppressed), files: model.files, model, site };
}

/**
 * The findings (reported or marked suppressed before) sorted into those reported and those a
 * directive of their file turns off; and, when asked, a finding for each directive that turns
 * nothing off: the findings must then be every rule's in every file.
 */
export function withDirectives(
  findings: readonly Finding[],
  site: Site,
  options: Pick<LintOptions, 'ruleSet' | 'rules' | 'scopes' | 'reportUnusedDisableDirectives' | 'a11y'>,
  /** The pages whose directives may turn nothing off (those the findings are all of): default, every page. */
  pages: readonly string[] = site.parsedPages(),
): { reported: Finding[]; suppressed: Finding[] } {
  const inFile = (file: SourceFile) => path.relative(site.root, file.path).split(path.sep).join('/');
  const directivesOf: DirectivesOf = (file) => site.directivesIfParsed(inFile(file));
  const outcome = applyDirectives(findings, directivesOf);
  const report = options.reportUnusedDisableDirectives ?? 'off';
  if (report === 'off') return outcome;
  const severity = severities(options.rules, options.scopes, defaultSeverityOf(options));
  const withAny = pages.filter((page) => site.directivesIfParsed(page)).map((page) => site.sourceFile(page));
  const unused = unusedDirectiveFindings(
    unusedDirectives(withAny, directivesOf, outcome.used, (id) => options.ruleSet.byId.has(id)),
    report === 'error' ? 2 : 1,
  );
  return {
    ...outcome,
    reported: [...outcome.reported, ...unused.filter((finding) => !severity.ignores(inFile(finding.file)))],
  };
}

const idsOfRuleSets = new WeakMap<RuleSet, readonly string[]>();
const ruleIdsOf = (ruleSet: RuleSet) => {
  let ids = idsOfRuleSets.get(ruleSet);
  if (!ids) idsOfRuleSets.set(ruleSet, (ids = ruleSet.rules.map((rule) => rule.meta.id)));
  return ids;
};
/** A rule's severity before the config's `rules`: its default, or the accessibility switch's. */
const defaultSeverityOf =
  ({ ruleSet, a11y }: Pick<LintOptions, 'ruleSet' | 'a11y'>) =>
  (id: string): Severity => {
    const meta = ruleSet.byId.get(id)?.meta;
    return meta ? severityOf(meta, undefined, a11y) : 'off';
  };

/** The values rules recalled in the last lints, by rule and name, the most recent last, with their inputs. */
const recalled = new Map<string, { inputs: readonly unknown[]; value: unknown }[]>();
/** How many values of one name are kept: a page entry deleted and typed back lists two sets of pages in turn. */
const recallLimit = 2;

function recall<T>(key: string, inputs: readonly unknown[], compute: () => T): T {
  const values = recalled.get(key) ?? [];
  const same = values.find(
    (recent) => recent.inputs.length === inputs.length && recent.inputs.every((input, i) => input === inputs[i]),
  );
  const entry = same ?? { inputs, value: compute() };
  recalled.set(key, [...values.filter((recent) => recent !== entry), entry].slice(-recallLimit));
  return entry.value as T;
}

/** A did-you-mean index with the answers it gave, by question (rememberedAnswer). */
interface AnsweringIndex {
  index: SuggestionIndex;
  answers: Map<string, Nearest | undefined>;
}

/**
 * The indexes of the last lints, by their candidates: the language server lints docs.json on every
 * keystroke, and a site with many broken entries asks the same lists the same questions each time.
 */
const recentIndexes = new Map<string, AnsweringIndex>();
/** At most this many lists, and this many candidates in all: an index and its key hold each candidate twice. */
const recentIndexLimit = 32;
const recentCandidateLimit = 100_000;
let recentCandidates = 0;
/** The same, by the array of candidates: held while the array is. */
const indexesOfLists = new WeakMap<readonly string[], AnsweringIndex>();

/** The index of a candidate list, and its answers so far: one of the last lints' when it had the same candidates. */
function answeringIndex(candidates: readonly string[]): AnsweringIndex {
  // The same array (the lint's other words, or a list a rule recalled): no key to make.
  const known = indexesOfLists.get(candidates);
  if (known) return known;
  const key = JSON.stringify(candidates);
  const recent = recentIndexes.get(key);
  recentIndexes.delete(key); // set again below: the most recent last
  const found = recent ?? { index: new SuggestionIndex(candidates), answers: new Map() };
  if (!recent) recentCandidates += candidates.length;
  recentIndexes.set(key, found);
  for (const [oldest, { index }] of recentIndexes) {
    if (recentIndexes.size <= recentIndexLimit && recentCandidates <= recentCandidateLimit) break;
    if (oldest === key) break; // the list asked for stays, however long
    recentIndexes.delete(oldest);
    recentCandidates -= index.candidates.length;
  }
  indexesOfLists.set(candidates, found);
  return found;
}

/** A lint's did-you-mean: one index per candidate list, found on first use and shared by its rules. */
function suggester(): RuleContext['didYouMean'] {
  // Without a maxDistance, only `isNear` candidates (src/common/suggest.ts); `cap` keeps a later list to what beats an earlier one's.
  const nearestIn = (word: string, candidates: readonly string[], maxDistance: number | undefined, cap: number) => {
    if (candidates.length < 64) {
      // A scan is cheaper than building an index.
      const found = didYouMean(word, candidates, maxDistance);
      if (found === undefined) return undefined;
      const d = found.toLowerCase() === word.toLowerCase() ? 0 : distance(word.toLowerCase(), found.toLowerCase());
      return d <= cap ? { candidate: found, distance: d } : undefined;
    }
    const { index, answers } = answeringIndex(candidates);
    return rememberedAnswer(answers, `${maxDistance ?? ''}\u0000${cap}\u0000${word}`, () =>
      index.nearest(word, cap, maxDistance === undefined ? farFrom(word) : undefined),
    );
  };
  const suggest = (
    word: string,
    candidates: readonly string[] | readonly (readonly string[])[],
    maxDistance?: number,
  ) => {
    const limit = maxDistance ?? nearReach(word);
    if (!Array.isArray(candidates[0]))
      return nearestIn(word, candidates as readonly string[], maxDistance, limit)?.candidate;
    // The first list's nearest wins ties, as in one list made of them all: a later list only has to beat it.
    let best: { candidate: string; distance: number } | undefined;
    for (const list of candidates as readonly (readonly string[])[]) {
      const found = nearestIn(word, list, maxDistance, best ? best.distance - 1 : limit);
      if (found) best = found;
    }
    return best?.candidate;
  };
  return suggest;
}

/** The config file's settings as the rules read them. */
function ruleSettingsOf(settings: LintOptions['settings']): RuleSettings {
  return {
    languages: settings?.languages ?? [],
    ignoredPage: pageMatcher(settings?.ignorePages ?? []),
    decorativeAlt: settings?.decorativeAlt ?? false,
  };
}

/**
 * Whether an accessibility rule that only the switch keeps off runs all the same, its findings
 * marked switched off, for a caller that counts them (`countSwitchedOff`).
 */
function switchedOffCounted(
  meta: RuleMeta,
  options: Pick<LintOptions, 'rules' | 'countSwitchedOff'>,
  severity: ReturnType<typeof severities>,
): boolean {
  return (
    options.countSwitchedOff === true &&
    meta.a11y !== undefined &&
    !options.rules?.[meta.id] &&
    !severity.anyOn(meta.id)
  );
}

/** TIMING=1, as in ESLint: how long each phase and each rule took, on stderr. */
function startTiming() {
  if (!process.env.TIMING) return undefined;
  const times = new Map<string, number>();
  let mark = performance.now(); // the global loads perf_hooks on first use
  return {
    lap(name: string) {
      const now = performance.now();
      times.set(name, (times.get(name) ?? 0) + now - mark);
      mark = now;
    },
    print() {
      const rows = [...times].sort((a, b) => b[1] - a[1]);
      process.stderr.write(`${rows.map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`).join('\n')}\n`);
    },
  };
}

function toFinding(
  ruleId: string,
  severity: 1 | 2,
  report: Omit<Report, 'messageId'> & { messageId?: string },
  message: string,
): Finding {
  const { file, offset, length } = report.span;
  const start = file.position(offset);
  const end = file.position(offset + length);
  const finding: Finding = {
    ruleId,
    severity,
    message,
    file,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    offset,
    length,
  };
  if (report.messageId !== undefined) finding.messageId = report.messageId;
  if (report.fix) finding.fix = report.fix;
  if (report.suggestions?.length) finding.suggestions = report.suggestions;
  if (report.about !== undefined) finding.about = report.about;
  return finding;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
}
export type { Finding } from './finding';

/**
 * A lint's findings with external-link's added: the rule alone, run over the same model and site
 * with what the pages' external URLs answered (the caller asks them: `--check-external`).
 */
export function withExternalLinks(
  result: LintResult,
  options: Pick<LintOptions, 'ruleSet' | 'rules' | 'scopes' | 'settings' | 'a11y'>,
  externalLinks: ReadonlyMap<string, UrlVerdict>,
): LintResult {
  const external = runRules(result.model, result.site, {
    ...options,
    externalLinks,
    persistCaches: false,
    ruleFilter: (meta) => meta.id === 'external-link',
  });
  return {
    ...result,
    findings: sortFindings([...result.findings, ...external.findings]),
    suppressed: sortFindings([...result.suppressed, ...external.suppressed]),
  };
}

/**
 * The specs given by URL that a lint did not read, for `--check-external` to fetch: those docs.json
 * names (an `openapi` value, an endpoint entry) and those the frontmatter of its listed pages names.
 */
export function specUrls({ model, site }: Pick<LintResult, 'model' | 'site'>): string[] {
  const urls = new Set(unreadSpecs(model, site).map(({ source }) => source));
  for (const element of model.elements) {
    const file = element.kind === 'page' ? site.lookupPage(element.page).file : undefined;
    const spec = file === undefined ? undefined : site.frontmatter(file)?.endpoint?.spec;
    if (spec !== undefined && /^https?:\/\//i.test(spec)) urls.add(spec);
  }
  return [...urls];
}

/** A lint run again over the same model and site once the specs given by URL are fetched (Site.setFetchedSpecs). */
export function withFetchedSpecs(
  result: LintResult,
  options: Pick<LintOptions, 'ruleSet' | 'rules' | 'scopes' | 'settings' | 'externalLinks'>,
  fetched: ReadonlyMap<string, FetchedSpec>,
): LintResult {
  result.site.setFetchedSpecs(fetched);
  return runRules(result.model, result.site, { ...options, persistCaches: false });
}
