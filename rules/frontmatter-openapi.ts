import * as path from 'node:path';
import { formatEndpoint } from '../src/entries';
import type { NavModel } from '../src/model';
import { nearestOperation, resolveEndpoint } from '../src/resolve';
import { replaceSpan, type Reporter, type RuleMeta } from '../src/rule';

export const meta: RuleMeta = {
  id: 'frontmatter-openapi',
  description: 'an MDX page in the navigation whose frontmatter openapi names a missing spec or endpoint, or an ambiguous one',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'An MDX page whose frontmatter has "openapi: GET /users" (or "openapi: spec.yaml GET /users", "openapi: spec.json webhook name") becomes that endpoint\'s page. The spec is the one named (relative to the docs folder or to the page, or by its name without extension), else the "openapi" in scope where the page sits in the navigation, else the top-level api.openapi, else the OpenAPI files of the site. A missing spec or endpoint is an error, reported in the MDX file; an endpoint without a named spec that several specs have is ambiguous (a warning).',
    valid: '---\nopenapi: "api/openapi.yaml GET /users"\n---',
    invalid: '---\nopenapi: "api/openapi.yaml GET /userz"\n---',
  },
};

export function check(model: NavModel, report: Reporter): void {
  const seen = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'page') continue;
    const file = model.site.resolvePage(element.page!).file;
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const frontmatter = model.site.frontmatter(file);
    if (!frontmatter) continue;
    const { span, value } = frontmatter;
    const ref = frontmatter.endpoint;
    if (!ref) {
      report({ span, message: `frontmatter openapi "${value}" is not an endpoint: write "METHOD /path", "spec.yaml METHOD /path" or "webhook name"` });
      continue;
    }
    const resolution = resolveEndpoint(model, ref, element.openapi, {
      relativeTo: path.dirname(frontmatter.file.path),
      fallback: () => model.site.discoverSpecs(),
    });
    const endpoint = formatEndpoint({ ...ref, spec: undefined });
    if (ref.spec && resolution.searched[0].problem) {
      report({ span, message: `frontmatter openapi names spec "${ref.spec}", which ${resolution.searched[0].problem}` });
    } else if (resolution.searched.length === 0) {
      report({ span, message: `frontmatter openapi "${endpoint}" names no spec, and the site has none: name the spec ("spec.yaml ${endpoint}")` });
    } else if (resolution.foundIn.length > 1 && !ref.spec) {
      const specs = resolution.foundIn.map((s) => s.source).join(', ');
      report({ span, severity: 'warn', message: `frontmatter openapi "${endpoint}" names no spec and is in several: ${specs}; name one ("${resolution.foundIn[0].source} ${endpoint}")` });
    } else if (!resolution.operation && !resolution.unknown) {
      const near = nearestOperation(ref, resolution);
      const specs = resolution.searched.map((s) => s.source).join(', ');
      const replacement = near && (ref.spec ? `${ref.spec} ${near}` : near);
      const entry = replacement && `openapi: ${yamlString(replacement, span.file.text.slice(span.offset, span.offset + span.length))}`;
      report({
        span,
        message: `frontmatter openapi "${endpoint}" is not in ${specs}${near ? `; did you mean "${near}"?` : ''}`,
        suggestions: entry ? [{ desc: `Use "${replacement}"`, fix: replaceSpan(span, entry) }] : undefined,
      });
    }
  }
}

/** A YAML scalar for `value`, quoted as the entry it replaces was (plain when that is safe). */
function yamlString(value: string, entry: string): string {
  const written = entry.replace(/^openapi[ \t]*:\s*/, '');
  if (written.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (written.startsWith('"') || !/^[A-Za-z/][^#:]*$/.test(value)) return JSON.stringify(value);
  return value;
}
