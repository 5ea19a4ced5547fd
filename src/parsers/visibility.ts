/** An mdast node as far as its audience is read from it. */
export interface AudienceNode {
  type: string;
  name?: string | null;
  attributes?: readonly { type: string; name?: string; value?: unknown }[];
}

/**
 * remarkVisibilityForMarkdown's `resolveVisibilityFor` and `isHiddenFromHumans`: `<Visibility
 * for="agents">`, or one with no valid audience. What it holds is left out of the rendered page and
 * kept in the page's Markdown for agents.
 */
export function hiddenFromHumans(node: AudienceNode): boolean {
  if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'Visibility')
    return false;
  let invalid = false;
  let dynamic = false;
  for (const a of node.attributes ?? []) {
    if (a.type !== 'mdxJsxAttribute' || a.name !== 'for') continue;
    if (typeof a.value === 'string') {
      if (a.value === 'humans' || a.value === 'agents') return a.value === 'agents';
      invalid = true;
      continue;
    }
    if (a.value && typeof a.value === 'object') {
      const expression = (a.value as { value?: unknown }).value;
      if (typeof expression === 'string') {
        const quoted = expression.trim().match(/^(["'`])((?:\\.|(?!\1)[^\\])*)\1$/);
        if (quoted && !(quoted[1] === '`' && (quoted[2] ?? '').includes('${'))) {
          const inner = quoted[2] ?? '';
          if (inner === 'humans' || inner === 'agents') return inner === 'agents';
          invalid = true;
          continue;
        }
      }
      dynamic = true;
    }
  }
  return invalid || !dynamic;
}
