import { setMaxListeners } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { ruleSet } from '../../rules';
import { makeFolders, writeFailure } from '../common/atomic';
import { cacheFolderOf } from '../common/cache-folder';
import { appendAll } from '../common/collections';
import { displayPath, worktreeTop } from '../common/paths';
import { heldFromStopSignals, onStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import { type CommandUsage, helpOption } from '../common/usage';
import { version } from '../common/version';
import { type AppliedFix, lintAndFix } from '../engine/fix-passes';
import {
  type Finding,
  type LintOptions,
  type LintResult,
  lint,
  lintOptionsOf,
  specUrls,
  withExternalLinks,
  withFetchedSpecs,
} from '../engine/lint';
import { externalUrls } from '../engine/page-link-targets';
import { lintWithResultCache } from '../engine/result-cache';
import { formatGithub } from '../formatters/github';
import { formatJson, formatJsonWithMetadata } from '../formatters/json';
import { formatSarif } from '../formatters/sarif';
import { formatStylish } from '../formatters/stylish';
import { fetchSpecs } from '../site/spec-fetch';
import { checkUrls, noNetwork } from '../site/url-checks';
import { type Io, loadConfigOrFail, parse, printUsage, UsageError, written } from './io';
import { pagesProgress } from './progress';
import { withBulkSuppressions } from './suppressions';
import { type CheckTarget, checkTargets, wanted } from './targets';

export const checkUsage = {
  synopsis: ['navlint check [DIR|docs.json] [options]', 'navlint check FILE... [options]'],
  summary:
    'Lint a site: docs.json, the $ref files it includes, the pages, specs and files it names, and its redirects.\nWith no DIR, the nearest docs.json from the current folder up. With files (what pre-commit and lint-staged\npass), their sites are linted and the findings in those files and about them are reported.',
  options: {
    format: {
      type: 'string',
      default: 'stylish',
      value: 'NAME',
      help: "stylish (default), json and json-with-metadata (ESLint's), sarif (2.1.0), github (annotations)",
    },
    output: { type: 'string', value: 'FILE', help: 'write the report to FILE instead of stdout' },
    config: {
      type: 'string',
      value: 'FILE',
      help: 'use this config instead of navlint.config.json / package.json "navlint"',
    },
    fix: { type: 'boolean', default: false, help: 'apply the fixes that need no guessing, then report what remains' },
    'fix-dry-run': { type: 'boolean', default: false, help: 'show the fixes as a diff without writing' },
    // ESLint's --cache: navlint's caches are on by default, so it is accepted and changes nothing.
    cache: { type: 'boolean', default: true, help: null },
    'no-cache': {
      type: 'boolean',
      help: "do not read or write navlint's caches (NAVLINT_CACHE_DIR); ESLint's --cache changes nothing",
    },
    'cache-location': {
      type: 'string',
      value: 'DIR',
      help: "keep the caches in DIR (for a CI cache step), as ESLint's flag",
    },
    'check-external': {
      type: 'boolean',
      default: false,
      help: 'also ask every http(s) URL docs.json and the pages link to, once each (answers kept a day in the cache); fetch the specs given by URL',
    },
    a11y: {
      type: 'boolean',
      default: false,
      help: 'turn the accessibility rules on (mint a11y\'s checks and more), as "a11y": "error" in the config',
    },
    quiet: { type: 'boolean', default: false, help: 'report errors only' },
    'list-all': {
      type: 'boolean',
      default: false,
      help: "stylish: list every finding (by default, a rule's findings in a file past its first 10 of more than 20 are counted)",
    },
    'report-unused-disable-directives': {
      type: 'boolean',
      default: false,
      help: 'report each navlint-disable comment that turns nothing off as an error (a warning by default: reportUnusedDisableDirectives)',
    },
    'suppress-all': {
      type: 'boolean',
      default: false,
      help: 'write every finding into the suppressions file, which then keeps them from being reported',
    },
    'suppress-rule': {
      type: 'string',
      multiple: true,
      value: 'ID',
      help: "write this rule's findings into the suppressions file (repeatable)",
    },
    'prune-suppressions': {
      type: 'boolean',
      default: false,
      help: 'take out of the suppressions file what no longer occurs',
    },
    'suppressions-location': {
      type: 'string',
      value: 'FILE',
      help: 'the suppressions file (default: navlint-suppressions.json in the docs folder)',
    },
    'pass-on-unpruned-suppressions': {
      type: 'boolean',
      default: false,
      help: 'do not fail when the suppressions file holds what no longer occurs',
    },
    'max-warnings': { type: 'string', value: 'N', help: 'exit 1 when there are more than N warnings' },
    color: {
      type: 'boolean',
      flags: '--color, --no-color',
      help: 'force colour on or off (default: when the terminal supports it)',
    },
    'no-color': { type: 'boolean', help: null },
    help: helpOption,
    version: { type: 'boolean', short: 'v', help: 'print the version' },
  },
  footer:
    'Exit codes: 0 no errors, 1 errors found (or too many warnings), 2 usage or config error, no docs.json, or a suppressions file that holds what no longer occurs, 130 and 143 stopped (SIGINT, SIGTERM) while checking external links.',
} satisfies CommandUsage;

const formats = ['stylish', 'json', 'json-with-metadata', 'sarif', 'github'];

const notUtf8Reason = 'its fixes are not applied, as writing it would change its other bytes';

/** Says which files' fixes were left unapplied, and why. */
function sayUnfixed({ notUtf8, links }: { notUtf8: string[]; links: string[] }, io: Io): void {
  for (const file of notUtf8)
    io.stderr(`navlint: ${path.relative(io.cwd, file)} is not UTF-8 text: ${notUtf8Reason}\n`);
  for (const file of links)
    io.stderr(
      `navlint: ${path.relative(io.cwd, file)} is a symbolic link: its fixes are not applied, as writing it would replace the link with a copy; its target takes its own\n`,
    );
}

/**
 * Writes every file that can take its fixes (the report would tell of fixes one did not take); the
 * exit code when the run stops there: 2 when a file could not be written, a stop signal's when one
 * came. A stop signal meanwhile waits until every file is written whole (no temporary file left).
 */
async function writeFixes(changes: Map<string, { fixed: string }>, io: Io): Promise<number | undefined> {
  const { result: unwritten, signal } = await heldFromStopSignals(() =>
    [...changes].filter(
      ([file, { fixed }]) => !written(file, fixed, io, `the fixes of ${path.relative(io.cwd, file)}`),
    ),
  );
  if (signal) {
    io.stderr(
      `navlint: stopped (${signal}) while writing fixes: ${changes.size - unwritten.length} of ${changes.size} files fixed, each whole; nothing reported\n`,
    );
    return signalExitCodes[signal];
  }
  return unwritten.length > 0 ? 2 : undefined;
}

/** The cache folder of the command line: a usage error for a --cache-location that cannot be one. */
function cacheDirOf(noCache: boolean | undefined, location: string | undefined, io: Io): string | undefined {
  if (location === '') throw new UsageError('--cache-location takes a folder');
  if (location !== undefined) {
    // The folder, or the first of its parents that is there: a file there means no folder can be made.
    const statOf = (file: string) => {
      try {
        return fs.statSync(file);
      } catch {
        return undefined; // not there, or below a file (ENOTDIR)
      }
    };
    const given = path.resolve(io.cwd, location);
    let at = given;
    let stat = statOf(at);
    while (!stat && path.dirname(at) !== at) stat = statOf((at = path.dirname(at)));
    const shown = at === given ? '' : `: ${path.isAbsolute(location) ? at : path.relative(io.cwd, at)}`;
    if (stat && !stat.isDirectory())
      throw new UsageError(`--cache-location ${location}${shown} is a file; give the folder to keep the caches in`);
  }
  return cacheFolderOf({ noCache, location }, io.env ?? process.env, io.cwd);
}

/** Where --output writes the report: a file, its folder made as ESLint makes it, before the lint. */
function outputFileOf(given: string, cwd: string): string {
  const file = path.resolve(cwd, given);
  let isFolder = false;
  try {
    isFolder = fs.statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // a path through a file: said below
  }
  if (isFolder) throw new UsageError(`--output ${given} is a folder; give a file to write the report to`);
  const folder = path.dirname(file);
  try {
    makeFolders(folder);
  } catch (error) {
    throw new UsageError(`--output ${given}: cannot make its folder ${folder}: ${writeFailure(error)}`);
  }
  if (!fs.statSync(folder).isDirectory()) throw new UsageError(`--output ${given}: ${folder} is a file, not a folder`);
  return file;
}

/** What a check found, once fixes are written: the findings to report and what they are of. */
export interface Checked {
  docsFile: string;
  findings: Finding[];
  /** Those a directive or the suppressions file keeps from being reported. */
  suppressed: Finding[];
  /** Each file --fix or --fix-dry-run changes, with its text before and after. */
  changes: Map<string, { original: string; fixed: string }>;
  maxWarnings: number | undefined;
  /** Findings the suppressions file holds that no longer occur. */
  unpruned: number;
  /** How many findings the accessibility rules would add, were they on (0 when they are). */
  switchedOff: number;
  /** --check-external reached no host: the machine has no network (exit 2, once the rest is reported). */
  offline: boolean;
  /** The fixes made (--fix, --fix-dry-run), in the files whose changes are kept. */
  applied: AppliedFix[];
}

/**
 * `check`'s options as parsed, or the exit code of a run that ends before linting (--help, --version).
 * `allowed` drops options a caller sets itself (the Action sets the format and the output).
 */
export function checkOptionsOf(args: string[], io: Io) {
  const { values, positionals } = parse('check', args, checkUsage.options);
  if (values.help) return printUsage(checkUsage, io);
  if (values.version) {
    io.stdout(`${version}\n`);
    return 0;
  }
  if (!formats.includes(values.format))
    throw new UsageError(`unknown format "${values.format}"; use ${formats.join(', ')}`);
  if (values.fix && values['fix-dry-run']) throw new UsageError('use --fix or --fix-dry-run, not both');
  return { values, positionals };
}

type CheckOptions = Exclude<ReturnType<typeof checkOptionsOf>, number>;

/**
 * Lints the sites the options name (and writes --fix's fixes), each whole, keeping the findings in
 * the files asked for and about them when files are given; a number is the exit code of a run
 * stopped on the way.
 */
export async function checkSite({ values, positionals }: CheckOptions, io: Io): Promise<Checked | number> {
  const targets = checkTargets(positionals, io.cwd, io);
  if (
    targets.some((target) => target.files) &&
    (values['suppress-all'] || values['suppress-rule'] || values['prune-suppressions'])
  )
    throw new UsageError(
      '--suppress-all, --suppress-rule and --prune-suppressions are for a whole site: give its docs folder, not files',
    );
  const all: Checked = {
    docsFile: targets[0]?.docsFile ?? '',
    findings: [],
    suppressed: [],
    changes: new Map(),
    maxWarnings: maxWarningsOf(values['max-warnings']),
    unpruned: 0,
    switchedOff: 0,
    offline: false,
    applied: [],
  };
  for (const target of targets) {
    const checked = await checkTarget(target, values, io);
    if (typeof checked === 'number') return checked;
    appendAll(all.findings, checked.findings);
    appendAll(all.suppressed, checked.suppressed);
    for (const [file, change] of checked.changes) all.changes.set(file, change);
    all.unpruned += checked.unpruned;
    all.switchedOff += checked.switchedOff;
    all.offline ||= checked.offline;
    appendAll(all.applied, checked.applied);
  }
  return all;
}

async function checkTarget(
  target: CheckTarget,
  values: CheckOptions['values'],
  io: Io,
): Promise<Omit<Checked, 'docsFile' | 'maxWarnings'> | number> {
  const { docsFile } = target;
  const config = loadConfigOrFail(docsFile, values.config, io);
  const cacheDir = cacheDirOf(values['no-cache'], values['cache-location'], io);
  const progress = io.stderrIsTTY ? pagesProgress(io.stderr) : undefined;
  // --a11y turns the accessibility rules on as the config's "a11y": "error" does, unless that says "warn".
  const a11y = values.a11y && config.a11y !== 'warn' ? 'error' : config.a11y;
  const options = {
    docsFile,
    ...lintOptionsOf(config, ruleSet),
    ...(values['report-unused-disable-directives'] ? { reportUnusedDisableDirectives: 'error' as const } : {}),
    a11y,
    countSwitchedOff: a11y === 'off',
    cacheDir,
    onPagesParsed: progress?.update,
  };
  const fixing = values.fix || values['fix-dry-run'];
  const checkExternal = values['check-external'];
  const linted = fixing
    ? lintAndFix(options)
    : {
        result: cacheDir && !checkExternal ? lintWithResultCache({ ...options, cacheDir }) : lint(options),
        changes: new Map<string, { original: string; fixed: string }>(),
        notUtf8: [],
        links: [],
        applied: [],
      };
  progress?.done();
  const { changes } = linted;
  sayUnfixed(linted, io);
  const checked =
    checkExternal && 'site' in linted.result ? await withExternalUrls(linted.result, options, io) : linted.result;
  if ('interrupted' in checked) return checked.interrupted; // nothing reported, nothing written
  // Given files, their fixes alone are written, as ESLint writes the fixes of the files it is given.
  const ownChanges = target.files
    ? new Map(
        [...changes].filter(([file]) =>
          target.files!.has(path.relative(path.dirname(docsFile), file).split(path.sep).join('/')),
        ),
      )
    : changes;
  if (values.fix) {
    const stopped = await writeFixes(ownChanges, io);
    if (stopped !== undefined) return stopped;
  }
  // The accessibility rules the switch keeps off are counted, never reported nor suppressed.
  const switchedOff = checked.findings.filter((finding) => finding.switchedOff && wanted(target, finding)).length;
  const shown = { ...checked, findings: checked.findings.filter((finding) => !finding.switchedOff) };
  const bulk = withBulkSuppressions(shown, docsFile, values, io);
  if (typeof bulk === 'number') return bulk;
  const found = bulk.findings.filter((finding) => wanted(target, finding));
  return {
    findings: values.quiet ? found.filter((f) => f.severity === 2) : found,
    suppressed: bulk.suppressed.filter((finding) => wanted(target, finding) && !finding.switchedOff),
    changes: ownChanges,
    // Given files, what the suppressions file holds for others is not looked for.
    unpruned: target.files ? 0 : bulk.unpruned,
    switchedOff,
    offline: 'offline' in checked && checked.offline === true,
    applied: linted.applied.filter((fix) => ownChanges.has(fix.file)),
  };
}

/** The exit code of a run that found these findings: 1 for an error, or for more warnings than allowed. */
export function exitCodeOf(findings: Finding[], maxWarnings: number | undefined, io: Io): number {
  const warnings = findings.filter((f) => f.severity === 1).length;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`navlint: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return findings.some((f) => f.severity === 2) ? 1 : 0;
}

export async function runCheck(args: string[], io: Io): Promise<number> {
  const options = checkOptionsOf(args, io);
  if (typeof options === 'number') return options;
  const { values } = options;
  const output = values.output === undefined ? undefined : outputFileOf(values.output, io.cwd);
  const checked = await checkSite(options, io);
  if (typeof checked === 'number') return checked;
  const { docsFile, findings, suppressed, changes, maxWarnings, switchedOff } = checked;

  // Asked only for stylish output with findings: telling a terminal loads picocolors and makes process.stdout.
  const color = () =>
    findings.length > 0 && (values['no-color'] || values.output ? false : values.color ? true : io.stdoutIsColor);
  const fixing = values.fix || values['fix-dry-run'];
  const fixedTexts = fixing ? new Map([...changes].map(([file, change]) => [file, change.fixed])) : undefined;
  let report: string;
  switch (values.format) {
    case 'json':
      report = formatJson(findings, fixedTexts, suppressed);
      break;
    case 'json-with-metadata':
      report = formatJsonWithMetadata(findings, io.cwd, fixedTexts, suppressed);
      break;
    case 'sarif':
      report = formatSarif(findings, repositoryRoot(docsFile, io.cwd), suppressed);
      break;
    case 'github':
      report = formatGithub(findings, repositoryRoot(docsFile, io.cwd));
      break;
    default:
      report =
        (values['fix-dry-run'] ? formatApplied(checked.applied, io.cwd) + formatDiffs(changes, io.cwd) : '') +
        formatStylish(findings, color(), io.cwd, {
          suppressed: suppressed.length,
          switchedOff,
          listAll: values['list-all'],
        });
  }
  if (output === undefined) io.stdout(report);
  else if (!written(output, report, io, values.output!)) return 2;
  if (unprunedFails(checked, values, io) || checked.offline) return 2;
  return exitCodeOf(findings, maxWarnings, io);
}

/** Whether the suppressions file holds findings that no longer occur, which fails the run as in ESLint (saying so). */
export function unprunedFails(
  { unpruned }: Pick<Checked, 'unpruned'>,
  values: { 'prune-suppressions'?: boolean; 'pass-on-unpruned-suppressions'?: boolean },
  io: Io,
): boolean {
  if (unpruned === 0 || values['prune-suppressions'] || values['pass-on-unpruned-suppressions']) return false;
  io.stderr(
    `navlint: the suppressions file holds ${unpruned} finding${unpruned === 1 ? '' : 's'} that no longer occur${unpruned === 1 ? 's' : ''}: run navlint check --prune-suppressions to take ${unpruned === 1 ? 'it' : 'them'} out (or --pass-on-unpruned-suppressions)\n`,
  );
  return true;
}

/**
 * The lint's findings and external-link's, once the specs the site gives by URL are fetched (the
 * lint is run again with them) and every http(s) URL the site links to has answered. Ctrl-C (or
 * SIGTERM) stops the asking: the answers had so far stay in the cache for the next run, and the run
 * ends with the signal's exit code, reporting nothing.
 */
async function withExternalUrls(
  linted: LintResult,
  options: LintOptions,
  io: Io,
): Promise<(LintResult & { offline?: boolean }) | { interrupted: number }> {
  const progress = io.stderrIsTTY ? pagesProgress(io.stderr, Date.now, 'checking external links') : undefined;
  const stop = new AbortController();
  // Every request and retry wait listens to it: sixteen at once are no leak.
  setMaxListeners(Infinity, stop.signal);
  let signalled: StopSignal | undefined;
  const undo = onStopSignals((signal) => {
    signalled ??= signal;
    stop.abort();
  });
  try {
    const specs = specUrls(linted);
    const fetched = specs.length
      ? await fetchSpecs(specs, { cacheDir: options.cacheDir, signal: stop.signal })
      : undefined;
    if (signalled) {
      io.stderr(`navlint: stopped (${signalled}) while fetching the specs given by URL; nothing reported\n`);
      return { interrupted: signalExitCodes[signalled] };
    }
    const result = fetched ? withFetchedSpecs(linted, options, fetched) : linted;
    const urls = externalUrls(result.site, result.model);
    const verdicts = await checkUrls(urls, {
      cacheDir: options.cacheDir,
      onVerdict: progress?.update,
      signal: stop.signal,
    });
    progress?.done();
    const offline = signalled ? undefined : noNetwork(verdicts);
    if (offline) {
      io.stderr(
        `navlint: --check-external: none of the ${offline.hosts} hosts the site links to could be reached (${offline.codes.join(', ')}): no network? External links are not checked\n`,
      );
      return { ...withExternalLinks(result, options, new Map()), offline: true };
    }
    if (!signalled) return withExternalLinks(result, options, verdicts);
    const kept = options.cacheDir ? ', their answers kept in the cache for the next run' : '';
    io.stderr(
      `navlint: stopped (${signalled}) while checking external links: ${verdicts.size} of ${urls.length} URLs answered${kept}; nothing reported\n`,
    );
    return { interrupted: signalExitCodes[signalled] };
  } finally {
    undo();
  }
}

/** Unified diffs of what --fix would change, paths relative to the working folder. */
/** What --fix would do, a line a fix: where, and the fix's title. */
function formatApplied(applied: AppliedFix[], cwd: string): string {
  if (applied.length === 0) return '';
  const lines = applied.map(
    ({ file, line, column, title }) => `  ${displayPath(file, cwd)}:${line}:${column}  ${title}`,
  );
  return `--fix would make ${applied.length === 1 ? 'this fix' : `these ${applied.length} fixes`}:\n${lines.join('\n')}\n\n`;
}

function formatDiffs(changes: Map<string, { original: string; fixed: string }>, cwd: string): string {
  return [...changes]
    .map(([file, { original, fixed }]) => {
      const name = displayPath(file, cwd);
      return createTwoFilesPatch(`a/${name}`, `b/${name}`, original, fixed, undefined, undefined, {
        context: 3,
      }).replace(/^=+\n/, '');
    })
    .join('');
}

/**
 * What code scanning and annotations read a path against: the repository's top (of the git worktree
 * that holds the site), wherever the command ran; the working folder outside git.
 */
export function repositoryRoot(docsFile: string, cwd: string): string {
  return worktreeTop(path.dirname(docsFile)) ?? cwd;
}

/** --max-warnings N: a whole number in decimals; -1, as in ESLint, for no limit (undefined). */
function maxWarningsOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '-1') return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings takes a whole number of 0 or more, not "${value}"`);
  return Number(value);
}
