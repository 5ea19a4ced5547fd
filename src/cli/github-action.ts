import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ruleDocsUrl } from '../common/docs-url';
import { displayPath } from '../common/paths';
import type { Finding } from '../engine/lint';
import { formatGithub } from '../formatters/github';
import { formatSarif } from '../formatters/sarif';
import { checkOptionsOf, checkSite, exitCodeOf, repositoryRoot, unprunedFails } from './check';
import { type Io, UsageError, written } from './io';

/** How many findings the job summary lists one by one; the annotations and the SARIF file have them all. */
const summaryListed = 20;

/**
 * `navlint github-action`: what action.yml runs, reading the runner's environment as a JavaScript
 * action does (`INPUT_*`, `GITHUB_*`, `RUNNER_TEMP`). One lint of the site gives the annotations (on
 * stdout, those on the lines the change touches first: GitHub shows only the first few of a step),
 * the SARIF file for code scanning, the job summary and the step's outputs.
 */
export async function runGithubAction(args: string[], io: Io): Promise<number> {
  if (args.length > 0)
    throw new UsageError('github-action takes its inputs from the environment (INPUT_*), as action.yml sets them');
  const env = io.env ?? process.env;
  // As action.yml sets them: the input's name in capitals, `-` as `_` (a shell can name no other).
  const input = (name: string) => (env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();
  const extra = argumentsOf(input('args'));
  const set = extra.find((arg) => /^--(format|output|fix|fix-dry-run)(=|$)/.test(arg));
  if (set)
    throw new UsageError(
      `the Action's args cannot take ${set.split('=')[0]}: the Action reports in its own formats and changes no file`,
    );
  const options = checkOptionsOf([input('directory') || '.', ...extra], io);
  if (typeof options === 'number') return options;
  const failOnWarnings = booleanInput('fail-on-warnings', input('fail-on-warnings'));
  const sarifFile = path.resolve(
    io.cwd,
    input('sarif-file') || path.join(env.RUNNER_TEMP ?? os.tmpdir(), 'navlint.sarif'),
  );

  const checked = await checkSite(options, io);
  if (typeof checked === 'number') return checked;
  const { docsFile, findings } = checked;
  const root = repositoryRoot(docsFile, io.cwd);
  const changed = changedLines(root);
  const onChangedLines = (f: Finding) => changed?.get(displayPath(f.file.path, root))?.has(f.line) === true;
  io.stdout(formatGithub([...findings.filter(onChangedLines), ...findings.filter((f) => !onChangedLines(f))], root));
  if (!written(sarifFile, formatSarif(findings, root, checked.suppressed), io, sarifFile)) return 2;

  const errors = findings.filter((f) => f.severity === 2).length;
  const warnings = findings.length - errors;
  appendTo(env.GITHUB_OUTPUT, `sarif-file=${sarifFile}\nerrors=${errors}\nwarnings=${warnings}\n`, io);
  appendTo(env.GITHUB_STEP_SUMMARY, summaryOf(findings, root, docsFile, env, checked.suppressed.length), io);
  if (unprunedFails(checked, options.values, io)) return 2;
  return exitCodeOf(findings, failOnWarnings ? 0 : checked.maxWarnings, io);
}

/** A boolean input as @actions/core's getBooleanInput reads it: YAML 1.2's true and false, or empty for false. */
function booleanInput(name: string, value: string): boolean {
  if (['', 'false', 'False', 'FALSE'].includes(value)) return false;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  throw new UsageError(`input ${name} must be true or false, not "${value}"`);
}

/** The `args` input as a shell splits it: words, with '…' and "…" quoting (a path with spaces). */
export function argumentsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g))
    words.push(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3]);
  return words;
}

/** Appends to a file the runner reads after the step ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY); outside a runner, nothing. */
function appendTo(file: string | undefined, text: string, io: Io): void {
  if (!file) return;
  try {
    fs.appendFileSync(file, text);
  } catch (error) {
    io.stderr(`navlint: cannot write ${file}: ${(error as Error).message}\n`);
  }
}

/**
 * The lines the checked-out commit changes, by path from the repository's top: against its first
 * parent, which is the base branch for a pull request's merge commit. Undefined when git cannot tell
 * (a shallow checkout of one commit: `fetch-depth: 2` gives the parent).
 */
export function changedLines(root: string): Map<string, Set<number>> | undefined {
  const diff = spawnSync(
    'git',
    [
      '-c',
      'core.quotePath=off',
      'diff',
      '--unified=0',
      '--no-color',
      '--no-ext-diff',
      '--no-renames',
      'HEAD^1',
      'HEAD',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (diff.status !== 0) return undefined;
  const lines = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of diff.stdout.split('\n')) {
    if (line.startsWith('+++ ')) {
      current = line === '+++ /dev/null' ? undefined : new Set();
      if (current) lines.set(line.slice('+++ b/'.length), current);
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) for (let n = Number(hunk[1]), end = n + Number(hunk[2] ?? 1); n < end; n++) current.add(n);
  }
  return lines;
}

/** The job summary in GitHub's Markdown: the counts by rule, then the first findings as links to their lines. */
function summaryOf(
  findings: Finding[],
  root: string,
  docsFile: string,
  env: NodeJS.ProcessEnv,
  suppressed: number,
): string {
  const site = displayPath(path.dirname(docsFile), root);
  const held =
    suppressed > 0 ? ` ${count(suppressed, 'finding')} suppressed (directives and the suppressions file).` : '';
  if (findings.length === 0) return `## navlint\n\n✅ No problems in \`${site}\`.${held}\n`;
  const errors = findings.filter((f) => f.severity === 2).length;
  const files = new Set(findings.map((f) => f.file.path)).size;
  const byRule = new Map<string, { severity: number; count: number }>();
  for (const f of findings) {
    const entry = byRule.get(f.ruleId) ?? { severity: f.severity, count: 0 };
    entry.count++;
    entry.severity = Math.max(entry.severity, f.severity);
    byRule.set(f.ruleId, entry);
  }
  const rows = [...byRule]
    .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
    .map(
      ([id, { severity, count }]) =>
        `| [${id}](${ruleDocsUrl(id)}) | ${severity === 2 ? 'error' : 'warning'} | ${count} |`,
    );
  const blob =
    env.GITHUB_REPOSITORY && env.GITHUB_SHA
      ? `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA}/`
      : undefined;
  const listed = findings.slice(0, summaryListed).map((f) => {
    const where = `${displayPath(f.file.path, root)}:${f.line}:${f.column}`;
    const link = blob ? `[${where}](${blob}${encodeURI(displayPath(f.file.path, root))}#L${f.line})` : `\`${where}\``;
    return `- ${link} **${f.severity === 2 ? 'error' : 'warning'}** ${markdownText(f.message)} (\`${f.ruleId}\`)`;
  });
  const more = findings.length - listed.length;
  return [
    '## navlint',
    '',
    `${errors > 0 ? '❌' : '⚠️'} ${count(errors, 'error')} and ${count(findings.length - errors, 'warning')} in ${count(files, 'file')} of \`${site}\`.${held}`,
    '',
    '| rule | severity | findings |',
    '|---|---|---|',
    ...rows,
    '',
    ...listed,
    ...(more > 0 ? ['', `… and ${more} more: the annotations and the SARIF file list them all.`] : []),
    '',
  ].join('\n');
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** A message as Markdown text: its code spans kept, the characters Markdown or HTML would take escaped elsewhere. */
function markdownText(message: string): string {
  return message
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\<>*_[\]|#]/g, '\\$&')))
    .join('');
}
