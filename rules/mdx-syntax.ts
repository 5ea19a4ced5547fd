import type { Fix, RuleContext, RuleMeta, Suggestion } from '../src/engine/rule';
import { isPlatformComponent } from '../src/parsers/page-anchors';
import type { PageParseError } from '../src/parsers/page-parse';
import type { SourceFile } from '../src/parsers/source';
import type { SiteIndex } from '../src/site/site-index';

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
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, report, pagesToCheck, checks }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    const { error } = site.pageParse(file);
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    const end = error.end ? source.offsetAt(error.end.line, error.end.column) : offset;
    const repair = repairOf(error, site, file, source, offset);
    report({
      span: { file: source, offset, length: Math.max(end - offset, 0) },
      messageId: 'notMdx',
      data: { reason: error.reason + unclosedQuote(error.reason, source, offset) },
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

/**
 * Where an attribute's quote that never closes was opened: the parser stops only where the text (the
 * file, or the paragraph) ends, maybe far below it. No such quote comes after it, so it is the last one.
 */
function unclosedQuote(reason: string, source: SourceFile, offset: number): string {
  const quote = /^Unexpected end of file in attribute value, expected a corresponding closing quote `(.)`/.exec(
    reason,
  )?.[1];
  const at = quote === undefined ? -1 : source.text.lastIndexOf(quote, offset - 1);
  if (at < 0) return '';
  const { line, column } = source.position(at);
  return ` (the value's quote at ${line}:${column} is never closed)`;
}

/**
 * An edit of a file's text with what a reader is told of it; `kind` groups the candidates of which
 * one at most is offered (the `{` to escape, the place to close a tag).
 */
type Repair = { desc: string; fix: Fix; kind: string };

/**
 * The fix or suggestions for a parse error, where its kind and the text around it make the intent
 * plain: each one offered only where the platform's parser then gets past the mistake (the page
 * parses, or fails on another mistake, outside the edit). Of each kind, the first candidate after
 * which the page parses, else the first that gets past.
 */
function repairOf(
  error: PageParseError,
  site: SiteIndex,
  file: string,
  source: SourceFile,
  offset: number,
): { fix?: Fix; suggestions?: Suggestion[] } {
  const verdict = (repair: Repair) => afterRepair(error, offset, site.parseErrorAfter(file, repair.fix), repair.fix);
  const { fixes, suggestions } = candidatesFor(error, source, offset);
  const repair = chosen(fixes, verdict)[0];
  if (repair) return { fix: { ...repair.fix, title: repair.desc } };
  const offered = chosen(suggestions, verdict).map(({ desc, fix }) => ({ desc, fix }));
  return offered.length ? { suggestions: offered } : {};
}

/** Of each kind of candidate, in order, the first after which the page parses, else the first that gets past. */
function chosen(candidates: Repair[], verdict: (repair: Repair) => 'parses' | 'past' | 'stuck'): Repair[] {
  return [...new Set(candidates.map((candidate) => candidate.kind))].flatMap((kind) => {
    let past: Repair | undefined;
    for (const candidate of candidates.filter((other) => other.kind === kind)) {
      const found = verdict(candidate);
      if (found === 'parses') return [candidate];
      if (found === 'past') past ??= candidate;
    }
    return past ? [past] : [];
  });
}

/**
 * What the parser makes of the page after an edit: it parses; it gets past the mistake at `offset`
 * (its first error is another one, outside the edit: before it too, as the tree's errors come after
 * the tokenizer's); or it is stuck (the same error, or one in the edit or just after it).
 */
function afterRepair(
  before: PageParseError,
  offset: number,
  after: { reason: string; offset: number } | undefined,
  fix: Fix,
): 'parses' | 'past' | 'stuck' {
  if (!after) return 'parses';
  const editEnd = fix.range[0] + fix.text.length;
  const shift = fix.text.length - (fix.range[1] - fix.range[0]);
  const inEdit = after.offset >= fix.range[0] && after.offset <= editEnd;
  const same = after.reason === before.reason && (after.offset === offset || after.offset - shift === offset);
  return inEdit || same ? 'stuck' : 'past';
}

/** What may repair a parse error: fixes (the intent is certain), else suggestions, each still to be tried. */
function candidatesFor(
  error: PageParseError,
  source: SourceFile,
  offset: number,
): { fixes: Repair[]; suggestions: Repair[] } {
  const text = source.text;
  const reason = error.reason;
  if (/ before name/.test(reason) && text[offset - 1] === '<') {
    const comment = text.startsWith('<!--', offset - 1) ? htmlComment(text, offset - 1) : undefined;
    if (comment)
      return { fixes: [{ desc: 'Write the comment as an MDX comment', fix: comment, kind: 'fix' }], suggestions: [] };
    if (!text.startsWith('<!', offset - 1))
      return {
        fixes: [{ desc: 'Write < as &lt;', fix: { range: [offset - 1, offset], text: '&lt;' }, kind: 'fix' }],
        suggestions: [],
      };
  }
  if (/expected a corresponding closing brace for `\{`/.test(reason))
    return {
      fixes: [],
      // Two at most: each one tried costs a parse of the page (in the editor, at a keystroke).
      suggestions: unclosedBraces(text, offset)
        .slice(0, 2)
        .map((brace) => ({
          desc: 'Escape the "{" (\\{), if no expression was meant',
          fix: { range: [brace, brace + 1], text: '\\{' },
          kind: 'escape',
        })),
    };
  const mismatch =
    /^Unexpected closing tag `<\/([^`>]*)>`, expected corresponding closing tag for `<([^`>\s]*)[^`]*` \((\d+):(\d+)/.exec(
      reason,
    );
  if (mismatch) {
    const [, name, open, line, column] = mismatch;
    const closing = `</${name}>`;
    if (!text.startsWith(closing, offset)) return { fixes: [], suggestions: [] };
    const before: Repair = {
      desc: `Close <${open}> before ${closing}`,
      fix: { range: [offset, offset], text: `</${open}>` },
      kind: 'close',
    };
    const instead: Repair = {
      desc: `Close <${open}> here instead`,
      fix: { range: [offset, offset + closing.length], text: `</${open}>` },
      kind: 'close',
    };
    // A tag of that name still open before the open one: it closes an outer tag, and the open one was left unclosed inside it.
    const outer = stillOpen(name, text.slice(0, source.offsetAt(Number(line), Number(column))));
    return { fixes: [], suggestions: outer ? [before, instead] : [instead, before] };
  }
  return unclosedTag(error, source, offset);
}

/** Whether more tags of this name open than close in `text` (an opening tag that closes itself aside). */
function stillOpen(name: string, text: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opened = text.match(new RegExp(`<${escaped}(?:\\s[^>]*)?(?<!/)>`, 'g'))?.length ?? 0;
  const closed = text.match(new RegExp(`</${escaped}\\s*>`, 'g'))?.length ?? 0;
  return opened > closed;
}

/** HTML's void elements: written `<br>`, meant as `<br />`. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * For "Expected a closing tag for `<x>`": a void element (`<br>`) self-closed (a fix); else close it
 * where the parser looked for it (the end of the paragraph it is in, else of the file); where a
 * backtick comes just before it, end the inline code after it instead (a dropped backtick); and for
 * a lowercase tag, write it as text.
 */
function unclosedTag(
  error: PageParseError,
  source: SourceFile,
  offset: number,
): { fixes: Repair[]; suggestions: Repair[] } {
  const none = { fixes: [], suggestions: [] };
  const found =
    /^Expected a closing tag for `<([^`>\s]*)[^`]*`(?: \((\d+):(\d+)-(\d+):(\d+)\))?(?: before the end of `(\w+)`)?/.exec(
      error.reason,
    );
  if (!found?.[1]) return none;
  const [, name, startLine, startColumn, endLine, endColumn, container] = found;
  const text = source.text;
  const tagStart = startLine ? source.offsetAt(Number(startLine), Number(startColumn)) : offset;
  const tagEnd = endLine ? source.offsetAt(Number(endLine), Number(endColumn)) : text.indexOf('>', tagStart) + 1;
  if (voidElements.has(name) && text[tagEnd - 1] === '>') {
    const selfClosed = text[tagEnd - 2] === ' ' ? '/>' : ' />';
    return {
      fixes: [{ desc: `Self-close <${name}>`, fix: { range: [tagEnd - 1, tagEnd], text: selfClosed }, kind: 'fix' }],
      suggestions: [],
    };
  }
  // MDX takes a capital name for a component, which the page would then have to import: in HTML,
  // where `<BR>` and `<Img>` come from, it is the void element, so lower case is only likely, not
  // certain. Not a component of the platform's own (`<Link>`).
  const capitalized = name !== name.toLowerCase() && !isPlatformComponent(name);
  if (
    capitalized &&
    voidElements.has(name.toLowerCase()) &&
    text[tagEnd - 1] === '>' &&
    text.startsWith(`<${name}`, tagStart)
  ) {
    const attributes = text.slice(tagStart + 1 + name.length, tagEnd - 1);
    const lower = name.toLowerCase();
    return {
      fixes: [],
      suggestions: [
        {
          desc: `Write <${name}> as <${lower} />`,
          fix: { range: [tagStart, tagEnd], text: `<${lower}${attributes}${attributes.endsWith(' ') ? '/>' : ' />'}` },
          kind: 'close',
        },
      ],
    };
  }
  const suggestions: Repair[] = [];
  if (text[tagStart - 1] === '`' && tagEnd > tagStart)
    suggestions.push({
      desc: `End the inline code after <${name}>`,
      fix: { range: [tagEnd, tagEnd], text: '`' },
      kind: 'code',
    });
  const at = container && error.end ? source.offsetAt(error.end.line, error.end.column) : text.length;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const closing = container ? `</${name}>` : `${text.endsWith('\n') ? '' : eol}</${name}>${eol}`;
  suggestions.push({
    desc: `Close <${name}> at the end of the ${container ?? 'file'}`,
    fix: { range: [at, at], text: closing },
    kind: 'close',
  });
  if (/^[a-z][\w-]*$/.test(name) && text[tagStart] === '<')
    suggestions.push({
      desc: `Write <${name}> as text (&lt;${name}>)`,
      fix: { range: [tagStart, tagStart + 1], text: '&lt;' },
      kind: 'text',
    });
  return { fixes: [], suggestions };
}

/** `<!-- x -->` as `{/* x *\/}`, unless the comment holds `*\/` or never ends. */
function htmlComment(text: string, start: number): Fix | undefined {
  const end = text.indexOf('-->', start + 4);
  if (end === -1) return undefined;
  const body = text.slice(start + 4, end);
  return body.includes('*/') ? undefined : { range: [start, end + 3], text: `{/*${body}*/}` };
}

/**
 * The `{`s an "unexpected end of file in expression" may be about: those before the error that no
 * `}` closes, in the block the error ends (back to the previous blank line), outside inline code,
 * first first (each to be tried: one may sit in an attribute's string or a URL).
 */
function unclosedBraces(text: string, errorOffset: number): number[] {
  const blankLine = /\n[ \t]*\r?\n/g;
  let blockStart = 0;
  for (let found = blankLine.exec(text); found && found.index < errorOffset; found = blankLine.exec(text))
    blockStart = found.index;
  const open: number[] = [];
  let inCode = false;
  for (let i = blockStart; i < errorOffset && i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (inCode || text[i - 1] === '\\') continue;
    else if (ch === '{') open.push(i);
    else if (ch === '}') open.pop();
  }
  return open;
}
