import { ruleSet } from '../../rules';
import { ruleDocsUrl } from '../common/docs-url';
import type { Finding } from '../engine/lint';
import type { Fix } from '../engine/rule';
import { groupByFile } from './stylish';

/**
 * ESLint's JSON formatter shape (its keys, in its order): one entry per file that has findings or
 * suppressed ones, filePath absolute; those a directive or the suppressions file keeps from being
 * reported in `suppressedMessages`, each with its `suppressions` (`directive` with the reason after
 * `--`, or `file`); with --fix or --fix-dry-run, also each file the fixes change, its fixed text in
 * `output` as ESLint gives it. navlint has no deprecated rules, and reports a file that does not
 * parse as a finding of its own (mdx-syntax), not as ESLint's fatal message.
 */
export function formatJson(findings: Finding[], outputs?: Map<string, string>, suppressed: Finding[] = []): string {
  return `${JSON.stringify(eslintResults(findings, outputs, suppressed))}\n`;
}

/**
 * ESLint's `json-with-metadata`: the results as `json` has them, and the meta of each rule that
 * reported, its page's URL in `docs.url` (the rule's page in the repository at this release).
 */
export function formatJsonWithMetadata(
  findings: Finding[],
  cwd: string,
  outputs?: Map<string, string>,
  suppressed: Finding[] = [],
): string {
  const reported = [...new Set(findings.map((f) => f.ruleId))].sort();
  const rulesMeta = Object.fromEntries(
    reported.map((id) => {
      const meta = ruleSet.byId.get(id)?.meta;
      return [
        id,
        {
          type: 'problem',
          docs: { description: meta?.description ?? id, url: ruleDocsUrl(id) },
          ...(meta?.fixable ? { fixable: 'code' } : {}),
          messages: meta?.messages ?? {},
        },
      ];
    }),
  );
  return `${JSON.stringify({ results: eslintResults(findings, outputs, suppressed), metadata: { cwd, rulesMeta } })}\n`;
}

function eslintResults(findings: Finding[], outputs: Map<string, string> | undefined, suppressed: Finding[]) {
  const byFile = groupByFile(findings);
  const suppressedByFile = groupByFile(suppressed);
  for (const file of [...(outputs?.keys() ?? []), ...suppressedByFile.keys()])
    if (!byFile.has(file)) byFile.set(file, []);
  return [...byFile].map(([filePath, list]) => ({
    filePath,
    messages: list.map(eslintMessage),
    suppressedMessages: (suppressedByFile.get(filePath) ?? []).map((f) => ({
      ...eslintMessage(f),
      suppressions: f.suppressions,
    })),
    errorCount: list.filter((f) => f.severity === 2).length,
    fatalErrorCount: 0,
    warningCount: list.filter((f) => f.severity === 1).length,
    fixableErrorCount: list.filter((f) => f.severity === 2 && f.fix).length,
    fixableWarningCount: list.filter((f) => f.severity === 1 && f.fix).length,
    ...(outputs?.has(filePath) ? { output: outputs.get(filePath) } : {}),
    usedDeprecatedRules: [],
  }));
}

/** A finding as ESLint's LintMessage. */
function eslintMessage(f: Finding) {
  return {
    ruleId: f.ruleId,
    severity: f.severity,
    message: f.message,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    ...(f.fix ? { fix: withoutBom(f.fix, f.file.text) } : {}),
    ...(f.suggestions
      ? { suggestions: f.suggestions.map(({ desc, fix }) => ({ desc, fix: withoutBom(fix, f.file.text) })) }
      : {}),
  };
}

/** A fix's range as ESLint gives it: in the text after a byte order mark, which its tools put back. */
function withoutBom(fix: Fix, text: string): Fix {
  // ESLint's shape: the range and the text alone.
  if (text.charCodeAt(0) !== 0xfeff) return { range: fix.range, text: fix.text };
  return { range: [Math.max(0, fix.range[0] - 1), Math.max(0, fix.range[1] - 1)], text: fix.text };
}
