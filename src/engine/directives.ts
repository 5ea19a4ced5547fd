import type { PageDirective, PagePosition } from '../parsers/page-parse';
import type { SourceFile } from '../parsers/source';
import type { Finding } from './finding';

/** The rules no directive turns off: a page that does not parse has no directives to read. */
const unsuppressible = new Set(['mdx-syntax', 'disable-directive', 'unused-disable-directive']);

/** A page's directives and its text, for the files that have any. */
export type DirectivesOf = (file: SourceFile) => readonly PageDirective[] | undefined;

export interface DirectiveOutcome {
  reported: Finding[];
  suppressed: Finding[];
  /** Each directive, with the rule ids it named that suppressed a finding ('*' for a directive naming none). */
  used: Map<PageDirective, Set<string>>;
}

/**
 * Sorts findings into the reported and those a directive of their file turns off (each marked with
 * the directive's reason, as ESLint's `suppressedMessages`). A finding is turned off by
 * `disable-line` on its line, `disable-next-line` on the line before, or a `disable` before it not
 * undone by an `enable` between; a finding about the whole file (at its start, with no length) by a
 * `disable` left in force at the file's end. Findings marked suppressed before are sorted anew.
 */
export function applyDirectives(findings: readonly Finding[], directivesOf: DirectivesOf): DirectiveOutcome {
  const outcome: DirectiveOutcome = { reported: [], suppressed: [], used: new Map() };
  for (const finding of findings) {
    const { suppressions, ...plain } = finding;
    const directives = unsuppressible.has(finding.ruleId) ? undefined : directivesOf(finding.file);
    const by = directives && directiveFor(plain, directives);
    if (!by) {
      outcome.reported.push(plain);
      continue;
    }
    const used = outcome.used.get(by) ?? new Set();
    used.add(by.rules.length ? finding.ruleId : '*');
    outcome.used.set(by, used);
    outcome.suppressed.push({ ...plain, suppressions: [{ kind: 'directive', justification: by.reason ?? '' }] });
  }
  return outcome;
}

const before = (a: PagePosition, b: PagePosition) => a.line < b.line || (a.line === b.line && a.column < b.column);
const names = (directive: PageDirective, ruleId: string) =>
  directive.rules.length === 0 || directive.rules.some((rule) => rule.id === ruleId);

/** The directive that turns a finding off, if one does. */
function directiveFor(finding: Finding, directives: readonly PageDirective[]): PageDirective | undefined {
  for (const directive of directives) {
    if (!names(directive, finding.ruleId)) continue;
    if (directive.kind === 'disable-line' && finding.line >= directive.start.line && finding.line <= directive.end.line)
      return directive;
    if (directive.kind === 'disable-next-line' && finding.line === directive.end.line + 1) return directive;
  }
  const wholeFile = finding.offset === 0 && finding.length === 0;
  const at = { line: finding.line, column: finding.column };
  // The last `disable` or `enable` that names the rule, before the finding (or anywhere, for the whole file).
  let inForce: PageDirective | undefined;
  for (const directive of directives) {
    if (directive.kind !== 'disable' && directive.kind !== 'enable') continue;
    if (!wholeFile && !before(directive.end, at) && !samePlace(directive.end, at)) break;
    if (names(directive, finding.ruleId)) inForce = directive;
  }
  return inForce?.kind === 'disable' ? inForce : undefined;
}

const samePlace = (a: PagePosition, b: PagePosition) => a.line === b.line && a.column === b.column;

/** A directive that suppressed nothing, or names rules that suppressed nothing: what to report of it. */
export interface UnusedDirective {
  file: SourceFile;
  directive: PageDirective;
  /** The rule ids it names that suppressed nothing; empty when it names none and suppressed nothing. */
  unused: string[];
}

/**
 * The directives of these files that suppressed nothing (or name a rule that did not). A rule id
 * that is no rule's is disable-directive's to report, not this.
 */
export function unusedDirectives(
  files: Iterable<SourceFile>,
  directivesOf: DirectivesOf,
  used: ReadonlyMap<PageDirective, ReadonlySet<string>>,
  isRule: (id: string) => boolean,
): UnusedDirective[] {
  const unused: UnusedDirective[] = [];
  for (const file of files)
    for (const directive of directivesOf(file) ?? []) {
      if (directive.kind === 'enable') continue;
      const suppressed = used.get(directive);
      if (directive.rules.length === 0) {
        if (!suppressed) unused.push({ file, directive, unused: [] });
        continue;
      }
      const idle = [...new Set(directive.rules.map((rule) => rule.id))].filter(
        (id) => isRule(id) && !suppressed?.has(id),
      );
      if (idle.length > 0) unused.push({ file, directive, unused: idle });
    }
  return unused;
}

const kinds = { 'disable-line': 'its line', 'disable-next-line': 'the next line', disable: 'what follows it' } as const;

/**
 * Findings of `unused-disable-directive` (`reportUnusedDisableDirectives`, ESLint's): one per
 * directive, at the directive, fixed by removing it (or the rule ids of it that turn off nothing).
 */
export function unusedDirectiveFindings(unused: readonly UnusedDirective[], severity: 1 | 2): Finding[] {
  return unused.map(({ file, directive, unused: idle }) => {
    const offset = file.offsetAt(directive.start.line, directive.start.column);
    const end = file.offsetAt(directive.end.line, directive.end.column);
    const where = kinds[directive.kind as keyof typeof kinds];
    const all = idle.length === 0 || idle.length === new Set(directive.rules.map((rule) => rule.id)).size;
    const written = `navlint-${directive.kind}${directive.rules.length ? ` ${directive.rules.map((r) => r.id).join(', ')}` : ''}`;
    const message = all
      ? `"${written}" turns nothing off: ${where} has no ${idle.length ? `${idle.join(' or ')} ` : ''}finding; remove it`
      : `"${written}" names ${idle.join(', ')}, which ${where} has no finding of; remove ${idle.length > 1 ? 'them' : 'it'}`;
    const start = file.position(offset);
    const stop = file.position(end);
    return {
      ruleId: 'unused-disable-directive',
      severity,
      message,
      file,
      line: start.line,
      column: start.column,
      endLine: stop.line,
      endColumn: stop.column,
      offset,
      length: end - offset,
      fix: all ? removalOf(file.text, offset, end) : listWithout(file, directive, idle),
    };
  });
}

/** The edit that removes [start, end): with its line when nothing else is on it, else with one space beside it. */
function removalOf(text: string, start: number, end: number): { range: [number, number]; text: string } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline < 0 ? text.length : newline;
  if (text.slice(lineStart, start).trim() === '' && text.slice(end, lineEnd).trim() === '')
    return { range: [lineStart, newline < 0 ? lineEnd : newline + 1], text: '' };
  const before = /[ \t]+$/.exec(text.slice(lineStart, start))?.[0].length ?? 0;
  return { range: [start - before, end], text: '' };
}

/** The edit that drops these rule ids from a directive's list, keeping the others as written. */
function listWithout(file: SourceFile, directive: PageDirective, idle: readonly string[]) {
  const first = directive.rules[0];
  const last = directive.rules[directive.rules.length - 1];
  const kept = [...new Set(directive.rules.map((rule) => rule.id))].filter((id) => !idle.includes(id));
  return {
    range: [file.offsetAt(first.start.line, first.start.column), file.offsetAt(last.end.line, last.end.column)] as [
      number,
      number,
    ],
    text: kept.join(', '),
  };
}
