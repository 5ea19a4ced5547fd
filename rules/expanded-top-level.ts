import { describeElement } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { removeProperty } from '../src/engine/text-edits';
import { property } from '../src/parsers/json';

export const meta = {
  id: 'expanded-top-level',
  description: '"expanded" on a top-level group, where it has no effect',
  defaultSeverity: 'warn',
  fixable: true,
  messages: {
    noEffect: '"expanded" has no effect on top-level {{group}}: top-level groups are always expanded',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  for (const element of model.elements) {
    if (!element.topLevelGroup) continue;
    const expanded = property(element.node, 'expanded');
    if (!expanded) continue;
    report({
      span: expanded.span,
      messageId: 'noEffect',
      data: { group: describeElement(element) },
      fix: { ...removeProperty(element.node, expanded), title: 'Remove "expanded"' },
    });
  }
}
