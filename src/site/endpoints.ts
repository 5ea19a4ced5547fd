import { didYouMean } from '../common/suggest';
import { formatEndpoint, type EndpointRef } from '../parsers/endpoint-entry';
import { operationKey, type Operation, type SpecIndex } from '../parsers/openapi';
import type { EndpointResolution, PathMatch } from './site-index';

/** The operation of a spec that an entry names: a webhook by name (any case), else `METHOD /path` matched as `match` says. */
export function findOperation(spec: SpecIndex, ref: EndpointRef, match: PathMatch = 'exact'): Operation | undefined {
  if (ref.webhook !== undefined) {
    if (match !== 'exact') return undefined;
    return spec.webhooks.get(ref.webhook) ?? [...spec.webhooks.values()].find((w) => w.webhook!.toLowerCase() === ref.webhook!.toLowerCase());
  }
  const path = ref.path!;
  if (match === 'exact') return spec.operations.get(operationKey(ref.method!, path));
  const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return other === '' ? undefined : spec.operations.get(operationKey(ref.method!, other));
}

/**
 * An entry that resolves only once a trailing slash is ignored: the platform accepts it, so it is a
 * warning, with the entry as the spec spells it. The words are shared by every place that names endpoints.
 */
export function trailingSlashMismatch(ref: EndpointRef, resolution: EndpointResolution): { message: string; path: string } | undefined {
  if (resolution.match !== 'modulo trailing slash' || !resolution.operation) return undefined;
  const written = formatEndpoint({ ...ref, spec: undefined });
  const spelled = formatEndpoint({ ...ref, spec: undefined, path: resolution.operation.path });
  const path = resolution.operation.path!;
  return { path, message: `"${written}" matches "${spelled}" in ${resolution.spec!.source} only by ignoring the trailing slash: write the spec's spelling` };
}

/** The operation a wrong entry most likely means: same path other method, same shape other parameter names, or a near spelling. */
export function nearestOperation(ref: EndpointRef, resolution: EndpointResolution): string | undefined {
  const specs = resolution.searched.flatMap((s) => (s.spec ? [s.spec] : []));
  if (ref.webhook !== undefined) {
    const name = didYouMean(ref.webhook, specs.flatMap((s) => [...s.webhooks.keys()]));
    return name && `webhook ${name}`;
  }
  const operations = specs.flatMap((s) => [...s.operations.values()]);
  const samePath = operations.find((op) => op.path === ref.path);
  if (samePath) return `${samePath.method} ${samePath.path}`;
  const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
  const sameShape = operations.find((op) => op.method === ref.method && shape(op.path!) === shape(ref.path!));
  if (sameShape) return `${sameShape.method} ${sameShape.path}`;
  return didYouMean(`${ref.method} ${ref.path}`, operations.map((op) => `${op.method} ${op.path}`), Math.max(2, Math.floor(ref.path!.length / 4)));
}

/** Why a page's endpoint does not resolve, in words shared by `check` and `migrate-mdx`. */
export interface EndpointProblem {
  /** Starts with the endpoint or the spec it names, e.g. `"GET /userz" is not in api.yaml; did you mean "GET /users"?`. */
  message: string;
  /** Found in several specs and none named: a warning, not an error. */
  ambiguous?: boolean;
  /** The operation it most likely means. */
  near?: string;
}

/** What is wrong with a resolution of an endpoint named in frontmatter; undefined when it resolves (or cannot be known). */
export function endpointProblem(ref: EndpointRef, resolution: EndpointResolution): EndpointProblem | undefined {
  const endpoint = formatEndpoint({ ...ref, spec: undefined });
  if (ref.spec && resolution.searched[0].problem) return { message: `names spec "${ref.spec}", which ${resolution.searched[0].problem}` };
  if (resolution.searched.length === 0) return { message: `"${endpoint}" names no spec, and the site has none: name the spec ("spec.yaml ${endpoint}")` };
  if (resolution.foundIn.length > 1 && !ref.spec) {
    const specs = resolution.foundIn.map((s) => s.source).join(', ');
    return { ambiguous: true, message: `"${endpoint}" names no spec and is in several: ${specs}; name one ("${resolution.foundIn[0].source} ${endpoint}")` };
  }
  if (resolution.operation || resolution.unknown) return undefined;
  const near = nearestOperation(ref, resolution);
  const specs = resolution.searched.map((s) => s.source).join(', ');
  return { near, message: `"${endpoint}" is not in ${specs}${near ? `; did you mean "${near}"?` : ''}` };
}
