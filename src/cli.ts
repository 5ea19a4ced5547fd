import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pc from 'picocolors';
import { lint } from './engine';
import { formatJson } from './formatters/json';
import { formatStylish } from './formatters/stylish';
import { ruleById, rules } from './rules';
import { version } from './version';

/** A mistake in how navlint was called, or input it cannot start on: exit 2 with a message, no stack trace. */
export class UsageError extends Error {}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Colour on stdout: true, false, or undefined to follow the terminal and NO_COLOR/FORCE_COLOR. */
  stdoutIsColor: boolean;
}

const help = `navlint ${version}: lint the navigation of a docs.json site

Usage:
  navlint check [DIR|docs.json] [options]   lint a site (default: the current folder)
  navlint rules [RULE-ID]                   list the rules, or explain one

Options of check:
  --format stylish|json   report format (default: stylish)
  --quiet                 report errors only
  --color, --no-color     force colour on or off (default: when the terminal supports it)
  -h, --help              show this help
  -v, --version           print the version

Exit codes: 0 no errors, 1 errors found, 2 usage error or no docs.json.
`;

const checkOptions = {
  format: { type: 'string', default: 'stylish' },
  quiet: { type: 'boolean', default: false },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

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
    if (command === 'check') return runCheck(rest, io);
    if (command === 'rules') return runRules(rest, io);
    throw new UsageError(`unknown command "${command}"; run navlint --help`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`navlint: ${error.message}\n`);
      return 2;
    }
    // Anything else is navlint's own bug: say so plainly, keep the trace for whoever asks for it.
    io.stderr(`navlint: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    if (process.env.NAVLINT_DEBUG) io.stderr(`${(error as Error)?.stack}\n`);
    return 2;
  }
}

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}; run navlint --help`);
  }
}

/** The docs.json a target names: the file itself, or docs.json inside a folder. */
export function findDocsFile(target: string, cwd: string): string {
  const absolute = path.resolve(cwd, target);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw new UsageError(`${target}: no such file or folder`);
  }
  if (stat.isFile()) return absolute;
  const docsFile = path.join(absolute, 'docs.json');
  if (!fs.existsSync(docsFile)) throw new UsageError(`no docs.json found in ${target}`);
  return docsFile;
}

function runCheck(args: string[], io: Io): number {
  const { values, positionals } = parse(args, checkOptions);
  if (values.help) {
    io.stdout(help);
    return 0;
  }
  if (values.version) {
    io.stdout(`${version}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`check takes one site, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values.format !== 'stylish' && values.format !== 'json') throw new UsageError(`unknown format "${values.format}"; use stylish or json`);

  const docsFile = findDocsFile(positionals[0] ?? '.', io.cwd);
  const result = lint({ docsFile });
  const findings = values.quiet ? result.findings.filter((f) => f.severity === 2) : result.findings;
  const color = values['no-color'] ? false : values.color ? true : io.stdoutIsColor;
  io.stdout(values.format === 'json' ? formatJson(findings) : formatStylish(findings, color, io.cwd));
  return findings.some((f) => f.severity === 2) ? 1 : 0;
}

function runRules(args: string[], io: Io): number {
  const { positionals } = parse(args, {});
  if (positionals.length === 0) {
    const width = Math.max(...rules.map((r) => r.meta.id.length));
    io.stdout(
      rules.map((r) => `${r.meta.id.padEnd(width)}  ${r.meta.defaultSeverity.padEnd(5)}  ${r.meta.fixable ? 'fixable' : '       '}  ${r.meta.description}`).join('\n') + '\n',
    );
    return 0;
  }
  const rule = ruleById.get(positionals[0]);
  if (!rule) throw new UsageError(`unknown rule "${positionals[0]}"; run navlint rules for the list`);
  const { meta } = rule;
  io.stdout(
    `${meta.id} (default: ${meta.defaultSeverity}${meta.fixable ? ', fixable with --fix' : ''})\n\n${meta.description}\n\n${meta.docs.explanation}\n\nValid:\n  ${meta.docs.valid}\n\nInvalid:\n  ${meta.docs.invalid}\n`,
  );
  return 0;
}

/** Entry point of the bin: real stdout/stderr, and the exit code once output is flushed. */
export async function main(): Promise<void> {
  const code = await run(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    stdoutIsColor: pc.isColorSupported,
  });
  process.exitCode = code;
}
