import { displayPath } from '../common/paths';
import { type LintOptions, lint } from '../engine/lint';
import { childContainers, specScopes, specsInForce } from '../engine/model';
import { withoutPageParses } from '../engine/rule';
import { formatEndpoint } from '../parsers/endpoint-entry';
import { operationId } from '../parsers/openapi';
import type { SpecLookup } from '../site/site-index';
import { endpointId, endpointKey, findEndpointPages } from './pages';

/**
 * Manual-migration help (spec 2.6): the endpoints whose pages are still MDX and the pages that cannot
 * be migrated as they are; the operations of the site's specs that no navigation entry or page reaches
 * (x-hidden and x-excluded ones left alone); and the specs that are URLs, which navlint does not read.
 */
export function migrationStatus(options: Pick<LintOptions, 'docsFile' | 'ruleSet' | 'rules' | 'settings'>): {
  pending: string[];
  unlisted: string[];
  problems: string[];
  unread: string[];
} {
  const { model, site } = lint({ ...options, ruleFilter: withoutPageParses });
  const { places, problems } = findEndpointPages(model, site);
  const covered = new Set(places.map((p) => endpointId(p)));
  const specs = new Map<string, SpecLookup>();
  const unread = new Set<string>();
  const generatesAll = new Set<string>();
  for (const scope of specScopes(model)) {
    for (const { source } of scope.sources) {
      const lookup = site.lookupSpec(source);
      if (lookup.remote) unread.add(source);
      if (!lookup.spec) continue;
      specs.set(lookup.spec.file, lookup);
      // An element with "openapi" and no children gets a page for every endpoint (spec 2.5).
      const element = scope.owner;
      if (element && element.node.type === 'object' && !element.node.properties.some((p) => p.key in childContainers)) {
        generatesAll.add(lookup.spec.file);
      }
    }
  }
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    const resolution = site.resolveEndpoint(element.endpoint, specsInForce(model, element));
    if (resolution.searched.some((s) => s.remote))
      for (const s of resolution.searched) if (s.remote) unread.add(s.source);
    if (resolution.operation && resolution.spec?.spec)
      covered.add(endpointKey(resolution.spec.spec.file, resolution.operation));
  }
  for (const place of places) specs.set(place.spec.spec!.file, place.spec);
  const unlisted: string[] = [];
  for (const [file, lookup] of specs) {
    if (generatesAll.has(file)) continue;
    const relative = displayPath(file, model.root);
    for (const operation of [...lookup.spec!.operations.values(), ...lookup.spec!.webhooks.values()]) {
      if (operation.hidden || operation.excluded) continue;
      if (!covered.has(endpointKey(file, operation))) unlisted.push(`${relative}: ${operationId(operation)}`);
    }
  }
  return {
    pending: places
      .filter((p, i) => places.findIndex((q) => q.file === p.file) === i)
      .map((p) => `${p.file}: ${formatEndpoint({ ...p.endpoint, spec: undefined })}`),
    unlisted,
    problems: problems.map((p) => `${p.file}: ${p.message}`),
    unread: [...unread],
  };
}
