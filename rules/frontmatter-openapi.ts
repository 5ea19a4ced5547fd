import { specsInForce } from '../src/engine/model';
import { type RuleContext, type RuleMeta, replaceSpan, suggestCandidate } from '../src/engine/rule';
import { type EndpointRef, formatEndpoint } from '../src/parsers/endpoint-entry';
import { frontmatterPathSpan } from '../src/parsers/frontmatter';
import type { SourceFile } from '../src/parsers/source';
import { endpointProblem, trailingSlashMismatch } from '../src/site/endpoints';
import type { EndpointResolution, SiteIndex } from '../src/site/site-index';

export const meta = {
  id: 'frontmatter-openapi',
  description:
    'an MDX page in the navigation whose frontmatter openapi names a missing spec or endpoint, or an ambiguous one, or is no endpoint at all (a warning); a path that matches only ignoring a trailing slash is fixed as the spec spells it',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    // The platform's parseApiTargetFromMetadata logs such a value and gives the page no endpoint; its build passes.
    notEndpoint:
      'frontmatter openapi "{{value}}" is not an endpoint ("METHOD /path", "spec.yaml METHOD /path" or "webhook name"): the platform ignores it and builds the page from its own content, with no API playground',
    specWithoutEndpoint:
      'frontmatter openapi "{{value}}" names a spec but no endpoint: the platform ignores it and builds the page from its own content, with no API playground; to make it the page of an endpoint, write "{{value}} METHOD /path"',
    // The words are shared with migrate-mdx (src/site/endpoints.ts): `"GET /userz" is not in api.yaml; did you mean …`.
    unresolved: 'frontmatter openapi {{problem}}',
    // The words are shared with endpoint-exists (src/site/endpoints.ts).
    trailingSlash: 'frontmatter openapi {{mismatch}}',
  },
  readsSiteFiles: true,
} satisfies RuleMeta;

export function check({ model, report, site, checks }: RuleContext<typeof meta>): void {
  const seen = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const file = site.lookupPage(element.page).file;
    if (!file || seen.has(file) || !checks(file)) continue;
    seen.add(file);
    const frontmatter = site.frontmatter(file);
    if (!frontmatter) continue;
    const { span, value, endpoint } = frontmatter;
    if (!endpoint) {
      // Readers see the page all the same (translated pages have shipped so): a warning.
      report({
        span,
        severity: 'warn',
        messageId: /^\S+\.(?:json|ya?ml)$/i.test(value.trim()) ? 'specWithoutEndpoint' : 'notEndpoint',
        data: { value },
      });
      continue;
    }
    const resolution = site.resolveEndpoint(endpoint, specsInForce(model, element), frontmatter.file);
    const problem = endpointProblem(endpoint, resolution, () =>
      otherSpecsHolding(site, endpoint, resolution, frontmatter.file),
    );
    if (problem) {
      const replacement =
        problem.near && (endpoint.spec && !problem.inOtherSpec ? `${endpoint.spec} ${problem.near}` : problem.near);
      const entry = span.file.text.slice(span.offset, span.offset + span.length);
      report({
        span,
        messageId: 'unresolved',
        data: { problem: problem.message },
        severity: problem.ambiguous ? 'warn' : undefined,
        suggestions: replacement
          ? [suggestCandidate(span, replacement, { write: (text) => `openapi: ${yamlString(text, entry)}` })]
          : undefined,
      });
      continue;
    }
    const slash = trailingSlashMismatch(endpoint, resolution);
    const written = slash && frontmatterPathSpan(span, endpoint.path!);
    if (slash)
      report({
        span,
        severity: 'warn',
        messageId: 'trailingSlash',
        data: { mismatch: slash.message },
        fix: written && replaceSpan(written, slash.path, `Use "${slash.path}"`),
      });
  }
}

/**
 * The site's specs, other than those searched, that have the endpoint (a translated spec that lags
 * the main one), each as a page names a spec from the docs folder's top, with the endpoint as it
 * spells it (a trailing slash); those nearer the top first, as the main spec most often is.
 */
function otherSpecsHolding(
  site: SiteIndex,
  endpoint: EndpointRef,
  resolution: EndpointResolution,
  page: SourceFile,
): { spec: string; endpoint: string }[] {
  const searched = new Set(resolution.searched.map((lookup) => lookup.spec));
  const depth = (source: string) => source.split('/').length;
  return site
    .resolveEndpoint({ ...endpoint, spec: undefined }, undefined, page)
    .foundIn.filter((lookup) => lookup.spec && !searched.has(lookup.spec))
    .map((lookup) => (lookup.source.startsWith('/') ? lookup.source : `/${lookup.source}`))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))
    .map((spec) => {
      const operation = site.resolveEndpoint({ ...endpoint, spec }, undefined, page).operation;
      const spelled =
        operation && formatEndpoint({ method: operation.method, path: operation.path, webhook: operation.webhook });
      return { spec, endpoint: spelled ?? formatEndpoint({ ...endpoint, spec: undefined }) };
    });
}

/** A YAML scalar for `value`, quoted as the entry it replaces was (plain when that is safe). */
function yamlString(value: string, entry: string): string {
  const written = entry.replace(/^openapi[ \t]*:\s*/, '');
  if (written.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (written.startsWith('"') || !/^[A-Za-z/][^#:]*$/.test(value)) return JSON.stringify(value);
  return value;
}
