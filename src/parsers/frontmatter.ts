import { type EndpointRef, parseEndpoint } from './endpoint-entry';
import {
  type FrontmatterBlock,
  findFrontmatter,
  frontmatterAttributes,
  frontmatterYaml,
  opensFrontmatter,
} from './frontmatter-block';
import type { SourceFile, Span } from './source';

/** A page's `openapi:` frontmatter entry: where it is, its value, and the endpoint it names. */
export interface OpenapiFrontmatter {
  /** The whole entry (key and value, all its lines). */
  span: Span;
  value: string;
  endpoint?: EndpointRef;
}

/**
 * The `openapi:` entry of an MDX page's frontmatter, if it has one; never throws. With `head` (the
 * start of the file's text), only the head is looked at when it settles the question: a first line
 * that opens no frontmatter, or a frontmatter block at the start that closes inside it. Otherwise,
 * and without `head`, the whole text (`file.text`, which a lazy SourceFile reads only then).
 */
export function parseOpenapiFrontmatter(file: SourceFile, head?: string): OpenapiFrontmatter | undefined {
  if (head !== undefined) {
    const lineEnd = head.indexOf('\n');
    if (lineEnd >= 0 && !opensFrontmatter(head.slice(0, lineEnd))) return undefined;
    const block = findFrontmatter(head);
    // A block that ends where the head ends may go on in the file (white space, or more on its closing line).
    if (block && block.start === 0 && block.end < head.length) return openapiEntry(file, head, block);
  }
  const block = findFrontmatter(file.text);
  return block && openapiEntry(file, file.text, block);
}

function openapiEntry(file: SourceFile, text: string, block: FrontmatterBlock): OpenapiFrontmatter | undefined {
  // Most pages are not API pages: skip the YAML parse unless an openapi key is there.
  const key = /^openapi[ \t]*:.*(?:\r?\n[ \t]+\S.*)*/m.exec(text.slice(block.yaml[0], block.yaml[1]));
  if (!key) return undefined;
  const span = { file, offset: block.yaml[0] + key.index, length: key[0].trimEnd().length };
  let value: unknown = simpleOpenapiValue(frontmatterYaml(text, block));
  if (value === undefined) {
    try {
      value = (frontmatterAttributes(text, block) as { openapi?: unknown } | undefined)?.openapi;
    } catch {
      return { span, value: '' };
    }
  }
  // A date reads the same in every time zone (String(date) does not, and a cache would keep one).
  if (typeof value !== 'string')
    return { span, value: value instanceof Date ? value.toISOString() : String(value ?? '') };
  return { span, value, endpoint: frontmatterEndpoint(value) };
}

/** The endpoint a frontmatter openapi value names, its line breaks (a folded value) read as spaces. */
export function frontmatterEndpoint(value: string): EndpointRef | undefined {
  return parseEndpoint(value.replace(/\s+/g, ' '));
}

/**
 * Where an endpoint's path is written in its `openapi:` entry, for an edit of the path alone: the last
 * place the entry spells it as a whole word. Undefined when it is not written as is (an escape in a
 * quoted value).
 */
export function frontmatterPathSpan(entry: Span, path: string): Span | undefined {
  const text = entry.file.text.slice(entry.offset, entry.offset + entry.length);
  for (let at = text.lastIndexOf(path); at > 0; at = text.lastIndexOf(path, at - 1)) {
    if (/\s/.test(text[at - 1]) && /^(["'\s]|$)/.test(text.slice(at + path.length, at + path.length + 1))) {
      return { file: entry.file, offset: entry.offset + at, length: path.length };
    }
  }
  return undefined;
}

// An item of a list in brackets; a plain one never starts with "-" (`[- a]` is an error to the parser).
const flowItem = String.raw`(?:'(?:[^']|'')*'|"[^"\\]*"|[\w./][\w./-]*(?: [\w./-]+)*)`;
// A list over several lines, its lines joined: every item on one line, a comma after the last allowed.
const multilineList = new RegExp(String.raw`^\[ *(?:${flowItem}(?: *, *${flowItem})* *,? *)?\]$`);
/** A line of the YAML nearly every frontmatter is: `key: value` at the margin, a plain or quoted scalar. */
const simpleLine = new RegExp(
  String.raw`^([A-Za-z_][\w./-]*(?::[\w./-]+)*):(?:[ ]+(?:([^-?:,[\]{}#&*!|>'"%@${'`'}\s](?:[^:#\t]|:(?! |$)|(?<! )#)*)|'((?:[^']|'')*)'|"([^"\\]*)"|\[ *(?:${flowItem}(?: *, *${flowItem})*)? *\])[ ]*)?$`,
);

/**
 * The frontmatter's `openapi` value when its YAML (`frontmatterYaml`) is that simple, read without a
 * YAML parser (the parser's first run is most of a cold start's frontmatter time); undefined for
 * anything else, which the platform's parser then reads. A plain value that YAML could read as
 * something other than a string (a number, a date, true, null) is left to the parser too.
 * test/frontmatter.test.ts compares the two on generated blocks and on every page of the corpus.
 */
export function simpleOpenapiValue(yaml: string): string | undefined {
  // Characters YAML refuses or reads as line breaks (a lone \r too), and tabs: the parser decides.
  if (/\r(?!\n)/.test(yaml) || /[^\n\r\x20-\x7E\u00A0-\u2027\u202A-\uFEFE\uFF00-\uFFFD\uD800-\uDFFF]/.test(yaml))
    return undefined;
  const keys = new Set<string>();
  let value: string | undefined;
  // The lines of a key written with no value on its line: a list in brackets over several lines.
  let list: string | undefined;
  for (const line of yaml.split(/\r?\n/)) {
    if (list !== undefined && line.startsWith(' ') && !/^ *(#.*)?$/.test(line)) {
      list += ` ${line.trim()}`;
      continue;
    }
    if (list !== undefined && !(list === '' || multilineList.test(list.trim()))) return undefined;
    list = undefined;
    if (/^ *$/.test(line) || line.startsWith('#')) continue;
    const match = simpleLine.exec(line);
    // A duplicate key is an error to the parser; `true:` or `null:` are keys of another type.
    if (!match || keys.has(match[1]) || /^(?:true|false|null|yes|no|on|off|y|n)$/i.test(match[1])) return undefined;
    keys.add(match[1]);
    const [, key, plain, single, double] = match;
    const bare = plain === undefined && single === undefined && double === undefined && !match[0].includes('[');
    if (bare) list = '';
    if (key !== 'openapi') continue;
    if (bare || match[0].includes('[')) return undefined; // null, a list, or a value on the next lines
    if (plain !== undefined) {
      const written = plain.replace(/ +$/, ''); // YAML trims spaces after a plain value, nothing else
      if (/^[-+.~\d]|^(?:null|true|false|yes|no|on|off|y|n)$/i.test(written)) return undefined;
      value = written;
    } else if (single !== undefined) value = single.replace(/''/g, "'");
    else value = double;
  }
  if (list !== undefined && !(list === '' || multilineList.test(list.trim()))) return undefined;
  return value;
}
