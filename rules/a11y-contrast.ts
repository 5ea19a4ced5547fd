import { contrastChecks, nearestPassing } from '../src/engine/contrast';
import { type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';

export const meta = {
  id: 'a11y-contrast',
  description:
    "a colour of docs.json whose contrast with the background it is shown on is below WCAG's ratio, as `mint a11y` checks it (accessibility)",
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    text: '{{label}} "{{color}}" has a contrast of {{ratio}}:1 with the {{mode}} background ({{background}}, {{backgroundFrom}}), below the 4.5:1 WCAG AA asks of text (1.4.3); the platform uses it for {{usage}}{{nearest}}',
    control:
      '{{label}} "{{color}}" has a contrast of {{ratio}}:1 with the {{mode}} background ({{background}}, {{backgroundFrom}}), below the 3:1 WCAG asks of controls (1.4.11); the platform uses it for {{usage}}{{nearest}}',
    notAAA:
      '{{label}} "{{color}}" has a contrast of {{ratio}}:1 with the {{mode}} background ({{background}}, {{backgroundFrom}}): WCAG AA\'s 4.5:1 for text, not AAA\'s 7:1 (1.4.6), which `mint a11y` warns of; the platform uses it for {{usage}}{{nearest}}',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  const site = contrastChecks(model.docs);
  for (const found of site.checks) {
    if (found.verdict === 'pass') continue;
    const color = found.node.value as string;
    const near = nearestPassing(found, site);
    const ratioOf = (ratio: number) => ratio.toFixed(2);
    report({
      span: found.node,
      messageId: found.verdict === 'warning' ? 'notAAA' : found.threshold === 3 ? 'control' : 'text',
      data: {
        label: found.label,
        color,
        ratio: ratioOf(found.ratio),
        mode: found.mode,
        background: found.background,
        backgroundFrom: found.backgroundFrom,
        usage: found.usage,
        nearest: near
          ? `; the nearest colour of the same hue that passes is "${near.color}" (${ratioOf(near.ratio)}:1)`
          : '; no colour of the same hue passes',
      },
      suggestions: near && [
        {
          desc: `Use "${near.color}" (${ratioOf(near.ratio)}:1)`,
          fix: replaceSpan(found.node, JSON.stringify(near.color)),
        },
      ],
      ...(found.verdict === 'warning' ? { severity: 'warn' as const } : {}),
    });
  }
}
