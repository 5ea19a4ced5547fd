import * as fs from 'node:fs';
import { pushTo } from '../common/collections';
import { diskFiles, overlayFiles, type SiteFiles } from '../site/files';
import { type LintOptions, type LintResult, lint, siteFor } from './lint';
import type { Fix } from './rule';
import { applyFixes } from './text-edits';

export interface FixResult {
  /** The findings that remain after fixing. */
  result: LintResult;
  /** Files whose text the fixes change: absolute path → original and fixed text. */
  changes: Map<string, { original: string; fixed: string }>;
  /** Files with fixes left unapplied: they are not UTF-8, and writing their text back would change their other bytes. */
  notUtf8: string[];
  /** Files with fixes left unapplied: symbolic links, which a write would replace with a copy (their target takes its own fixes). */
  links: string[];
  /** Each fix made, in the pass that made it: where its finding was then, and what it does. */
  applied: AppliedFix[];
}

export interface AppliedFix {
  file: string;
  line: number;
  column: number;
  /** The fix's title, else its finding's message. */
  title: string;
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
  const site = options.site ?? siteFor({ ...options, files });
  let result = lint({ ...options, files, site });
  // Each file read once for it, whatever its number of fixes.
  const utf8 = new Map<string, boolean>();
  const links = new Map<string, boolean>();
  const fixable = (file: string) => {
    let text = utf8.get(file);
    if (text === undefined) utf8.set(file, (text = isUtf8Text(original, file)));
    let link = links.get(file);
    if (link === undefined) links.set(file, (link = isLink(original, file)));
    return text && !link;
  };
  const applied: AppliedFix[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const byFile = new Map<string, Fix[]>();
    const fixed = result.findings.filter((finding) => finding.fix && fixable(finding.file.path));
    for (const finding of fixed) pushTo(byFile, finding.file.path, finding.fix!);
    let changed = false;
    for (const [file, fixes] of byFile) {
      const before = readText(file);
      const { text: after, used } = applyFixes(before, fixes);
      for (const { file: source, line, column, fix, message } of fixed)
        if (source.path === file && used.has(fix!)) applied.push({ file, line, column, title: fix!.title ?? message });
      if (after !== before) {
        texts.set(file, after);
        site.fileChanged(file, 'changed');
        changed = true;
      }
    }
    if (!changed) break;
    // A link reads as its target: the target's fixes show through it, as they will once written.
    for (const [link, isLinkFile] of links) {
      const target = isLinkFile ? targetOf(original, link, texts.keys()) : undefined;
      if (target === undefined || texts.get(target) === texts.get(link)) continue;
      texts.set(link, texts.get(target)!);
      site.fileChanged(link, 'changed');
    }
    result = lint({ ...options, files, site });
  }
  const changes = new Map<string, { original: string; fixed: string }>();
  for (const [file, fixed] of texts) {
    if (links.get(file)) continue;
    const before = original.readText(file);
    if (before !== fixed) changes.set(file, { original: before, fixed });
  }
  const findings = result.findings.map(({ fix, ...finding }) =>
    fix && utf8.get(finding.file.path) !== false && links.get(finding.file.path) !== true
      ? { ...finding, fix }
      : finding,
  );
  const notUtf8 = [...utf8].flatMap(([file, isText]) => (isText ? [] : [file]));
  return {
    result: { ...result, findings },
    changes,
    notUtf8,
    links: [...links].flatMap(([file, link]) => (link ? [file] : [])),
    applied,
  };
}

/** Which of `candidates` a link's target is, by their real paths. */
function targetOf(files: SiteFiles, link: string, candidates: Iterable<string>): string | undefined {
  const real = (file: string) => {
    const onDisk = files.textOnDisk(file);
    try {
      return onDisk === undefined ? undefined : fs.realpathSync(onDisk);
    } catch {
      return undefined;
    }
  };
  const target = real(link);
  for (const candidate of candidates)
    if (candidate !== link && target !== undefined && real(candidate) === target) return candidate;
  return undefined;
}

/** Whether a file is a symbolic link on disk (the walk reads through links that stay in the docs folder). */
function isLink(files: SiteFiles, file: string): boolean {
  const onDisk = files.textOnDisk(file);
  try {
    return onDisk !== undefined && fs.lstatSync(onDisk).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Whether a file's text is what its bytes say: a file that is not UTF-8 reads with U+FFFD in place
 * of what it holds, which written back would replace its other bytes too.
 */
export function isUtf8Text(files: SiteFiles, file: string): boolean {
  const text = files.readText(file);
  if (!text.includes('\uFFFD')) return true;
  const onDisk = files.textOnDisk(file);
  try {
    return onDisk === undefined || Buffer.from(text, 'utf8').equals(fs.readFileSync(onDisk));
  } catch {
    return false;
  }
}
