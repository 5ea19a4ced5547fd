import { setMaxListeners } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import { writeFailure, writeFileAtomic } from '../common/atomic';
import { cacheFolderOf } from '../common/cache-folder';
import { DocsFileError, findDocsFile } from '../common/docs-file';
import { displayPath, worktreeTop } from '../common/paths';
import { heldFromStopSignals, onStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import { type CommandUsage, helpOption, usageText } from '../common/usage';
import { version } from '../common/version';
import { type Config, ConfigError, isExtensionKey, loadConfig } from '../engine/config';
import { lintAndFix } from '../engine/fix-passes';
import { type LintOptions, type LintResult, lint, specUrls, withExternalLinks, withFetchedSpecs } from '../engine/lint';
import { externalUrls } from '../engine/page-link-targets';
import { lintWithResultCache } from '../engine/result-cache';
import { rulePage } from '../engine/rule-page';
import { ruleById, rules } from '../engine/rules';
import { formatGithub } from '../formatters/github';
import { formatJson } from '../formatters/json';
import { formatSarif } from '../formatters/sarif';
import { formatStylish } from '../formatters/stylish';
import { UnreadableError } from '../site/files';
import { fetchSpecs } from '../site/spec-fetch';
import { checkUrls } from '../site/url-checks';
import { pagesProgress } from './progress';

/** A mistake in how navlint was called, or input it cannot start on: exit 2 with a message, no stack trace. */
export class UsageError extends Error {}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Colour on stdout: true, false, or undefined to follow the terminal and NO_COLOR/FORCE_COLOR. */
  stdoutIsColor: boolean;
  /** For streamed output (analytics): the real stream, with backpressure; the environment; stderr a terminal. */
  stdoutStream?: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  stderrIsTTY?: boolean;
}

const help = `navlint ${version}: lint the navigation of a docs.json site

Usage:
  navlint check [DIR|docs.json] [options]   lint a site (default: the nearest docs.json up from here)
  navlint rules [RULE-ID]                   list the rules, or explain one
  navlint lsp --stdio                       run the language server on stdin/stdout
  navlint migrate-mdx [DIR] [options]       move MDX endpoint pages into the spec's x-mint extension
  navlint analytics assistant|feedback      export assistant conversations or reader feedback
  navlint analytics report [DIR]            join feedback and assistant answers with the site
  navlint COMMAND --help                    the command's synopsis and options (-h the same)

Options:
  -h, --help      show this help
  -v, --version   print the version
`;

const checkUsage = {
  synopsis: ['navlint check [DIR|docs.json] [options]'],
  summary:
    'Lint a site: docs.json, the $ref files it includes, the pages, specs and files it names, and its redirects.\nWith no DIR, the nearest docs.json from the current folder up.',
  options: {
    format: {
      type: 'string',
      default: 'stylish',
      value: 'NAME',
      help: "stylish (default), json (ESLint's), sarif (2.1.0), github (annotations)",
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
    quiet: { type: 'boolean', default: false, help: 'report errors only' },
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
    'Exit codes: 0 no errors, 1 errors found (or too many warnings), 2 usage or config error, or no docs.json, 130 and 143 stopped (SIGINT, SIGTERM) while checking external links.',
} satisfies CommandUsage;

const formats = ['stylish', 'json', 'sarif', 'github'];

export async function run(argv: string[], io: Io): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(help);
      return command === undefined ? 2 : 0;
    }
    if (command === '-v' || command === '--version') {
      io.stdout(`${version}\n`);
      return 0;
    }
    if (command === 'check') return await runCheck(rest, io);
    if (command === 'rules') return runRulesCommand(rest, io);
    // `return await`: a rejection must reach the catch below, not escape as a stack trace.
    if (command === 'lsp') return await runLanguageServer(rest, io);
    if (command === 'migrate-mdx') return await runMigrate(rest, io);
    if (command === 'analytics') return await runAnalyticsCommand(rest, io);
    throw new UsageError(`unknown command "${command}"; run navlint --help`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`navlint: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UnreadableError) {
      const reason = error.code === 'EACCES' || error.code === 'EPERM' ? 'permission denied' : error.message;
      io.stderr(
        `navlint: cannot read ${path.relative(io.cwd, error.file) || '.'}: ${reason}; the site is not checked\n`,
      );
      return 2;
    }
    // Anything else is navlint's own bug: say so plainly, keep the trace for whoever asks for it.
    io.stderr(`navlint: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    if (process.env.NAVLINT_DEBUG) io.stderr(`${(error as Error)?.stack}\n`);
    return 2;
  }
}

/** The options of `navlint COMMAND`, by its usage's table; a mistake points to the command's help. */
function parse<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: T) {
  // A negative number after an option that takes one is its value (`--max-warnings -1`, as ESLint
  // takes it), not an unknown option: parseArgs refuses it unless written `--max-warnings=-1`.
  const takesValue = (arg: string) => arg.startsWith('--') && options[arg.slice(2)]?.type === 'string';
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++)
    joined.push(takesValue(args[i]) && /^-\d/.test(args[i + 1] ?? '') ? `${args[i]}=${args[++i]}` : args[i]);
  try {
    return parseArgs({ args: joined, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}; run navlint ${command} --help`,
    );
  }
}

/** `navlint COMMAND --help`: the command's own usage, on stdout. */
function printUsage(usage: CommandUsage, io: Io): number {
  io.stdout(usageText(usage));
  return 0;
}

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

/** Writes a file atomically; when it cannot, says so (`what`: the file as the user knows it) and gives false. */
function written(file: string, text: string, io: Io, what: string): boolean {
  try {
    writeFileAtomic(file, text);
    return true;
  } catch (error) {
    io.stderr(`navlint: cannot write ${what}: ${writeFailure(error)}\n`);
    return false;
  }
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

/** Where --output writes the report: a file in a folder that exists, checked before the lint. */
function outputFileOf(given: string, cwd: string): string {
  const file = path.resolve(cwd, given);
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--output ${given} is a folder; give a file to write the report to`);
  if (!fs.statSync(path.dirname(file), { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--output ${given}: there is no folder ${path.dirname(file)}`);
  return file;
}

/** findDocsFile, with its error as a usage error. */
function docsFileOf(target: string | undefined, cwd: string): string {
  try {
    return findDocsFile(target, cwd);
  } catch (error) {
    if (error instanceof DocsFileError) throw new UsageError(error.message);
    throw error;
  }
}

async function runCheck(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('check', args, checkUsage.options);
  if (values.help) return printUsage(checkUsage, io);
  if (values.version) {
    io.stdout(`${version}\n`);
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError(`check takes one site, got ${positionals.length}: ${positionals.join(' ')}`);
  if (!formats.includes(values.format))
    throw new UsageError(`unknown format "${values.format}"; use ${formats.join(', ')}`);
  const maxWarnings = maxWarningsOf(values['max-warnings']);
  if (values.fix && values['fix-dry-run']) throw new UsageError('use --fix or --fix-dry-run, not both');
  const output = values.output === undefined ? undefined : outputFileOf(values.output, io.cwd);

  const docsFile = docsFileOf(positionals[0], io.cwd);
  const config = loadConfigOrFail(docsFile, values.config, io);
  const cacheDir = cacheDirOf(values['no-cache'], values['cache-location'], io);
  const progress = io.stderrIsTTY ? pagesProgress(io.stderr) : undefined;
  const options = {
    docsFile,
    rules: config.rules,
    settings: { languages: config.languages, ignorePages: config.ignorePages },
    cacheDir,
    extensionKey: config.extensionKey,
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
      };
  progress?.done();
  const { changes } = linted;
  sayUnfixed(linted, io);
  const checked =
    checkExternal && 'site' in linted.result ? await withExternalUrls(linted.result, options, io) : linted.result;
  if ('interrupted' in checked) return checked.interrupted; // nothing reported, nothing written
  const result = checked;
  if (values.fix) {
    const stopped = await writeFixes(changes, io);
    if (stopped !== undefined) return stopped;
  }

  const findings = values.quiet ? result.findings.filter((f) => f.severity === 2) : result.findings;
  // Asked only for stylish output with findings: telling a terminal loads picocolors and makes process.stdout.
  const color = () =>
    findings.length > 0 && (values['no-color'] || values.output ? false : values.color ? true : io.stdoutIsColor);
  const fixedTexts = fixing ? new Map([...changes].map(([file, change]) => [file, change.fixed])) : undefined;
  const dryRunOutputs = values['fix-dry-run'] ? fixedTexts : undefined;
  let report: string;
  switch (values.format) {
    case 'json':
      report = formatJson(findings, fixedTexts);
      break;
    case 'sarif':
      report = formatSarif(findings, repositoryRoot(docsFile, io.cwd));
      break;
    case 'github':
      report = formatGithub(findings, repositoryRoot(docsFile, io.cwd));
      break;
    default:
      report = (dryRunOutputs ? formatDiffs(changes, io.cwd) : '') + formatStylish(findings, color(), io.cwd);
  }
  if (output === undefined) io.stdout(report);
  else if (!written(output, report, io, values.output!)) return 2;

  const warnings = findings.filter((f) => f.severity === 1).length;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`navlint: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return findings.some((f) => f.severity === 2) ? 1 : 0;
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
): Promise<LintResult | { interrupted: number }> {
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

const rulesUsage = {
  synopsis: ['navlint rules [RULE-ID]'],
  summary:
    "List the rules: id, default severity, whether --fix fixes it, what it catches.\nWith RULE-ID, print that rule's page (rules/RULE-ID.md): what it catches and why, examples, options, messages.",
  options: { help: helpOption },
} satisfies CommandUsage;

/** `navlint rules`: the list of the rules, or one rule's page (the engine's runRules is what runs them). */
function runRulesCommand(args: string[], io: Io): number {
  const { values, positionals } = parse('rules', args, rulesUsage.options);
  if (values.help) return printUsage(rulesUsage, io);
  if (positionals.length === 0) {
    const width = Math.max(...rules.map((r) => r.meta.id.length));
    io.stdout(
      `${rules
        .map(
          (r) =>
            `${r.meta.id.padEnd(width)}  ${r.meta.defaultSeverity.padEnd(5)}  ${r.meta.fixable ? 'fixable' : '       '}  ${r.meta.description}`,
        )
        .join('\n')}\n`,
    );
    return 0;
  }
  const rule = ruleById.get(positionals[0]);
  if (!rule) throw new UsageError(`unknown rule "${positionals[0]}"; run navlint rules for the list`);
  // Made from the meta the bundle carries: the text of rules/<id>.md, which a test holds to that meta.
  io.stdout(rulePage(rule.meta));
  return 0;
}

const migrateUsage = {
  synopsis: ['navlint migrate-mdx [DIR] [options]'],
  summary:
    "Move the MDX endpoint pages of a site into its OpenAPI specs' x-mint extension, keeping every URL.\nWith no DIR, the nearest docs.json from the current folder up.",
  options: {
    'dry-run': {
      type: 'boolean',
      default: false,
      help: 'print the diffs, the files to delete and what the real run would refuse; write nothing',
    },
    check: { type: 'boolean', default: false, help: 'list the MDX endpoint pages left to migrate (exit 1 if any)' },
    'list-unreached': {
      type: 'boolean',
      default: false,
      help: 'list the operations of the specs that no entry or page reaches',
    },
    'new-urls': {
      type: 'boolean',
      default: false,
      help: 'let pages move to their generated URLs, with a redirect from each old URL',
    },
    'prefer-language': {
      type: 'string',
      value: 'CODE',
      help: "where pages of several languages write into one spec, it takes this language's text; the others' pages stay as they are",
    },
    'skip-unresolved': {
      type: 'boolean',
      default: false,
      help: 'migrate what can be, leave the pages that cannot as they are, and list them',
    },
    'extension-key': {
      type: 'string',
      value: 'KEY',
      help: 'the vendor extension to write (default: x-mint, or extensionKey in the config)',
    },
    config: { type: 'string', value: 'FILE', help: 'as for check' },
    'no-color': { type: 'boolean', help: 'no colour in the diff' },
    help: helpOption,
  },
} satisfies CommandUsage;

async function runMigrate(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('migrate-mdx', args, migrateUsage.options);
  if (values.help) return printUsage(migrateUsage, io);
  if (positionals.length > 1)
    throw new UsageError(`migrate-mdx takes one site, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values['dry-run'] && (values.check || values['list-unreached']))
    throw new UsageError(`use --dry-run or ${values.check ? '--check' : '--list-unreached'}, not both`);
  const docsFile = docsFileOf(positionals[0], io.cwd);
  const config = loadConfigOrFail(docsFile, values.config, io);
  const extensionKey = values['extension-key'] ?? config.extensionKey;
  if (!isExtensionKey(extensionKey))
    throw new UsageError(`--extension-key must be a vendor extension name such as x-mint, not "${extensionKey}"`);
  // Loaded only here: the yaml library and the migration cost nothing to navlint check.
  const { runMigration } = await import('../migrate/command');
  return runMigration({
    docsFile,
    config,
    extensionKey,
    dryRun: values['dry-run'],
    check: values.check,
    listUnreached: values['list-unreached'],
    newUrls: values['new-urls'],
    preferLanguage: values['prefer-language'],
    skipUnresolved: values['skip-unresolved'],
    cwd: io.cwd,
    color: !values['no-color'] && io.stdoutIsColor,
    stdout: io.stdout,
    stderr: io.stderr,
  });
}

function loadConfigOrFail(docsFile: string, configFile: string | undefined, io: Io): Config {
  try {
    return loadConfig(path.dirname(docsFile), configFile && path.resolve(io.cwd, configFile));
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

async function runAnalyticsCommand(args: string[], io: Io): Promise<number> {
  const stdout =
    io.stdoutStream ??
    ({
      write: (text: string) => {
        io.stdout(text);
        return true;
      },
      once: () => undefined,
    } as unknown as NodeJS.WritableStream);
  const report = args[0] === 'report';
  const analyticsIo = {
    cwd: io.cwd,
    env: io.env ?? process.env,
    stdout,
    stderr: io.stderr,
    progress: io.stderrIsTTY ?? false,
    // The report's summary only; an export writes no colour.
    color: report && !args.includes('--no-color') && io.stdoutIsColor,
    columns: (io.stdoutStream as { columns?: number } | undefined)?.columns,
  };
  // Loaded only here, each its own bundle: the export client and the report (which reads the site)
  // cost nothing to navlint check, nor the report to an export.
  const { AnalyticsUsageError, run } = report
    ? await import('../analytics/report-command').then((shell) => ({
        AnalyticsUsageError: shell.AnalyticsUsageError,
        run: () => shell.runReport(args.slice(1), analyticsIo),
      }))
    : await import('../analytics/command').then((shell) => ({
        AnalyticsUsageError: shell.AnalyticsUsageError,
        run: () => shell.runAnalytics(args, analyticsIo),
      }));
  try {
    return await run();
  } catch (error) {
    if (error instanceof AnalyticsUsageError) throw new UsageError(error.message);
    throw error;
  }
}

const lspUsage = {
  synopsis: ['navlint lsp --stdio'],
  summary:
    'Run the language server, for an editor to start: diagnostics, quick fixes, completion, go to definition and hover.',
  options: {
    stdio: { type: 'boolean', help: 'speak the Language Server Protocol over stdin and stdout (required)' },
    clientProcessId: {
      type: 'string',
      value: 'PID',
      help: "the editor's process: the server exits when it does (vscode-languageclient passes it)",
    },
    help: helpOption,
  },
} satisfies CommandUsage;

async function runLanguageServer(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('lsp', args, lspUsage.options);
  if (values.help) return printUsage(lspUsage, io);
  if (!values.stdio || positionals.length > 0)
    throw new UsageError('lsp speaks over stdin and stdout: run navlint lsp --stdio');
  // Loaded only here: linting from the command line never pays for the language server.
  const { serveStdio } = await import('../lsp/server');
  serveStdio();
  return new Promise<number>(() => {});
}

/**
 * What code scanning and annotations read a path against: the repository's top (of the git worktree
 * that holds the site), wherever the command ran; the working folder outside git.
 */
function repositoryRoot(docsFile: string, cwd: string): string {
  return worktreeTop(path.dirname(docsFile)) ?? cwd;
}

/** --max-warnings N: a whole number in decimals; -1, as in ESLint, for no limit (undefined). */
function maxWarningsOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '-1') return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings takes a whole number of 0 or more, not "${value}"`);
  return Number(value);
}

/**
 * Whether output to stdout is in colour, as supports-color (ESLint's) decides it: NO_COLOR turns it
 * off, FORCE_COLOR on (but `0` or `false`; empty is unset), a dumb terminal off; else only on a
 * terminal (a CI runner's log is no terminal: its piped output stays plain).
 */
export function colorWanted(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/** Entry point of the bin: real stdout/stderr, and the exit code once output is flushed. */
export async function main(): Promise<void> {
  let stdoutClosed = false;
  // A reader that went away (`| head`): the rest is not wanted, as ESLint does.
  process.stdout.on('error', () => (stdoutClosed = true));
  const code = await run(process.argv.slice(2), {
    stdout: (text) => void (stdoutClosed || process.stdout.write(text)),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
    get stdoutIsColor() {
      return colorWanted(process.env, process.stdout.isTTY === true);
    },
    stdoutStream: process.stdout,
    env: process.env,
    get stderrIsTTY() {
      return process.stderr.isTTY === true;
    },
  });
  process.exitCode = code;
  // Exit once the output is flushed rather than when the event loop drains: that waits for V8's
  // background compilations too.
  let unflushed = 2;
  for (const stream of [process.stdout, process.stderr])
    stream.write('', () => --unflushed === 0 && process.exit(code));
}
