import { createTwoFilesPatch } from 'diff';
import { ruleSet } from '../../rules';
import { displayPath } from '../common/paths';
import { heldFromStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import type { Config } from '../engine/config';
import { type LintOptions, lint, lintOptionsOf } from '../engine/lint';
import { withoutPageParses } from '../engine/rule';
import { formatStylish } from '../formatters/stylish';
import { applyPlan } from './apply';
import { newErrors, planMigration } from './migrate';
import { migrationStatus } from './status';
import { MigrationError, type MigrationPlan } from './types';

export interface MigrateRequest {
  docsFile: string;
  config: Config;
  extensionKey: string;
  dryRun: boolean;
  check: boolean;
  /** List the operations no navigation entry or page reaches. */
  listUnreached?: boolean;
  /** Pages move to the generated URLs, with redirects from the old ones. */
  newUrls?: boolean;
  preferLanguage?: string;
  skipUnresolved?: boolean;
  cwd: string;
  color: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const section = (title: string, lines: string[]) =>
  lines.length ? `${title}\n${lines.map((l) => `  ${l}`).join('\n')}\n` : '';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** navlint migrate-mdx: plan, preview or apply the migration, then lint the result. Returns the exit code. */
export async function runMigration(request: MigrateRequest): Promise<number> {
  const { config, stdout, stderr } = request;
  // The extension key written is the one the lints before and after read (--extension-key, else the config's).
  const options = {
    docsFile: request.docsFile,
    ...lintOptionsOf(config, ruleSet),
    extensionKey: request.extensionKey,
  };
  if (request.check || request.listUnreached) return reportStatus(request, options);
  const planned = (skipUnresolved: boolean | undefined) =>
    planMigration({ ...options, newUrls: request.newUrls, preferLanguage: request.preferLanguage, skipUnresolved });
  let plan: MigrationPlan;
  let refused = false;
  try {
    plan = planned(request.skipUnresolved);
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    stderr(`navlint: ${error.message}\n`);
    if (!request.dryRun || request.skipUnresolved) return 1;
    // A dry run still shows what the migration can do: the plan of --skip-unresolved, the refused pages left out.
    plan = planned(true);
    if (plan.migrated === 0) return 1; // nothing else to show
    refused = true;
  }
  const skipped = skippedText(plan, request.preferLanguage);
  if (plan.migrated === 0) {
    stdout(
      `${skipped}No MDX endpoint pages ${skipped ? 'can be migrated' : 'in the navigation'}: nothing to migrate.\n`,
    );
    return 0;
  }
  const notes =
    plan.overridden
      .map(
        (o) => `note: ${o.file} also documents ${o.endpoint}; ${o.winner} wins, and ${o.file}'s URL redirects to it\n`,
      )
      .join('') +
    plan.notes.map((n) => `${n}\n`).join('') +
    skipped;
  const introduced = plan.introduced.length
    ? `\nThe migrated site would have errors it does not have now:\n${formatStylish(plan.introduced, request.color, request.cwd)}`
    : '';
  if (request.dryRun) return Math.max(preview(plan, request, notes + introduced), refused ? 1 : 0);
  if (introduced) {
    stdout(`${notes}${introduced}navlint: nothing was written.\n`);
    return 1;
  }
  return applyAndCheck(plan, request, options, notes);
}

/** --check and --list-unreached: what is left to migrate, and what nothing reaches. */
function reportStatus(request: MigrateRequest, options: LintOptions): number {
  const { pending, unlisted, problems, unread } = migrationStatus(options);
  let text = '';
  if (request.check) {
    text +=
      section('Endpoints whose pages are still MDX:', pending) +
        section('MDX endpoint pages that cannot be migrated as they are:', problems) ||
      'No MDX endpoint pages are left to migrate.\n';
  }
  if (request.listUnreached) {
    text += section('Operations no navigation entry or page reaches:', unlisted);
    text += section('Specs that are URLs, not read (their operations are unknown):', unread);
    if (unlisted.length === 0)
      text += unread.length ? 'Every operation of the specs read is reached.\n' : 'Every operation is reached.\n';
  }
  request.stdout(text);
  return request.check && pending.length + problems.length > 0 ? 1 : 0;
}

/** The pages the plan leaves as they are, and why. */
function skippedText(plan: MigrationPlan, preferLanguage: string | undefined): string {
  const kept = section(
    `Kept as MDX pages (--prefer-language ${preferLanguage}):`,
    plan.kept.map((k) => `${k.file}: ${k.message}`),
  );
  return (
    kept +
    section(
      'Left as they are (--skip-unresolved):',
      plan.skipped.map((s) => `${s.file}: ${s.message}`),
    )
  );
}

/** --dry-run: the plan's diff and deletions, with its notes and the errors it would introduce. */
function preview(plan: MigrationPlan, request: MigrateRequest, notes: string): number {
  const show = (file: string) => displayPath(file, request.cwd);
  const diffs = [...plan.writes]
    .map(([file, { original, updated }]) =>
      createTwoFilesPatch(`a/${show(file)}`, `b/${show(file)}`, original, updated, undefined, undefined, {
        context: 3,
      }).replace(/^=+\n/, ''),
    )
    .join('');
  const refused = plan.introduced.length ? 'The migration would not write: fix these first.\n' : '';
  request.stdout(
    `${diffs}Would delete:\n${plan.deletes.map((f) => `  ${show(f)}`).join('\n')}\n${notes}${refused}Dry run: nothing was written.\n`,
  );
  return refused ? 1 : 0;
}

/**
 * Writes the plan, says what changed, and lints the site as written. Ctrl-C (or SIGTERM) while the
 * files are written waits until they all are, as stopping halfway would leave the site half-migrated;
 * the lint is then skipped, and the run ends with the signal's exit code.
 */
async function applyAndCheck(
  plan: MigrationPlan,
  request: MigrateRequest,
  options: LintOptions,
  notes: string,
): Promise<number> {
  const { stdout, cwd } = request;
  let signal: StopSignal | undefined;
  try {
    ({ signal } = await heldFromStopSignals(() => applyPlan(plan)));
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    request.stderr(`navlint: ${error.message}\n`);
    return 1;
  }
  const show = (file: string) => displayPath(file, cwd);
  const urls = plan.redirects.length ? `; added ${plural(plan.redirects.length, 'redirect')}` : '';
  stdout(
    `${notes}Migrated ${plural(plan.migrated, 'endpoint')} from ${plural(plan.deletes.length, 'MDX page')}; updated ${[...plan.writes.keys()].map(show).join(', ')}; deleted ${plural(plan.deletes.length, 'file')}${urls}.\n`,
  );
  if (signal) {
    request.stderr(
      `navlint: ${signal} came while the files were written: the migration was written in full first, as stopping halfway would leave the site half-migrated; the migrated site was not checked\n`,
    );
    return signalExitCodes[signal];
  }
  // The plan was checked before writing; this checks the files as written.
  const after = newErrors(plan.findings, lint({ ...options, ruleFilter: withoutPageParses }).findings);
  if (after.length > 0) {
    stdout(`\nThe migrated site has errors it did not have before:\n${formatStylish(after, request.color, cwd)}`);
    return 1;
  }
  return 0;
}
