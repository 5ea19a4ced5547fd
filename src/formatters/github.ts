import { displayPath } from '../common/paths';
import type { Finding } from '../engine/lint';

/** GitHub Actions workflow commands: one ::error or ::warning annotation per finding, its path relative to `base` (the repository's top). */
export function formatGithub(findings: Finding[], base: string): string {
  return findings
    .map((f) => {
      const properties = {
        file: displayPath(f.file.path, base),
        line: f.line,
        col: f.column,
        endLine: f.endLine,
        endColumn: f.endColumn,
        title: `navlint(${f.ruleId})`,
      };
      const list = Object.entries(properties)
        .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
        .join(',');
      return `::${f.severity === 2 ? 'error' : 'warning'} ${list}::${escapeData(f.message)}\n`;
    })
    .join('');
}

/** As @actions/core escapes a command's message. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** As @actions/core escapes a command's property values. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
