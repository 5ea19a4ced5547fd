import type { Fix, RuleContext, RuleMeta } from '../src/engine/rule';
import { withoutSegment } from '../src/engine/site-urls';
import { applyFixes } from '../src/engine/text-edits';
import { property } from '../src/parsers/json';

export const meta = {
  id: 'redirect-base-path',
  description: "redirects written with the site's base path, which their paths are relative to",
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    basePath:
      'the redirects start with "/{{segment}}", which no page or folder of the site has: redirect paths are relative to the site, so a base path it is served under is not written in them, and these redirects likely never fire',
  },
} satisfies RuleMeta;

export function check({ model, report, urls }: RuleContext<typeof meta>): void {
  const segment = urls().redirectBasePath();
  const list = property(model.docs, 'redirects');
  if (segment === undefined || !list) return;
  const { offset, length, file } = list.value;
  const edits: Fix[] = [];
  for (const { source, destination } of urls().redirects) {
    for (const node of [source, destination]) {
      const rewritten = node && withoutSegment(node.value as string, segment);
      if (node && rewritten !== undefined)
        edits.push({
          range: [node.offset - offset, node.offset + node.length - offset],
          text: JSON.stringify(rewritten),
        });
    }
  }
  // One edit over the whole list, when every entry is in the list's own file (none a $ref of its own).
  const rewritten =
    urls().redirects.every(({ node }) => node.file === file) &&
    applyFixes(file.text.slice(offset, offset + length), edits).text;
  report({
    span: list.keySpan,
    messageId: 'basePath',
    data: { segment },
    suggestions: rewritten
      ? [
          {
            desc: `Remove "/${segment}" from every redirect`,
            fix: { range: [offset, offset + length], text: rewritten },
          },
        ]
      : undefined,
  });
}
