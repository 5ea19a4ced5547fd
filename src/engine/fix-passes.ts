import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint, type LintOptions, type LintResult } from './lint';
import { applyFixes } from './text-edits';
import type { Fix } from './rule';
import { Site } from '../site/site';

export interface FixResult {
  /** The findings that remain after fixing. */
  result: LintResult;
  /** Files whose text the fixes change: absolute path → original and fixed text. */
  changes: Map<string, { original: string; fixed: string }>;
}

const maxPasses = 10;

/**
 * Lints and applies every fix, ESLint's way: fixes that overlap wait for the next pass, and passes
 * repeat until nothing changes (at most 10). Works on texts in memory; writing is the caller's.
 */
export function lintAndFix(options: LintOptions): FixResult {
  const read = options.readText ?? ((file: string) => fs.readFileSync(file, 'utf8'));
  const texts = new Map<string, string>();
  const readText = (file: string) => texts.get(file) ?? read(file);
  // Fixes change docs.json and its $ref files only, so the site's pages and specs can be read once.
  const site = options.site ?? new Site(path.resolve(options.root ?? path.dirname(path.resolve(options.docsFile))), read, options.cacheDir);
  let result = lint({ ...options, readText, site });
  for (let pass = 0; pass < maxPasses; pass++) {
    const byFile = new Map<string, Fix[]>();
    for (const finding of result.findings) {
      if (finding.fix) byFile.set(finding.file.path, [...(byFile.get(finding.file.path) ?? []), finding.fix]);
    }
    let changed = false;
    for (const [file, fixes] of byFile) {
      const before = readText(file);
      const after = applyFixes(before, fixes).text;
      if (after !== before) {
        texts.set(file, after);
        changed = true;
      }
    }
    if (!changed) break;
    result = lint({ ...options, readText, site });
  }
  const changes = new Map<string, { original: string; fixed: string }>();
  for (const [file, fixed] of texts) {
    const original = read(file);
    if (original !== fixed) changes.set(file, { original, fixed });
  }
  return { result, changes };
}
