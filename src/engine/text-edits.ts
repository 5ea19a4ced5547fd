import type { JNode, JProperty } from '../parsers/json';
import type { Span } from '../parsers/source';
import type { Fix } from './rule';

/**
 * Removes a property with its comma and the white space that separated it, so that the rest of the
 * object keeps its formatting byte for byte.
 */
export function removeProperty(owner: JNode, prop: JProperty): Fix {
  const siblings = owner.type === 'object' ? owner.properties.map((p) => p.span) : [];
  return removeListed(siblings, siblings.indexOf(prop.span));
}

/** Removes an item of an array, with its comma, the same way. */
export function removeItem(array: JNode, item: JNode): Fix {
  const siblings: Span[] = array.type === 'array' ? array.items : [];
  return removeListed(siblings, siblings.indexOf(item));
}

/**
 * The removal of one member of a list: its own line when it has one (the lines around it stay as
 * they are), else from the end of the member before it on its line, else up to the next member.
 */
function removeListed(spans: Span[], index: number): Fix {
  const own = spans[index];
  const sameFile = (s: Span | undefined) => s && s.file === own.file;
  const text = own.file.text;
  const end = own.offset + own.length;
  const next = spans[index + 1];
  const previous = spans[index - 1];
  const onOwnLine = /[\n\r][ \t]*$/.test(text.slice(0, own.offset));
  if (sameFile(next)) {
    // Alone on its line (with its comma): the whole line goes.
    const rest = /^[ \t]*,?[ \t]*(\r\n|\n|\r)/.exec(text.slice(end, next.offset));
    if (onOwnLine && rest) {
      const lineStart = Math.max(text.lastIndexOf('\n', own.offset - 1), text.lastIndexOf('\r', own.offset - 1)) + 1;
      return { range: [lineStart, end + rest[0].length], text: '' };
    }
    if (!onOwnLine && sameFile(previous)) return { range: [previous.offset + previous.length, end], text: '' };
    return { range: [own.offset, next.offset], text: '' };
  }
  if (sameFile(previous)) return { range: [previous.offset + previous.length, end], text: '' };
  return { range: [own.offset, end], text: '' };
}

/**
 * Applies fixes to a text, ESLint's way: in order of position, skipping any that overlaps one
 * already taken (the next pass picks it up).
 */
export function applyFixes(text: string, fixes: Fix[]): { text: string; applied: number; used: Set<Fix> } {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let output = '';
  let cursor = 0;
  const used = new Set<Fix>();
  for (const fix of sorted) {
    if (fix.range[0] < cursor) continue;
    output += text.slice(cursor, fix.range[0]) + fix.text;
    cursor = fix.range[1];
    used.add(fix);
  }
  return { text: output + text.slice(cursor), applied: used.size, used };
}
