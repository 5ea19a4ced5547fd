import * as fs from 'node:fs';
import * as path from 'node:path';
import matter from 'gray-matter';
import { isMap, isScalar, parseDocument, stringify, type YAMLMap } from 'yaml';
import { writeTemporary } from '../common/atomic';
import { formatEndpoint, type EndpointRef } from '../parsers/endpoint-entry';
import { lint, type Finding, type LintOptions } from '../engine/lint';
import { applyFixes, removeItem } from '../engine/text-edits';
import { member, parseJson, type JNode } from '../parsers/json';
import { SourceFile } from '../parsers/source';
import { childContainers, specsInForce, type NavElement, type NavModel } from '../engine/model';
import { operationKey, type Operation } from '../parsers/openapi';
import { endpointProblem } from '../site/endpoints';
import type { Fix } from '../engine/rule';
import type { Site } from '../site/site';
import type { SpecLookup } from '../site/site-index';

/** One MDX endpoint page at one place in the navigation. */
interface PagePlace {
  element: NavElement;
  /** Page file relative to the docs folder. */
  file: string;
  endpoint: EndpointRef;
  spec: SpecLookup;
  operation: Operation;
  metadata: Record<string, unknown>;
  content: string;
}

export interface MigrationPlan {
  /** The docs folder. */
  root: string;
  /** New text of every file that changes (docs.json, $ref files, specs), absolute path → text. */
  writes: Map<string, { original: string; updated: string }>;
  /** MDX files to delete, absolute. */
  deletes: string[];
  /** Pages that lost to a later page for the same endpoint (spec 2.6: the last listed wins). */
  overridden: { file: string; winner: string; endpoint: string }[];
  /** Endpoints migrated. */
  migrated: number;
  /** The site's findings before the migration. */
  findings: Finding[];
}

/** Why a migration cannot start: nothing has been written. */
export class MigrationError extends Error {}

export interface MigrationOptions extends Pick<LintOptions, 'docsFile' | 'rules' | 'settings'> {
  extensionKey: string;
}

/**
 * Plans the whole migration in memory (spec 2.6 steps 1-4): finds the MDX endpoint pages in the
 * navigation, resolves each to its operation, moves frontmatter to `metadata` and body to `content`
 * of the vendor extension, and rewrites the page entries as endpoint entries. Writes nothing.
 */
export function planMigration(options: MigrationOptions): MigrationPlan {
  const { model, findings, site } = lint(options);
  const { places, problems } = findEndpointPages(model, site);
  if (problems.length > 0) throw new MigrationError(`cannot migrate; nothing was changed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const writes = new Map<string, { original: string; updated: string }>();
  // Every file written was read by the lint already: docs.json and its $ref files, or a spec.
  const read = (file: string) => model.files.find((f) => f.path === file)?.text ?? places.find((p) => p.spec.spec!.file === file)!.spec.spec!.source!.text;
  const original = (file: string) => writes.get(file)?.updated ?? read(file);
  const setText = (file: string, updated: string) => writes.set(file, { original: writes.get(file)?.original ?? read(file), updated });

  // Several places may name one endpoint: the page listed last in docs.json wins (spec 2.6).
  const winners = new Map<string, PagePlace>();
  for (const place of places) winners.set(endpointId(place), place);
  const overridden = places
    .filter((p) => winners.get(endpointId(p)) !== p && winners.get(endpointId(p))!.file !== p.file)
    .map((p) => ({ file: p.file, winner: winners.get(endpointId(p))!.file, endpoint: formatEndpoint({ ...p.endpoint, spec: undefined }) }));

  // Each spec is parsed once and all its operations edited together: per-endpoint re-parsing of a
  // multi-megabyte spec made large migrations quadratic.
  const bySpec = new Map<string, ExtensionWrite[]>();
  for (const place of winners.values()) {
    const extension: Record<string, unknown> = {};
    if (Object.keys(place.metadata).length > 0) extension.metadata = place.metadata;
    if (place.content) extension.content = place.content;
    const location = place.operation.webhook !== undefined ? ['webhooks', place.operation.webhook] : ['paths', place.operation.path!];
    const method = (place.operation.method ?? 'POST').toLowerCase();
    const file = place.spec.spec!.file;
    bySpec.set(file, [...(bySpec.get(file) ?? []), { location: [...location, method], value: extension }]);
  }
  for (const [file, extensions] of bySpec) setText(file, setExtensions(file, original(file), extensions, options.extensionKey));

  for (const [file, fixes] of docsEdits(model, site, places, winners)) setText(file, applyFixes(original(file), fixes).text);
  return {
    root: model.root,
    writes,
    deletes: [...new Set(places.map((p) => path.join(model.root, p.file)))],
    overridden,
    migrated: winners.size,
    findings,
  };
}

function endpointId(place: PagePlace): string {
  return `${place.spec.spec!.file}\u0000${place.operation.webhook ?? operationKey(place.operation.method!, place.operation.path!)}`;
}

/** The MDX endpoint pages in the navigation, in docs.json order, each resolved to its operation; and why others cannot be. */
export function findEndpointPages(model: NavModel, site: Site): { places: PagePlace[]; problems: string[] } {
  const places: PagePlace[] = [];
  const problems: string[] = [];
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.container === 'root') continue;
    const file = site.lookupPage(element.page!).file;
    const frontmatter = file ? site.frontmatter(file) : undefined;
    if (!file || !frontmatter) continue;
    if (!frontmatter.endpoint) {
      problems.push(`${file}: openapi "${frontmatter.value}" is not an endpoint (METHOD /path or webhook name)`);
      continue;
    }
    const resolution = site.resolveEndpoint(frontmatter.endpoint, specsInForce(model, element), frontmatter.file);
    const problem = endpointProblem(frontmatter.endpoint, resolution);
    const remote = resolution.searched.find((s) => s.remote);
    if (problem) problems.push(`${file}: ${problem.message}`);
    else if (resolution.operation && resolution.spec) {
      // The whole page: the frontmatter reader may have read only its head.
      const { data, content } = matter(site.readPage(file), {});
      const { openapi: _, ...metadata } = data;
      places.push({ element, file, endpoint: frontmatter.endpoint, spec: resolution.spec, operation: resolution.operation, metadata, content: content.trim() });
    } else if (remote) problems.push(`${file}: its spec ${remote.source} is a URL; navlint can only write into a spec file of the site`);
    else {
      const broken = resolution.searched.find((s) => s.problem)!;
      problems.push(`${file}: spec ${broken.source} ${broken.problem}`);
    }
  }
  return { places, problems };
}

/**
 * Manual-migration help (spec 2.6): the endpoints whose pages are still MDX, and the operations of
 * the site's specs that no navigation entry or page reaches (x-hidden and x-excluded ones left alone).
 */
export function migrationStatus(options: Pick<LintOptions, 'docsFile' | 'rules' | 'settings'>): { pending: string[]; unlisted: string[]; problems: string[] } {
  const { model, site } = lint(options);
  const { places, problems } = findEndpointPages(model, site);
  const covered = new Set(places.map((p) => endpointId(p)));
  const specs = new Map<string, SpecLookup>();
  const generatesAll = new Set<string>();
  const scopes = [...model.elements.filter((e) => e.openapi?.owner === e), ...(model.apiSpecs ? [{ openapi: model.apiSpecs }] : [])];
  for (const holder of scopes) {
    for (const { source } of holder.openapi!.sources) {
      const lookup = site.lookupSpec(source);
      if (!lookup.spec) continue;
      specs.set(lookup.spec.file, lookup);
      // An element with "openapi" and no children gets a page for every endpoint (spec 2.5).
      const element = 'kind' in holder ? (holder as NavElement) : undefined;
      if (element && element.node.type === 'object' && !element.node.properties.some((p) => p.key in childContainers)) {
        generatesAll.add(lookup.spec.file);
      }
    }
  }
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    const resolution = site.resolveEndpoint(element.endpoint!, specsInForce(model, element));
    if (resolution.operation && resolution.spec?.spec) covered.add(`${resolution.spec.spec.file}\u0000${resolution.operation.webhook ?? operationKey(resolution.operation.method!, resolution.operation.path!)}`);
  }
  for (const place of places) specs.set(place.spec.spec!.file, place.spec);
  const unlisted: string[] = [];
  for (const [file, lookup] of specs) {
    if (generatesAll.has(file)) continue;
    const relative = path.relative(model.root, file).split(path.sep).join('/');
    for (const operation of [...lookup.spec!.operations.values(), ...lookup.spec!.webhooks.values()]) {
      if (operation.hidden || operation.excluded) continue;
      const id = operation.webhook ?? operationKey(operation.method!, operation.path!);
      if (!covered.has(`${file}\u0000${id}`)) unlisted.push(`${relative}: ${operation.webhook !== undefined ? `webhook ${operation.webhook}` : id}`);
    }
  }
  return { pending: places.map((p) => `${p.file}: ${formatEndpoint({ ...p.endpoint, spec: undefined })}`), unlisted, problems };
}

/**
 * The docs.json (and $ref file) edits: each migrated page entry becomes its endpoint entry. Where the
 * spec is not in scope, the enclosing element gets "openapi" when it has none in scope at all, and the
 * entry names the spec ("spec.yaml GET /x") when its scope is another spec.
 */
function docsEdits(model: NavModel, site: Site, places: PagePlace[], winners: Map<string, PagePlace>): Map<string, Fix[]> {
  const edits = new Map<string, Fix[]>();
  const add = (node: JNode, fix: Fix) => edits.set(node.file.path, [...(edits.get(node.file.path) ?? []), fix]);
  const given = new Map<NavElement, string>(); // parents that receive "openapi", and which spec
  for (const place of places) {
    // A page that lost to a later page in the same pages array would list the endpoint twice there: drop it.
    const winner = winners.get(endpointId(place))!;
    if (winner !== place && winner.element.node.parent === place.element.node.parent) {
      add(place.element.node, removeItem(place.element.node.parent!, place.element.node));
      continue;
    }
    const specFile = place.spec.spec!.file;
    const relative = path.relative(model.root, specFile).split(path.sep).join('/');
    const parent = place.element.parent!;
    const scope = specsInForce(model, place.element);
    const inScope = scope?.some((source) => site.lookupSpec(source).spec?.file === specFile) ?? false;
    let entry = formatEndpoint(place.operation.webhook !== undefined ? { webhook: place.operation.webhook } : { method: place.operation.method, path: place.operation.path });
    if (!inScope) {
      if (!scope && (given.get(parent) ?? relative) === relative) {
        if (!given.has(parent)) {
          given.set(parent, relative);
          add(parent.node, setProperty(parent.node, 'openapi', relative));
        }
      } else {
        entry = `${relative} ${entry}`;
      }
    }
    add(place.element.node, { range: [place.element.node.offset, place.element.node.offset + place.element.node.length], text: JSON.stringify(entry) });
  }
  return edits;
}

/**
 * Sets a property of a JSON object with a local edit: its value replaced in place, or a new property
 * after the last one, laid out like it (own line and indentation, or inline). The value is rendered
 * with the file's indentation unit. jsonc-parser's modify re-parses and re-formats the whole text for
 * each change and rewrites a one-line object whole, which swallowed edits inside it.
 */
function setProperty(object: JNode, key: string, value: unknown, unit: string | number = 2): Fix {
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
    return { range: [existing.value.offset, existing.value.offset + existing.value.length], text: render(indentOf(existing.span.offset) ?? '') };
  }
  const last = siblings[siblings.length - 1];
  if (!last) return { range: [object.offset + 1, object.offset + 1], text: ` ${JSON.stringify(key)}: ${JSON.stringify(value)} ` };
  const end = last.span.offset + last.span.length;
  const indent = indentOf(last.span.offset);
  return indent === undefined
    ? { range: [end, end], text: `, ${JSON.stringify(key)}: ${JSON.stringify(value)}` }
    : { range: [end, end], text: `,${eol}${indent}${JSON.stringify(key)}: ${render(indent)}` };
}

interface ExtensionWrite {
  /** Path of the operation: ['paths', '/users', 'get'] or ['webhooks', 'name', 'post']. */
  location: string[];
  value: Record<string, unknown>;
}

/** Sets the vendor extension of several operations in a spec's text, changing nothing else. */
function setExtensions(file: string, text: string, writes: ExtensionWrite[], key: string): string {
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
  const edits = writes.map((w, i) => yamlSplice(text, operations[i] as YAMLMap, key, w.value)).sort((a, b) => b.offset - a.offset);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.offset) + edit.text + result.slice(edit.offset + edit.length);
  return result;
}

/**
 * The edit that writes the extension into a block mapping: the new block is rendered alone with yaml
 * and indented like its siblings, so comments, quoting and line breaks elsewhere stay as they are.
 */
function yamlSplice(text: string, operation: YAMLMap, key: string, value: Record<string, unknown>): { offset: number; length: number; text: string } {
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
    const end = lineEnd(text, contentEnd(text, (existing.value as { range?: [number, number, number] })?.range?.[1] ?? (existing.key as { range: [number, number, number] }).range[1]));
    return { offset: start, length: end - start, text: block };
  }
  const last = operation.items[operation.items.length - 1];
  const lastEnd = (last.value as { range?: [number, number, number] })?.range?.[1] ?? (last.key as { range: [number, number, number] }).range[1];
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

/** The indentation unit of a JSON file: a tab, or its first indentation's number of spaces. */
function jsonIndentUnit(text: string): string | number {
  const indented = /\n([ \t]+)\S/.exec(text);
  if (indented?.[1].startsWith('\t')) return '\t';
  return indented ? indented[1].length : 2;
}

export interface Writer {
  writeTemporary(file: string, text: string): string;
  rename(from: string, to: string): void;
  remove(file: string): void;
  /** Removes a folder if it is empty; false when it is not (or cannot be removed). */
  removeEmptyFolder(folder: string): boolean;
}

export const diskWriter: Writer = {
  writeTemporary,
  rename: (from, to) => fs.renameSync(from, to),
  remove: (file) => fs.rmSync(file, { force: true }),
  removeEmptyFolder(folder) {
    try {
      fs.rmdirSync(folder);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * Applies a plan so that a failure anywhere leaves the site as it was: every new content goes to a
 * temporary file first; then each is renamed into place (a failure puts back the files already
 * renamed); only when every write succeeded are the MDX files deleted.
 */
export function applyMigration(plan: MigrationPlan, writer: Writer = diskWriter): void {
  const staged: { file: string; temporary: string; original: string }[] = [];
  try {
    for (const [file, { original, updated }] of plan.writes) staged.push({ file, temporary: writer.writeTemporary(file, updated), original });
  } catch (error) {
    for (const { temporary } of staged) writer.remove(temporary);
    throw new MigrationError(`cannot write ${fileOf(error)}: ${(error as Error).message}; nothing was changed`);
  }
  const renamed: typeof staged = [];
  try {
    for (const entry of staged) {
      writer.rename(entry.temporary, entry.file);
      renamed.push(entry);
    }
  } catch (error) {
    const rollback: string[] = [];
    for (const entry of staged) if (!renamed.includes(entry)) writer.remove(entry.temporary);
    for (const { file, original } of renamed) {
      try {
        writer.rename(writer.writeTemporary(file, original), file);
      } catch {
        rollback.push(file);
      }
    }
    if (rollback.length > 0) throw new MigrationError(`writing failed (${(error as Error).message}) and ${rollback.join(', ')} could not be restored`);
    throw new MigrationError(`writing failed (${(error as Error).message}); every file was put back as it was, nothing was changed`);
  }
  const kept: string[] = [];
  for (const file of plan.deletes) {
    try {
      writer.remove(file);
    } catch {
      kept.push(file);
    }
  }
  // Folders that held only migrated pages go too, up to (never including) the docs folder.
  for (const file of plan.deletes) {
    for (let folder = path.dirname(file); folder !== plan.root && folder.startsWith(plan.root + path.sep); folder = path.dirname(folder)) {
      if (!writer.removeEmptyFolder(folder)) break;
    }
  }
  if (kept.length > 0) throw new MigrationError(`migrated, but could not delete ${kept.join(', ')}: their content is in the spec now; delete them by hand`);
}

function fileOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).path ?? 'a file';
}

/** Errors of a lint that were not there before: what a migration must not introduce. */
export function newErrors(before: Finding[], after: Finding[]): Finding[] {
  const counts = new Map<string, number>();
  const key = (f: Finding) => `${f.ruleId}\u0000${f.message}`;
  for (const f of before) if (f.severity === 2) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  return after.filter((f) => {
    if (f.severity !== 2) return false;
    const left = counts.get(key(f)) ?? 0;
    counts.set(key(f), left - 1);
    return left <= 0;
  });
}
