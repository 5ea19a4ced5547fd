import { childContainers, describeElement } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import type { JObject, JProperty } from '../src/parsers/json';

export const meta = {
  id: 'single-child-type',
  description: 'an element holds more than one type of child at the same level',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    menuItemChild: '{{element}} holds "{{key}}": a menu item holds only groups, pages or an external link',
    linkWithChildren:
      '{{element}} has both "{{first}}" and "{{extra}}": an element with an "href" is a link and holds no children',
    twoChildTypes: '{{element}} holds both "{{first}}" and "{{extra}}": an element holds one type of child per level',
  },
} satisfies RuleMeta;

const menuItemChildren = new Set(['groups', 'pages']);

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    // The root is navigation-root's; a group's only children are its pages (other keys are unknown-property's).
    if (element.kind === 'navigation' || element.kind === 'group' || element.node.type !== 'object') continue;
    const seen = new Set<string>();
    const children: JProperty[] = [];
    for (const prop of (element.node as JObject).properties) {
      const isChild = prop.key in childContainers || prop.key === 'href';
      if (!isChild || seen.has(prop.key)) continue;
      seen.add(prop.key);
      if (element.kind === 'menu-item' && prop.key in childContainers && !menuItemChildren.has(prop.key)) {
        report({
          span: prop.keySpan,
          messageId: 'menuItemChild',
          data: { element: describeElement(element), key: prop.key },
        });
        continue;
      }
      children.push(prop);
    }
    for (const extra of children.slice(1)) {
      const link = children[0].key === 'href' || extra.key === 'href';
      report({
        span: extra.keySpan,
        messageId: link ? 'linkWithChildren' : 'twoChildTypes',
        data: { element: describeElement(element), first: children[0].key, extra: extra.key },
      });
    }
  }
}
