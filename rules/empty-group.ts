import { describeElement } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { member, property } from '../src/parsers/json';

export const meta = {
  id: 'empty-group',
  description: 'a group whose pages array is empty',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    noPages: '{{group}} has no pages',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    if (element.kind !== 'group') continue;
    const pages = member(element.node, 'pages');
    // A group with a root and no pages is a deliberate single-page group (real sites use it).
    if (pages?.type === 'array' && pages.items.length === 0 && !property(element.node, 'root')) {
      report({ span: pages, messageId: 'noPages', data: { group: describeElement(element) } });
    }
  }
}
