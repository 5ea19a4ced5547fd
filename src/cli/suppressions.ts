import * as path from 'node:path';
import { ruleSet } from '../../rules';
import { writeFailure } from '../common/atomic';
import { didYouMean, didYouMeanHint } from '../common/suggest';
import {
  applySuppressions,
  pruned,
  readSuppressions,
  type SuppressionEntries,
  suppressing,
  suppressionsFileName,
  writeSuppressions,
} from '../engine/bulk-suppressions';
import { ConfigError } from '../engine/config';
import { type Finding, sortFindings } from '../engine/lint';
import { type Io, UsageError } from './io';

interface SuppressionOptions {
  'suppress-all'?: boolean;
  'suppress-rule'?: string[];
  'prune-suppressions'?: boolean;
  'suppressions-location'?: string;
}

/**
 * The bulk suppressions of a check, ESLint's: `--suppress-all` and `--suppress-rule` write the
 * findings into the suppressions file first, `--prune-suppressions` takes out what no longer occurs;
 * then the file keeps what it holds from being reported. A number is the exit code of a run that
 * could not write the file.
 */
export function withBulkSuppressions(
  linted: { findings: Finding[]; suppressed: Finding[] },
  docsFile: string,
  values: SuppressionOptions,
  io: Io,
): { findings: Finding[]; suppressed: Finding[]; unpruned: number } | number {
  const root = path.dirname(docsFile);
  const file = values['suppressions-location']
    ? path.resolve(io.cwd, values['suppressions-location'])
    : path.join(root, suppressionsFileName);
  const rules = values['suppress-rule'] ?? [];
  for (const id of rules)
    if (!ruleSet.byId.has(id))
      throw new UsageError(
        `--suppress-rule: unknown rule "${id}"${didYouMeanHint(didYouMean(id, ruleSet.byId.keys()))}`,
      );
  let entries: SuppressionEntries;
  try {
    entries = readSuppressions(file);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  const writing = values['suppress-all'] || rules.length > 0 || values['prune-suppressions'];
  if (values['suppress-all'] || rules.length > 0)
    entries = suppressing(linted.findings, entries, root, values['suppress-all'] ? undefined : new Set(rules));
  let applied = applySuppressions(linted.findings, entries, root);
  if (values['prune-suppressions']) {
    entries = pruned(entries, applied.suppressed, root);
    applied = applySuppressions(linted.findings, entries, root);
  }
  if (writing) {
    try {
      writeSuppressions(file, entries);
    } catch (error) {
      io.stderr(`navlint: cannot write ${path.relative(io.cwd, file)}: ${writeFailure(error)}\n`);
      return 2;
    }
  }
  return {
    findings: sortFindings(applied.reported),
    suppressed: sortFindings([...linted.suppressed, ...applied.suppressed]),
    unpruned: applied.unmatched,
  };
}
