import * as path from 'node:path';
import { CacheNamespace } from '../common/cache-store';
import { buildId } from '../common/version';
import { SourceFile } from '../parsers/source';
import { ContentIds } from '../site/content-ids';
import { clockSlackMs, diskFiles, modifiedSince, type Observed, observingFiles } from '../site/files';
import { variablesOf } from './docs-json';
import type { Finding } from './finding';
import { type LintOptions, type LintResult, lint, runRules, sortFindings, withDirectives } from './lint';
import { pageInterface } from './page-interface';
import { readsSiteFiles, severityOf } from './rule';

/**
 * How many of the paths a lint looked at first (the docs folder, docs.json and its `$ref` files: what
 * an edit most often changes) go on the entry's first line, checked before the rest is even parsed.
 */
const firstPaths = 32;

/** A stored path's columns: the path, its stamp, where a link points, what it holds (ContentIds; null when nothing vouched for it). */
const columns = 4;

/** An entry's first line. */
interface CachedHead {
  /** The docs folder, which observed paths not starting with a slash are relative to. */
  root: string;
  /** Path, stamp, where a link points and what it holds, in turn (null for what was not looked at): the first paths. */
  first: (string | null)[];
}

/** An entry's second line. */
interface CachedBody {
  /** The other paths, as `first`. */
  observed: (string | null)[];
  findings: StoredFinding[];
  /** Per page the rules parsed (relative path), pageInterface's hash; absent when they parsed none. */
  pages?: Record<string, string>;
}

type StoredFinding = Omit<Finding, 'file'> & { file: string };

/** An entry as read: every path with its columns (first, then observed), those changed since, the findings, the pages. */
interface StoredResult {
  paths: (string | null)[];
  /** The paths whose stamp is not as stored (as stored); undefined when a link points elsewhere now. */
  changed: string[] | undefined;
  /** The paths (absolute) whose stamp is new but which hold what they held (a fresh checkout's). */
  renewed: ReadonlySet<string>;
  findings: StoredFinding[];
  pages?: Record<string, string>;
}

/**
 * The findings of a lint, from the cache of results when nothing it read has changed since: ESLint's
 * --cache, for the one "file" navlint lints, whose inputs are docs.json, its $ref files, the
 * folders the page scan listed, every page, spec and asset it looked at and the settings. A hit
 * costs a stat of each (and reads none of them); a miss lints and keeps the result. When only pages
 * changed, each keeping what other files' findings depend on in it (pageInterface), the rules check
 * those pages alone and the other files' findings are kept. Results are kept per build (the
 * namespace's version), so that no result outlives the code that found it.
 */
export function lintWithResultCache(options: LintOptions & { cacheDir: string }): {
  findings: Finding[];
  /** Those a directive turns off (kept with the others, marked by their `suppressions`). */
  suppressed: Finding[];
  cached: boolean;
} {
  const docsFile = path.resolve(options.docsFile);
  const key = JSON.stringify([
    docsFile,
    options.root ?? null,
    options.rules ?? {},
    options.settings ?? {},
    options.extensionKey ?? null,
    options.scopes ?? {},
    options.reportUnusedDisableDirectives ?? 'off',
    options.a11y ?? 'off',
    options.countSwitchedOff ?? false,
  ]);
  const entry: ResultEntry = {
    store: new CacheNamespace(options.cacheDir, 'results', buildId, { maxEntries: 32 }),
    key,
  };
  const root = path.resolve(options.root ?? path.dirname(docsFile));
  const stamped = new Map<string, string>();
  const readAt = Date.now();
  const stored = readCachedResult(entry, root, stamped);
  const changed = stored?.changed;
  if (stored && changed?.length === 0) {
    if (process.env.TIMING)
      process.stderr.write('results from the cache of results: nothing they depend on has changed\n');
    const findings = stored.findings.map(lazySourceFiles());
    // A fresh checkout's: its new stamps kept, so that the next run needs no look at what they hold.
    if (stored.renewed.size > 0 && !modifiedSince(renewedOnes(stored.renewed, stamped), readAt - clockSlackMs))
      writeCachedResult(
        entry,
        root,
        mergedPaths(stored.paths, new Map(), root, stored.renewed, stamped),
        findings,
        stored.pages,
      );
    return { ...bySuppression(findings), cached: true };
  }

  const startedAt = Date.now();
  const { files, observed } = observingFiles(diskFiles, stamped);
  const pagesOnly =
    stored?.pages && changed?.every((file) => Object.hasOwn(stored.pages!, file)) ? new Set(changed) : undefined;
  const { findings, pages } = pagesOnly
    ? lintChangedPages({ ...options, files }, pagesOnly, stored!)
    : lintWhole({ ...options, files });
  if (
    !modifiedSince(observed, startedAt - clockSlackMs) &&
    !(pagesOnly && modifiedSince(renewedOnes(stored!.renewed, stamped), readAt - clockSlackMs)) &&
    !findings.some((f) => f.message.startsWith('internal error'))
  ) {
    const paths = pagesOnly
      ? mergedPaths(stored!.paths, observed, root, stored!.renewed, stamped)
      : flatPaths(observed, root);
    writeCachedResult(entry, root, paths, findings, pages);
  }
  return { ...bySuppression(findings), cached: false };
}

/** Findings as stored (those reported and those suppressed together), sorted apart again. */
function bySuppression(findings: Finding[]): { findings: Finding[]; suppressed: Finding[] } {
  return {
    findings: findings.filter((finding) => !finding.suppressions),
    suppressed: findings.filter((finding) => finding.suppressions),
  };
}

const renewedOnes = (renewed: ReadonlySet<string>, stamped: ReadonlyMap<string, string>): Observed =>
  new Map([...renewed].map((file) => [file, { stamp: stamped.get(file) }]));

/** A lint's findings, those reported and those suppressed together, and the pages' interfaces. */
type LintedResult = { findings: Finding[]; pages?: Record<string, string> };

const allFindings = (result: Pick<LintResult, 'findings' | 'suppressed'>) =>
  sortFindings([...result.findings, ...result.suppressed]);

/** A whole lint, with each page's interface when the rules parsed the pages. */
function lintWhole(options: LintOptions): LintedResult {
  const result = lint(options);
  return { findings: allFindings(result), pages: interfacesOf(result, options, () => result.site.parsedPages()) };
}

/**
 * The rules over the changed pages alone, the other files' findings as stored; a whole lint (the
 * same parses) when a changed page's interface moved, as links to it or its imports may land otherwise.
 */
function lintChangedPages(options: LintOptions, changed: ReadonlySet<string>, stored: StoredResult): LintedResult {
  // The other rules read no page's text: their findings, in these pages too, are as stored.
  const focused = lint({ ...options, focus: changed, ruleFilter: readsSiteFiles, persistCaches: false });
  const now = interfacesOf(focused, options, () => [...changed]);
  if (!now || [...changed].some((file) => now[file] !== stored.pages![file])) {
    const whole = runRules(focused.model, focused.site, options);
    return { findings: allFindings(whole), pages: interfacesOf(whole, options, () => whole.site.parsedPages()) };
  }
  focused.site.persist();
  const root = focused.site.root;
  const inChanged = (file: string) => changed.has(path.relative(root, file));
  const kept = stored.findings
    .filter((finding) => !(options.ruleSet.siteFileRuleIds.has(finding.ruleId) && inChanged(finding.file)))
    .map(lazySourceFiles());
  // A changed page's directives, over its findings: those of its own rules now, the others' as stored
  // (a directive turns off findings of its own page only, and an interface kept is what others read of it).
  const settled = withDirectives(
    [
      ...kept.filter((finding) => inChanged(finding.file.path) && finding.ruleId !== 'unused-disable-directive'),
      ...allFindings(focused).filter((finding) => inChanged(finding.file.path)),
    ],
    focused.site,
    options,
    [...changed],
  );
  if (process.env.TIMING)
    process.stderr.write(`results of ${changed.size} changed page(s) checked, the others' from the cache of results\n`);
  return {
    findings: sortFindings([
      ...kept.filter((finding) => !inChanged(finding.file.path)),
      ...settled.reported,
      ...settled.suppressed,
    ]),
    pages: { ...stored.pages, ...now },
  };
}

/**
 * The interfaces of these pages, when the lint parsed the pages (a rule that parses them was on) and
 * docs.json has no variables (with them, which files are snippets turns on every file's scan).
 */
function interfacesOf(result: LintResult, options: LintOptions, files: () => readonly string[]) {
  const parsed = options.ruleSet.rules.some(
    (rule) =>
      rule.meta.parsesPages &&
      (severityOf(rule.meta, options.rules, options.a11y) !== 'off' || (options.countSwitchedOff && rule.meta.a11y)),
  );
  if (!parsed || variablesOf(result.model) || options.ruleFilter) return undefined;
  return Object.fromEntries(files().map((file) => [file, pageInterface(result.site, file)]));
}

/** Stored findings as findings: a file's text is read only if someone asks for it (no formatter does). */
function lazySourceFiles(): (finding: StoredFinding) => Finding {
  const sources = new Map<string, SourceFile>();
  return (finding) => {
    let source = sources.get(finding.file);
    if (!source)
      sources.set(finding.file, (source = new SourceFile(finding.file, () => diskFiles.readText(finding.file))));
    return { ...finding, file: source };
  };
}

/** Where a lint's result is kept: its namespace of the cache folder, and the key of its options. */
interface ResultEntry {
  store: CacheNamespace;
  key: string;
}

/** The entry of this lint (the stamps it took go into `stamped`); undefined when there is none, or docs.json changed. */
function readCachedResult(entry: ResultEntry, root: string, stamped: Map<string, string>): StoredResult | undefined {
  const text = entry.store.get(entry.key);
  if (text === undefined) return undefined; // none yet, or unreadable: lint
  let head: CachedHead;
  try {
    head = JSON.parse(text.slice(0, text.indexOf('\n')));
  } catch {
    return undefined;
  }
  if (head?.root !== root || !Array.isArray(head.first)) return undefined;
  const contents = new ContentIds(root);
  const renewed = new Set<string>();
  // What an edit most often changes, before the rest is parsed: a change there other than a page's text means a whole lint.
  const firstChanged = changedPaths(head.first, root, stamped, contents, renewed);
  if (!firstChanged?.every(isPageText)) return undefined;
  let body: CachedBody;
  try {
    body = JSON.parse(text.slice(text.indexOf('\n') + 1));
  } catch {
    return undefined;
  }
  if (!Array.isArray(body?.observed) || !Array.isArray(body.findings)) return undefined;
  const pages = body.pages && typeof body.pages === 'object' ? body.pages : undefined;
  const otherChanged = changedPaths(body.observed, root, stamped, contents, renewed);
  return {
    paths: [...head.first, ...body.observed],
    changed: otherChanged && [...firstChanged, ...otherChanged],
    renewed,
    findings: body.findings,
    ...(pages ? { pages } : {}),
  };
}

const isPageText = (file: string) => /\.mdx?$/i.test(file);

/**
 * The paths of a stored list whose stamp is not as it was then, as stored (relative to the docs
 * folder, or absolute); undefined when a link points elsewhere. When one of them is not a page's
 * text (a fresh checkout renews every stamp), those that hold what they held are not changed, but
 * `renewed`.
 */
function changedPaths(
  flat: (string | null)[],
  root: string,
  stamped: Map<string, string>,
  contents: ContentIds,
  renewed: Set<string>,
): string[] | undefined {
  const changed: number[] = [];
  for (let i = 0; i + columns - 1 < flat.length; i += columns) {
    const file = absolute(String(flat[i]), root);
    const [stamp, real] = [flat[i + 1], flat[i + 2]];
    if (stamp !== null) {
      const now = diskFiles.stamp(file) ?? '';
      stamped.set(file, now);
      if (now !== stamp) changed.push(i);
    }
    if (real !== null && diskFiles.realpath(file) !== real) return undefined;
  }
  const heldTheSame = (i: number) => {
    const file = absolute(String(flat[i]), root);
    const held = flat[i + 3];
    const same = held !== null && contents.of(file, stamped.get(file), held.startsWith('list:')) === held;
    if (same) renewed.add(file);
    return same;
  };
  const stillChanged = changed.every((i) => isPageText(String(flat[i])))
    ? changed
    : changed.filter((i) => !heldTheSame(i));
  return stillChanged.map((i) => String(flat[i]));
}

const absolute = (stored: string, root: string) => (path.isAbsolute(stored) ? stored : root + path.sep + stored);

/** What a lint observed as a stored list: relative to the docs folder where it is inside it. */
function flatPaths(observed: Observed, root: string): (string | null)[] {
  const prefix = root + path.sep;
  const contents = new ContentIds(root);
  return [...observed].flatMap(([file, { stamp, real, listed }]) => [
    file.startsWith(prefix) ? file.slice(prefix.length) : file,
    stamp ?? null,
    real ?? null,
    contents.of(file, stamp, listed === true) ?? null,
  ]);
}

/**
 * The stored list, in its order, with what this lint observed (the changed pages' new stamps among
 * it) put in, and the renewed paths' new stamps.
 */
function mergedPaths(
  stored: (string | null)[],
  observed: Observed,
  root: string,
  renewed: ReadonlySet<string>,
  stamped: ReadonlyMap<string, string>,
): (string | null)[] {
  const merged = new Map<string, (string | null)[]>();
  for (let i = 0; i + columns - 1 < stored.length; i += columns) {
    const columnsOf = stored.slice(i, i + columns);
    const file = absolute(String(stored[i]), root);
    if (renewed.has(file)) columnsOf[1] = stamped.get(file) ?? null;
    merged.set(String(stored[i]), columnsOf);
  }
  const prefix = root + path.sep;
  for (const [file, { stamp, real }] of observed) {
    const name = file.startsWith(prefix) ? file.slice(prefix.length) : file;
    const before = merged.get(name);
    // What it holds stays vouched for while its stamp is the one it was vouched for at.
    const content = before && (stamp ?? before[1]) === before[1] ? before[3] : null;
    merged.set(name, [name, stamp ?? before?.[1] ?? null, real ?? before?.[2] ?? null, content]);
  }
  return [...merged.values()].flat();
}

function writeCachedResult(
  entry: ResultEntry,
  root: string,
  flat: (string | null)[],
  findings: Finding[],
  pages: Record<string, string> | undefined,
): void {
  const head: CachedHead = { root, first: flat.slice(0, firstPaths * columns) };
  const body: CachedBody = {
    observed: flat.slice(firstPaths * columns),
    findings: findings.map((finding) => ({ ...finding, file: finding.file.path })),
    ...(pages ? { pages } : {}),
  };
  // A read-only cache folder, a full disk: the next run lints again.
  entry.store.set(entry.key, `${JSON.stringify(head)}\n${JSON.stringify(body)}`);
}
