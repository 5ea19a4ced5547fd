import { createTwoFilesPatch } from 'diff';
import type { Config } from '../engine/config';
import { lint } from '../engine/lint';
import { formatStylish } from '../formatters/stylish';
import { applyMigration, MigrationError, migrationStatus, newErrors, planMigration } from './migrate';
import { displayPath } from '../common/paths';

export interface MigrateRequest {
  docsFile: string;
  config: Config;
  extensionKey: string;
  dryRun: boolean;
  check: boolean;
  cwd: string;
  color: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** navlint migrate-mdx: plan, preview or apply the migration, then lint the result. Returns the exit code. */
export function runMigration(request: MigrateRequest): number {
  const { config, cwd, stdout, stderr } = request;
  const options = { docsFile: request.docsFile, rules: config.rules, settings: { languages: config.languages, ignorePages: config.ignorePages } };
  const show = (file: string) => displayPath(file, cwd);

  if (request.check) {
    const { pending, unlisted, problems } = migrationStatus(options);
    const section = (title: string, lines: string[]) => (lines.length ? `${title}\n${lines.map((l) => `  ${l}`).join('\n')}\n` : '');
    stdout(
      section('Endpoints whose pages are still MDX:', pending) +
        section('Operations in no navigation:', unlisted) +
        section('MDX endpoint pages that cannot be migrated as they are:', problems) || 'Every endpoint page is generated from its spec, and every operation is in the navigation.\n',
    );
    return pending.length + unlisted.length + problems.length > 0 ? 1 : 0;
  }

  let plan;
  try {
    plan = planMigration({ ...options, extensionKey: request.extensionKey });
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    stderr(`navlint: ${error.message}\n`);
    return 1;
  }
  if (plan.migrated === 0) {
    stdout('No MDX endpoint pages in the navigation: nothing to migrate.\n');
    return 0;
  }
  const notes = plan.overridden.map((o) => `note: ${o.file} also documents ${o.endpoint}; ${o.winner} is listed later in docs.json and wins\n`).join('');

  if (request.dryRun) {
    const diffs = [...plan.writes].map(([file, { original, updated }]) => createTwoFilesPatch(`a/${show(file)}`, `b/${show(file)}`, original, updated, undefined, undefined, { context: 3 }).replace(/^=+\n/, '')).join('');
    stdout(`${diffs}Would delete:\n${plan.deletes.map((f) => `  ${show(f)}`).join('\n')}\n${notes}Dry run: nothing was written.\n`);
    return 0;
  }

  try {
    applyMigration(plan);
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    stderr(`navlint: ${error.message}\n`);
    return 1;
  }
  stdout(`${notes}Migrated ${plan.migrated} endpoint${plan.migrated === 1 ? '' : 's'} from ${plan.deletes.length} MDX page${plan.deletes.length === 1 ? '' : 's'}; updated ${[...plan.writes.keys()].map(show).join(', ')}; deleted ${plan.deletes.length} file${plan.deletes.length === 1 ? '' : 's'}.\n`);
  const introduced = newErrors(plan.findings, lint(options).findings);
  if (introduced.length > 0) {
    stdout(`\nThe migrated site has errors it did not have before:\n${formatStylish(introduced, request.color, cwd)}`);
    return 1;
  }
  return 0;
}
