import { frontMatterPackage } from '../common/lazy';

/**
 * A page's frontmatter as the platform reads it, for every reader of navlint's: @mintlify/common's
 * `parseFrontmatter` (the page metadata of the prebuild and of the render: `openapi`, `mode`, every
 * field; and the YAML error that fails a build) is front-matter 4.0.2, which parses the block with
 * js-yaml 3.15.2's `safeLoad`.
 */

/** Where a page's frontmatter block is in its text. */
export interface FrontmatterBlock {
  /** The block's start: its opening line (with a byte order mark before it). */
  start: number;
  /** Past the block: its closing line, white space up to a line's end, and one `\n`. */
  end: number;
  /** Its YAML, `[from, to)`: from the opening line's end (its line break included) to the closing line's start. */
  yaml: [number, number];
}

// front-matter's own pattern as it builds it off Windows (where it allows a `\r` before the last `\n`), with indices.
const blockPattern = /^(\ufeff?(= yaml =|---)$([\s\S]*?)^(?:\2|\.\.\.)\s*$(?:\n)?)/dm;

/**
 * Whether front-matter looks for a block in a text that starts with `firstLine`: when the line holds
 * `---` or `= yaml =` anywhere. It then takes the first line that is only that as the block's
 * start, a later line when the first holds more.
 */
export function opensFrontmatter(firstLine: string): boolean {
  return /= yaml =|---/.test(firstLine);
}

/** The frontmatter block of a page's text, where front-matter finds it; undefined when it finds none. */
export function findFrontmatter(text: string): FrontmatterBlock | undefined {
  const lineEnd = text.indexOf('\n');
  if (!opensFrontmatter(lineEnd < 0 ? text : text.slice(0, lineEnd))) return undefined;
  const found = blockPattern.exec(text)?.indices;
  return found && { start: found[0][0], end: found[0][1], yaml: [found[3][0], found[3][1]] };
}

/** The block's YAML as front-matter hands it to the YAML parser: trimmed of white space at both ends. */
export function frontmatterYaml(text: string, block: FrontmatterBlock): string {
  return text.slice(block.yaml[0], block.yaml[1]).replace(/^\s+|\s+$/g, '');
}

/**
 * The block's fields as the platform parses them: front-matter's `attributes` (`{}` for an empty
 * block; a YAML scalar or list as it is). Throws js-yaml's error when the YAML does not parse: its
 * `mark.position` counts in `frontmatterYaml` (see `yamlOffset`).
 */
export function frontmatterAttributes(text: string, block: FrontmatterBlock): unknown {
  // The block alone: front-matter finds the same block in it, and its pattern runs over less text.
  return frontMatterPackage()(text.slice(block.start, block.end)).attributes;
}

/**
 * The page's text without its frontmatter block: front-matter's `body`, which removes the block's
 * text where it first occurs (earlier than the block itself when a first line ends as it starts).
 */
export function frontmatterBody(text: string, block: FrontmatterBlock | undefined): string {
  if (!block) return text;
  const at = text.indexOf(text.slice(block.start, block.end));
  return text.slice(0, at) + text.slice(at + block.end - block.start);
}

/** The offset in the page of a place in the block's YAML as the parser read it (`frontmatterYaml`). */
export function yamlOffset(text: string, block: FrontmatterBlock, position: number): number {
  const yaml = text.slice(block.yaml[0], block.yaml[1]);
  return block.yaml[0] + (yaml.length - yaml.trimStart().length) + position;
}
