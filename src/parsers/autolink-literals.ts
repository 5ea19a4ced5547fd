import type { Processor } from 'unified';

/** The parts of an mdast node the guard reads. */
interface TextNode {
  type: string;
  value?: unknown;
  children?: TextNode[];
}

/** A from-markdown extension, as remark plugins add them to the processor's data. */
interface FromMarkdownExtension {
  transforms?: ((tree: TextNode) => TextNode | undefined)[];
  enter?: Record<string, unknown>;
}
type Extensions = (FromMarkdownExtension | Extensions)[];

/**
 * What every pattern of mdast-util-gfm-autolink-literal's transform needs in a text node: a URL
 * (`http://`, `https://`, `www.`, any case), or `@` (its e-mail, `mailto:` and `xmpp:` patterns).
 */
const autolinkText = /https?:\/\/|www\.|@/i;

function hasAutolinkText(node: TextNode): boolean {
  if (node.type === 'text') return typeof node.value === 'string' && autolinkText.test(node.value);
  return node.children?.some(hasAutolinkText) ?? false;
}

/**
 * A unified plugin, used after remark-gfm: remark-gfm's autolink-literal transform (bare URLs and
 * e-mail addresses in text become links) runs only on a tree where one of its patterns can match.
 * The transform walks every node with unist-util-visit-parents, which names a function per node, and
 * costs as much as the rest of the tree's build on a page without a bare URL; on such a page it
 * changes nothing, so the tree is the same. test/autolink-literals.test.ts holds the two to each other.
 */
export function remarkAutolinkLiteralsOnDemand(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extensions };
  const guard = (extension: FromMarkdownExtension | Extensions): FromMarkdownExtension | Extensions => {
    if (Array.isArray(extension)) return extension.map(guard);
    if (!extension.enter || !('literalAutolink' in extension.enter) || !extension.transforms) return extension;
    const transforms = extension.transforms.map(
      (transform) => (tree: TextNode) => (hasAutolinkText(tree) ? transform(tree) : undefined),
    );
    return { ...extension, transforms };
  };
  if (data.fromMarkdownExtensions) data.fromMarkdownExtensions = data.fromMarkdownExtensions.map(guard);
}
