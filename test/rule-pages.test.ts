import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules';
import type { Finding } from '../src/engine/lint';
import type { Rule } from '../src/engine/rule';
import { pageHead, pageMessages } from '../src/engine/rule-page';
import { applyFixes } from '../src/engine/text-edits';
import { repo } from './helpers';
import {
  type DocExample,
  type DocFinding,
  examplesOf,
  formatFinding,
  isOutcome,
  parseFindings,
  siteOfExample,
} from './rule-doc-examples';
import { findingsOf, type RuleCase, siteRoot } from './rule-tester';

const folder = path.join(repo, 'rules');
const update = Boolean(process.env.UPDATE_DOCS);

/** An example's site and config as a RuleTester case. */
function caseOf(example: DocExample): RuleCase {
  const { 'navlint.config.json': config, answers, links, ...files } = siteOfExample(example);
  const fetched = answers === undefined ? {} : answered(answers);
  const brokenLinks = links === undefined ? undefined : linksOf(links);
  if (config === undefined) return { name: example.title, files, brokenLinks, options: fetched };
  const { rules: severities, languages, ignorePages, decorativeAlt, extensionKey } = JSON.parse(config);
  return {
    name: example.title,
    files,
    brokenLinks,
    options: { rules: severities, settings: { languages, ignorePages, decorativeAlt }, extensionKey, ...fetched },
  };
}

/** Symbolic links to nothing, one a line: `dangling.mdx -> missing/target.mdx`. */
function linksOf(links: string): Record<string, string> {
  return Object.fromEntries(
    links
      .trim()
      .split('\n')
      .map((line) => line.split(' -> ').map((part) => part.trim())),
  );
}

/**
 * What each URL answered `--check-external`, one a line: `https://a.com/b 404` (a status) or
 * `https://a.com could not be reached (ENOTFOUND)` (an error). A link's answer (external-link), and
 * the fetch of a spec given by that URL (openapi-source), which fails with it.
 */
function answered(answers: string): Pick<RuleCase['options'] & {}, 'externalLinks' | 'fetchedSpecs'> {
  const lines = answers
    .trim()
    .split('\n')
    .map((line) => {
      const [url, ...rest] = line.trim().split(' ');
      return { url, answer: rest.join(' ') };
    });
  const status = (answer: string) => (/^\d{3}$/.test(answer) ? Number(answer) : undefined);
  return {
    externalLinks: new Map(
      lines.map(({ url, answer }) => [url, status(answer) ? { status: status(answer)! } : { error: answer }]),
    ),
    fetchedSpecs: new Map(
      lines.map(({ url, answer }) => [url, { error: status(answer) ? `answers ${answer}` : answer }]),
    ),
  };
}

const relative = (file: string) => path.relative(siteRoot, file).split(path.sep).join('/');

function stated(finding: Finding): DocFinding {
  const { line, column, endLine, endColumn, message } = finding;
  const severity = finding.severity === 2 ? 'error' : 'warning';
  return { file: relative(finding.file.path), line, column, endLine, endColumn, severity, message };
}

/** Each suggestion the editor offers for the findings, one a line: `PATH:LINE:COLUMN DESC`. */
function suggestionLines(findings: Finding[]): string {
  return findings
    .flatMap((f) => (f.suggestions ?? []).map((s) => `${relative(f.file.path)}:${f.line}:${f.column} ${s.desc}`))
    .join('\n');
}

/** Each file the example's fixes change, after one pass of them. */
function fixedFiles(findings: Finding[], files: Record<string, string>): Record<string, string> {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings.filter((f) => f.fix)) {
    const file = relative(finding.file.path);
    byFile.set(file, [...(byFile.get(file) ?? []), finding]);
  }
  return Object.fromEntries(
    [...byFile].map(([file, own]) => [
      file,
      applyFixes(
        files[file],
        own.map((f) => f.fix!),
      ).text,
    ]),
  );
}

/** The page with its made parts as the meta makes them: the head, down to `## Why`, and `## Messages` to the end. */
function withMadeParts(page: string, rule: Rule): string {
  const why = page.indexOf('\n## Why\n');
  const messages = page.indexOf('\n## Messages\n');
  if (why < 0 || messages < 0) return page;
  return `${pageHead(rule.meta)}${page.slice(why + 1, messages + 1)}${pageMessages(rule.meta)}`;
}

/** The page with each rejected example's findings and fixed files as the rule reports them (UPDATE_DOCS). */
function withOutcomes(page: string, rule: Rule): string {
  const lines = page.split('\n');
  // From the last example up, so that the line numbers of those above stay right.
  for (const example of examplesOf(page).examples.reverse()) {
    if (example.kind !== 'rejected') continue;
    const testCase = caseOf(example);
    const findings = findingsOf(rule.meta.id, testCase);
    const suggestions = suggestionLines(findings);
    const made = [
      ...fence('text findings', findings.map((f) => formatFinding(stated(f))).join('\n')),
      ...(suggestions ? ['', ...fence('text suggestions', suggestions)] : []),
      ...Object.entries(fixedFiles(findings, testCase.files!)).flatMap(([file, text]) => [
        '',
        ...fence(`${languageOf(file)} ${file} (after --fix)`, text.replace(/\n$/, '')),
      ]),
    ];
    for (const block of example.blocks.filter(isOutcome).reverse()) {
      const open = block.line - 1;
      const blankBefore = open > 0 && lines[open - 1].trim() === '' ? 1 : 0;
      lines.splice(open - blankBefore, closeOf(lines, open) - open + 1 + blankBefore);
    }
    // After the example's last block: a heading inside a block (an MDX page's "## Setup") ends no example.
    const last = example.blocks.filter((b) => !isOutcome(b)).at(-1);
    const from = last ? closeOf(lines, last.line - 1) : example.line;
    let at = lines.findIndex((l, i) => i >= from && /^#{2,3} /.test(l));
    if (at < 0) at = lines.length;
    while (at > example.line && lines[at - 1].trim() === '') at--;
    lines.splice(at, 0, '', ...made);
  }
  return lines.join('\n');
}

/** The line of the fence that closes the block opened at `open`. */
function closeOf(lines: string[], open: number): number {
  const marker = /^([`~]{3,})/.exec(lines[open])![1];
  let close = open + 1;
  while (!(lines[close].startsWith(marker) && /^[`~]+\s*$/.test(lines[close]))) close++;
  return close;
}

const fence = (info: string, text: string) => {
  const longest = Math.max(2, ...(text.match(/^`+/gm) ?? []).map((run) => run.length));
  const marker = '`'.repeat(longest + 1);
  return [`${marker}${info}`, ...(text === '' ? [] : [text]), marker];
};
const languageOf = (file: string) =>
  /\.json$/.test(file) ? 'json' : /\.mdx?$/.test(file) ? 'mdx' : /\.ya?ml$/.test(file) ? 'yaml' : 'text';

describe("each rule's page, rules/<id>.md: its head and messages as its meta makes them, its examples as they run", () => {
  for (const rule of rules) {
    const { meta } = rule;
    const file = path.join(folder, `${meta.id}.md`);
    describe(meta.id, () => {
      if (update && fs.existsSync(file)) {
        const before = fs.readFileSync(file, 'utf8');
        const after = withOutcomes(withMadeParts(before, rule), rule);
        if (after !== before) fs.writeFileSync(file, after);
      }
      const page = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      const { examples, problems } = examplesOf(page);

      it('has its head, a Why, its messages and no broken fence', () => {
        expect(page.startsWith(pageHead(meta)), 'the head (npm run docs rewrites it)').toBe(true);
        expect(page).toMatch(/\n## Why\n\n\S/);
        expect(page.endsWith(`\n${pageMessages(meta)}`), 'the Messages section, last (npm run docs rewrites it)').toBe(
          true,
        );
        expect(problems).toEqual([]);
      });

      it('has several examples, accepted and rejected, that show every message', () => {
        expect(examples.filter((e) => e.kind === 'accepted').length).toBeGreaterThanOrEqual(1);
        expect(examples.filter((e) => e.kind === 'rejected').length).toBeGreaterThanOrEqual(2);
        const shown = new Set(
          examples
            .filter((e) => e.kind === 'rejected')
            .flatMap((e) => findingsOf(meta.id, caseOf(e)).map((f) => f.messageId)),
        );
        expect(Object.keys(meta.messages).filter((id) => !shown.has(id))).toEqual([]);
      });

      for (const example of examples) {
        it(`${example.kind}: ${example.title} (line ${example.line})`, () => {
          const testCase = caseOf(example);
          const findings = findingsOf(meta.id, testCase);
          const expected = example.blocks.find((b) => b.name === 'findings');
          if (example.kind === 'accepted') {
            expect(expected, 'an accepted example states no findings').toBeUndefined();
            expect(findings.map((f) => formatFinding(stated(f)))).toEqual([]);
            return;
          }
          expect(expected, 'a rejected example ends with its findings (npm run docs writes them)').toBeDefined();
          expect(findings.map((f) => formatFinding(stated(f)))).toEqual(
            parseFindings(expected!.text).map(formatFinding),
          );
          expect(findings.length, 'a rejected example is one the rule reports').toBeGreaterThan(0);
          const statedSuggestions = example.blocks.find((b) => b.name === 'suggestions')?.text ?? '';
          expect(statedSuggestions, "the editor's suggestions, one a line").toEqual(suggestionLines(findings));
          const statedFixes = Object.fromEntries(example.blocks.filter((b) => b.afterFix).map((b) => [b.name, b.text]));
          expect(statedFixes, 'each file its fixes change, after --fix').toEqual(fixedFiles(findings, testCase.files!));
        });
      }
    });
  }

  it('and no page of a rule that is gone', () => {
    const ids = new Set(rules.map((rule) => rule.meta.id));
    const pages = fs.readdirSync(folder).filter((name) => name.endsWith('.md'));
    expect(pages.filter((name) => !ids.has(name.slice(0, -3)))).toEqual([]);
  });
});
