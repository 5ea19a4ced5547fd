import * as path from 'node:path';
import type { Finding } from '../engine/lint';
import type { Fix } from '../engine/rule';
import { findFrontmatter } from '../parsers/frontmatter-block';
import type { Site } from '../site/site';

/** The rules no directive turns off (src/engine/directives.ts). */
const unsuppressible = new Set(['mdx-syntax', 'disable-directive', 'unused-disable-directive']);

/**
 * The edit of "Disable RULE for this line": a directive that turns the finding's rule off on its
 * line. In the MDX, `{/* navlint-disable-line RULE *\/}` at the line's end, where an expression renders
 * nothing (not on a heading, whose text it would join); else, or when the page would then not parse
 * (the line is inside a tag), `{/* navlint-disable-next-line RULE *\/}` on a line of its own above,
 * if the page parses with it. In the frontmatter, a YAML comment above a top-level key's line.
 */
export function disableEditFor(finding: Finding, site: Site): Fix | undefined {
  if (!/\.mdx?$/.test(finding.file.path) || unsuppressible.has(finding.ruleId)) return undefined;
  const text = finding.file.text;
  const lineStart = text.lastIndexOf('\n', finding.offset - 1) + 1;
  const newline = text.indexOf('\n', finding.offset);
  const lineEnd = newline < 0 ? text.length : text[newline - 1] === '\r' ? newline - 1 : newline;
  const line = text.slice(lineStart, lineEnd);
  const indent = /^[ \t]*/.exec(line)![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const rule = finding.ruleId;
  if (inFrontmatter(text, lineStart))
    return /^[A-Za-z_][\w-]*\s*:/.test(line)
      ? { range: [lineStart, lineStart], text: `# navlint-disable-next-line ${rule}${eol}` }
      : undefined;
  const candidates: Fix[] = [
    ...(/^\s*#/.test(line)
      ? []
      : [{ range: [lineEnd, lineEnd] as [number, number], text: ` {/* navlint-disable-line ${rule} */}` }]),
    { range: [lineStart, lineStart], text: `${indent}{/* navlint-disable-next-line ${rule} */}${eol}` },
  ];
  const file = path.relative(site.root, finding.file.path);
  return candidates.find((edit) => !site.parseErrorAfter(file, edit));
}

/** Whether an offset is inside the page's frontmatter block, before its closing line. */
function inFrontmatter(text: string, offset: number): boolean {
  const block = findFrontmatter(text);
  return block !== undefined && offset >= block.start && offset < block.yaml[1];
}
