import { primaryPatterns } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import type { JObject } from '../src/parsers/json';

export const meta = {
  id: 'navigation-root',
  description: 'navigation has no primary pattern, or more than one',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    noPattern: 'navigation has no primary pattern: add one of {{patterns}}',
    severalPatterns:
      'navigation has more than one primary pattern: "{{extra}}" beside "{{first}}"; keep one at the root and nest the others inside it',
  },
} satisfies RuleMeta;

export function check({ model, report }: RuleContext<typeof meta>): void {
  const navigation = model.navigation;
  if (!navigation) return; // a missing or non-object navigation is a schema finding
  const node = navigation.node as JObject;
  const seen = new Set<string>();
  const patterns = node.properties.filter(
    (p) => primaryPatterns.includes(p.key) && !seen.has(p.key) && seen.add(p.key),
  );
  if (patterns.length === 0) {
    report({
      span: { file: node.file, offset: node.offset, length: 1 },
      messageId: 'noPattern',
      data: { patterns: primaryPatterns.map((p) => `"${p}"`).join(', ') },
    });
  }
  for (const extra of patterns.slice(1)) {
    report({
      span: extra.keySpan,
      messageId: 'severalPatterns',
      data: { extra: extra.key, first: patterns[0].key },
    });
  }
}
