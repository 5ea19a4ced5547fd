import { jsYaml } from '../common/lazy';
import type { FrontmatterField, ValueKind } from './page-parse';

/** What kind of value js-yaml 3 (the platform's frontmatter parser) made of a field. */
export function valueKind(value: unknown): ValueKind {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return 'date';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

// A top-level key at the start of a line: quoted, or plain up to the first colon followed by a space or the line's end (`og:title: x`).
const keyLine = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"\-?:[{&*!|>%@`][^\n]*?))[ \t]*:(?=[ \t]|$)/;

/**
 * The top-level fields of a page's frontmatter with the kind of each value as the platform reads it
 * (`attributes`, front-matter's) and where each is written: `body` is the offset of the YAML block in
 * `text`. A field whose key is not found on a line of its own (flow mappings, complex keys) is left out.
 */
export function frontmatterFields(
  text: string,
  attributes: Record<string, unknown>,
  body: number,
  bodyEnd: number,
): FrontmatterField[] {
  const fields: FrontmatterField[] = [];
  const seen = new Set<string>();
  const lineOffset = text.slice(0, body).split(/\r\n|\r|\n/).length - 1;
  const lines = text.slice(body, bodyEnd).split(/\r\n|\r|\n/);
  lines.forEach((line, index) => {
    const found = keyLine.exec(line);
    if (!found) return;
    const key =
      found[1] !== undefined
        ? doubleQuoted(found[1])
        : found[2] !== undefined
          ? found[2].replace(/''/g, "'")
          : found[3];
    if (key === undefined || seen.has(key) || !Object.hasOwn(attributes, key)) return;
    seen.add(key);
    const lineNumber = lineOffset + index + 1;
    fields.push({ key, ...kindOf(attributes[key]), line: lineNumber, ...inlineValue(line, found[0].length) });
  });
  return fields;
}

/**
 * A double-quoted YAML key's text: JSON's escapes are YAML's, and YAML has more (`\x64`, `\e`, `\ `),
 * which the YAML parser reads; undefined when neither reads it.
 */
function doubleQuoted(inner: string): string | undefined {
  try {
    return JSON.parse(`"${inner}"`);
  } catch {
    try {
      return String(jsYaml().load(`"${inner}"`));
    } catch {
      return undefined;
    }
  }
}

function kindOf(value: unknown): Pick<FrontmatterField, 'kind' | 'items' | 'fields'> {
  const kind = valueKind(value);
  if (kind === 'array') return { kind, items: (value as unknown[]).map(valueKind) };
  if (kind === 'object')
    return { kind, fields: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, valueKind(v)])) };
  return { kind };
}

/** The value written on the key's own line (quotes included), if any: not a block (`|`, `>`, indented lines) or only a comment. */
function inlineValue(line: string, afterColon: number): Pick<FrontmatterField, 'value' | 'quoted'> {
  const start = afterColon + (line.slice(afterColon).length - line.slice(afterColon).trimStart().length);
  const rest = line.slice(start);
  if (rest === '' || rest.startsWith('#') || /^[|>]/.test(rest)) return {};
  let end: number;
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : undefined;
  if (quote === '"') end = start + (/^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0].length ?? rest.length);
  else if (quote === "'") end = start + (/^'(?:[^']|'')*'/.exec(rest)?.[0].length ?? rest.length);
  else end = start + rest.replace(/[ \t]+#.*$/, '').trimEnd().length;
  return { value: [start + 1, end + 1], ...(quote ? { quoted: true as const } : {}) };
}
