import { specScopes } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';
import { unreadSpecs } from '../src/engine/site-urls';

export const meta = {
  id: 'openapi-source',
  description:
    'an openapi value that names a missing file, a file that does not parse, or a document that is not OpenAPI; a spec given by URL that was not read (a warning)',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // The site index words the problem (src/site/site.ts): `is no file of the docs folder`, `points outside the docs folder`, a parse error.
    unusable: 'openapi "{{source}}" {{problem}}',
    // Once per spec given by URL that was not read: what depends on it is not judged, rather than reported.
    notFetched:
      'openapi "{{source}}" is a URL, and navlint fetches a spec only with --check-external: its endpoint entries, the pages it generates and the links into "/{{directory}}" are not checked',
    fetchFailed:
      'openapi "{{source}}" could not be fetched ({{error}}): its endpoint entries, the pages it generates and the links into "/{{directory}}" are not checked',
  },
} satisfies RuleMeta;

export function check({ model, report, site }: RuleContext<typeof meta>): void {
  for (const scope of specScopes(model)) {
    for (const { source, node } of scope.sources) {
      const lookup = site.lookupSpec(source);
      if (lookup.problem) report({ span: node, messageId: 'unusable', data: { source, problem: lookup.problem } });
    }
  }
  for (const { source, node, directory, fetchError } of unreadSpecs(model, site)) {
    report({
      span: node,
      severity: 'warn',
      messageId: fetchError === undefined ? 'notFetched' : 'fetchFailed',
      data: { source, directory, error: fetchError ?? '' },
    });
  }
}
