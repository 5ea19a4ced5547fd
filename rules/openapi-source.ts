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
  docs: {
    explanation:
      'An "openapi" value (a path relative to the docs folder, with or without a leading slash; a list of them; or { "source", "directory" }) must name an OpenAPI 3.x document in JSON or YAML that parses: the platform reads a file as a spec only when it has an "openapi" key, so a Swagger 2.0 document is a file it says does not exist. The message gives the spec\'s own error position. The top-level api.openapi is checked too. A spec given by URL (`{ "source": "https://…/openapi.json", "directory": "api-reference" }`) is fetched only with `--check-external` (with a timeout of 30 s and a limit of 50 MB; kept in the cache folder with its ETag, asked again with it, and used as kept when the server cannot be reached), and then read as a spec file of the site: its entries, its generated pages and the links to them are checked. Unread (offline, or the fetch failed), a warning says so once per spec, and what depends on it is not judged: its endpoint entries, and the links and redirects into its directory, which would otherwise be reported as landing nowhere though the site deploys and they work.',
    valid: '{ "tab": "API", "openapi": "api/openapi.yaml", "groups": [] }',
    invalid: '{ "tab": "API", "openapi": "api/openapi.yml", "groups": [] }   (the file is openapi.yaml)',
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
