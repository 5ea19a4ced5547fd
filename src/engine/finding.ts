import type { SourceFile } from '../parsers/source';
import type { Fix, Suggestion } from './rule';

/** One finding of a lint, with its place in both forms: line/column for people, offsets for edits. */
export interface Finding {
  ruleId: string;
  /** ESLint's numbers: 1 warning, 2 error. */
  severity: 1 | 2;
  message: string;
  /** The key of the rule's `meta.messages` the message was made from (none for an internal error). */
  messageId?: string;
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
  /** Found by an accessibility rule the switch keeps off, for a caller that counts them (countSwitchedOff) and shows none. */
  switchedOff?: true;
  /** The other file it is about, as a path of the site (Report.about). */
  about?: string;
  /** Why it is not reported, when it is not: a directive in its file, or the suppressions file. */
  suppressions?: Suppression[];
}

/** Why a finding is not reported, as ESLint's JSON has it: a comment in the file (`directive`), or the suppressions file (`file`). */
export interface Suppression {
  kind: 'directive' | 'file';
  justification: string;
}
