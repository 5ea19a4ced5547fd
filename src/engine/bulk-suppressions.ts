import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { appendAll } from '../common/collections';
import { relativePath } from '../common/paths';
import { parseJson, type ReadIssue, toValue } from '../parsers/json';
import { SourceFile } from '../parsers/source';
import { ConfigError } from './config';
import type { Finding } from './finding';

/** The suppressions file's name, in the docs folder unless --suppressions-location says otherwise. */
export const suppressionsFileName = 'navlint-suppressions.json';

/**
 * ESLint's bulk suppressions (eslint-suppressions.json), by file (from the docs folder) and rule: how
 * many findings are suppressed, and how many of each message, so that a new finding of a rule in a
 * file is reported alone (a message holds no line: an edit that moves lines keeps it).
 */
export type SuppressionEntries = Record<string, Record<string, { count: number; messages?: Record<string, number> }>>;

/** What a finding is known by in the file: its message, places in it (`line 7`, `fr.json:7:3`) left out. */
export function fingerprintOf(finding: Pick<Finding, 'message'>): string {
  return finding.message.replace(/\bline \d+(?::\d+)?/g, 'line …').replace(/(\.[A-Za-z]+):\d+(?::\d+)?/g, '$1:…');
}

/** The entries of a suppressions file; none when there is no file. A file that is not the format is a ConfigError. */
export function readSuppressions(file: string): SuppressionEntries {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`${file}: ${(error as Error).message}`);
  }
  const source = new SourceFile(file, text);
  const issues: ReadIssue[] = [];
  const tree = parseJson(source, issues);
  if (issues.length > 0 || !tree) {
    const { line, column } = source.position(issues[0]?.span.offset ?? 0);
    throw new ConfigError(`${file}:${line}:${column}: not valid JSON: ${issues[0]?.message ?? 'no JSON value'}`);
  }
  const entries = toValue(tree);
  const valid =
    isRecord(entries) &&
    Object.values(entries).every(
      (byRule) =>
        isRecord(byRule) &&
        Object.values(byRule).every(
          (entry) =>
            isRecord(entry) &&
            Number.isInteger(entry.count) &&
            (entry.messages === undefined ||
              (isRecord(entry.messages) && Object.values(entry.messages).every((n) => Number.isInteger(n)))),
        ),
    );
  if (!valid)
    throw new ConfigError(
      `${file}: not a suppressions file ({ "file": { "rule-id": { "count": N, "messages": { … } } } }); --suppress-all writes one`,
    );
  return entries as SuppressionEntries;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Findings sorted by the entries: those reported, those suppressed (marked), and the counts left over, which nothing met. */
export function applySuppressions(
  findings: readonly Finding[],
  entries: SuppressionEntries,
  root: string,
): { reported: Finding[]; suppressed: Finding[]; unmatched: number } {
  const groups = groupByFileAndRule(findings, root);
  const reported: Finding[] = [];
  const suppressed: Finding[] = [];
  let unmatched = 0;
  for (const [file, byRule] of Object.entries(entries))
    for (const [ruleId, entry] of Object.entries(byRule)) {
      const group = groups.get(file)?.get(ruleId) ?? [];
      groups.get(file)?.delete(ruleId);
      const kept = suppressedOf(group, entry);
      for (const finding of group)
        (kept.has(finding) ? suppressed : reported).push(
          kept.has(finding) ? { ...finding, suppressions: [{ kind: 'file', justification: '' }] } : finding,
        );
      unmatched += Math.max(0, entry.count - kept.size);
    }
  for (const byRule of groups.values()) for (const group of byRule.values()) appendAll(reported, group);
  return { reported, suppressed, unmatched };
}

/**
 * Which findings of one file and rule an entry suppresses: up to each message's count; an entry
 * without messages (written by hand, or by ESLint's rules) suppresses all or, when there are more
 * than its count, none, as ESLint's does.
 */
function suppressedOf(group: readonly Finding[], entry: SuppressionEntries[string][string]): Set<Finding> {
  if (!entry.messages) return new Set(group.length <= entry.count ? group : []);
  const left = new Map(Object.entries(entry.messages));
  const kept = new Set<Finding>();
  for (const finding of group) {
    const fingerprint = fingerprintOf(finding);
    const n = left.get(fingerprint) ?? 0;
    if (n > 0) {
      left.set(fingerprint, n - 1);
      kept.add(finding);
    }
  }
  return kept;
}

function groupByFileAndRule(findings: readonly Finding[], root: string): Map<string, Map<string, Finding[]>> {
  const groups = new Map<string, Map<string, Finding[]>>();
  for (const finding of findings) {
    const file = relativePath(root, finding.file.path);
    const byRule = groups.get(file) ?? new Map<string, Finding[]>();
    groups.set(file, byRule);
    byRule.set(finding.ruleId, [...(byRule.get(finding.ruleId) ?? []), finding]);
  }
  return groups;
}

/** Entries that suppress exactly these findings (of `rules` only, when given), over the entries of other rules kept as they are. */
export function suppressing(
  findings: readonly Finding[],
  entries: SuppressionEntries,
  root: string,
  rules?: ReadonlySet<string>,
): SuppressionEntries {
  const next: SuppressionEntries = {};
  for (const [file, byRule] of Object.entries(entries))
    for (const [ruleId, entry] of Object.entries(byRule))
      if (rules && !rules.has(ruleId)) (next[file] ??= {})[ruleId] = entry;
  for (const [file, byRule] of groupByFileAndRule(findings, root))
    for (const [ruleId, group] of byRule) {
      if (rules && !rules.has(ruleId)) continue;
      const messages: Record<string, number> = {};
      for (const finding of group) messages[fingerprintOf(finding)] = (messages[fingerprintOf(finding)] ?? 0) + 1;
      (next[file] ??= {})[ruleId] = { count: group.length, messages };
    }
  return next;
}

/** Entries cut down to the findings they still meet: what is fixed no longer suppressed. */
export function pruned(entries: SuppressionEntries, suppressed: readonly Finding[], root: string): SuppressionEntries {
  const met = groupByFileAndRule(
    suppressed.filter((finding) => finding.suppressions?.some((s) => s.kind === 'file')),
    root,
  );
  const next: SuppressionEntries = {};
  for (const [file, byRule] of Object.entries(entries))
    for (const [ruleId, entry] of Object.entries(byRule)) {
      const group = met.get(file)?.get(ruleId);
      if (!group?.length) continue;
      if (!entry.messages) {
        (next[file] ??= {})[ruleId] = { count: group.length };
        continue;
      }
      const messages: Record<string, number> = {};
      for (const finding of group) messages[fingerprintOf(finding)] = (messages[fingerprintOf(finding)] ?? 0) + 1;
      (next[file] ??= {})[ruleId] = { count: group.length, messages };
    }
  return next;
}

/** Writes the entries, every level's keys sorted, so that a change to them is a small diff. */
export function writeSuppressions(file: string, entries: SuppressionEntries): void {
  const sorted = (record: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => {
          const value = record[key];
          return [key, isRecord(value) ? sorted(value) : value];
        }),
    );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(sorted(entries), null, 2)}\n`);
}
