import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { redirectPathKey } from '../src/engine/site-urls';
import { lineOf, type Span } from '../src/parsers/source';

export const meta: RuleMeta = {
  id: 'redirect-duplicate-source',
  description: 'two redirects with the same source',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'Each redirect source may be listed once: the platform refuses to build a site with two redirects from the same path ("/old" and "/old/" are the same path). Keep the one that goes where readers should land and remove the other.',
    valid: '{ "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/c", "destination": "/b" }] }',
    invalid: '{ "redirects": [{ "source": "/a", "destination": "/b" }, { "source": "/a/", "destination": "/c" }] }',
  },
};

export function check({ report, urls }: RuleContext): void {
  const first = new Map<string, Span>();
  for (const { source } of urls().redirects) {
    if (!source) continue;
    const path = redirectPathKey(source.value as string);
    const earlier = first.get(path);
    if (!earlier) {
      first.set(path, source);
      continue;
    }
    report({ span: source, message: `redirect source "${source.value}" is listed twice (first at ${lineOf(earlier, source.file)}): the platform refuses to build` });
  }
}
