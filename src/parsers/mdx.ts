import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkAutolinkLiteralsOnDemand } from './autolink-literals';
import { type DirectiveNode, frontmatterDirectives, mdxDirectives } from './directives';
import { esmOf, type MdastRoot } from './esm';
import { type FrontmatterBlock, findFrontmatter, frontmatterAttributes, yamlOffset } from './frontmatter-block';
import { frontmatterFields } from './frontmatter-fields';
import { scanImports } from './import-scan';
import { longestPart, type PartSizes, parseInParts, partSizes, type TreeNode } from './mdx-chunks';
import { preprocessMdx } from './mdx-preprocess';
import { type A11yNode, a11yOf } from './page-a11y';
import { type Root as AnchorRoot, anchorsOf, untitledMode } from './page-anchors';
import { type LinkNode, linksOf } from './page-links';
import type { PageParse, PageParseError, PagePosition, ParseOptions } from './page-parse';
import { parseScript } from './script';
import { substituteVariables } from './variables';
import { yamlMistake } from './yaml-mistakes';

// The platform's stack (@mintlify/common's coreRemark): remark-parse with MDX, GFM, YAML and TOML
// frontmatter, and math; GFM's autolink-literal transform run only where it can change the tree.
const processor = unified()
  .use(remarkParse)
  .use([remarkMdx, remarkGfm, [remarkFrontmatter, ['yaml', 'toml']], remarkMath, remarkAutolinkLiteralsOnDemand])
  .freeze();

/**
 * Parses a file as the platform does (a page or an MDX snippet; a .jsx or .tsx snippet with
 * `options.script`), after putting docs.json's variables into it when given (snippets); every place
 * in the parse is one of the text as written. A large page's MDX is parsed in `parts` (mdx-chunks.ts),
 * with the same result. Never throws.
 */
export function parseSiteFile(text: string, options: ParseOptions = {}, parts = partSizes): PageParse {
  const substituted = substituteVariables(text, options.variables);
  let parse: PageParse;
  let parsedSources: string[] | undefined;
  if (options.script) {
    const { importSources, ...script } = parseScript(
      substituted?.text ?? text,
      options.script === 'tsx',
      substituted?.sourceOffset,
    );
    parse = script;
    parsedSources = script.error ? undefined : (importSources ?? []);
  } else {
    const markdown = substituted?.text ?? text;
    // micromark drops a leading byte order mark and counts its positions from after it: the links' offsets into the text are read in the same text.
    const parsed = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
    const block = findFrontmatter(text);
    const { mode, ...frontmatter } = readFrontmatter(text, block);
    parse = { ...parseMdx(parsed, mode, parts, substituted?.toSource), ...frontmatter };
    const directives = [...(block ? frontmatterDirectives(text, block.yaml) : []), ...(parse.directives ?? [])];
    parse = { ...parse, directives };
    if (directives.length === 0) delete parse.directives;
    parsedSources = parse.error ? undefined : (parse.imports ?? []).map((found) => found.source);
  }
  // The platform's scan reads the text as written, and its parse only for a line it cannot read.
  const scan = scanImports(text);
  const importScan = scan.needsParse && parsedSources ? parsedSources : scan.sources;
  return importScan.length ? { ...parse, importScan } : parse;
}

/** Past this length, a text's parse in one piece may need more than a small heap: about 250 bytes a character. */
const longestInSmallHeap = 128 * 1024;
/** Past this length, a page's tree (about 30 bytes a character) and its parse's result may. */
const largestInSmallHeap = 768 * 1024;

/**
 * Whether `parseSiteFile` parses this text in a small heap (a parse worker's): no piece it parses at
 * once (a script, a part of a page: mdx-chunks.ts) is long, nor is the page whose tree it builds.
 */
export function parsesInSmallHeap(text: string, options: ParseOptions = {}): boolean {
  if (text.length <= longestInSmallHeap) return true;
  if (options.script || text.length > largestInSmallHeap) return false;
  return (
    longestPart(preprocessMdx(substituteVariables(text, options.variables)?.text ?? text).text) <= longestInSmallHeap
  );
}

/**
 * The frontmatter as the platform's parser reads it: its fields, or its YAML error at the page's own
 * line and column; and its `mode`, which decides whether headings get ids.
 */
function readFrontmatter(
  text: string,
  block: FrontmatterBlock | undefined,
): Pick<PageParse, 'frontmatter' | 'frontmatterError'> & { mode?: string } {
  if (!block) return {};
  let attributes: unknown;
  try {
    attributes = frontmatterAttributes(text, block);
  } catch (error) {
    return { frontmatterError: yamlError(text, block, error) };
  }
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) return {};
  const fields = attributes as Record<string, unknown>;
  const found = frontmatterFields(text, fields, block.yaml[0], block.yaml[1]);
  return {
    ...(found.length ? { frontmatter: found } : {}),
    ...(typeof fields.mode === 'string' ? { mode: fields.mode } : {}),
  };
}

function yamlError(text: string, block: FrontmatterBlock, error: unknown): PageParseError {
  const { reason, message, mark } = error as { reason?: string; message?: string; mark?: { position: number } };
  const stopped = mark ? yamlOffset(text, block, mark.position) : 0;
  const said = String(reason ?? message ?? error);
  // Where the mistake is, in plain words, when js-yaml's text and place do not say it.
  const mistake = yamlMistake(text.slice(block.yaml[0], block.yaml[1]), said, stopped - block.yaml[0]);
  const offset = mistake?.offset === undefined ? stopped : block.yaml[0] + mistake.offset;
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return {
    reason: said,
    ...(mistake ? { hint: mistake.hint } : {}),
    start: { line: before.length, column: before[before.length - 1].length + 1 },
    source: 'js-yaml',
  };
}

/**
 * `mode` is the page's frontmatter `mode`; `toSource` takes a place in `text` to the file's own, when
 * `text` is not the file as written (its variables put in).
 */
function parseMdx(
  text: string,
  mode: string | undefined,
  parts: PartSizes,
  toSource?: (at: PagePosition) => PagePosition,
): PageParse {
  const { text: parsed, sourceLines, columnShifts, sourceColumn } = preprocessMdx(text);
  const toPage = (at: PagePosition): PagePosition => {
    const line = sourceLines?.[at.line - 1] ?? at.line;
    const column = at.column + (columnShifts?.[at.line - 1] ?? 0);
    const inText = { line, column: sourceColumn ? sourceColumn(line, column) : column };
    return toSource ? toSource(inText) : inText;
  };
  let tree: MdastRoot;
  try {
    tree = parseInParts(parsed, (part) => processor.parse(part) as MdastRoot & TreeNode, parts);
  } catch (error) {
    return { error: parseError(error, toPage) };
  }
  const parse = esmOf(tree, parsed, (at) => toPage({ line: at.line, column: at.column + 1 }));
  const links = linksOf(tree as LinkNode, parsed, toPage);
  const directives = mdxDirectives(tree as DirectiveNode, parsed, toPage);
  const a11y = a11yOf(tree as unknown as A11yNode, toPage, untitledMode(mode));
  return {
    ...parse,
    ...(links.length ? { links } : {}),
    ...(a11y ? { a11y } : {}),
    anchors: anchorsOf(tree as unknown as AnchorRoot, { mode }),
    ...(directives.length ? { directives } : {}),
  };
}

interface ParserMessage {
  reason?: string;
  message?: string;
  line?: number;
  column?: number;
  place?: PagePosition | { start: PagePosition; end: PagePosition };
  ruleId?: string;
  source?: string;
}

/** The parser's error as the page's: `toPage` turns a position of the preprocessed text into the page's. */
function parseError(error: unknown, toPage: (at: PagePosition) => PagePosition): PageParseError {
  const message = (error ?? {}) as ParserMessage;
  const raw = String(message.reason ?? message.message ?? error);
  const place = message.place && 'start' in message.place ? message.place : undefined;
  const inReason = typeof message.line === 'number' || place ? undefined : positionInReason(raw);
  const start =
    typeof message.line === 'number'
      ? { line: message.line, column: message.column ?? 1 }
      : (place?.start ?? inReason?.position ?? { line: 1, column: 1 });
  // Positions the reason quotes are the preprocessed text's: each is given as the page's line.
  const reason = (inReason ? raw.slice(0, inReason.index) : raw).replace(/\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g, (all) =>
    all.replace(/(\d+):(\d+)/g, (_, line: string, column: string) => {
      const at = toPage({ line: Number(line), column: Number(column) });
      return `${at.line}:${at.column}`;
    }),
  );
  return {
    reason,
    start: toPage(start),
    ...(place ? { end: toPage(place.end) } : {}),
    ...(message.ruleId ? { ruleId: message.ruleId } : {}),
    ...(message.source ? { source: message.source } : {}),
  };
}

/**
 * Where a message that has no place of its own says the mistake is, and where that ends its text:
 * mdast-util-mdx-jsx's "Expected a closing tag for `<Note>` (7:1-7:7)" names the opening tag only
 * in its text (the platform reads it there too).
 */
function positionInReason(reason: string): { position: PagePosition; index: number } | undefined {
  const found = / \((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
  return found ? { position: { line: Number(found[1]), column: Number(found[2]) }, index: found.index } : undefined;
}
