import * as path from 'node:path';
import { ruleSet } from '../../rules';
import { cacheFolder } from '../common/cache-folder';
import { rulePageText } from '../common/docs-url';
import { didYouMean, didYouMeanHint } from '../common/suggest';
import { type CommandUsage, helpOption } from '../common/usage';
import { version } from '../common/version';
import { isExtensionKey } from '../engine/config';
import { pageHead, pageMessages } from '../engine/rule-page';
import { UnreadableError } from '../site/files';
import { runCheck } from './check';
import { runGithubAction } from './github-action';
import { docsFileOf, type Io, loadConfigOrFail, parse, printUsage, UsageError } from './io';

export { type Io, UsageError } from './io';

const help = `navlint ${version}: lint a Mintlify-format docs site

Usage:
  navlint check [DIR|docs.json] [options]   lint a site (default: the nearest docs.json up from here,
                                            else the one in docs/, packages/docs/ or apps/docs/)
  navlint rules [RULE-ID]                   list the rules, or explain one
  navlint lsp --stdio                       run the language server on stdin/stdout
  navlint mv OLD NEW [options]              move a page or a folder of pages, and every place that names them
  navlint migrate-mdx [DIR] [options]       move MDX endpoint pages into the spec's x-mint extension
  navlint analytics assistant|feedback      export assistant conversations or reader feedback
  navlint analytics report [DIR]            join feedback and assistant answers with the site
  navlint github-action                     what the GitHub Action runs (inputs from INPUT_* variables)
  navlint help COMMAND                      the command's synopsis and options (COMMAND --help, -h the same)

Options:
  -h, --help      show this help
  -v, --version   print the version
`;

const commands = ['check', 'rules', 'lsp', 'mv', 'migrate-mdx', 'analytics', 'github-action', 'help'];

export async function run(argv: string[], io: Io): Promise<number> {
  try {
    const [command, ...rest] = argv;
    // `navlint help check` is `navlint check --help`, as git's and npm's help commands are.
    if (command === 'help' && rest.length > 0) return await run([rest[0], '--help'], io);
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(help);
      return 0;
    }
    if (command === '-v' || command === '--version') {
      io.stdout(`${version}\n`);
      return 0;
    }
    if (command === 'check') return await runCheck(rest, io);
    if (command === 'rules') return runRulesCommand(rest, io);
    // `return await`: a rejection must reach the catch below, not escape as a stack trace.
    if (command === 'lsp') return await runLanguageServer(rest, io);
    if (command === 'mv') return await runMove(rest, io);
    if (command === 'migrate-mdx') return await runMigrate(rest, io);
    if (command === 'analytics') return await runAnalyticsCommand(rest, io);
    if (command === 'github-action') return await runGithubAction(rest, io);
    throw new UsageError(
      `unknown command "${command}"${didYouMeanHint(didYouMean(command, commands))}; run navlint --help`,
    );
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
    const width = Math.max(...ruleSet.rules.map((r) => r.meta.id.length));
    io.stdout(
      `${ruleSet.rules
        .map(
          (r) =>
            `${r.meta.id.padEnd(width)}  ${r.meta.defaultSeverity.padEnd(5)}  ${r.meta.fixable ? 'fixable' : '       '}  ${r.meta.description}`,
        )
        .join('\n')}\n`,
    );
    return 0;
  }
  const rule = ruleSet.byId.get(positionals[0]);
  if (!rule)
    throw new UsageError(
      `unknown rule "${positionals[0]}"${didYouMeanHint(didYouMean(positionals[0], ruleSet.byId.keys()))}; run navlint rules for the list`,
    );
  // A copy of navlint without its rules/ folder still has what the meta makes of the page.
  io.stdout(rulePageText(rule.meta.id) ?? `${pageHead(rule.meta)}\n${pageMessages(rule.meta)}`);
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
  const docsFile = docsFileOf(positionals[0], io.cwd, io);
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

const mvUsage = {
  synopsis: ['navlint mv OLD NEW [options]'],
  summary:
    "Move a page (.mdx or .md, named with or without its extension) or a folder of pages, and rewrite every place\nthat names them: docs.json's entries and $ref files, links in pages and snippets, components' hrefs, redirect\ndestinations; add a redirect from each old URL to its new one. OLD and NEW are paths from the current folder\n(NEW ending in / is a folder to move a page into); the site is the nearest docs.json above OLD.",
  options: {
    'dry-run': {
      type: 'boolean',
      default: false,
      help: 'print the whole change as a diff, and what the real run would refuse; write nothing',
    },
    'no-redirect': {
      type: 'boolean',
      default: false,
      help: 'add no redirect from the old URLs (a redirect to one is still pointed at the new one)',
    },
    config: { type: 'string', value: 'FILE', help: 'as for check' },
    'no-color': { type: 'boolean', help: 'no colour in the findings' },
    help: helpOption,
  },
  footer:
    'Exit codes: 0 moved (or, with --dry-run, would move), 1 refused or the moved site would have new errors: nothing was changed, 2 usage error, 130 and 143 stopped (SIGINT, SIGTERM) while writing, once every file was written.',
} satisfies CommandUsage;

async function runMove(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('mv', args, mvUsage.options);
  if (values.help) return printUsage(mvUsage, io);
  if (positionals.length !== 2)
    throw new UsageError(
      `mv takes OLD and NEW, got ${positionals.length}: ${positionals.join(' ')}; run navlint mv --help`,
    );
  const [from, to] = positionals.map((at) => path.resolve(io.cwd, at));
  const docsFile = docsFileOf(undefined, path.dirname(from));
  const root = path.dirname(docsFile);
  const config = loadConfigOrFail(docsFile, values.config, io);
  // Loaded only here: its own bundle, as migrate-mdx's.
  const { runMove: move } = await import('../migrate/move-command');
  return move({
    docsFile,
    config,
    from: path.relative(root, from),
    // A trailing slash says NEW is a folder to move the page into.
    to: path.relative(root, to) + (/[\\/]$/.test(positionals[1]) ? '/' : ''),
    dryRun: values['dry-run'],
    redirects: !values['no-redirect'],
    cacheDir: cacheFolder(io.env ?? process.env),
    cwd: io.cwd,
    color: !values['no-color'] && io.stdoutIsColor,
    stdout: io.stdout,
    stderr: io.stderr,
  });
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
    'Run the language server, for an editor to start: diagnostics, quick fixes, completion, go to definition, hover, references, and pages moved or renamed with every link to them.',
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
