import { globMatcher } from '../common/globs';
import type { Severity } from './rule';

/** Rules set for some files, ESLint's `overrides` (flat config's objects with `files`): the last that matches a file wins. */
export interface Override {
  files: string[];
  rules: Record<string, Severity>;
}

/** The config's settings by file: `ignores` (files no rule reports in) and `overrides`. Globs are of paths from the docs folder. */
export interface FileScopes {
  ignores?: string[];
  overrides?: Override[];
}

/** Each rule's severity in each file: the config's `rules`, then the overrides that match the file; off in an ignored file. */
export interface Severities {
  /** Whether the rule reports in some file, and so runs. */
  anyOn(ruleId: string): boolean;
  /** Its severity in a file (a path from the docs folder, with `/`). */
  in(ruleId: string, file: string): Severity;
  /** Whether `ignores` leaves the file out: nothing is reported in it. */
  ignores(file: string): boolean;
}

export function severities(
  rules: Readonly<Record<string, Severity>> | undefined,
  scopes: FileScopes | undefined,
  defaultOf: (ruleId: string) => Severity,
): Severities {
  const base = (ruleId: string) => rules?.[ruleId] ?? defaultOf(ruleId);
  const ignored = ignoreMatcher(scopes?.ignores ?? []);
  const overrides = (scopes?.overrides ?? []).map((override) => ({
    match: globMatcher(override.files.map(asGlob), { dot: true }),
    rules: override.rules,
  }));
  return {
    anyOn: (ruleId) =>
      base(ruleId) !== 'off' || overrides.some((override) => (override.rules[ruleId] ?? 'off') !== 'off'),
    ignores: ignored,
    in(ruleId, file) {
      if (ignored(file)) return 'off';
      let severity = base(ruleId);
      for (const override of overrides)
        if (override.match(file) && ruleId in override.rules) severity = override.rules[ruleId];
      return severity;
    },
  };
}

/** A folder written with a trailing `/` means what is in it. */
const asGlob = (pattern: string) => (pattern.endsWith('/') ? `${pattern}**` : pattern);

/** ESLint's `ignores`: a file is ignored when the last pattern that matches it is not a `!` one. */
function ignoreMatcher(patterns: readonly string[]): (file: string) => boolean {
  if (patterns.length === 0) return () => false;
  const list = patterns.map((pattern) => ({
    unignores: pattern.startsWith('!'),
    match: globMatcher([asGlob(pattern.replace(/^!/, ''))], { dot: true }),
  }));
  return (file) => {
    let ignored = false;
    for (const { unignores, match } of list) if (match(file)) ignored = !unignores;
    return ignored;
  };
}
