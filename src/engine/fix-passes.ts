import * as fs from 'node:fs';
import * as path from 'node:path';
import { pushTo } from '../common/collections';
import { diskFiles, overlayFiles, type SiteFiles } from '../site/files';
import { Site } from '../site/site';
import { type LintOptions, type LintResult, lint } from './lint';
import type { Fix } from './rule';
import { applyFixes } from './text-edits';

export interface FixResult {
  /** The findings that remain after fixing. */
  result: LintResult;
  /** Files whose text the fixes change: absolute path → original and fixed text. */
  changes: Map<string, { original: string; fixed: string }>;
  /** Files with fixes left unapplied: they are not UTF-8, and writing their text back would change their other bytes. */
  notUtf8: string[];
}

const maxPasses = 10;

/**
 * Lints and applies every fix, ESLint's way: fixes that overlap wait for the next pass, and passes
 * repeat until nothing changes (at most 10). Works on texts in memory; writing is the caller's.
 */
export function lintAndFix(options: LintOptions): FixResult {
  const original = options.files ?? diskFiles;
  const texts = new Map<string, string>();
  const files = overlayFiles(original, (file) => texts.get(file));
  const readText = (file: string) => files.readText(file);
  // The site reads through the fixed texts too: a fix may edit a page (its frontmatter), which is then read again.
  const site =
    options.site ??
    new Site(
      path.resolve(options.root ?? path.dirname(path.resolve(options.docsFile))),
      files,
      options.cacheDir,
      options.extensionKey,
    );
  let result = lint({ ...options, files, site });
  // Each file read once for it, whatever its number of fixes.
  const utf8 = new Map<string, boolean>();
  const isUtf8 = (file: string) => {
    let known = utf8.get(file);
    if (known === undefined) utf8.set(file, (known = isUtf8Text(original, file)));
    return known;
  };
  for (let pass = 0; pass < maxPasses; pass++) {
    const byFile = new Map<string, Fix[]>();
    for (const finding of result.findings)
      if (finding.fix && isUtf8(finding.file.path)) pushTo(byFile, finding.file.path, finding.fix);
    let changed = false;
    for (const [file, fixes] of byFile) {
      const before = readText(file);
      const after = applyFixes(before, fixes).text;
      if (after !== before) {
        texts.set(file, after);
        site.fileChanged(file, 'changed');
        changed = true;
      }
    }
    if (!changed) break;
    result = lint({ ...options, files, site });
  }
  const changes = new Map<string, { original: string; fixed: string }>();
  for (const [file, fixed] of texts) {
    const before = original.readText(file);
    if (before !== fixed) changes.set(file, { original: before, fixed });
  }
  const findings = result.findings.map(({ fix, ...finding }) =>
    fix && utf8.get(finding.file.path) !== false ? { ...finding, fix } : finding,
  );
  const notUtf8 = [...utf8].flatMap(([file, isText]) => (isText ? [] : [file]));
  return { result: { ...result, findings }, changes, notUtf8 };
}

/**
 * Whether a file's text is what its bytes say: a file that is not UTF-8 reads with U+FFFD in place
 * of what it holds, which written back would replace its other bytes too.
 */
function isUtf8Text(files: SiteFiles, file: string): boolean {
  const text = files.readText(file);
  if (!text.includes('\uFFFD')) return true;
  const onDisk = files.textOnDisk(file);
  try {
    return onDisk === undefined || Buffer.from(text, 'utf8').equals(fs.readFileSync(onDisk));
  } catch {
    return false;
  }
}
