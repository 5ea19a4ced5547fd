import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  type Scalar,
  stringify,
  visit,
  type YAMLMap,
} from 'yaml';
import { pushTo } from '../common/collections';
import { jsonIndentUnit, setProperty } from '../engine/json-edits';
import { applyFixes } from '../engine/text-edits';
import { httpMethods } from '../parsers/endpoint-entry';
import { type JNode, member, parseJson } from '../parsers/json';
import { operationId, operationKey, parseSpecDocument } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import { pageUrl } from './pages';
import { MigrationError, type MigrationOptions, type PagePlace, type Refusal } from './types';

/**
 * The raw operation objects of a spec's text, by `METHOD /path` and `webhook name`, read as the lint
 * reads specs (js-yaml 4, the platform's parser); undefined when the text does not parse.
 */
export function rawOperations(file: string, text: string): Map<string, Record<string, unknown>> | undefined {
  let document: unknown;
  try {
    document = parseSpecDocument(file, text);
  } catch {
    return undefined;
  }
  const operations = new Map<string, Record<string, unknown>>();
  const object = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!object(document)) return undefined;
  for (const [section, named] of [
    ['paths', (key: string, method: string) => operationKey(method, key)],
    ['webhooks', (key: string) => `webhook ${key}`],
  ] as const) {
    const items = document[section];
    if (!object(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (!object(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (
          object(operation) &&
          (httpMethods as readonly string[]).includes(method.toUpperCase()) &&
          !operations.has(named(key, method))
        )
          operations.set(named(key, method), operation);
      }
    }
  }
  return operations;
}

/**
 * The operations of a YAML spec that share their object with others through an anchor (`get: *list`,
 * or the `&list` an alias repeats, at the operation or its path item), by `METHOD /path` and
 * `webhook name`, with the anchor's name: an extension written into one would be every one's.
 */
export function sharedOperations(text: string): Map<string, string> {
  const shared = new Map<string, string>();
  const document = parseDocument(text);
  const aliased = new Set<string>();
  visit(document, {
    Alias(_, alias) {
      aliased.add(alias.source);
    },
  });
  if (aliased.size === 0) return shared;
  const anchorOf = (node: unknown): string | undefined => {
    if (isAlias(node)) return node.source;
    const anchor = (node as Node | undefined)?.anchor;
    return anchor !== undefined && aliased.has(anchor) ? anchor : undefined;
  };
  for (const [section, named] of [
    ['paths', (key: string, method: string) => operationKey(method, key)],
    ['webhooks', (key: string) => `webhook ${key}`],
  ] as const) {
    const items = document.get(section, true);
    if (!isMap(items)) continue;
    for (const item of items.items) {
      const key = isScalar(item.key) ? String(item.key.value) : undefined;
      const value = isAlias(item.value) ? item.value.resolve(document) : item.value;
      if (key === undefined || !isMap(value)) continue;
      for (const operation of value.items) {
        const anchor = anchorOf(item.value) ?? anchorOf(operation.value);
        if (anchor !== undefined && isMethodKey(operation.key))
          shared.set(named(key, String(operation.key.value)), anchor);
      }
      // `<<: *item` (or a list of them): the platform's js-yaml merges the operations in, which this item does not hold itself.
      for (const [method, anchor] of mergedOperations(value, document))
        if (!value.has(method)) shared.set(named(key, method), anchor);
    }
  }
  return shared;
}

/** Whether a key of a path item is an operation's: an HTTP method, in any case. */
function isMethodKey(key: unknown): key is Scalar {
  return isScalar(key) && (httpMethods as readonly string[]).includes(String(key.value).toUpperCase());
}

/** The operations a path item merges in with `<<`, by method as written, with the anchor each comes from. */
function mergedOperations(item: YAMLMap, document: Document): Map<string, string> {
  const merged = new Map<string, string>();
  for (const pair of item.items) {
    if (!isScalar(pair.key) || pair.key.value !== '<<') continue;
    const aliases = isAlias(pair.value) ? [pair.value] : isSeq(pair.value) ? pair.value.items.filter(isAlias) : [];
    for (const alias of aliases) {
      const source = alias.resolve(document);
      if (!isMap(source)) continue;
      for (const operation of source.items)
        if (isMethodKey(operation.key)) merged.set(String(operation.key.value), alias.source);
    }
  }
  return merged;
}

/**
 * The extension each winner writes: the existing extension's keys kept, `metadata` and `content`
 * replaced, and `href` set to the page's path unless the extension has one or newUrls is asked for.
 * Also each winner's path as its extension sets it.
 */
export function extensionWrites(
  winners: Map<string, PagePlace>,
  read: (file: string) => string,
  options: MigrationOptions,
  notes: string[],
  relative: (file: string) => string,
): { bySpec: Map<string, ExtensionWrite[]>; hrefOf: Map<PagePlace, string>; refusals: Refusal[] } {
  const key = options.extensionKey;
  const bySpec = new Map<string, ExtensionWrite[]>();
  const raws = new Map<string, ReturnType<typeof rawOperations>>();
  const shared = new Map<string, Map<string, string>>();
  const hrefOf = new Map<PagePlace, string>();
  const refusals: Refusal[] = [];
  for (const place of winners.values()) {
    const file = place.spec.spec!.file;
    if (!raws.has(file)) raws.set(file, rawOperations(file, read(file)));
    if (!shared.has(file)) shared.set(file, /\.ya?ml$/i.test(file) ? sharedOperations(read(file)) : new Map());
    const anchor = shared.get(file)!.get(operationId(place.operation));
    if (anchor !== undefined) {
      refusals.push({
        file: place.file,
        message: `${operationId(place.operation)} in ${relative(file)} shares its object with other operations through the YAML anchor &${anchor}: its ${key} would be theirs too; write the operation out in full first`,
      });
      continue;
    }
    const existing = raws.get(file)?.get(operationId(place.operation))?.[key];
    const extension: Record<string, unknown> =
      typeof existing === 'object' && existing !== null && !Array.isArray(existing)
        ? { ...(existing as Record<string, unknown>) }
        : {};
    delete extension.metadata;
    delete extension.content;
    const others = Object.keys(extension);
    if (others.length > 0)
      notes.push(
        `note: ${relative(file)} ${operationId(place.operation)}: its ${key} keeps ${others.join(', ')}; only metadata and content are replaced`,
      );
    if (Object.keys(place.metadata).length > 0) extension.metadata = place.metadata;
    if (place.content) extension.content = place.content;
    if (typeof extension.href !== 'string' && !options.newUrls) extension.href = `/${pageUrl(place.file)}`;
    if (typeof extension.href === 'string') hrefOf.set(place, extension.href);
    const location =
      place.operation.webhook !== undefined ? ['webhooks', place.operation.webhook] : ['paths', place.operation.path!];
    const method = (place.operation.method ?? 'POST').toLowerCase();
    pushTo(bySpec, file, { location: [...location, method], value: reorder(extension, existing) });
  }
  return { bySpec, hrefOf, refusals };
}

/** The extension with its keys in a stable order: the existing keys where they were, then metadata, content, href. */
function reorder(extension: Record<string, unknown>, existing: unknown): Record<string, unknown> {
  const before = typeof existing === 'object' && existing !== null ? Object.keys(existing) : [];
  const order = [
    ...before.filter((k) => k in extension),
    ...['metadata', 'content', 'href'].filter((k) => k in extension && !before.includes(k)),
  ];
  for (const k of Object.keys(extension)) if (!order.includes(k)) order.push(k);
  return Object.fromEntries(order.map((k) => [k, extension[k]]));
}

interface ExtensionWrite {
  /** Path of the operation: ['paths', '/users', 'get'] or ['webhooks', 'name', 'post']. */
  location: string[];
  value: Record<string, unknown>;
}

/** Sets the vendor extension of several operations in a spec's text, changing nothing else. */
export function setExtensions(file: string, text: string, writes: ExtensionWrite[], key: string): string {
  if (!/\.ya?ml$/i.test(file)) {
    const tree = parseJson(new SourceFile(file, text), []);
    const unit = jsonIndentUnit(text);
    const fixes = writes.map((w) => {
      const operation = w.location.reduce<JNode | undefined>((node, segment) => member(node, segment), tree);
      if (operation?.type !== 'object') throw new MigrationError(`${file}: ${w.location.join(' ')} is not an object`);
      return setProperty(operation, key, w.value, unit);
    });
    return applyFixes(text, fixes).text;
  }
  const document = parseDocument(text);
  const operations = writes.map((w) => document.getIn(w.location, true));
  if (operations.some((op) => !isMap(op) || op.flow || op.items.length === 0 || !op.range)) {
    // A flow mapping ({ summary: x }) has no lines to splice into: let yaml rewrite the document.
    for (const w of writes) document.setIn([...w.location, key], w.value);
    return document.toString({ lineWidth: 0 });
  }
  const edits = writes
    .map((w, i) => yamlSplice(text, operations[i] as YAMLMap, key, w.value))
    .sort((a, b) => b.offset - a.offset);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.offset) + edit.text + result.slice(edit.offset + edit.length);
  return result;
}

/**
 * The edit that writes the extension into a block mapping: the new block is rendered alone with yaml
 * and indented like its siblings, so comments, quoting and line breaks elsewhere stay as they are.
 */
function yamlSplice(
  text: string,
  operation: YAMLMap,
  key: string,
  value: Record<string, unknown>,
): { offset: number; length: number; text: string } {
  const firstKey = operation.items[0].key as { range?: [number, number, number] };
  const keyStart = firstKey.range![0];
  const indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
  const block = stringify({ [key]: value }, { indent: yamlIndentUnit(text), lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? ' '.repeat(indent) + line : line))
    .join('\n');
  const existing = operation.items.find((pair) => isScalar(pair.key) && pair.key.value === key);
  if (existing) {
    const start = (existing.key as { range: [number, number, number] }).range[0] - indent;
    const end = lineEnd(
      text,
      contentEnd(
        text,
        (existing.value as { range?: [number, number, number] })?.range?.[1] ??
          (existing.key as { range: [number, number, number] }).range[1],
      ),
    );
    return { offset: start, length: end - start, text: block };
  }
  const last = operation.items[operation.items.length - 1];
  const lastEnd =
    (last.value as { range?: [number, number, number] })?.range?.[1] ??
    (last.key as { range: [number, number, number] }).range[1];
  const at = lineEnd(text, contentEnd(text, lastEnd));
  return { offset: at, length: 0, text: `\n${block}` };
}

/** The offset just after the last non-blank character before `offset`. */
function contentEnd(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && /\s/.test(text[at - 1])) at--;
  return at;
}

/** The offset of the end of the line holding `offset` (before its line break). */
function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  const end = newline === -1 ? text.length : newline;
  return text[end - 1] === '\r' ? end - 1 : end;
}

function yamlIndentUnit(text: string): number {
  const match = /\n( +)\S/.exec(text);
  return match ? Math.min(match[1].length, 8) : 2;
}
