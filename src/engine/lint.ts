import * as path from 'node:path';
import { distance } from 'fastest-levenshtein';
import { defaultMaxDistance, didYouMean, SuggestionIndex } from '../common/suggest';
import type { SourceFile } from '../parsers/source';
import { diskFiles, isUnreadable, type SiteFiles, UnreadableError } from '../site/files';
import { Site } from '../site/site';
import type { UrlVerdict } from '../site/url-checks';
import { pageMatcher } from './config';
import { type DocsLinks, docsLinks, variablesOf } from './docs-json';
import type { Finding } from './finding';
import { messageOf, RuleBug, settingsFor } from './messages';
import { buildModel, type NavModel, type SchemaIssue } from './model';
import { followRefs } from './read-docs';
import { type Report, type RuleContext, type RuleMeta, type RuleSettings, type Severity, severityOf } from './rule';
import { rules } from './rules';
import { validateModel } from './schema';
import { type SiteUrls, siteUrls } from './site-urls';

export interface LintOptions {
  /** Path to docs.json. */
  docsFile: string;
  /** The docs folder; defaults to docs.json's folder. Nothing outside it is read. */
  root?: string;
  /** Severity per rule id, over the defaults. */
  rules?: Record<string, Severity>;
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

export interface LintResult {
  findings: Finding[];
  /** docs.json and every `$ref` file read. */
  files: SourceFile[];
  model: NavModel;
  site: Site;
}

/** Reads docs.json and its `$ref` files, builds the model once, runs every rule. */
export function lint(options: LintOptions): LintResult {
  const timing = startTiming();
  const docsFile = path.resolve(options.docsFile);
  const root = path.resolve(options.root ?? path.dirname(docsFile));
  const site =
    options.site ??
    new Site(root, options.files ?? diskFiles, options.cacheDir, options.extensionKey, options.onPagesParsed);
  const read = followRefs(docsFile, root, options.files ?? site.files);
  timing?.lap('parse docs.json and $ref files');
  const model = buildModel(read.root, { root, docsFile: read.files[0], files: read.files, readIssues: read.issues });
  timing?.lap('build the model');
  return runRules(model, site, options, timing);
}

/** The options of a lint that say which rules run and how, over a model already built. */
type RunOptions = Pick<
  LintOptions,
  'rules' | 'settings' | 'a11y' | 'countSwitchedOff' | 'persistCaches' | 'ruleFilter' | 'externalLinks' | 'focus'
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
  // Did-you-mean indexes, built on first use and shared by the rules of this lint.
  const suggestionIndexes = new WeakMap<readonly string[], SuggestionIndex>();
  const nearestIn = (word: string, candidates: readonly string[], maxDistance: number) => {
    if (candidates.length < 64) {
      const found = didYouMean(word, candidates, maxDistance); // a scan is cheaper than building an index
      return found === undefined
        ? undefined
        : {
            candidate: found,
            distance:
              found.toLowerCase() === word.toLowerCase() ? 0 : distance(word.toLowerCase(), found.toLowerCase()),
          };
    }
    let index = suggestionIndexes.get(candidates);
    if (!index) suggestionIndexes.set(candidates, (index = new SuggestionIndex(candidates)));
    return index.nearest(word, maxDistance);
  };
  const suggest = (
    word: string,
    candidates: readonly string[] | readonly (readonly string[])[],
    maxDistance = defaultMaxDistance(word),
  ) => {
    if (!Array.isArray(candidates[0])) return nearestIn(word, candidates as readonly string[], maxDistance)?.candidate;
    // The first list's nearest wins ties, as in one list made of them all: a later list only has to beat it.
    let best: { candidate: string; distance: number } | undefined;
    for (const list of candidates as readonly (readonly string[])[]) {
      const found = nearestIn(word, list, best ? best.distance - 1 : maxDistance);
      if (found) best = found;
    }
    return best?.candidate;
  };
  for (const rule of rules) {
    const runs = howRuleRuns(rule.meta, options);
    if (!runs || (options.ruleFilter && !options.ruleFilter(rule.meta))) continue;
    const { level, counted } = runs;
    const report = (r: Report) => {
      const finding = toFinding(rule.meta.id, r.severity === 'warn' ? 1 : level, r, messageOf(rule.meta, r));
      if (counted) finding.switchedOff = true;
      findings.push(finding);
    };
    const context: RuleContext = {
      model,
      site,
      settings: settingsFor(rule.meta, settings),
      report,
      didYouMean: suggest,
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
          level,
          { span: { file: model.docsFile, offset: 0, length: 0 } },
          `internal error in rule ${rule.meta.id}: ${reason}`,
        ),
      );
    }
    timing?.lap(`rule ${rule.meta.id}`);
  }
  if (options.persistCaches !== false) site.persist();
  timing?.print();
  return { findings: sortFindings(findings), files: model.files, model, site };
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
 * Whether a rule runs in a lint, and how: at its severity's level, or counted and not shown (an
 * accessibility rule that only the switch keeps off, for a caller that counts them).
 */
function howRuleRuns(
  meta: RuleMeta,
  options: Pick<LintOptions, 'rules' | 'a11y' | 'countSwitchedOff'>,
): { level: 1 | 2; counted: boolean } | undefined {
  const severity = severityOf(meta, options.rules, options.a11y);
  if (severity !== 'off') return { level: severity === 'error' ? 2 : 1, counted: false };
  if (!options.countSwitchedOff || !meta.a11y || options.rules?.[meta.id]) return undefined;
  return { level: meta.a11y === 'error' ? 2 : 1, counted: true };
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
  options: Pick<LintOptions, 'rules' | 'settings' | 'a11y'>,
  externalLinks: ReadonlyMap<string, UrlVerdict>,
): LintResult {
  const external = runRules(result.model, result.site, {
    ...options,
    externalLinks,
    persistCaches: false,
    ruleFilter: (meta) => meta.id === 'external-link',
  });
  return { ...result, findings: sortFindings([...result.findings, ...external.findings]) };
}
