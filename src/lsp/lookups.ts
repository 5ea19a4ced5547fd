import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Hover, Location } from 'vscode-languageserver/node';
import { isInside } from '../common/paths';
import type { LintResult } from '../engine/lint';
import { type NavElement, specsInForce } from '../engine/model';
import { formatEndpoint } from '../parsers/endpoint-entry';
import type { JsonPath } from '../parsers/json';
import { locateOperation } from '../parsers/openapi';
import { documentJson, type StringToken } from './document-json';
import { uriOf } from './documents';
import { toRange } from './publisher';

/** The string at an offset of a docs.json (or `$ref` file), and the navigation element it is, if one. */
export interface StringAt {
  element?: NavElement;
  node: StringToken;
  path: JsonPath;
  result: LintResult;
}

/** The string at an offset of a file's text, read with the lint's tree when it is the tree of that text (./document-json.ts). */
export function stringAt(text: string, file: string, offset: number, result: LintResult): StringAt | undefined {
  const json = documentJson(text, file, result.model);
  const node = json.stringAt(offset);
  if (!node) return undefined;
  const element = result.model.elements.find((e) => e.node.file.path === file && e.node.offset === node.offset);
  return { element, node, path: json.location(offset).path, result };
}

/** Where a string of `file` leads: the `$ref` file, the page file, or the operation in its spec. */
export function definitionOf(found: StringAt, file: string): Location | null {
  const { element, node, result } = found;
  const site = result.site;
  const start = { line: 0, character: 0 };
  const fileLocation = (target: string): Location => ({ uri: uriOf(target), range: { start, end: start } });
  if (found.path[found.path.length - 1] === '$ref') {
    const target = path.resolve(path.dirname(file), String(node.value));
    return fs.existsSync(target) && isInside(site.root, target) ? fileLocation(target) : null;
  }
  if (element?.kind === 'page') {
    const page = site.lookupPage(element.page).file;
    return page ? fileLocation(path.join(site.root, page)) : null;
  }
  if (element?.kind === 'endpoint') {
    const { operation, spec } = site.resolveEndpoint(element.endpoint, specsInForce(result.model, element));
    if (!operation || !spec?.spec) return null;
    const at = locateOperation(spec.spec, operation);
    return at && spec.spec.source
      ? { uri: uriOf(spec.spec.file), range: toRange(spec.spec.source, at.offset, at.length) }
      : fileLocation(spec.spec.file);
  }
  return null;
}

/** What an endpoint entry is: its operation's summary and spec, or the specs it is not in. */
export function hoverOf(found: StringAt): Hover | null {
  if (found.element?.kind !== 'endpoint') return null;
  const { element, result } = found;
  const { operation, spec, searched } = result.site.resolveEndpoint(
    element.endpoint,
    specsInForce(result.model, element),
  );
  const title = `**${formatEndpoint({ ...element.endpoint, spec: undefined })}**`;
  const value = operation
    ? [title, operation.summary, `Spec: \`${path.relative(result.model.root, spec!.spec!.file)}\``]
        .filter(Boolean)
        .join('\n\n')
    : `${title}\n\nNot found in ${searched.map((s) => `\`${s.source}\``).join(', ') || 'any spec'}`;
  return {
    contents: { kind: 'markdown', value },
    range: toRange(element.node.file, element.node.offset, element.node.length),
  };
}
