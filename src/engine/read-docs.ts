import * as path from 'node:path';
import { isInside } from '../common/paths';
import {
  type JNode,
  type JObject,
  type JProperty,
  maxJsonBytes,
  parseJson,
  property,
  type ReadIssue,
} from '../parsers/json';
import { SourceFile } from '../parsers/source';
import type { SiteFiles } from '../site/files';

export interface ReadResult {
  /** docs.json's top-level value, with every `$ref` followed. */
  root: JNode | undefined;
  /** docs.json first, then every `$ref` file read. */
  files: SourceFile[];
  issues: ReadIssue[];
}

/**
 * Reads a JSON file and follows every `{ "$ref": "relative/path.json" }` in it, relative to the file
 * that holds the `$ref`. The target stands in place of the `$ref` object; keys beside `$ref` are
 * merged over an object target. A target outside `root`, missing, unreadable or in a cycle is an issue.
 */
export function followRefs(filePath: string, root: string, files: SiteFiles): ReadResult {
  const issues: ReadIssue[] = [];
  const read: SourceFile[] = [];
  let rootReal: string | undefined; // resolved only when a $ref is followed

  const load = (absolute: string): JNode | undefined => {
    const size = files.size(absolute) ?? 0; // unsaved or unreadable: the read says what is wrong
    if (size > maxJsonBytes) {
      const file = new SourceFile(absolute, '');
      read.push(file);
      issues.push({
        kind: 'syntax',
        span: { file, offset: 0, length: 0 },
        message: `${path.basename(absolute)} is ${(size / 1048576).toFixed(1)} MB; navlint reads JSON files of up to ${maxJsonBytes / 1048576} MB`,
      });
      return undefined;
    }
    const file = new SourceFile(absolute, files.readText(absolute));
    read.push(file);
    return parseJson(file, issues);
  };

  /**
   * Follows the `$ref`s in the tree of one file, its top value too (a file that is itself a `$ref`
   * stands for its target, as on the platform): none to follow in most files (also "\u0024ref").
   */
  const followInFile = (node: JNode | undefined, chain: string[]): JNode | undefined => {
    if (!node?.file.text.includes('ref"')) return node;
    // The holder of the top value is set by whoever stands it in place; until then it is its own.
    return node.type === 'object' && property(node, '$ref') ? followAt(node, node, chain) : followBelow(node, chain);
  };

  const followBelow = (node: JNode | undefined, chain: string[]): JNode | undefined => {
    if (!node) return node;
    // Iterative over siblings, recursive over depth: depth is bounded by the text's nesting.
    if (node.type === 'array') {
      const items = node.items;
      for (let i = 0; i < items.length; i++) items[i] = followAt(items[i], node, chain);
    } else if (node.type === 'object') {
      for (const prop of node.properties) prop.value = followAt(prop.value, node, chain);
    }
    return node;
  };

  const followAt = (node: JNode, parent: JNode, chain: string[]): JNode => {
    const ref = node.type === 'object' ? property(node, '$ref') : undefined;
    if (!ref) return followBelow(node, chain)!;
    const target = followRef(ref, chain);
    if (!target) return followBelow(node, chain)!;
    target.parent = parent;
    const siblings = (node as JObject).properties.filter((p) => p.key !== '$ref');
    if (siblings.length > 0 && target.type === 'object') {
      const overridden = new Set(siblings.map((p) => p.key));
      for (const p of siblings) p.value = followAt(p.value, target, chain);
      target.properties = [...target.properties.filter((p) => !overridden.has(p.key)), ...siblings];
    }
    return target;
  };

  const followRef = (ref: JProperty, chain: string[]): JNode | undefined => {
    const span = ref.value;
    const report = (message: string) => {
      issues.push({ kind: 'ref', span, message });
      return undefined;
    };
    if (ref.value.type !== 'string') return report('"$ref" must be a string: a path relative to this file');
    const target = ref.value.value as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) {
      return report(`"$ref" "${target}" is not supported: use a path to a JSON file relative to this file`);
    }
    const from = chain[chain.length - 1];
    const absolute = path.resolve(path.dirname(from), target);
    if (path.isAbsolute(target) || !isInside(root, absolute))
      return report(`"$ref" "${target}" points outside the docs folder`);
    const kind = files.kind(absolute);
    if (!kind) return report(`"$ref" "${target}": file not found`);
    if (!isInside((rootReal ??= files.realpath(root)), files.realpath(absolute)))
      return report(`"$ref" "${target}" is a link that points outside the docs folder`);
    if (kind === 'folder') return report(`"$ref" "${target}" is a folder, not a JSON file`);
    if (chain.includes(absolute)) {
      const cycle = [...chain.slice(chain.indexOf(absolute)), absolute].map((f) => path.relative(root, f)).join(' → ');
      return report(`"$ref" "${target}" forms a cycle: ${cycle}`);
    }
    let loaded: JNode | undefined;
    try {
      loaded = load(absolute);
    } catch (error) {
      return report(`"$ref" "${target}" cannot be read: ${(error as Error).message}`);
    }
    return followInFile(loaded, [...chain, absolute]);
  };

  const absolute = path.resolve(filePath);
  const top = load(absolute);
  return { root: followInFile(top, [absolute]), files: read, issues };
}
