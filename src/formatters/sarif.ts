import { pathToFileURL } from 'node:url';
import { ruleSet } from '../../rules';
import { repositoryUrl, ruleDocsUrl, rulePageText } from '../common/docs-url';
import { displayPath } from '../common/paths';
import { version } from '../common/version';
import type { Finding } from '../engine/lint';

const levels = { error: 'error', warn: 'warning', off: 'none' } as const;

/**
 * SARIF 2.1.0 for GitHub code scanning: one run, the rules that reported, one location per result.
 * Paths are relative to `base` (the repository's top: code scanning reads them against the checkout),
 * named as `%SRCROOT%`, each segment percent-encoded (a `#` or `?` in a file name is not a URI's).
 */
export function formatSarif(findings: Finding[], base: string, suppressed: Finding[] = []): string {
  const reported = [...new Set([...findings, ...suppressed].map((f) => f.ruleId))].sort();
  const rules = reported.map((id) => {
    const meta = ruleSet.byId.get(id)?.meta;
    const page = rulePageText(id);
    return {
      id,
      shortDescription: { text: meta?.description ?? id },
      fullDescription: { text: (page && whyOf(page)) ?? meta?.description ?? id },
      helpUri: ruleDocsUrl(id),
      help: { text: page ?? meta?.description ?? id, markdown: page ?? meta?.description ?? id },
      defaultConfiguration: { level: levels[meta?.defaultSeverity ?? 'error'] },
      properties: { fixable: meta?.fixable ?? false },
    };
  });
  const results = [...findings, ...suppressed].map((f) => ({
    ruleId: f.ruleId,
    ruleIndex: reported.indexOf(f.ruleId),
    level: f.severity === 2 ? 'error' : 'warning',
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: uriOf(displayPath(f.file.path, base)), uriBaseId: '%SRCROOT%' },
          region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
        },
      },
    ],
    // Code scanning shows a suppressed result as dismissed: `inSource` for a directive, `external` for the suppressions file.
    ...(f.suppressions
      ? {
          suppressions: f.suppressions.map(({ kind, justification }) => ({
            kind: kind === 'directive' ? 'inSource' : 'external',
            ...(justification ? { justification } : {}),
          })),
        }
      : {}),
  }));
  const log = {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'navlint', version, informationUri: repositoryUrl, rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(base).href.replace(/\/?$/, '/')}` } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A relative path as a relative URI: each segment percent-encoded. */
const uriOf = (relative: string) => relative.split('/').map(encodeURIComponent).join('/');

/** The Why section of a rule's page on one line, its lines and paragraphs joined: what code scanning shows as the rule's description. */
function whyOf(page: string): string | undefined {
  const why = /\n## Why\n\n([\s\S]*?)\n## /.exec(page)?.[1];
  return why?.trim().replace(/\s*\n\s*/g, ' ');
}
