import type { ParseArgsConfig } from 'node:util';

/** An option of a command: what parseArgs reads, and the option's line in the command's help. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>[string] & {
  /** Its line of help; null when another option's line names it (`--no-color` on the line of `--color`). */
  help: string | null;
  /** The name of its value in the help: `--output FILE`. */
  value?: string;
  /** The flags as the help shows them, when not `--name VALUE`. */
  flags?: string;
};

/**
 * A command's usage: its parser reads `options`, and its help is written from them, so that the help
 * lists every option the command takes and no other.
 */
export interface CommandUsage {
  synopsis: string[];
  /** What the command does, in a sentence or two. */
  summary: string;
  options: Record<string, OptionSpec>;
  /** Lines after the options: exit codes. */
  footer?: string;
}

/** -h, --help: every command takes it. */
export const helpOption = { type: 'boolean', short: 'h', help: 'show this help' } as const satisfies OptionSpec;

/** The help of a command: synopsis, summary, one line an option, as git and ESLint print theirs. */
export function usageText(usage: CommandUsage): string {
  const rows = Object.entries(usage.options).flatMap(([name, option]) => {
    if (option.help === null) return [];
    const flags =
      option.flags ?? `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    return [[flags, option.help]];
  });
  const width = Math.max(...rows.map(([flags]) => flags.length)) + 2;
  const lines = rows.map(([flags, help]) => `  ${flags.padEnd(width)}${help}`);
  return `Usage: ${usage.synopsis.join('\n       ')}\n\n${usage.summary}\n\nOptions:\n${lines.join('\n')}\n${usage.footer ? `\n${usage.footer}\n` : ''}`;
}
