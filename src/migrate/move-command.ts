import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { ruleSet } from '../../rules';
import { displayPath } from '../common/paths';
import { heldFromStopSignals, type StopSignal, signalExitCodes } from '../common/signals';
import type { Config } from '../engine/config';
import { type Finding, type LintOptions, lint, lintOptionsOf } from '../engine/lint';
import {
  filesAfterMoves,
  findingsAddedByMove,
  type MovePlan,
  MoveRefused,
  movesOf,
  planMove,
} from '../engine/page-moves';
import { applyFixes } from '../engine/text-edits';
import { formatStylish } from '../formatters/stylish';
import { diskFiles } from '../site/files';
import { applyPlan, diskWriter, WriteError, type WritePlan, type Writer } from './apply';

export interface MoveCommand {
  docsFile: string;
  config: Config;
  /** OLD and NEW, relative to the docs folder. */
  from: string;
  to: string;
  dryRun: boolean;
  /** Add a redirect from each old URL (--no-redirect: false). */
  redirects: boolean;
  /** Where the lints keep their caches (undefined: none). */
  cacheDir?: string;
  cwd: string;
  color: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * navlint mv: plans the move of a page or a folder of pages and every place that names them, refuses
 * it when it cannot keep every link and URL, previews it (--dry-run) or writes it (every file, then
 * the moves), then lints the site as written. Returns the exit code.
 */
export async function runMove(request: MoveCommand): Promise<number> {
  const options: LintOptions = {
    docsFile: request.docsFile,
    ...lintOptionsOf(request.config, ruleSet),
    cacheDir: request.cacheDir,
  };
  const before = lint(options);
  let plan: MovePlan;
  try {
    plan = planMove(before.model, before.site, movesOf(before.site, request.from, request.to), {
      redirects: request.redirects,
      cacheDir: request.cacheDir,
    });
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    request.stderr(`navlint: ${error.message}; nothing was changed\n`);
    return 1;
  }
  if (plan.refusals.length > 0) {
    request.stderr(`navlint: cannot move; nothing was changed:\n${plan.refusals.map((r) => `  ${r}\n`).join('')}`);
    return 1;
  }
  const { writes } = writePlanOf(plan);
  // The site as the move leaves it, every rule over it: it must have no error the site has not now.
  const predicted = lint({
    ...options,
    files: filesAfterMoves(diskFiles, plan.root, plan.moves, (file) => writes.get(file)?.updated),
    persistCaches: false,
  });
  const introduced = newErrorsOf(plan, before.findings, predicted.findings);
  const errors = introduced.length
    ? `\nThe moved site would have errors it does not have now:\n${formatStylish(introduced, request.color, request.cwd)}`
    : '';
  const notes = notesOf(plan, request.cwd);
  if (request.dryRun) {
    const refused = errors ? 'The move would not write: fix these first.\n' : '';
    request.stdout(`${diffOf(plan, writes, request.cwd)}${notes}${errors}${refused}Dry run: nothing was written.\n`);
    return refused ? 1 : 0;
  }
  if (errors) {
    request.stdout(`${notes}${errors}navlint: nothing was written.\n`);
    return 1;
  }
  return applyAndCheck(plan, request, { options, before: before.findings, notes });
}

/** The errors a site has after a move that it had not before (findingsAddedByMove): a move must add none. */
function newErrorsOf(plan: MovePlan, before: readonly Finding[], after: readonly Finding[]): Finding[] {
  return findingsAddedByMove(before, after, plan.root, plan.moves).filter((finding) => finding.severity === 2);
}

/** What a move plan writes: each file's new text, then the pages moved (absolute paths). */
export function writePlanOf(plan: MovePlan): WritePlan & { moves: { from: string; to: string }[] } {
  const writes = new Map(
    [...plan.edits].map(([file, { source, fixes }]) => [
      file,
      { original: source.text, updated: applyFixes(source.text, fixes).text },
    ]),
  );
  const moves = plan.moves.map((m) => ({ from: path.join(plan.root, m.from), to: path.join(plan.root, m.to) }));
  return { root: plan.root, writes, moves, deletes: [] };
}

/** What the move does besides the diff: redirects repointed and added, files of a folder left where they are. */
function notesOf(plan: MovePlan, cwd: string): string {
  const show = (file: string) => displayPath(path.join(plan.root, file), cwd);
  return [
    ...plan.repointed.map((r) => `note: the redirect from ${r.source} now goes to ${r.to} (it went to ${r.from})\n`),
    ...plan.redirects.map((r) => `note: added the redirect ${r.source} → ${r.destination}\n`),
    ...(plan.leftInPlace.length
      ? [`note: left where they are, not being pages: ${plan.leftInPlace.map(show).join(', ')}\n`]
      : []),
  ].join('');
}

/** --dry-run: each move, and the diff of every file that changes (a moved page's from its old path to its new one). */
function diffOf(plan: MovePlan, writes: Map<string, { original: string; updated: string }>, cwd: string): string {
  const show = (file: string) => displayPath(file, cwd);
  const movedTo = new Map(plan.moves.map((m) => [path.join(plan.root, m.from), path.join(plan.root, m.to)]));
  const patch = (file: string, to: string, { original, updated }: { original: string; updated: string }) =>
    createTwoFilesPatch(`a/${show(file)}`, `b/${show(to)}`, original, updated, undefined, undefined, {
      context: 3,
    }).replace(/^=+\n/, '');
  const moves = [...movedTo].map(([from, to]) => {
    const text = writes.get(from);
    return `rename ${show(from)} → ${show(to)}\n${text ? patch(from, to, text) : ''}`;
  });
  const others = [...writes].filter(([file]) => !movedTo.has(file)).map(([file, text]) => patch(file, file, text));
  return [...moves, ...others].join('');
}

/**
 * Writes every file, then moves the pages (git mv where git tracks them), and lints the site as
 * written. Ctrl-C (or SIGTERM) meanwhile waits until it is all done, as stopping halfway would leave
 * links to pages not moved yet; the lint is then skipped, and the run ends with the signal's code.
 */
async function applyAndCheck(
  plan: MovePlan,
  request: MoveCommand,
  { options, before, notes }: { options: LintOptions; before: readonly Finding[]; notes: string },
): Promise<number> {
  const written = writePlanOf(plan);
  const { moves } = written;
  const writer = gitWriter(
    plan.root,
    moves.map((m) => m.from),
  );
  let signal: StopSignal | undefined;
  try {
    ({ signal } = await heldFromStopSignals(() => applyPlan(written, writer)));
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    request.stderr(`navlint: ${error.message}\n`);
    return 1;
  }
  const show = (file: string) => displayPath(file, request.cwd);
  const moved =
    moves.length === 1
      ? `${show(moves[0].from)} to ${show(moves[0].to)}`
      : `${plural(moves.length, 'page')} from ${show(path.join(plan.root, request.from))} to ${show(path.join(plan.root, request.to))}`;
  const others = [...written.writes.keys()].filter((file) => !moves.some((m) => m.from === file));
  request.stdout(
    `${notes}Moved ${moved}${writer.usedGit() ? ' (git mv)' : ''}; updated ${others.length ? others.map(show).join(', ') : 'no other file'}; added ${plural(plan.redirects.length, 'redirect')}.\n`,
  );
  if (signal) {
    request.stderr(
      `navlint: ${signal} came while the files were written: the move was written in full first, as stopping halfway would leave links to pages not moved yet; the moved site was not checked\n`,
    );
    return signalExitCodes[signal];
  }
  const after = newErrorsOf(plan, before, lint({ ...options }).findings);
  if (after.length > 0) {
    request.stdout(
      `\nThe moved site has errors it did not have before:\n${formatStylish(after, request.color, request.cwd)}`,
    );
    return 1;
  }
  return 0;
}

/**
 * The disk's writer, moving with `git mv` the files git tracks (`files`, absolute), so that git's
 * index has them at their new path (the text the move rewrote stays a change to stage); a file git
 * does not track, or a folder that is no git work tree, is moved as the disk moves it.
 */
function gitWriter(root: string, files: string[]): Writer & { usedGit(): boolean } {
  const listed = spawnSync('git', ['ls-files', '-z', '--', ...files.map((file) => path.relative(root, file))], {
    cwd: root,
    encoding: 'utf8',
  });
  const tracked = new Set(
    listed.status === 0
      ? listed.stdout
          .split('\0')
          .filter(Boolean)
          .map((file) => path.join(root, file))
      : [],
  );
  let used = false;
  return {
    ...diskWriter,
    move(from, to) {
      if (!tracked.has(from)) return diskWriter.move(from, to);
      const moved = spawnSync('git', ['mv', '--', from, to], { cwd: root, encoding: 'utf8' });
      if (moved.status !== 0) throw new Error(`git mv ${from} ${to}: ${(moved.stderr || String(moved.error)).trim()}`);
      tracked.delete(from);
      tracked.add(to);
      used = true;
    },
    usedGit: () => used,
  };
}
