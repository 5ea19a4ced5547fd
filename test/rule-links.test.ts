import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules';
import type { Finding } from '../src/engine/lint';
import { formatJsonWithMetadata } from '../src/formatters/json';
import { formatSarif } from '../src/formatters/sarif';
import { toDiagnostic } from '../src/lsp/publisher';
import { SourceFile } from '../src/parsers/source';
import { repo } from './helpers';
import { releasedRepository, version } from './release-helpers';

/** One finding of every rule, so that every rule's link appears in each output. */
const file = new SourceFile('/site/docs.json', '{}\n');
const findings: Finding[] = rules.map(({ meta }) => ({
  ruleId: meta.id,
  severity: 2,
  message: meta.id,
  file,
  offset: 0,
  length: 1,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
}));

/** The text of a file of the repository at a tag, as GitHub's `blob/TAG/PATH` page shows it. */
let atRelease: (url: string) => string;
beforeAll(() => {
  const { dir } = releasedRepository();
  atRelease = (url) => {
    const match = /^https:\/\/github\.com\/navlint\/navlint\/blob\/(v[^/]+)\/(.+)$/.exec(url);
    if (!match) throw new Error(`${url} is no page of navlint's repository`);
    return execFileSync('git', ['show', `${match[1]}:${match[2]}`], { cwd: dir, encoding: 'utf8' });
  };
}, 300_000);

describe("every rule's link leads to its page", () => {
  it('in SARIF (helpUri): the page in the repository at the release tag', () => {
    const log = JSON.parse(formatSarif(findings, '/site'));
    const driverRules: { id: string; helpUri: string }[] = log.runs[0].tool.driver.rules;
    expect(driverRules.map((r) => r.id)).toEqual(rules.map((r) => r.meta.id).sort());
    for (const { id, helpUri } of driverRules) {
      expect(helpUri).toBe(`https://github.com/navlint/navlint/blob/v${version}/rules/${id}.md`);
      expect(atRelease(helpUri)).toMatch(new RegExp(`^# ${id}\\n`));
    }
  });

  it("in SARIF (help, fullDescription): the page's text and its Why, as code scanning shows a rule", () => {
    const log = JSON.parse(formatSarif(findings, '/site'));
    const driverRules: { id: string; fullDescription: { text: string }; help: { text: string; markdown: string } }[] =
      log.runs[0].tool.driver.rules;
    const redirectLoop = driverRules.find((r) => r.id === 'redirect-loop')!;
    const page = fs.readFileSync(path.join(repo, 'rules', 'redirect-loop.md'), 'utf8');
    expect(redirectLoop.help).toEqual({ text: page, markdown: page });
    expect(redirectLoop.fullDescription.text).toMatch(
      /^Redirects are followed one after the other: .* not followed\.$/,
    );
    expect(redirectLoop.fullDescription.text).not.toContain('\n');
  });

  it('in JSON (json-with-metadata: rulesMeta.docs.url), as ESLint gives it', () => {
    const { results, metadata } = JSON.parse(formatJsonWithMetadata(findings, '/site'));
    expect(results).toHaveLength(1);
    expect(Object.keys(metadata.rulesMeta)).toEqual(rules.map((r) => r.meta.id).sort());
    for (const [id, meta] of Object.entries(metadata.rulesMeta as Record<string, { docs: { url: string } }>))
      expect(atRelease(meta.docs.url)).toMatch(new RegExp(`^# ${id}\\n`));
  });

  it("in the editor (a diagnostic's codeDescription): the page shipped with the running navlint, which opens offline", () => {
    for (const finding of findings) {
      const href = toDiagnostic(finding).codeDescription?.href;
      expect(href).toMatch(/^file:\/\//);
      expect(fs.readFileSync(fileURLToPath(href!), 'utf8')).toMatch(new RegExp(`^# ${finding.ruleId}\\n`));
    }
  });
});
