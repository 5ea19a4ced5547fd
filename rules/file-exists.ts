import { isExternal, namedFiles } from '../src/engine/docs-json';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'file-exists',
  description:
    'a logo, favicon, background or thumbnail image, or self-hosted font that docs.json names and the docs folder lacks',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    outside: '{{label}} "{{value}}" points outside the docs folder',
    missing: '{{label}} "{{value}}" not found: the docs folder has no file {{path}}',
  },
} satisfies RuleMeta;

export function check({ model, site, report }: RuleContext<typeof meta>): void {
  for (const { node, label } of namedFiles(model)) {
    const value = node.value as string;
    if (value === '' || isExternal(value)) continue; // the schema reports an empty value; URLs are not fetched
    const lookup = site.lookupFile(value);
    if (lookup.outside) report({ span: node, messageId: 'outside', data: { label, value } });
    else if (!lookup.exists)
      report({
        span: node,
        messageId: 'missing',
        data: { label, value, path: lookup.normalized },
      });
  }
}
