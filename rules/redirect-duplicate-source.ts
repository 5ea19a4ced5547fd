import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { redirectPathKey } from '../src/engine/site-urls';
import type { JScalar } from '../src/parsers/json';
import { lineOf } from '../src/parsers/source';

export const meta = {
  id: 'redirect-duplicate-source',
  description: 'a redirect source listed twice (an error), or the same path written twice (redundant)',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    listedTwice: 'redirect source "{{source}}" is listed twice (first at {{first}}): the platform refuses to build',
    samePath:
      'redirect source "{{source}}" is the same path as "{{other}}" ({{first}}): redundant, only one of them can fire',
  },
} satisfies RuleMeta;

export function check({ report, urls }: RuleContext<typeof meta>): void {
  const written = new Map<string, JScalar>();
  const firstOfPath = new Map<string, JScalar>();
  for (const { source } of urls().redirects) {
    if (!source) continue;
    const value = source.value as string;
    const repeated = written.get(value);
    const samePath = firstOfPath.get(redirectPathKey(value));
    if (repeated)
      report({
        span: source,
        messageId: 'listedTwice',
        data: { source: value, first: lineOf(repeated, source.file) },
      });
    else if (samePath)
      report({
        span: source,
        severity: 'warn',
        messageId: 'samePath',
        data: { source: value, other: samePath.value as string, first: lineOf(samePath, source.file) },
      });
    if (!repeated) written.set(value, source);
    if (!samePath) firstOfPath.set(redirectPathKey(value), source);
  }
}
