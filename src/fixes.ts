import type { JNode, JProperty } from './json';
import type { Fix } from './rule';

/**
 * Removes a property with its comma and the white space that separated it, so that the rest of the
 * object keeps its formatting byte for byte.
 */
export function removeProperty(owner: JNode, prop: JProperty): Fix {
  const siblings = owner.type === 'object' ? owner.properties.filter((p) => p.span.file === prop.span.file) : [];
  const index = siblings.indexOf(prop);
  const start = prop.span.offset;
  const end = start + prop.span.length;
  const next = siblings[index + 1];
  if (next) return { range: [start, next.span.offset], text: '' };
  const previous = siblings[index - 1];
  if (previous) return { range: [previous.span.offset + previous.span.length, end], text: '' };
  return { range: [start, end], text: '' };
}

/**
 * Applies fixes to a text, ESLint's way: in order of position, skipping any that overlaps one
 * already taken (the next pass picks it up).
 */
export function applyFixes(text: string, fixes: Fix[]): { text: string; applied: number } {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let output = '';
  let cursor = 0;
  let applied = 0;
  for (const fix of sorted) {
    if (fix.range[0] < cursor) continue;
    output += text.slice(cursor, fix.range[0]) + fix.text;
    cursor = fix.range[1];
    applied++;
  }
  return { text: output + text.slice(cursor), applied };
}
