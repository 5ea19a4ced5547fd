import { picocolors } from '../common/lazy';
import { displayPath } from '../common/paths';
import type { Finding } from '../engine/lint';

type Colors = Pick<
  ReturnType<typeof import('picocolors').createColors>,
  'bold' | 'dim' | 'red' | 'underline' | 'yellow'
>;
const plain = (text: string | number | null | undefined) => String(text);
const noColors: Colors = { bold: plain, dim: plain, red: plain, underline: plain, yellow: plain };

/**
/**
 * ESLint's stylish format: findings grouped by file, then a summary, which counts the findings a
 * directive or the suppressions file keeps from being reported, and says how many the accessibility
 * rules would add (`switchedOff`) while they are off; nothing at all for a clean site with none
 * suppressed.
 */
export function formatStylish(
  findings: Finding[],
  useColor: boolean,
  cwd = process.cwd(),
  { suppressed = 0, switchedOff = 0 }: { suppressed?: number; switchedOff?: number } = {},
): string {
  const c: Colors = useColor ? picocolors().createColors(true) : noColors;
  const held = suppressed > 0 ? `, ${suppressed.toLocaleString('en-US')} suppressed` : '';
  if (findings.length === 0) return held ? `✔ 0 problems${held}\n` : '';
  const lines: string[] = [];
  const byFile = groupByFile(findings);
  for (const [file, list] of byFile) {
    lines.push(c.underline(displayPath(file, cwd)));
    const positions = list.map((f) => `${f.line}:${f.column}`);
    const width = Math.max(...positions.map((p) => p.length));
    list.forEach((f, i) => {
      const word = f.severity === 2 ? 'error' : 'warning';
      const level = (f.severity === 2 ? c.red : c.yellow)(word) + ' '.repeat('warning'.length - word.length);
      lines.push(`  ${c.dim(positions[i].padEnd(width))}  ${level}  ${f.message}  ${c.dim(f.ruleId)}`);
    });
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
