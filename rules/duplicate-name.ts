import { describeElement, type NavElement, nameKeys } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { type JNode, member } from '../src/parsers/json';
import { lineOf } from '../src/parsers/source';

export const meta = {
  id: 'duplicate-name',
  description: 'two siblings with the same tab, anchor, dropdown, product, version, language or menu item name',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    duplicateName: 'duplicate {{element}}: a sibling has the same name (first at {{first}})',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  // Siblings share a parent and the array that holds them.
  const firstByName = new Map<NavElement, Map<string, JNode>>();
  for (const element of model.elements) {
    if (
      element.kind === 'navigation' ||
      element.kind === 'group' ||
      element.kind === 'global-link' ||
      element.name === undefined
    )
      continue;
    const nameNode = member(element.node, nameKeys[element.kind]!)!;
    let names = firstByName.get(element.parent);
    if (!names) firstByName.set(element.parent, (names = new Map()));
    const key = `${element.container}\u0000${element.name}`;
    const first = names.get(key);
    if (!first) {
      names.set(key, nameNode);
      continue;
    }
    report({
      span: nameNode,
      messageId: 'duplicateName',
      data: { element: describeElement(element), first: lineOf(first, nameNode.file) },
    });
  }
}
