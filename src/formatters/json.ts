import type { Finding } from '../engine/lint';
import { groupByFile } from './stylish';

/**
 * ESLint's JSON formatter shape: one entry per file that has findings, filePath absolute; with
 * --fix-dry-run, also each file the fixes change, its fixed text in `output` as ESLint gives it.
 */
export function formatJson(findings: Finding[], outputs?: Map<string, string>): string {
  const byFile = groupByFile(findings);
  for (const file of outputs?.keys() ?? []) if (!byFile.has(file)) byFile.set(file, []);
  const results = [...byFile].map(([filePath, list]) => ({
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
    ...(outputs?.has(filePath) ? { output: outputs.get(filePath) } : {}),
  }));
  return `${JSON.stringify(results)}\n`;
}
