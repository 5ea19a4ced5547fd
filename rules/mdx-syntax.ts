import type { Fix, RuleContext, RuleMeta, Suggestion } from '../src/engine/rule';
import type { PageParseError } from '../src/parsers/page-parse';
import type { SourceFile } from '../src/parsers/source';

export const meta = {
  id: 'mdx-syntax',
  description:
    'a page or snippet that does not parse (as MDX; a .jsx or .tsx snippet as a script), which the platform cannot build',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    // The reason is the MDX parser's: `Unexpected character `1` (U+0031) before name, …`.
    notMdx: 'does not parse as MDX, so the platform cannot build it: {{reason}}',
    notScript: 'does not parse as {{language}}, so the platform cannot build it: {{reason}}',
  },
  readsPages: true,
  parsesPages: true,
  docs: {
    explanation:
      "The platform parses every .mdx and .md file its walk of the docs folder finds (in the navigation or not, snippets and dot folders such as .hidden/ included; not README.md, LICENSE.md, CHANGELOG.md, CONTRIBUTING.md, SKILL.md files, _snippets/, the folders .git, .github, .vscode, node_modules and the like, nor what .mintignore excludes, whose `!` lines bring files back) with its MDX parser, and every .jsx and .tsx file (but _snippets/) as a script: acorn with JSX, after sucrase strips the types of a .tsx file. Into a snippet (a file under snippets/, a script, a file another file imports) it first puts docs.json's `variables` in place of `{{name}}`; into a page, never. A file that does not parse fails `mint validate` and the deploy. navlint parses each the same way and reports the parser's reason at the file's own line and column (the platform prints a script's error with no place, and a snippet's at its place after the variables went in). `<` that cannot start a tag (\"in <100 ms\", \"a <= b\") is fixed to `&lt;`, and an HTML comment to an MDX comment `{/* … */}`: the page renders the same. An unclosed `{` gets a suggestion to escape it (`\\{`), which the writer may not want if an expression was meant; an unclosed or mismatched tag gets a suggestion that closes it.",
    valid: 'A page: "Loads in less than 100 ms. {/* a note */}"',
    invalid: 'A page: "Loads in <100 ms. <!-- a note -->"',
  },
} satisfies RuleMeta;

export function check({ site, report, pagesToCheck, checks }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    const { error } = site.pageParse(file);
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    const end = error.end ? source.offsetAt(error.end.line, error.end.column) : offset;
    const repair = repairOf(error, source, offset);
    report({
      span: { file: source, offset, length: Math.max(end - offset, 0) },
      messageId: 'notMdx',
      data: { reason: error.reason },
      ...repair,
    });
  }
  // .jsx and .tsx snippets: the reason is acorn's or sucrase's, where it is (the platform prints no place).
  for (const file of site.parsedScripts().filter(checks)) {
    const { error } = site.pageParse(file);
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    report({
      span: { file: source, offset, length: 0 },
      messageId: 'notScript',
      data: { language: file.endsWith('.tsx') ? 'TSX' : 'JSX', reason: error.reason },
    });
  }
}

/** The fix or suggestions for a parse error, where its kind and the text around it make the intent plain. */
function repairOf(
  error: PageParseError,
  source: SourceFile,
  offset: number,
): { fix?: Fix; suggestions?: Suggestion[] } {
  const text = source.text;
  const reason = error.reason;
  if (/ before name/.test(reason) && text[offset - 1] === '<') {
    const comment = text.startsWith('<!--', offset - 1) ? htmlComment(text, offset - 1) : undefined;
    if (comment) return { fix: comment };
    if (!text.startsWith('<!', offset - 1)) return { fix: { range: [offset - 1, offset], text: '&lt;' } };
  }
  const brace = /expected a corresponding closing brace for `\{`/.test(reason)
    ? unclosedBrace(text, offset)
    : undefined;
  if (brace !== undefined)
    return {
      suggestions: [
        { desc: 'Escape the "{" (\\{), if no expression was meant', fix: { range: [brace, brace + 1], text: '\\{' } },
      ],
    };
  const mismatch = /^Unexpected closing tag `<\/([^`>]*)>`, expected corresponding closing tag for `<([^`>\s]*)/.exec(
    reason,
  );
  if (mismatch) {
    const closing = `</${mismatch[1]}>`;
    if (text.startsWith(closing, offset))
      return {
        suggestions: [
          {
            desc: `Close <${mismatch[2]}> here instead`,
            fix: { range: [offset, offset + closing.length], text: `</${mismatch[2]}>` },
          },
        ],
      };
  }
  const suggestions = unclosedTag(error, source, offset);
  return suggestions.length ? { suggestions } : {};
}

/**
 * For "Expected a closing tag for `<x>`": close it where the parser looked for it (the end of the
 * paragraph it is in, else of the file); where a backtick comes just before it, end the inline code
 * after it instead (a dropped backtick); and for a lowercase tag, write it as text.
 */
function unclosedTag(error: PageParseError, source: SourceFile, offset: number): Suggestion[] {
  const found =
    /^Expected a closing tag for `<([^`>\s]*)[^`]*`(?: \((\d+):(\d+)-(\d+):(\d+)\))?(?: before the end of `(\w+)`)?/.exec(
      error.reason,
    );
  if (!found?.[1]) return [];
  const [, name, startLine, startColumn, endLine, endColumn, container] = found;
  const text = source.text;
  const tagStart = startLine ? source.offsetAt(Number(startLine), Number(startColumn)) : offset;
  const tagEnd = endLine ? source.offsetAt(Number(endLine), Number(endColumn)) : text.indexOf('>', tagStart) + 1;
  const suggestions: Suggestion[] = [];
  if (text[tagStart - 1] === '`' && tagEnd > tagStart)
    suggestions.push({ desc: `End the inline code after <${name}>`, fix: { range: [tagEnd, tagEnd], text: '`' } });
  const at = container && error.end ? source.offsetAt(error.end.line, error.end.column) : text.length;
  const closing = container ? `</${name}>` : `${text.endsWith('\n') ? '' : '\n'}</${name}>\n`;
  suggestions.push({
    desc: `Close <${name}> at the end of the ${container ?? 'file'}`,
    fix: { range: [at, at], text: closing },
  });
  if (/^[a-z][\w-]*$/.test(name) && text[tagStart] === '<')
    suggestions.push({
      desc: `Write <${name}> as text (&lt;${name}>)`,
      fix: { range: [tagStart, tagStart + 1], text: '&lt;' },
    });
  return suggestions;
}

/** `<!-- x -->` as `{/* x *\/}`, unless the comment holds `*\/` or never ends. */
function htmlComment(text: string, start: number): Fix | undefined {
  const end = text.indexOf('-->', start + 4);
  if (end === -1) return undefined;
  const body = text.slice(start + 4, end);
  return body.includes('*/') ? undefined : { range: [start, end + 3], text: `{/*${body}*/}` };
}

/**
 * The `{` an "unexpected end of file in expression" is about: the first one before the error that
 * no `}` closes, in the block the error ends (back to the previous blank line), outside inline code.
 */
function unclosedBrace(text: string, errorOffset: number): number | undefined {
  const blockStart = Math.max(text.lastIndexOf('\n\n', errorOffset - 1), 0);
  const open: number[] = [];
  let inCode = false;
  for (let i = blockStart; i < errorOffset && i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (inCode || text[i - 1] === '\\') continue;
    else if (ch === '{') open.push(i);
    else if (ch === '}') open.pop();
  }
  return open[0];
}
