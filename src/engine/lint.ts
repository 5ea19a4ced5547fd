import * as path from 'node:path';
import { readFileText, readJsonWithRefs } from '../parsers/json';
import { pageMatcher } from './config';
import { buildModel, type NavModel } from './model';
import { rules } from './rules';
import type { Fix, Report, RuleSettings, Severity, Suggestion } from './rule';
import { validateModel } from './schema';
import { Site } from '../site/site';
import { patchPrevious } from '../lsp/incremental';
import { SourceFile } from '../parsers/source';

export interface Finding {
  ruleId: string;
  /** ESLint's numbers: 1 warning, 2 error. */
  severity: 1 | 2;
  message: string;
  file: SourceFile;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Offsets in `file`, for editors and fixes. */
  offset: number;
  length: number;
  fix?: Fix;
  suggestions?: Suggestion[];
}

export interface LintOptions {
  /** Path to docs.json. */
  docsFile: string;
  /** The docs folder; defaults to docs.json's folder. Nothing outside it is read. */
  root?: string;
  /** Severity per rule id, over the defaults. */
  rules?: Record<string, Severity>;
  /** Extra language codes and ignored page globs, from the config file. */
  settings?: { languages?: string[]; ignorePages?: string[] };
  /** Reads a file's text (the LSP passes editors' unsaved text). */
  readText?: (file: string) => string;
  /** A site index to reuse across runs (the LSP keeps one and tells it what changed). */
  site?: Site;
  /** Where spec indexes are cached across runs; undefined for no cache. */
  cacheDir?: string;
  /**
   * The model of the previous lint of this docs.json with this site (the LSP's), to patch in place
   * when the edit since is inside one string; it is not valid afterwards.
   */
  previous?: NavModel;
}

export interface LintResult {
  findings: Finding[];
  /** docs.json and every `$ref` file read. */
  files: SourceFile[];
  model: NavModel;
}

/** Parse once, build the model once, run every rule, sort the findings. */
export function lint(options: LintOptions): LintResult {
  // TIMING=1, as in ESLint: how long each phase and each rule took, on stderr.
  const timing = process.env.TIMING ? new Map<string, number>() : undefined;
  let mark = timing ? performance.now() : 0; // the global loads perf_hooks on first use: 1 ms
  const lap = (name: string) => {
    if (!timing) return;
    const now = performance.now();
    timing.set(name, (timing.get(name) ?? 0) + now - mark);
    mark = now;
  };
  const docsFile = path.resolve(options.docsFile);
  const root = path.resolve(options.root ?? path.dirname(docsFile));
  const readText = options.readText ?? readFileText;
  const previous = options.previous;
  const patched = previous && previous.site === options.site && previous.root === root && previous.docsFile.path === docsFile ? patchPrevious(previous, readText) : undefined;
  const read = patched?.read ?? readJsonWithRefs(docsFile, root, readText);
  lap('parse docs.json and $ref files');
  const site = options.site ?? new Site(root, readText, options.cacheDir);
  const model = patched?.model ?? buildModel(read.root, { root, docsFile: read.files[0] ?? new SourceFile(docsFile, ''), files: read.files, readIssues: read.issues, site });
  lap('build the model');
  model.schemaIssues = validateModel(model);
  lap('validate against the schema');

  const settings: RuleSettings = { languages: options.settings?.languages ?? [], ignoredPage: pageMatcher(options.settings?.ignorePages ?? []) };
  const findings: Finding[] = [];
  for (const rule of rules) {
    const severity = options.rules?.[rule.meta.id] ?? rule.meta.defaultSeverity;
    if (severity === 'off') continue;
    const level = severity === 'error' ? 2 : 1;
    const report = (r: Report) => findings.push(toFinding(rule.meta.id, r.severity === 'warn' ? 1 : level, r));
    try {
      rule.check(model, report, settings);
    } catch (error) {
      // A rule's bug must not hide the other rules' findings; show it as a finding to report upstream.
      report({ span: { file: model.docsFile, offset: 0, length: 0 }, message: `internal error in rule ${rule.meta.id}: ${(error as Error).message}` });
    }
    lap(`rule ${rule.meta.id}`);
  }
  model.site.persist();
  if (timing) {
    const rows = [...timing].sort((a, b) => b[1] - a[1]);
    process.stderr.write(rows.map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`).join('\n') + '\n');
  }
  return { findings: sortFindings(findings), files: read.files, model };
}

function toFinding(ruleId: string, severity: 1 | 2, report: Report): Finding {
  const { file, offset, length } = report.span;
  const start = file.position(offset);
  const end = file.position(offset + length);
  const finding: Finding = {
    ruleId,
    severity,
    message: report.message,
    file,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    offset,
    length,
  };
  if (report.fix) finding.fix = report.fix;
  if (report.suggestions?.length) finding.suggestions = report.suggestions;
  return finding;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
}
