import * as path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ruleSet } from '../../rules';
import { writeFailure, writeFileAtomic } from '../common/atomic';
import { DocsFileError, findDocsFile } from '../common/docs-file';
import { type CommandUsage, usageText } from '../common/usage';
import { type Config, ConfigError, loadConfig } from '../engine/config';

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

/** The options of `navlint COMMAND`, by its usage's table; a mistake points to the command's help. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: T) {
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
export function printUsage(usage: CommandUsage, io: Io): number {
  io.stdout(usageText(usage));
  return 0;
}

/** Writes a file atomically; when it cannot, says so (`what`: the file as the user knows it) and gives false. */
export function written(file: string, text: string, io: Io, what: string): boolean {
  try {
    writeFileAtomic(file, text);
    return true;
  } catch (error) {
    io.stderr(`navlint: cannot write ${what}: ${writeFailure(error)}\n`);
    return false;
  }
}

/** findDocsFile, with its error as a usage error; which docs folder it took, when it looked for one, on stderr. */
export function docsFileOf(target: string | undefined, cwd: string, io?: Pick<Io, 'stderr'>): string {
  try {
    return findDocsFile(target, cwd, io && ((text) => io.stderr(`navlint: ${text}\n`)));
  } catch (error) {
    if (error instanceof DocsFileError) throw new UsageError(error.message);
    throw error;
  }
}

export function loadConfigOrFail(docsFile: string, configFile: string | undefined, io: Io): Config {
  try {
    return loadConfig(path.dirname(docsFile), configFile && path.resolve(io.cwd, configFile), ruleSet);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
