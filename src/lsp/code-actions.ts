import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic,
  type Position,
  type Range,
} from 'vscode-languageserver/node';
import type { Finding } from '../engine/lint';
import type { Fix } from '../engine/rule';
import { toDiagnostic, toRange } from './publisher';

/**
 * The quick fixes of a file's findings that the editor asks about: those of the diagnostics it sends,
 * and those under the cursor or selection (an editor may send no diagnostics, or only those of the
 * line; Neovim 0.7 sends an empty list as {}). One action per distinct edit: a suggestion that makes
 * the same edit as the fix is the fix.
 */
export function codeActions(
  findings: readonly Finding[],
  uri: string,
  range: Range,
  diagnostics: unknown,
  disableEdit: (finding: Finding) => Fix | undefined = () => undefined,
): CodeAction[] {
  const listed = Array.isArray(diagnostics)
    ? (diagnostics as (Diagnostic | undefined)[]).filter((d): d is Diagnostic => d?.source === 'navlint')
    : [];
  const chosen = findings.filter((f) => {
    const at = toRange(f.file, f.offset, f.length);
    return (
      listed.some((d) => d.code === f.ruleId && sameRange(at, d.range)) ||
      (before(at.start, range.end) && before(range.start, at.end))
    );
  });
  const actions = new Map<string, CodeAction>();
  const offer = (title: string, finding: Finding, fix: Fix, isPreferred: boolean) => {
    const key = JSON.stringify([fix.range, fix.text]);
    if (!actions.has(key)) actions.set(key, quickFix(title, uri, finding, fix, isPreferred));
  };
  for (const finding of chosen)
    if (finding.fix) offer(finding.fix.title ?? `Fix: ${finding.message}`, finding, finding.fix, true);
  for (const finding of chosen)
    for (const suggestion of finding.suggestions ?? []) offer(suggestion.desc, finding, suggestion.fix, false);
  // Last: turning a rule off is for a finding the writer disagrees with, not the way to mend one.
  for (const finding of chosen) {
    const edit = disableEdit(finding);
    if (edit) offer(`Disable ${finding.ruleId} for this line`, finding, edit, false);
  }
  return [...actions.values()];
}

function quickFix(title: string, uri: string, finding: Finding, fix: Fix, isPreferred: boolean): CodeAction {
  const range = toRange(finding.file, fix.range[0], fix.range[1] - fix.range[0]);
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [toDiagnostic(finding)],
    isPreferred,
    edit: { changes: { [uri]: [{ range, newText: fix.text }] } },
  };
}

/** The kind of the action that applies every fix of a file at once, as `navlint check --fix` would (VS Code's `source.fixAll`). */
export const fixAllKind = `${CodeActionKind.SourceFixAll}.navlint`;

/** Whether a request for code actions asks for fixAllKind (`only` names it or a kind above it). */
export function asksForFixAll(only: readonly string[] | undefined): boolean {
  return only?.some((kind) => fixAllKind === kind || fixAllKind.startsWith(`${kind}.`)) ?? false;
}

/**
 * One action with the fixes of all the file's findings (not their suggestions, which need a choice):
 * in order, each left out when it overlaps one before it, as one pass of `--fix` does. None when no finding has a fix.
 */
export function fixAllAction(findings: readonly Finding[], uri: string): CodeAction[] {
  const fixable = findings
    .filter((finding) => finding.fix)
    .sort((a, b) => a.fix!.range[0] - b.fix!.range[0] || a.fix!.range[1] - b.fix!.range[1]);
  const edits = [];
  let end = -1;
  for (const finding of fixable) {
    const fix = finding.fix!;
    if (fix.range[0] < end) continue;
    edits.push({ range: toRange(finding.file, fix.range[0], fix.range[1] - fix.range[0]), newText: fix.text });
    end = fix.range[1];
  }
  if (edits.length === 0) return [];
  return [{ title: 'Fix all navlint problems', kind: fixAllKind, edit: { changes: { [uri]: edits } } }];
}

/** Position a is at or before position b. */
function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}
