import type { Finding } from '../engine';
import { groupByFile } from './stylish';

/** ESLint's JSON formatter shape: one entry per file that has findings, filePath absolute. */
export function formatJson(findings: Finding[]): string {
  const results = [...groupByFile(findings)].map(([filePath, list]) => ({
    filePath,
    messages: list.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      ...(f.fix ? { fix: f.fix } : {}),
      ...(f.suggestions ? { suggestions: f.suggestions } : {}),
    })),
    errorCount: list.filter((f) => f.severity === 2).length,
    warningCount: list.filter((f) => f.severity === 1).length,
    fixableErrorCount: list.filter((f) => f.severity === 2 && f.fix).length,
    fixableWarningCount: list.filter((f) => f.severity === 1 && f.fix).length,
  }));
  return JSON.stringify(results) + '\n';
}
