import { parseEndpoint, type EndpointRef } from './endpoint-entry';
import { grayMatter } from './lazy';
import type { SourceFile, Span } from './source';

/** A page's `openapi:` frontmatter entry: where it is, its value, and the endpoint it names. */
export interface OpenapiFrontmatter {
  /** The whole entry (key and value, all its lines). */
  span: Span;
  value: string;
  endpoint?: EndpointRef;
}

/** The `openapi:` entry of an MDX page's frontmatter, if it has one; never throws. */
export function parseOpenapiFrontmatter(file: SourceFile): OpenapiFrontmatter | undefined {
  const text = file.text;
  const block = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  // Most pages are not API pages: skip the YAML parse unless an openapi key is there.
  const key = block ? /^openapi[ \t]*:.*(?:\r?\n[ \t]+\S.*)*/m.exec(block[1]) : null;
  if (!block || !key) return undefined;
  const offset = block.index + block[0].indexOf(block[1]) + key.index;
  const span = { file, offset, length: key[0].trimEnd().length };
  let value: unknown;
  try {
    value = grayMatter()(block[0], {}).data.openapi; // options given: gray-matter caches nothing then
  } catch {
    return { span, value: '' };
  }
  if (typeof value !== 'string') return { span, value: String(value ?? '') };
  return { span, value, endpoint: frontmatterEndpoint(value) };
}

/** The endpoint a frontmatter openapi value names, its line breaks (a folded value) read as spaces. */
export function frontmatterEndpoint(value: string): EndpointRef | undefined {
  return parseEndpoint(value.replace(/\s+/g, ' '));
}
