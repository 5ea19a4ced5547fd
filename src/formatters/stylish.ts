import { picocolors } from '../common/lazy';
import { displayPath } from '../common/paths';
import type { Finding } from '../engine/lint';

type Colors = Pick<
  ReturnType<typeof import('picocolors').createColors>,
  'bold' | 'dim' | 'red' | 'underline' | 'yellow'
>;
const plain = (text: string | number | null | undefined) => String(text);
const noColors: Colors = { bold: plain, dim: plain, red: plain, underline: plain, yellow: plain };

/** Past this many findings of one rule in one file, the rest are counted on one line (`listAll`: never). */
const shownPerRule = 10;
const groupedPast = 20;

/**
 * ESLint's stylish format: findings grouped by file, then a summary, which counts the findings a
 * directive or the suppressions file keeps from being reported, and says how many the accessibility
 * rules would add (`switchedOff`) while they are off; nothing at all for a clean site with none
 * suppressed. A rule that reports more than 20 findings in one file shows its first 10 and counts
 * the rest, unless `listAll`: a file of a thousand errors of one kind reads better as a count.
 */
export function formatStylish(
  findings: Finding[],
  useColor: boolean,
  cwd = process.cwd(),
  {
    suppressed = 0,
    switchedOff = 0,
    listAll = false,
  }: { suppressed?: number; switchedOff?: number; listAll?: boolean } = {},
): string {
  const c: Colors = useColor ? picocolors().createColors(true) : noColors;
  const held = suppressed > 0 ? `, ${suppressed.toLocaleString('en-US')} suppressed` : '';
  if (findings.length === 0) return held ? `✔ 0 problems${held}\n` : '';
  const lines: string[] = [];
  const byFile = groupByFile(findings);
  for (const [file, all] of byFile) {
    lines.push(c.underline(displayPath(file, cwd)));
    const { shown, more } = listAll ? { shown: all, more: new Map<string, number>() } : grouped(all);
    const positions = shown.map((f) => `${f.line}:${f.column}`);
    const width = Math.max(...positions.map((p) => p.length));
    shown.forEach((f, i) => {
      const word = f.severity === 2 ? 'error' : 'warning';
      const level = (f.severity === 2 ? c.red : c.yellow)(word) + ' '.repeat('warning'.length - word.length);
      lines.push(`  ${c.dim(positions[i].padEnd(width))}  ${level}  ${f.message}  ${c.dim(f.ruleId)}`);
    });
    for (const [ruleId, count] of more)
      lines.push(
        c.dim(
          `  … and ${count.toLocaleString('en-US')} more ${ruleId} in this file; --list-all or --format json lists them all`,
        ),
      );
    lines.push('');
  }
  const errors = findings.filter((f) => f.severity === 2).length;
  const warnings = findings.length - errors;
  const summary = `✖ ${plural(findings.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})${held}`;
  const a11y =
    switchedOff > 0
      ? ` … and ${plural(switchedOff, 'accessibility finding')}: --a11y shows ${switchedOff === 1 ? 'it' : 'them'}`
      : '';
  lines.push((errors ? c.red : c.yellow)(c.bold(summary)) + c.dim(a11y));
  const fixableErrors = findings.filter((f) => f.fix && f.severity === 2).length;
  const fixableWarnings = findings.filter((f) => f.fix && f.severity === 1).length;
  if (fixableErrors + fixableWarnings > 0) {
    lines.push(
      (errors ? c.red : c.yellow)(
        c.bold(
          `  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`,
        ),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A file's findings to show (each rule's first 10 where it has more than 20), and how many more each such rule has. */
function grouped(findings: Finding[]): { shown: Finding[]; more: Map<string, number> } {
  const perRule = new Map<string, number>();
  for (const f of findings) perRule.set(f.ruleId, (perRule.get(f.ruleId) ?? 0) + 1);
  const seen = new Map<string, number>();
  const shown = findings.filter((f) => {
    const n = (seen.get(f.ruleId) ?? 0) + 1;
    seen.set(f.ruleId, n);
    return perRule.get(f.ruleId)! <= groupedPast || n <= shownPerRule;
  });
  const more = new Map(
    [...perRule].filter(([, count]) => count > groupedPast).map(([ruleId, count]) => [ruleId, count - shownPerRule]),
  );
  return { shown, more };
}

export function groupByFile(findings: Finding[]): Map<string, Finding[]> {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file.path) ?? [];
    list.push(f);
    byFile.set(f.file.path, list);
  }
  return byFile;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
