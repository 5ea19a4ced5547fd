import { type ParseArgsConfig, parseArgs } from 'node:util';

/** What the analytics commands are given of the process. */
export interface AnalyticsIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: (text: string) => void;
  /** Show a progress line (stderr is a terminal). */
  progress: boolean;
  /** Colour on stdout (the report's terminal summary), and its width in columns. */
  color?: boolean;
  columns?: number;
}

/** Thrown for a usage mistake; the CLI turns it into exit 2. */
export class AnalyticsUsageError extends Error {}

/**
 * parseArgs, with navlint's own messages. A negative number after a flag (`--limit -1`) is taken as
 * its value, so that the flag's own check says what it accepts.
 */
export function parseArguments<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  command = 'navlint analytics',
) {
  const merged: string[] = [];
  for (const arg of args) {
    const flag = merged[merged.length - 1];
    if (flag?.startsWith('--') && flag.slice(2) in options && /^-\.?\d/.test(arg))
      merged[merged.length - 1] = `${flag}=${arg}`;
    else merged.push(arg);
  }
  try {
    return parseArgs({ args: merged, allowPositionals: true, strict: true, options });
  } catch (error) {
    const message = (error as Error).message;
    const flag = /^Option '(--[a-z-]+)/.exec(message)?.[1];
    if (flag && message.includes('ambiguous')) {
      const next = merged[merged.indexOf(flag) + 1];
      throw new AnalyticsUsageError(
        `${flag} needs a value before "${next}"; a value that starts with "-" is written ${flag}=-…`,
      );
    }
    if (flag && message.includes('argument missing'))
      throw new AnalyticsUsageError(`${flag} needs a value; run ${command} --help`);
    throw new AnalyticsUsageError(
      `${message.replace(/\. To specify a positional argument.*$/s, '')}; run ${command} --help`,
    );
  }
}
