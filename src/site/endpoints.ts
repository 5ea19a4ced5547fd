import {
  didYouMeanHint,
  farFrom,
  isNear,
  type Nearest,
  nearReach,
  rememberedAnswer,
  SuggestionIndex,
} from '../common/suggest';
import { type EndpointRef, formatEndpoint } from '../parsers/endpoint-entry';
import { type Operation, operationKey, type SpecIndex } from '../parsers/openapi';
import type { EndpointResolution, PathMatch } from './site-index';

/** The operation of a spec that an entry names: a webhook by name (any case), else `METHOD /path` matched as `match` says. */
export function findOperation(spec: SpecIndex, ref: EndpointRef, match: PathMatch = 'exact'): Operation | undefined {
  if (ref.webhook !== undefined) {
    if (match !== 'exact') return undefined;
    return (
      spec.webhooks.get(ref.webhook) ??
      [...spec.webhooks.values()].find((w) => w.webhook!.toLowerCase() === ref.webhook!.toLowerCase())
    );
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
export function trailingSlashMismatch(
  ref: EndpointRef,
  resolution: EndpointResolution,
): { message: string; path: string } | undefined {
  if (resolution.match !== 'modulo trailing slash' || !resolution.operation) return undefined;
  const written = formatEndpoint({ ...ref, spec: undefined });
  const spelled = formatEndpoint({ ...ref, spec: undefined, path: resolution.operation.path });
  const path = resolution.operation.path!;
  return {
    path,
    message: `"${written}" matches "${spelled}" in ${resolution.spec!.source} only by ignoring the trailing slash: write the spec's spelling`,
  };
}

/**
 * What a spec offers for did-you-means, built on the first wrong entry that searches it and kept
 * with the spec: its operations by path and by method and shape (first of each, in the spec's
 * order), and did-you-mean indexes of its `METHOD /path` spellings and webhook names.
 */
interface OperationSuggestions {
  byPath: Map<string, Operation>;
  byShape: Map<string, Operation>;
  entries: SuggestionIndex;
  webhooks: SuggestionIndex;
  /** The searches' answers, by question (rememberedAnswer). */
  answers: Map<string, Nearest | undefined>;
}

/** The nearest of a spec's operations (`webhook`: of its webhooks) within `maxDistance`, as the spec answered before when it did. */
function nearestIn(
  spec: OperationSuggestions,
  webhook: boolean,
  word: string,
  maxDistance: number,
  far: (candidate: string) => boolean,
) {
  const question = `${webhook ? 'webhook' : ''}\u0000${maxDistance}\u0000${word}`;
  return rememberedAnswer(spec.answers, question, () =>
    (webhook ? spec.webhooks : spec.entries).nearest(word, maxDistance, far),
  );
}

const suggestionsOfSpec = new WeakMap<SpecIndex, OperationSuggestions>();
const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');

function suggestionsOf(spec: SpecIndex): OperationSuggestions {
  let suggestions = suggestionsOfSpec.get(spec);
  if (!suggestions) {
    const byPath = new Map<string, Operation>();
    const byShape = new Map<string, Operation>();
    const entries: string[] = [];
    for (const op of spec.operations.values()) {
      if (!byPath.has(op.path!)) byPath.set(op.path!, op);
      const key = `${op.method} ${shape(op.path!)}`;
      if (!byShape.has(key)) byShape.set(key, op);
      entries.push(`${op.method} ${op.path}`);
    }
    suggestions = {
      byPath,
      byShape,
      entries: new SuggestionIndex(entries),
      webhooks: new SuggestionIndex([...spec.webhooks.keys()]),
      answers: new Map(),
    };
    suggestionsOfSpec.set(spec, suggestions);
  }
  return suggestions;
}

/**
 * The operation a wrong entry most likely means: same path other method, same shape other parameter
 * names, or a near spelling (`isNear`); of several, the first in the specs' order. Each spec is indexed once
 * (suggestionsOf), so a wrong entry costs a few lookups, not a pass over every operation.
 */
export function nearestOperation(ref: EndpointRef, resolution: EndpointResolution): string | undefined {
  const specs = resolution.searched.flatMap((s) => (s.spec ? [suggestionsOf(s.spec)] : []));
  // The nearest over all specs, the first spec's on a tie: as one list of them all.
  // A later spec only has to beat the nearest so far.
  const nearest = (
    search: (s: OperationSuggestions, maxDistance: number) => Nearest | undefined,
    maxDistance: number,
  ) => {
    let best: Nearest | undefined;
    for (const spec of specs) best = search(spec, best ? best.distance - 1 : maxDistance) ?? best;
    return best?.candidate;
  };
  if (ref.webhook !== undefined) {
    const far = farFrom(ref.webhook);
    const name = nearest((s, max) => nearestIn(s, true, ref.webhook!, max, far), nearReach(ref.webhook));
    return name && `webhook ${name}`;
  }
  for (const spec of specs) {
    const samePath = spec.byPath.get(ref.path!);
    if (samePath) return `${samePath.method} ${samePath.path}`;
  }
  for (const spec of specs) {
    const sameShape = spec.byShape.get(`${ref.method} ${shape(ref.path!)}`);
    if (sameShape) return `${sameShape.method} ${sameShape.path}`;
  }
  // Near by the path (`isNear`): the method is a choice of its own, not a spelling.
  const entry = `${ref.method} ${ref.path}`;
  const far = (candidate: string) => !isNear(ref.path!, candidate.slice(candidate.indexOf(' ') + 1));
  // Its answers depend on the entry alone: `far` reads the path the entry holds.
  return nearest((s, max) => nearestIn(s, false, entry, max, far), nearReach(entry));
}

/** Why a page's endpoint does not resolve, in words shared by `check` and `migrate-mdx`. */
export interface EndpointProblem {
  /** Starts with the endpoint or the spec it names, e.g. `"GET /userz" is not in api.yaml; did you mean "GET /users"?`. */
  message: string;
  /** Found in several specs and none named: a warning, not an error. */
  ambiguous?: boolean;
  /** The operation it most likely means (with the spec that has it, when that is another spec). */
  near?: string;
  /** `near` names another spec, which has the endpoint as written. */
  inOtherSpec?: boolean;
}

/**
 * What is wrong with a resolution of an endpoint named in frontmatter; undefined when it resolves (or
 * cannot be known). `holding`: the site's other specs that have the endpoint (each with the
 * endpoint as it spells it), most likely first, asked only when the searched ones lack it; the
 * problem then names them, not another endpoint of the searched ones.
 */
export function endpointProblem(
  ref: EndpointRef,
  resolution: EndpointResolution,
  holding: () => readonly { spec: string; endpoint: string }[] = () => [],
): EndpointProblem | undefined {
  const endpoint = formatEndpoint({ ...ref, spec: undefined });
  if (ref.spec && resolution.searched[0].problem)
    return { message: `names spec "${ref.spec}", which ${resolution.searched[0].problem}` };
  if (resolution.searched.length === 0)
    return { message: `"${endpoint}" names no spec, and the site has none: name the spec ("spec.yaml ${endpoint}")` };
  if (resolution.foundIn.length > 1 && !ref.spec) {
    const specs = resolution.foundIn.map((s) => s.source).join(', ');
    return {
      ambiguous: true,
      message: `"${endpoint}" names no spec and is in several: ${specs}; name one ("${resolution.foundIn[0].source} ${endpoint}")`,
    };
  }
  if (resolution.operation || resolution.unknown) return undefined;
  const specs = resolution.searched.map((s) => s.source).join(', ');
  const elsewhere = holding();
  if (elsewhere.length > 0)
    return {
      near: `${elsewhere[0].spec} ${elsewhere[0].endpoint}`,
      inOtherSpec: true,
      message: `"${endpoint}" is not in ${specs}, but in ${elsewhere.map((other) => other.spec).join(', ')}`,
    };
  const near = nearestOperation(ref, resolution);
  return { near, message: `"${endpoint}" is not in ${specs}${didYouMeanHint(near)}` };
}
