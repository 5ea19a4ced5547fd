import type { JSONPath } from 'jsonc-parser';
import { type CompletionItem, CompletionItemKind } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import schema from '../../schemas/docs.schema.json';
import { supportedLanguages } from '../engine/languages';
import type { LintResult } from '../engine/lint';
import type { NavElement, NavModel } from '../engine/model';
import { definitionName } from '../engine/schema';
import { keysOf, type SchemaNode, schemasAt, valuesOf } from '../engine/schema-walk';
import type { JNode } from '../parsers/json';
import type { DocumentJson } from './document-json';

const rootSchema = schema as unknown as SchemaNode;
const definitions = (schema as unknown as { $defs: Record<string, SchemaNode> }).$defs;

/** What the server knows of how the client applies a completion item. */
export interface CompletionClient {
  /**
   * The client replaces from the edit's start to the cursor, whatever the edit's end (Neovim's
   * built-in omnifunc): a string's closing quote right after the cursor is then left out of both
   * the range and the new text, which gives the same text in every client.
   */
  editEndsAtCursor?: boolean;
}

/**
 * Completion in docs.json and its `$ref` files: keys of the object at the cursor and enum values of
 * the value at the cursor, from the schema; page paths and the endpoints in scope in `pages`, page
 * paths in a group's `root`; language codes. Each item's textEdit replaces exactly the string being
 * typed, quotes included.
 */
export function complete(
  document: TextDocument,
  json: DocumentJson,
  offset: number,
  file: string,
  { model, site }: Pick<LintResult, 'model' | 'site'>,
  client: CompletionClient = {},
): CompletionItem[] {
  const text = document.getText();
  const location = json.location(offset);
  const typing = json.typing(offset);
  const closingQuoteNext =
    client.editEndsAtCursor === true && typing.string?.end === offset + 1 && text[offset] === '"';
  const string = typing.string;
  const start = document.positionAt(string?.start ?? offset);
  const end = document.positionAt(string?.end ?? offset);
  const items: CompletionItem[] = [];
  const add = (value: unknown, kind: CompletionItemKind, detail?: string) => {
    const label = typeof value === 'string' ? value : JSON.stringify(value);
    const quoted = JSON.stringify(value);
    // In a string being typed, a string's edit starts after the opening quote: VS Code, eglot and
    // Neovim all match the text from the edit's start to the cursor against the label. Another value
    // (true, 2) replaces the whole string, quotes included.
    const inString = string !== undefined && typeof value === 'string';
    const keepQuote = closingQuoteNext && inString;
    const textEdit = {
      range: {
        start: inString ? document.positionAt(string.start + 1) : start,
        end: keepQuote ? document.positionAt(offset) : end,
      },
      newText: inString ? quoted.slice(1, keepQuote ? -1 : undefined) : quoted,
    };
    // sortText keeps this order in clients that sort (Neovim and eglot sort by it, else by label).
    items.push({ label, kind, detail, sortText: String(items.length).padStart(5, '0'), textEdit });
  };

  // The elements of this file at the path's ancestors, to start the schema walk at the nearest one.
  const onPath = elementsOnPath(model, file, location.path);
  const schemasOf = (path: JSONPath) => {
    for (let i = path.length; i >= 0; i--) {
      const element = onPath[i];
      const definition = element && definitionName(element);
      if (definition) return schemasAt(rootSchema, definitions[definition], path.slice(i));
    }
    return file === model.docsFile.path ? schemasAt(rootSchema, definitions.docs, path) : [];
  };

  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const typed = typing.string?.start;
    const existing = new Set(
      json
        .keysAt(objectPath)
        .filter((k) => k.offset !== typed)
        .map((k) => k.key),
    );
    for (const { key, description } of keysOf(schemasOf(objectPath)))
      if (!existing.has(key)) add(key, CompletionItemKind.Property, description);
    return items;
  }
  // A value goes after ":", "[" or ",": not after a closing bracket or another value.
  if (!typing.afterValueStart) return [];
  const path = location.path;
  const last = path[path.length - 1];
  // Written as the entry being typed is: "/quickstart" once it starts with a slash, as a client
  // matches the typed text against the label.
  const slash = string !== undefined && text[string.start + 1] === '/' ? '/' : '';
  const unlistedPages = () => {
    const listed = new Set(model.elements.filter((e) => e.kind === 'page').map((e) => e.page.replace(/^\/+/, '')));
    return [...site.pages().keys()].filter((page) => !listed.has(page)).map((page) => slash + page);
  };
  if (typeof last === 'number' && path[path.length - 2] === 'pages') {
    const owner = onPath[path.length - 2];
    const pages = unlistedPages();
    // Where an element sets `openapi` (or inherits it), endpoints are what the entries mostly are.
    const scope = owner?.openapi ?? model.apiSpecs;
    const operationsFirst = owner?.openapi !== undefined;
    if (!operationsFirst) for (const page of pages) add(page, CompletionItemKind.File);
    for (const { source } of scope?.sources ?? []) {
      for (const operation of site.lookupSpec(source).spec?.operations.values() ?? [])
        add(`${operation.method} ${operation.path}`, CompletionItemKind.Method, operation.summary ?? source);
    }
    if (operationsFirst) for (const page of pages) add(page, CompletionItemKind.File);
    return items;
  }
  if (last === 'root' && onPath[path.length - 1]?.kind === 'group') {
    for (const page of unlistedPages()) add(page, CompletionItemKind.File);
    return items;
  }
  if (last === 'language') {
    for (const code of supportedLanguages) add(code, CompletionItemKind.EnumMember);
    return items;
  }
  for (const value of valuesOf(schemasOf(path))) add(value, CompletionItemKind.EnumMember);
  return items;
}

/**
 * The element of `file` at each ancestor of a path, by length: `[i]` is the element whose JSON
 * pointer in its file is `path.slice(0, i)` (the last such in document order). Pointers are compared
 * key by key up the tree: writing out the pointer of every element costs more than the rest of a
 * completion on a large site.
 */
function elementsOnPath(model: NavModel, file: string, path: JSONPath): (NavElement | undefined)[] {
  const found: (NavElement | undefined)[] = [];
  // As pointerOf walks: up to the top of the node's own file.
  const up = (node: JNode) => (node.key !== undefined && node.parent?.file === node.file ? node.parent : undefined);
  for (const element of model.elements) {
    if (element.node.file.path !== file) continue;
    let depth = 0;
    for (let at = up(element.node); at; at = up(at)) depth++;
    if (depth > path.length) continue;
    let same = true;
    let at: JNode | undefined = element.node;
    for (let i = depth - 1; same && i >= 0; i--, at = up(at!)) same = at!.key === path[i];
    if (same) found[depth] = element;
  }
  return found;
}
