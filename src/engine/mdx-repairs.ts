import { endOfTag, type MdxMistake, mayBeText, type OpenTag } from './mdx-mistakes';
import type { Fix } from './rule';

/**
 * An edit of a page's text with what it does, in a writer's words; `kind` groups the candidates of
 * which one at most is offered (the `{` to escape, the place to close a tag).
 */
export interface Repair {
  desc: string;
  fix: Fix;
  kind: string;
}

/**
 * What may repair a mistake: fixes (the page renders as the writer meant), else suggestions, each
 * still to be tried with the parser (rules/mdx-syntax.ts), in the order they are likeliest.
 */
export function repairCandidates(mistake: MdxMistake, text: string): { fixes: Repair[]; suggestions: Repair[] } {
  const none = { fixes: [], suggestions: [] };
  const [start, end] = mistake.range;
  const edit = (desc: string, range: [number, number], replacement: string, kind: string): Repair => ({
    desc,
    fix: { range, text: replacement },
    kind,
  });
  switch (mistake.kind) {
    case 'lessThan':
    case 'typeArguments':
      return { fixes: [edit('Escape "<" as "&lt;"', [start, start + 1], '&lt;', 'fix')], suggestions: [] };
    case 'htmlComment': {
      const comment = mdxComment(text, start, end);
      return comment
        ? { fixes: [edit('Turn the HTML comment into {/* */}', ...comment, 'fix')], suggestions: [] }
        : none;
    }
    case 'openBrace':
    case 'expression':
      return { fixes: [], suggestions: escapes(mistake, text) };
    case 'esmWord':
      return {
        fixes: [],
        suggestions: [edit(`Write "${mistake.data.capital}"`, [start, end], mistake.data.capital, 'word')],
      };
    case 'voidTag':
      return {
        fixes: [edit(`Self-close <${mistake.data.name}>`, [start, end], mistake.data.closed, 'fix')],
        suggestions: [],
      };
    case 'capitalVoidTag':
      return {
        fixes: [],
        suggestions: [
          edit(`Write <${mistake.data.name}> as ${mistake.data.closed}`, [start, end], mistake.data.closed, 'close'),
        ],
      };
    case 'unclosedTag':
    case 'codeTag':
      return { fixes: [], suggestions: unclosedRepairs(mistake, text) };
    case 'mismatchedTag':
      return { fixes: [], suggestions: mismatchRepairs(mistake, text) };
    case 'strayClosingTag':
      return { fixes: [], suggestions: [edit(`Remove ${mistake.data.tag}`, [start, end], '', 'remove')] };
    case 'unclosedQuote':
      return { fixes: [], suggestions: quoteRepairs(mistake, text) };
    default:
      return none;
  }
}

/** `<!-- x -->` as `{/* x *\/}`, unless the comment holds `*\/` or never ends. */
function mdxComment(text: string, start: number, end: number): [[number, number], string] | undefined {
  if (!text.startsWith('-->', end - 3) || end - 3 < start + 4) return undefined;
  const body = text.slice(start + 4, end - 3);
  return body.includes('*/') ? undefined : [[start, end], `{/*${body}*/}`];
}

/** Escape the `{` of the mistake; for an unclosed one, the next one before it too (one may sit in a URL). */
function escapes(mistake: MdxMistake, text: string): Repair[] {
  const first = mistake.range[0];
  return [first, ...(mistake.braces ?? []).filter((brace) => brace !== first)]
    .filter((brace) => text[brace] === '{')
    .slice(0, 2) // each one tried costs a parse of the page (in the editor, at a keystroke)
    .map((brace) => ({
      desc: 'Escape the "{" as "\\{"',
      fix: { range: [brace, brace + 1], text: '\\{' },
      kind: 'escape',
    }));
}

/**
 * For a tag never closed: end the code it was meant in; close it where its content ends; write it as
 * text. Text first for a name right after a word (`Promise<T>`, `List<string>`): a type, not a tag.
 */
function unclosedRepairs(mistake: MdxMistake, text: string): Repair[] {
  const open = mistake.open!;
  const code: Repair[] =
    mistake.kind === 'codeTag'
      ? [
          {
            desc: `End the inline code after <${open.name}>`,
            fix: { range: [open.end, open.end], text: '`' },
            kind: 'code',
          },
        ]
      : [];
  const asText: Repair[] =
    mayBeText(open.name) && text[open.start] === '<'
      ? [
          {
            desc: `Write <${open.name}> as text (&lt;${open.name}>)`,
            fix: { range: [open.start, open.start + 1], text: '&lt;' },
            kind: 'text',
          },
        ]
      : [];
  const close = closeCandidates(open, text, mistake.containerEnd);
  return /\w/.test(text[open.start - 1] ?? '') ? [...code, ...asText, ...close] : [...code, ...close, ...asText];
}

/**
 * Where an element left open likely ends, likeliest first: before the next element of its name at
 * its depth (a missing `</Card>` between two cards); at the end of the block it is in (a paragraph's
 * tag), else after its content (the lines indented under it, or the first block after it: a
 * `<Frame>` around one image); and, offered beside those, at the end of the file.
 */
function closeCandidates(open: OpenTag, text: string, containerEnd: number | undefined): Repair[] {
  const closing = `</${open.name}>`;
  const eol = lineEnding(text);
  const sibling = beforeNextSibling(open, text);
  const repairs: Repair[] = sibling ? [sibling] : [];
  const close = (desc: string, at: number, inserted: string, kind = 'close'): Repair => ({
    desc: `Close <${open.name}> ${desc}`,
    fix: { range: [at, at], text: inserted },
    kind,
  });
  if (containerEnd !== undefined) return [...repairs, close('at the end of its block', containerEnd, closing)];
  const lineStart = text.lastIndexOf('\n', open.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const content = endOfContent(text, open.end, indent.length);
  if (content) repairs.push(close(content.desc, content.at, `${eol}${indent}${closing}`));
  if (content && text.slice(content.at).trim() === '') return repairs; // its content ends the file
  const fileEnd = `${text.endsWith('\n') ? '' : eol}${closing}${eol}`;
  return [...repairs, close('at the end of the file', text.length, fileEnd, 'close at the end')];
}

const lineEnding = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** Close an element left open before the next element of its name at its depth, on a line of its own where that one starts a line. */
function beforeNextSibling(open: OpenTag, text: string): Repair | undefined {
  const sibling = nextSibling(open, text);
  if (sibling === undefined) return undefined;
  const closing = `</${open.name}>`;
  const lineStart = text.lastIndexOf('\n', sibling - 1) + 1;
  const indent = text.slice(lineStart, sibling);
  const atLineStart = /^[ \t]*$/.test(indent);
  return {
    desc: `Close <${open.name}> before the next <${open.name}>`,
    fix: atLineStart
      ? { range: [lineStart, lineStart], text: `${indent}${closing}${lineEnding(text)}` }
      : { range: [sibling, sibling], text: closing },
    kind: 'close',
  };
}

/** The next opening tag of the element's name at its depth, before the element of that name that encloses it ends. */
function nextSibling(open: OpenTag, text: string): number | undefined {
  const tags = new RegExp(`<(/?)${open.name.replaceAll('.', '\\.')}(?=[\\s/>])`, 'g');
  tags.lastIndex = open.end;
  let depth = 0;
  for (let found = tags.exec(text); found; found = tags.exec(text)) {
    if (found[1]) {
      if (depth === 0) return undefined; // it closes an element around this one
      depth--;
    } else if (text[endOfTag(text, found.index) - 2] === '/')
      continue; // it closes itself
    else if (depth === 0) return found.index;
    else depth++;
  }
  return undefined;
}

/**
 * Where an element's content ends, after its tag's `>`, outside fenced code: the last of the lines
 * indented deeper than the tag that follow it (blank lines between them kept), or, when the next line
 * is not indented deeper, the end of the first block (before the blank line after it).
 */
function endOfContent(text: string, from: number, tagIndent: number): { at: number; desc: string } | undefined {
  const lines = /([^\r\n]*)(\r?\n|$)/g;
  const next = text.indexOf('\n', from);
  lines.lastIndex = next < 0 ? text.length : next + 1;
  let indented: boolean | undefined;
  let last: number | undefined;
  let fence: string | undefined;
  for (let found = lines.exec(text); found && found[0] !== ''; found = lines.exec(text)) {
    const line = found[1];
    const marker = /^[ \t]*(`{3,}|~{3,})/.exec(line)?.[1];
    const blank = !fence && line.trim() === '';
    if (!blank && !fence) {
      const deeper = /^[ \t]*/.exec(line)![0].length > tagIndent;
      indented ??= deeper;
      if (indented && !deeper) break;
    }
    if (fence) {
      if (marker?.startsWith(fence)) fence = undefined;
    } else if (marker) fence = marker;
    else if (blank) {
      if (last !== undefined && !indented) break;
      continue;
    }
    last = found.index + line.length;
  }
  if (fence || last === undefined) return undefined;
  return { at: last, desc: indented ? 'after the lines indented under it' : 'after the block that follows it' };
}

/**
 * For a closing tag while another element is open: close the open one before its next sibling, or
 * before this tag (when an element of this tag's name encloses the open one), or here instead.
 */
function mismatchRepairs(mistake: MdxMistake, text: string): Repair[] {
  const open = mistake.open!;
  const [start, end] = mistake.range;
  const closingName = mistake.data.closing;
  if (!text.startsWith(`</${closingName}>`, start)) return [];
  const before: Repair = {
    desc: `Close <${open.name}> before </${closingName}>`,
    fix: { range: [start, start], text: `</${open.name}>` },
    kind: 'close',
  };
  const instead: Repair = {
    desc: `Close <${open.name}> here instead of </${closingName}>`,
    fix: { range: [start, end], text: `</${open.name}>` },
    kind: 'close',
  };
  const sibling = beforeNextSibling(open, text);
  const outer = stillOpen(closingName, text.slice(0, open.start));
  return [...(sibling ? [sibling] : []), ...(outer ? [before, instead] : [instead, before])];
}

/** Whether more tags of this name open than close in `text` (an opening tag that closes itself aside). */
function stillOpen(name: string, text: string): boolean {
  const escaped = name.replaceAll('.', '\\.');
  const opened = text.match(new RegExp(`<${escaped}(?:\\s[^>]*)?(?<!/)>`, 'g'))?.length ?? 0;
  const closed = text.match(new RegExp(`</${escaped}\\s*>`, 'g'))?.length ?? 0;
  return opened > closed;
}

/** Close an attribute's quote before the `>` or `/>` that ends its line's tag. */
function quoteRepairs(mistake: MdxMistake, text: string): Repair[] {
  const [quote] = mistake.range;
  const lineEnd = text.indexOf('\n', quote) < 0 ? text.length : text.indexOf('\n', quote);
  const line = text.slice(quote + 1, lineEnd).replace(/\r$/, '');
  const tagEnd = /\/?>\s*$/.exec(line);
  if (!tagEnd) return [];
  const at = quote + 1 + tagEnd.index;
  const q = mistake.data.quote;
  return [{ desc: `Close the quote (${q}) before the tag's end`, fix: { range: [at, at], text: q }, kind: 'close' }];
}
