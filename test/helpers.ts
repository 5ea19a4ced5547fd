import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, type Finding, type LintOptions } from '../src/engine';
import { applyFixes } from '../src/fixes';

/** Writes files (path → text) into a new temporary folder and returns the folder. */
export function makeSite(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-test-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** docs.json text around a navigation value; the navigation's first line is line 2. */
export function docsWith(navigation: string): string {
  return `{\n  "navigation": ${navigation}\n}\n`;
}

export interface Expected {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** File the finding is in, relative to the site (default docs.json). */
  file?: string;
}

export interface RuleCase {
  name: string;
  /** docs.json text, or a whole site (docs.json plus other files). */
  docs?: string;
  files?: Record<string, string>;
  options?: Omit<LintOptions, 'docsFile'>;
}

export interface InvalidCase extends RuleCase {
  errors: Expected[];
  /** docs.json after applying this rule's fixes, when the rule fixes. */
  output?: string;
}

export function lintSite(site: RuleCase): { dir: string; findings: Finding[] } {
  const dir = makeSite(site.files ?? { 'docs.json': site.docs! });
  const { findings } = lint({ docsFile: path.join(dir, 'docs.json'), ...site.options });
  return { dir, findings };
}

function simplify(dir: string, finding: Finding): Expected {
  const file = path.relative(dir, finding.file.path);
  const { line, column, endLine, endColumn, message } = finding;
  return { line, column, endLine, endColumn, message, ...(file === 'docs.json' ? {} : { file }) };
}

/** A table-driven test of one rule: valid cases give it nothing to report; invalid ones give exactly `errors`. */
export function testRule(ruleId: string, cases: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
  describe(ruleId, () => {
    for (const valid of cases.valid) {
      it(`accepts: ${valid.name}`, () => {
        const { dir, findings } = lintSite(valid);
        expect(findings.filter((f) => f.ruleId === ruleId).map((f) => simplify(dir, f))).toEqual([]);
      });
    }
    for (const invalid of cases.invalid) {
      it(`rejects: ${invalid.name}`, () => {
        const { dir, findings } = lintSite(invalid);
        const own = findings.filter((f) => f.ruleId === ruleId);
        expect(own.map((f) => simplify(dir, f))).toEqual(invalid.errors);
        // A message that asks "did you mean" offers that as a suggestion (the editor's quick fix).
        for (const finding of own) if (finding.message.includes('did you mean')) expect(finding.suggestions?.length, finding.message).toBeGreaterThan(0);
        if (invalid.output !== undefined) {
          const docs = invalid.docs ?? invalid.files!['docs.json'];
          const fixes = own.filter((f) => f.fix && f.file.path === path.join(dir, 'docs.json')).map((f) => f.fix!);
          expect(applyFixes(docs, fixes).text).toBe(invalid.output);
        }
      });
    }
  });
}

export const repo = path.resolve(__dirname, '..');
const bin = path.join(repo, 'bin/navlint.cjs');

interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
}
const environment = (options: RunOptions) => ({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...options.env });

/** Runs the built CLI as a user does; colour is off unless asked for. */
export function navlint(args: string[], options: RunOptions = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: options.cwd ?? repo, encoding: 'utf8', env: environment(options) });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process (for tests that serve the CLI from here). */
export function navlintAsync(args: string[], options: RunOptions = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repo, env: environment(options) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

