import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { type Finding, type LintOptions, lint, withFetchedSpecs } from '../src/engine/lint';
import { fillTemplate } from '../src/engine/messages';
import type { MessageData, Severity } from '../src/engine/rule';
import { applyFixes } from '../src/engine/text-edits';
import { memoryFiles } from '../src/site/files';
import type { FetchedSpec } from '../src/site/spec-fetch';

/** Where every rule test's site lives: in memory, never on the disk. */
export const siteRoot = path.resolve('/navlint-rule-test');

export interface RuleCase {
  name: string;
  /** docs.json's text; or `files`, a whole site (docs.json plus pages, specs, `$ref` files). */
  docs?: string;
  files?: Record<string, string>;
  /** Symbolic links to nothing: path in the site → what the link names. */
  brokenLinks?: Record<string, string>;
  /** Config settings and severities (the rule under test is on at its default severity, an accessibility rule's when on, `error` if that is off). */
  options?: Pick<LintOptions, 'rules' | 'settings' | 'extensionKey' | 'externalLinks'> & {
    /** What fetching the specs given by URL had, as `--check-external` fetches them. */
    fetchedSpecs?: ReadonlyMap<string, FetchedSpec>;
  };
}

export interface ExpectedSuggestion {
  desc: string;
  /** The whole text of the finding's file after applying this suggestion. */
  output: string;
}

/**
 * A finding as a case states it. Its text is `message`, whole; or, as in ESLint's RuleTester,
 * `messageId`, a key of the rule's `meta.messages`, with `data` when the case states the filled-in text
 * too. A few cases per rule give `message`, so that the wording of each message stays tested.
 */
export interface ExpectedFinding {
  message?: string;
  messageId?: string;
  data?: MessageData;
  severity: 'error' | 'warn';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The file the finding is in, relative to the site (default docs.json). */
  file?: string;
  /** Every suggestion of the finding, in order; required when it has any. */
  suggestions?: ExpectedSuggestion[];
}

export interface InvalidCase extends RuleCase {
  /** Every finding of the rule, in order. */
  errors: ExpectedFinding[];
  /** docs.json after one pass of the rule's fixes (or file → text when they touch other files); required when it fixes. */
  output?: string | Record<string, string>;
}

function siteOf(testCase: RuleCase): Record<string, string> {
  return testCase.files ?? { 'docs.json': testCase.docs! };
}

/** The findings of one rule on a site held in memory; every other rule is off. */
export function findingsOf(ruleId: string, testCase: RuleCase): Finding[] {
  const rule = ruleSet.byId.get(ruleId);
  if (!rule) throw new Error(`no rule "${ruleId}"`);
  const rules: Record<string, Severity> = Object.fromEntries([...ruleSet.byId.keys()].map((id) => [id, 'off']));
  rules[ruleId] =
    testCase.options?.rules?.[ruleId] ??
    rule.meta.a11y ??
    (rule.meta.defaultSeverity === 'off' ? 'error' : rule.meta.defaultSeverity);
  const files = memoryFiles(siteRoot, siteOf(testCase), testCase.brokenLinks);
  const { settings, externalLinks, fetchedSpecs: fetched } = testCase.options ?? {};
  const linted = lint({
    ruleSet,
    docsFile: path.join(siteRoot, 'docs.json'),
    files,
    rules,
    settings,
    extensionKey: testCase.options?.extensionKey,
    externalLinks,
  });
  const result = fetched ? withFetchedSpecs(linted, { ruleSet, rules, settings, externalLinks }, fetched) : linted;
  return result.findings.filter((f) => f.ruleId === ruleId);
}

const relative = (file: string) => path.relative(siteRoot, file).split(path.sep).join('/');

/**
 * A finding as a case states it: everything the rule reported, suggestions applied to their file; its
 * text as `expected` gives it (the message, the message id, or both when the case gives data).
 */
function stated(finding: Finding, texts: Record<string, string>, expected?: ExpectedFinding): ExpectedFinding {
  const file = relative(finding.file.path);
  const { line, column, endLine, endColumn } = finding;
  const shown: ExpectedFinding = {
    ...(expected?.messageId === undefined ? { message: finding.message } : { messageId: finding.messageId }),
    ...(expected?.messageId !== undefined && expected.data ? { message: finding.message } : {}),
    severity: finding.severity === 2 ? 'error' : 'warn',
    line,
    column,
    endLine,
    endColumn,
  };
  if (file !== 'docs.json') shown.file = file;
  if (finding.suggestions) {
    const text = texts[file] ?? finding.file.text;
    shown.suggestions = finding.suggestions.map((s) => ({ desc: s.desc, output: applyFixes(text, [s.fix]).text }));
  }
  return shown;
}

/** Checks a valid case: the rule reports nothing. Throws on a mismatch. */
export function verifyValid(ruleId: string, testCase: RuleCase): void {
  const texts = siteOf(testCase);
  expect(findingsOf(ruleId, testCase).map((f) => stated(f, texts))).toEqual([]);
}

/**
 * Checks an invalid case as ESLint's RuleTester does: exactly the stated findings (message,
 * severity, place, suggestions with their results), and the fixed output if and only if it fixes.
 */
export function verifyInvalid(ruleId: string, testCase: InvalidCase): void {
  const texts = siteOf(testCase);
  const findings = findingsOf(ruleId, testCase);
  // A message that asks "did you mean" offers that as a suggestion (the editor's quick fix).
  for (const finding of findings)
    if (finding.message.includes('did you mean'))
      expect(finding.suggestions?.length, finding.message).toBeGreaterThan(0);
  expect(findings.map((f, i) => stated(f, texts, testCase.errors[i]))).toEqual(
    testCase.errors
      .map((e) => ({ ...expectedText(ruleId, e), ...(e.file === 'docs.json' ? { file: undefined } : {}) }))
      .map(withoutUndefined),
  );
  const fixesByFile = new Map<string, Finding[]>();
  for (const finding of findings.filter((f) => f.fix)) {
    const file = relative(finding.file.path);
    fixesByFile.set(file, [...(fixesByFile.get(file) ?? []), finding]);
  }
  const fixed = Object.fromEntries(
    [...fixesByFile].map(([file, own]) => [
      file,
      applyFixes(
        texts[file],
        own.map((f) => f.fix!),
      ).text,
    ]),
  );
  if (fixesByFile.size === 0) {
    expect(testCase.output, 'the rule fixes nothing, so the case must state no output').toBeUndefined();
    return;
  }
  expect(testCase.output, 'the rule fixes: the case must state the output').toBeDefined();
  const expected = typeof testCase.output === 'string' ? { 'docs.json': testCase.output } : testCase.output!;
  expect(fixed).toEqual(expected);
}

/** An expected finding with its text as `stated` gives it: `data` filled into the message it names. */
function expectedText(ruleId: string, expected: ExpectedFinding): ExpectedFinding {
  const { message, messageId, data, ...rest } = expected;
  if ((message === undefined) === (messageId === undefined))
    throw new Error(
      `an expected finding of ${ruleId} gives either message or messageId, not ${message ? 'both' : 'neither'}`,
    );
  if (messageId === undefined) {
    if (data) throw new Error(`an expected finding of ${ruleId} gives data without a messageId`);
    return expected;
  }
  const messages: Record<string, string> = ruleSet.byId.get(ruleId)!.meta.messages;
  if (!Object.hasOwn(messages, messageId))
    throw new Error(
      `an expected finding names messageId "${messageId}", which ${ruleId}'s meta.messages does not have`,
    );
  // A placeholder the data leaves out stays as written, so the mismatch shows it.
  return data
    ? { messageId, message: fillTemplate(messages[messageId], data, (name) => `{{${name}}}`), ...rest }
    : { messageId, ...rest };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A table of a rule's cases, as ESLint's RuleTester: valid ones report nothing, invalid ones exactly what they state. */
export function ruleTester(ruleId: string, cases: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
  describe(ruleId, () => {
    for (const valid of cases.valid) it(`accepts: ${valid.name}`, () => verifyValid(ruleId, valid));
    for (const invalid of cases.invalid) it(`rejects: ${invalid.name}`, () => verifyInvalid(ruleId, invalid));
  });
}
