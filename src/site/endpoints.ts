import type { EndpointRef } from '../parsers/endpoint-entry';
import { didYouMean } from '../common/suggest';
import type { JScalar } from '../parsers/json';
import type { NavElement, NavModel, SpecScope } from '../engine/model';
import { operationKey, type Operation } from '../parsers/openapi';
import type { SpecLookup } from './site';

export interface EndpointResolution {
  /** The specs looked in, in order. */
  searched: SpecLookup[];
  /** Found: the operation and the spec it is in (the first, for an entry found in several). */
  operation?: Operation;
  spec?: SpecLookup;
  /** Every spec that has it; more than one makes an entry without a named spec ambiguous. */
  foundIn: SpecLookup[];
  /** A remote or broken spec was in the search: absence proves nothing. */
  unknown: boolean;
}

/**
 * Resolves an endpoint against the spec it names, else the `openapi` in scope, else the top-level
 * `api.openapi`, else (for frontmatter) `fallback`.
 */
export function resolveEndpoint(
  model: NavModel,
  ref: EndpointRef,
  scope: SpecScope | undefined,
  /** fallback: specs to search when none is named or in scope; called only then (it may scan the site). */
  options: { relativeTo?: string; fallback?: () => string[] } = {},
): EndpointResolution {
  const sources = ref.spec ? [ref.spec] : specSources(model, scope) ?? options.fallback?.() ?? [];
  const searched = sources.map((source) => model.site.spec(source, options.relativeTo));
  const foundIn: SpecLookup[] = [];
  let operation: Operation | undefined;
  for (const lookup of searched) {
    const found = lookup.spec && findOperation(lookup, ref);
    if (found) {
      operation ??= found;
      foundIn.push(lookup);
    }
  }
  return { searched, operation, spec: foundIn[0], foundIn, unknown: searched.some((s) => s.remote || s.problem) };
}

/**
 * The resolution of an endpoint entry of the navigation. Several rules ask, and the language server
 * lints a 50,000-entry file on every keystroke: the site keeps each resolution, by the specs in scope
 * and the entry's text, for as long as it keeps those specs (its resolution epoch).
 */
export function resolveEntry(model: NavModel, element: NavElement): EndpointResolution {
  const site = model.site;
  if (element.resolution && element.resolutionEpoch === site.resolutionEpoch) return element.resolution;
  const key = `${specSources(model, element.openapi)?.join('\u0001') ?? ''}\u0000${String((element.node as JScalar).value)}`;
  let resolution = site.endpointResolutions.get(key);
  if (!resolution) {
    resolution = resolveEndpoint(model, element.endpoint!, element.openapi);
    site.endpointResolutions.set(key, resolution);
  }
  element.resolutionEpoch = site.resolutionEpoch;
  return (element.resolution = resolution);
}

const sourcesOfScope = new WeakMap<SpecScope, string[]>();

/** The spec sources in force at a place in the navigation, or undefined when none is. Do not change the array. */
export function specSources(model: NavModel, scope: SpecScope | undefined): string[] | undefined {
  const inForce = scope ?? model.apiSpecs;
  if (!inForce || inForce.sources.length === 0) return undefined;
  // One scope object serves a whole subtree: tens of thousands of entries ask for the same list.
  let sources = sourcesOfScope.get(inForce);
  if (!sources) sourcesOfScope.set(inForce, (sources = inForce.sources.map((s) => s.source)));
  return sources;
}

function findOperation(lookup: SpecLookup, ref: EndpointRef): Operation | undefined {
  const spec = lookup.spec!;
  if (ref.webhook !== undefined) {
    return spec.webhooks.get(ref.webhook) ?? [...spec.webhooks.values()].find((w) => w.webhook!.toLowerCase() === ref.webhook!.toLowerCase());
  }
  return spec.operations.get(operationKey(ref.method!, ref.path!));
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
