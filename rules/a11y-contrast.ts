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
  docs: {
    explanation:
      "The platform's `mint a11y` checks the contrast of docs.json's colours with the site's backgrounds, as WCAG works out a contrast ratio: `colors.primary` against the light background and `colors.light` against the dark one at 4.5:1, the ratio of text (WCAG 1.4.3, AA), with a warning below AAA's 7:1 (1.4.6); `colors.dark`, the colour of buttons, against both at 3:1, the ratio of controls (1.4.11); and each `navigation.global.anchors` colour (`color.light`, `color.dark`) against its mode's background at 4.5:1. The backgrounds are `background.color`, else the theme's: white, and #09090b tinted with 2% of `colors.light` (the linden theme tints both with 3%). Each finding is at the colour's value, in docs.json or the `$ref` file that holds it, with its ratio, the ratio it must reach and where the platform uses it, and suggests the colour of the same hue and saturation, of the nearest lightness, that passes every check of that value. Its verdicts are `mint a11y`'s, the warning a warning. A colour that is not a hex code is the schema's finding, not this rule's. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `\"a11y\"` in the config file).",
    valid: '{ "colors": { "primary": "#0A5C46", "light": "#55D799", "dark": "#16A34A" } }',
    invalid: '{ "colors": { "primary": "#FFCC00" } }   (1.51:1 on white)',
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
