import * as path from 'node:path';
import { type LintOptions, type LintResult, lint, runRules } from '../engine/lint';
import {
  buildModel,
  type EndpointElement,
  type NavElement,
  type NavModel,
  nameKeyOf,
  type PageElement,
  remakeEntry,
} from '../engine/model';
import { type JNode, type JScalar, maxJsonBytes } from '../parsers/json';
import { decodeString, stringEnd } from '../parsers/json-strict';
import type { SourceFile, Span } from '../parsers/source';
import type { Site } from '../site/site';

/**
 * What an edit of docs.json changed, as the rules that read the pages see it: only the name of a
 * navigation element that names no page's place (a group, tab, anchor, dropdown, product or menu
 * item), which none of them reads; the path of one page entry (`pages`: before and after), which
 * they read through the folders the entries list (site-urls.ts) and at the page listed; or more.
 */
export type DocsEdit = { kind: 'label' } | { kind: 'page entry'; pages: readonly [string, string] } | { kind: 'other' };

const otherEdit: DocsEdit = { kind: 'other' };

/**
 * Lints docs.json again after an edit, with the same result as a fresh `lint`: the previous result's
 * model is patched in place when the edit allows (and is not valid afterwards), else it parses afresh.
 */
export function relint(
  previous: LintResult | undefined,
  options: LintOptions & { site: Site },
): { result: LintResult; edit: DocsEdit } {
  const same =
    previous && previous.site === options.site && previous.model.docsFile.path === path.resolve(options.docsFile);
  const patched = same ? patchPrevious(previous.model, (file) => options.site.files.readText(file)) : undefined;
  return patched
    ? { result: runRules(patched.model, options.site, options), edit: patched.edit }
    : { result: lint(options), edit: otherEdit };
}

/** Elements whose names only label them: a page's URL, version or language does not depend on them. */
const labelKinds = new Set(['group', 'tab', 'anchor', 'dropdown', 'product', 'menu-item']);

/**
 * The language server's fast path. A keystroke inside a string of docs.json changes one value, not
 * the shape of the file; re-parsing it and rebuilding the model of a large site is most of a
 * re-lint's time and makes all of its garbage. So when docs.json differs from the text the previous
 * model was built from only inside one string value (and every `$ref` file is unchanged), that tree
 * and model are patched in place: the value, the lengths that contain it, the offsets after it, and
 * the one element that depends on it. Anything else returns undefined, and the caller parses afresh.
 */
function patchPrevious(
  previous: NavModel,
  readText: (file: string) => string,
): { model: NavModel; edit: DocsEdit } | undefined {
  const [docsFile, ...refFiles] = previous.files;
  if (!docsFile || docsFile !== previous.docsFile || previous.readIssues.length > 0 || !previous.docs) return undefined;
  let text: string;
  try {
    if (refFiles.some((file) => readText(file.path) !== file.text)) return undefined;
    text = readText(docsFile.path);
  } catch {
    return undefined;
  }
  if (text.length > maxJsonBytes) return undefined;

  // No change at all (a page or spec changed instead): the model stands as it is.
  const change = changedRange(docsFile.text, text);
  let model = previous;
  let edit = otherEdit;
  if (change) {
    const token = stringValueHolding(previous.docs, docsFile, change.start, change.oldEnd);
    if (!token) return undefined;
    const end = token.offset + token.length + change.delta;
    if (stringEnd(text, token.offset) !== end) return undefined;
    let value: string;
    try {
      value = decodeString(text, token.offset, end);
    } catch {
      return undefined;
    }
    const effect = effectOn(previous, token);
    shiftSpans(previous.docs, docsFile, change.start, change.oldEnd, change.delta);
    token.value = value;
    for (let node: JNode | undefined = token; node; node = node.parent) node.cached = undefined;
    docsFile.replaceText(text);
    if (effect.kind === 'entry') edit = entryEdit(effect.element, remakeEntry(previous, effect.element));
    else if (effect.kind === 'name') effect.element.name = value;
    else if (effect.kind === 'rebuild') model = buildModel(previous.docs, previous);
    if (effect.kind === 'name' && labelKinds.has(effect.element.kind)) edit = { kind: 'label' };
  }
  return { model, edit };
}

/** A page entry's new path, when it was a page's and still is (an endpoint's entry generates pages: more changed). */
function entryEdit(before: PageElement | EndpointElement, after: PageElement | EndpointElement): DocsEdit {
  return before.kind === 'page' && after.kind === 'page'
    ? { kind: 'page entry', pages: [before.page, after.page] }
    : otherEdit;
}

/** Where two texts differ: [start, oldEnd) in the old text became [start, oldEnd + delta) in the new. */
function changedRange(before: string, after: string): { start: number; oldEnd: number; delta: number } | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  // Long stretches compare natively; halve the step at the first difference.
  let start = 0;
  for (let step = 1 << 16; step > 0 && start < shorter; ) {
    const size = Math.min(step, shorter - start);
    if (before.startsWith(after.slice(start, start + size), start)) start += size;
    else step >>= 1;
  }
  let common = 0;
  const room = shorter - start;
  for (let step = 1 << 16; step > 0 && common < room; ) {
    const size = Math.min(step, room - common);
    if (before.endsWith(after.slice(after.length - common - size, after.length - common), before.length - common))
      common += size;
    else step >>= 1;
  }
  return { start, oldEnd: before.length - common, delta: after.length - before.length };
}

/** The string value of docs.json whose contents (quotes excluded) hold [start, end), if one does. */
function stringValueHolding(root: JNode, file: SourceFile, start: number, end: number): JScalar | undefined {
  let node: JNode | undefined = root;
  while (node && node.file === file) {
    if (node.type === 'string') return node.offset < start && end < node.offset + node.length ? node : undefined;
    const children: JNode[] =
      node.type === 'object' ? node.properties.map((p) => p.value) : node.type === 'array' ? node.items : [];
    node = children.find((child) => child.offset <= start && end <= child.offset + child.length);
  }
  return undefined;
}

type Effect =
  | { kind: 'none' | 'rebuild' }
  | { kind: 'entry'; element: PageElement | EndpointElement }
  | { kind: 'name'; element: NavElement };

/** What a new value of `token` changes in the model, found before anything is patched. */
function effectOn(model: NavModel, token: JScalar): Effect {
  const ancestors = new Set<JNode>();
  for (let node: JNode | undefined = token; node; node = node.parent) {
    // The specs in scope of a subtree: build the model again (from the patched tree, no parse).
    if (node.key === 'openapi' || node.key === 'asyncapi') return { kind: 'rebuild' };
    ancestors.add(node);
  }
  let owner: NavElement | undefined;
  for (const element of model.elements) {
    // Only an entry's node is a string.
    if (element.node === token && (element.kind === 'page' || element.kind === 'endpoint'))
      return { kind: 'entry', element };
    if (ancestors.has(element.node) && (!owner || element.depth > owner.depth)) owner = element;
  }
  if (owner && token.parent === owner.node && token.key === nameKeyOf(owner)) return { kind: 'name', element: owner };
  return { kind: 'none' };
}

/** Moves every span of `file` after the edit by `delta`, and stretches those around it. */
function shiftSpans(root: JNode, file: SourceFile, start: number, oldEnd: number, delta: number): void {
  const shift = (span: Span) => {
    if (span.file !== file) return;
    if (span.offset >= oldEnd) span.offset += delta;
    else if (span.offset + span.length > start) span.length += delta;
  };
  const stack: JNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    shift(node);
    if (node.type === 'object') {
      for (const prop of node.properties) {
        shift(prop.keySpan);
        shift(prop.span);
        stack.push(prop.value);
      }
    } else if (node.type === 'array') {
      for (const item of node.items) stack.push(item);
    }
  }
}
