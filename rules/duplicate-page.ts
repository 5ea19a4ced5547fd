import { describeElement, type NavElement, type PageElement } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { lineOf } from '../src/parsers/source';

export const meta = {
  id: 'duplicate-page',
  description: 'a page listed twice within one tab, anchor, dropdown, product, version or language',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    listedTwice: 'page "{{page}}" is listed twice in {{section}} (first at {{first}})',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  const firstBySection = new Map<NavElement, Map<string, NavElement>>();
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.container === 'root') continue;
    const scope = sectionOf(element);
    const page = element.page.replace(/^\/+/, '');
    let first = firstBySection.get(scope);
    if (!first) firstBySection.set(scope, (first = new Map()));
    const earlier = first.get(page);
    if (!earlier) {
      first.set(page, element);
      continue;
    }
    report({
      span: element.node,
      messageId: 'listedTwice',
      data: { page, section: describeElement(scope), first: lineOf(earlier.node, element.node.file) },
    });
  }
}

/** The section a page belongs to: its nearest ancestor that is not a group. */
function sectionOf(element: PageElement): NavElement {
  let scope = element.parent;
  while (scope.kind === 'group') scope = scope.parent;
  return scope;
}
