import { type JNode, member } from '../parsers/json';
import { redirectsOf } from './docs-json';
import type { NavModel } from './model';
import type { Fix } from './rule';

/**
 * Sets a property of a JSON object with a local edit: its value replaced in place, or a new property
 * after the last one, laid out like it (own line and indentation, or inline). The value is rendered
 * with the file's indentation unit. Not jsonc-parser's modify: it re-formats the whole text for each
 * change and rewrites a one-line object whole, which loses the other edits inside it.
 */
export function setProperty(object: JNode, key: string, value: unknown, unit: string | number = 2): Fix {
  const text = object.file.text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const siblings = object.type === 'object' ? object.properties.filter((p) => p.span.file === object.file) : [];
  const indentOf = (offset: number) => {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const before = text.slice(lineStart, offset);
    return before.trim() === '' ? before : undefined;
  };
  const render = (indent: string) => JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
  const existing = [...siblings].reverse().find((p) => p.key === key);
  if (existing) {
    return {
      range: [existing.value.offset, existing.value.offset + existing.value.length],
      text: render(indentOf(existing.span.offset) ?? ''),
    };
  }
  const last = siblings[siblings.length - 1];
  if (!last)
    return {
      range: [object.offset + 1, object.offset + 1],
      text: ` ${JSON.stringify(key)}: ${JSON.stringify(value)} `,
    };
  const end = last.span.offset + last.span.length;
  const indent = indentOf(last.span.offset);
  return indent === undefined
    ? { range: [end, end], text: `, ${JSON.stringify(key)}: ${JSON.stringify(value)}` }
    : { range: [end, end], text: `,${eol}${indent}${JSON.stringify(key)}: ${render(indent)}` };
}

/**
 * Appends values to a JSON array with a local edit, laid out like its last item (own line and
 * indentation, or inline); an empty array is filled one item a line.
 */
export function appendItems(array: JNode & { type: 'array' }, values: unknown[]): Fix {
  const text = array.file.text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = jsonIndentUnit(text);
  const lineIndent = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
  const render = (value: unknown, indent: string) => JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
  const items = array.items.filter((item) => item.file === array.file);
  const last = items[items.length - 1];
  if (!last) {
    const outer = lineIndent(array.offset);
    const inner = outer + (typeof unit === 'number' ? ' '.repeat(unit) : unit);
    return {
      range: [array.offset, array.offset + array.length],
      text: `[${eol}${values.map((v) => inner + render(v, inner)).join(`,${eol}`)}${eol}${outer}]`,
    };
  }
  const end = last.offset + last.length;
  const before = text.slice(text.lastIndexOf('\n', last.offset - 1) + 1, last.offset);
  if (before.trim() !== '') return { range: [end, end], text: values.map((v) => `, ${JSON.stringify(v)}`).join('') };
  // An item on one line of its own ({ "source": "/a", "destination": "/b" }): the new ones alike.
  const oneLine = !text.slice(last.offset, end).includes('\n');
  const inline = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`)
          .join(', ')} }`
      : JSON.stringify(v);
  return {
    range: [end, end],
    text: values.map((v) => `,${eol}${before}${oneLine ? inline(v) : render(v, before)}`).join(''),
  };
}

/** The indentation unit of a JSON file: a tab, or its first indentation's number of spaces. */
export function jsonIndentUnit(text: string): string | number {
  const indented = /\n([ \t]+)\S/.exec(text);
  if (indented?.[1].startsWith('\t')) return '\t';
  return indented ? indented[1].length : 2;
}

/** The site's redirects: each one's source, destination and the destination's string in docs.json. */
export function redirectNodes(model: NavModel): { node: JNode; source: string; destination: string }[] {
  return redirectsOf(model).flatMap(({ source, destination }) =>
    source && destination
      ? [{ node: destination, source: source.value as string, destination: destination.value as string }]
      : [],
  );
}

/**
 * The edit that adds redirects: appended to docs.json's `redirects` (wherever a $ref put it), or a new
 * `redirects`; undefined when docs.json has a `redirects` that is not a list.
 */
export function addRedirectsEdit(
  model: NavModel,
  redirects: { source: string; destination: string }[],
): [file: string, edit: Fix] | undefined {
  const list = member(model.docs, 'redirects');
  if (list?.type === 'array') return [list.file.path, appendItems(list, redirects)];
  if (list !== undefined) return undefined;
  return [
    model.docs!.file.path,
    setProperty(model.docs!, 'redirects', redirects, jsonIndentUnit(model.docs!.file.text)),
  ];
}
