import type { ParseError } from 'jsonc-parser';
import { isObject } from '../common/collections';
import { jsoncParser, jsYaml } from '../common/lazy';
import { httpMethods } from './endpoint-entry';
import { syntaxMessage } from './json';
import { SourceFile } from './source';

export interface Operation {
  /** Upper case; for a webhook, the method it is written under. */
  method?: string;
  path?: string;
  webhook?: string;
  summary?: string;
  hidden: boolean;
  excluded: boolean;
  /** The first of its tags: the folder of its generated page. */
  tag?: string;
  /** `x-mint.href` (or the extension key in use): the whole path of its generated page. */
  href?: string;
}

/** A loaded spec, or why it could not be loaded. */
export interface SpecIndex {
  /** Absolute path. */
  file: string;
  problem?: string;
  /** `METHOD /path` → operation. */
  operations: Map<string, Operation>;
  /** Webhook name → operation (OpenAPI 3.1 `webhooks`). */
  webhooks: Map<string, Operation>;
  /** The spec's text, kept for locating operations on demand. */
  source?: SourceFile;
}

/** The vendor extension the platform reads an operation's page from (`extensionKey` in the config to change). */
export const defaultExtensionKey = 'x-mint';

export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** An operation's id within its spec: `METHOD /path`, or `webhook name`. */
export function operationId(operation: Operation): string {
  return operation.webhook !== undefined
    ? `webhook ${operation.webhook}`
    : operationKey(operation.method!, operation.path!);
}

const methodsLower = httpMethods.map((m) => m.toLowerCase());

/**
 * Parses a spec's text (JSON or YAML by extension, with a fallback to the other) and indexes its
 * operations. Parsing uses JSON.parse and js-yaml, which are several times faster than
 * position-keeping parsers on multi-megabyte specs; positions are found later, only when asked.
 * js-yaml 4, as the platform reads specs with it: js-yaml 5 rejects real specs that 4 accepts (a
 * flow sequence whose closing bracket is less indented than its items), and a spec the platform
 * reads is not a broken spec.
 */
export function indexSpec(file: string, text: string, extensionKey = defaultExtensionKey): SpecIndex {
  const index: SpecIndex = { file, operations: new Map(), webhooks: new Map() };
  const source = new SourceFile(file, text);
  let document: unknown;
  try {
    document = parseSpecText(source);
  } catch (error) {
    index.problem = (error as Error).message;
    return index;
  }
  if (!isObject(document) || (document.openapi === undefined && document.swagger === undefined)) {
    index.problem = 'is not an OpenAPI or Swagger document (it has no "openapi" or "swagger" field)';
    return index;
  }
  // The platform takes for a spec only a document with an "openapi" key: it never reads a Swagger one,
  // and `mint validate` fails a reference to it ("Openapi file … referenced in docs.json does not exist").
  if (document.openapi === undefined) {
    const version = typeof document.swagger === 'string' ? ` ${document.swagger}` : '';
    index.problem = `is a Swagger${version} document, which the platform does not read (only OpenAPI 3.x): \`mint validate\` says the file does not exist`;
    return index;
  }
  index.source = source;
  if (isObject(document.paths)) {
    for (const [path, item] of Object.entries(document.paths)) {
      if (!isObject(item)) continue;
      for (const method of methodsLower) {
        const operation = item[method];
        if (isObject(operation))
          index.operations.set(
            operationKey(method, path),
            describeOperation(operation, { method: method.toUpperCase(), path }, extensionKey),
          );
      }
    }
  }
  if (isObject(document.webhooks)) {
    for (const [name, item] of Object.entries(document.webhooks)) {
      if (!isObject(item)) continue;
      const method = methodsLower.find((m) => isObject(item[m]));
      index.webhooks.set(
        name,
        describeOperation(
          method ? (item[method] as Record<string, unknown>) : {},
          { webhook: name, method: method?.toUpperCase() },
          extensionKey,
        ),
      );
    }
  }
  return index;
}

function describeOperation(
  operation: Record<string, unknown>,
  at: Pick<Operation, 'method' | 'path' | 'webhook'>,
  extensionKey: string,
): Operation {
  const described: Operation = {
    ...at,
    summary: typeof operation.summary === 'string' ? operation.summary : undefined,
    hidden: operation['x-hidden'] === true,
    excluded: operation['x-excluded'] === true,
  };
  // What the path of the page the platform generates depends on (src/site/endpoint-page-path.ts).
  const tag = Array.isArray(operation.tags)
    ? operation.tags.find((t): t is string => typeof t === 'string')
    : undefined;
  if (tag !== undefined) described.tag = tag;
  const extension = operation[extensionKey];
  if (isObject(extension) && typeof extension.href === 'string') described.href = extension.href;
  return described;
}

/** A spec's document as the lint reads it (JSON.parse, else js-yaml 4); throws with the reason when it does not parse. */
export function parseSpecDocument(file: string, text: string): unknown {
  return parseSpecText(new SourceFile(file, text));
}

/** Whether a spec file is read as YAML (its name ends in .yaml or .yml); anything else must be JSON. */
export function readsAsYaml(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

function parseSpecText(source: SourceFile): unknown {
  const yamlFirst = readsAsYaml(source.path);
  const text = source.text;
  if (!yamlFirst || text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      if (!yamlFirst) throw new Error(`does not parse as JSON: ${jsonErrorAt(source)}`);
    }
  }
  try {
    // json: true lets duplicate keys through as JSON.parse does; aliases stay shared references, so an alias bomb costs no memory here.
    const document = jsYaml().load(text, { filename: source.path, json: true });
    const bomb = aliasBomb(text, document);
    if (bomb) throw new SpecSyntaxError(bomb.problem);
    return document;
  } catch (error) {
    if (error instanceof SpecSyntaxError) throw new Error(`is rejected: ${error.message}`);
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new Error(
      `does not parse as YAML: ${reason}${mark ? ` (line ${mark.line + 1}, column ${mark.column + 1})` : ''}`,
    );
  }
}

/**
 * Why a loaded YAML document must not be walked, if it must not, and where its first alias is: js-yaml
 * shares aliased nodes, so loading an alias bomb is cheap; anything that walks it is not.
 */
export function aliasBomb(text: string, document: unknown): { problem: string; offset: number } | undefined {
  const offset = firstAliasAt(text);
  if (offset === undefined || expandedSize(document, maxExpandedValues) <= maxExpandedValues) return undefined;
  return {
    problem: `its aliases expand to more than ${maxExpandedValues.toLocaleString('en')} values (an alias bomb?)`,
    offset,
  };
}

/** Where a YAML text's first alias (`*name`) is written, if it has one. */
export function firstAliasAt(text: string): number | undefined {
  const alias = /(^|[\s[{,:-])\*[^\s,\]}]/m.exec(text);
  return alias ? alias.index + alias[1]!.length : undefined;
}

/**
 * Whether walking every subtree of a document whose aliases are expanded, as the platform's
 * resolution of references does (it looks for a cycle below each value it enters), would take more
 * than `limit` steps: the sum of the expanded sizes of every node, each shared node computed once.
 * A chain of aliases each nesting the one before stays under the alias-bomb limit and still costs
 * size × depth.
 */
export function walkExceeds(root: unknown, limit: number): boolean {
  const known = new Map<object, { size: number; cost: number }>();
  const measure = (value: unknown): { size: number; cost: number } => {
    if (typeof value !== 'object' || value === null) return { size: 1, cost: 1 };
    const seen = known.get(value);
    if (seen) return seen;
    const total = { size: 1, cost: 1 };
    known.set(value, { size: Infinity, cost: Infinity }); // a cycle through aliases
    for (const child of Object.values(value)) {
      const { size, cost } = measure(child);
      total.size += size;
      total.cost += cost;
      if (total.cost > limit) break;
    }
    total.cost += total.size;
    known.set(value, total);
    return total;
  };
  return measure(root).cost > limit;
}

/** A YAML document that loads but must not be used. */
class SpecSyntaxError extends Error {}

const maxExpandedValues = 1_000_000;

/**
 * How many values a YAML document has once its aliases are expanded, counted without expanding
 * them (each shared node's size is computed once), stopping as soon as it passes `limit`. A cycle
 * through aliases counts as too many.
 */
function expandedSize(root: unknown, limit: number): number {
  const sizes = new Map<object, number>();
  const visiting = new Set<object>();
  const stack: { node: object; children: unknown[]; index: number; total: number }[] = [];
  const open = (value: unknown): number | undefined => {
    if (typeof value !== 'object' || value === null) return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    if (visiting.has(value)) return Infinity;
    visiting.add(value);
    stack.push({ node: value, children: Object.values(value), index: 0, total: 1 });
    return undefined;
  };
  let result = open(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.total > limit) return Infinity;
    if (frame.index < frame.children.length) {
      const size = open(frame.children[frame.index++]);
      if (size !== undefined) frame.total += size;
      continue;
    }
    stack.pop();
    visiting.delete(frame.node);
    sizes.set(frame.node, frame.total);
    if (stack.length > 0) stack[stack.length - 1].total += frame.total;
    else result = frame.total;
  }
  return result ?? 1;
}

/** The first JSON syntax error with its line and column (JSON.parse's message gives an offset at best). */
function jsonErrorAt(source: SourceFile): string {
  const errors: ParseError[] = [];
  jsoncParser().parseTree(source.text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length === 0) return 'invalid JSON';
  const { line, column } = source.position(errors[0].offset);
  return `${syntaxMessage(errors[0], source.text)} (line ${line}, column ${column})`;
}

/**
 * Where an operation is written in its spec: the line of its method key under its path key (or of
 * the webhook's name). A text scan, done only for the operations someone asks about.
 */
export function locateOperation(spec: SpecIndex, operation: Operation): { offset: number; length: number } | undefined {
  const text = spec.source?.text;
  if (text === undefined) return undefined;
  const key = operation.webhook ?? operation.path!;
  const keyAt = findKey(text, key, 0);
  if (keyAt === undefined || !operation.method) return keyAt;
  return findKey(text, operation.method.toLowerCase(), keyAt.offset + keyAt.length) ?? keyAt;
}

function findKey(text: string, key: string, from: number): { offset: number; length: number } | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A key in JSON ("key":) or YAML (key:, "key":, 'key':) at the start of a line or after { or ,.
  const pattern = new RegExp(`(^|[\\n{,])[ \\t]*(["']?)${escaped}\\2[ \\t]*:`, 'g');
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  if (!match) return undefined;
  const offset = match.index + match[1].length + match[0].slice(match[1].length).search(/\S/);
  return { offset, length: key.length + 2 * match[2].length };
}
