import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { specsInForce, type NavElement, type NavModel } from '../engine/model';
import { directoryOf } from '../engine/site-urls';
import { operationKey, type Operation } from '../parsers/openapi';
import { generatedPagePaths, type PageOperation } from '../site/endpoint-page-path';
import type { SiteIndex } from '../site/site-index';

/** A page the platform generates from an endpoint entry of the navigation. */
export interface GeneratedPage {
  /** Relative to the docs root, no leading slash. */
  path: string;
  /** The spec's absolute path. */
  specFile: string;
  /** `METHOD /path` or `webhook name`. */
  operation: string;
  /** Set by the operation's extension (`x-mint.href`). */
  href: boolean;
  /** The first entry that generates it. */
  element: NavElement;
}

/** The raw operation objects of a spec's text, by `METHOD /path` and `webhook name`; undefined when the text does not parse. */
export function rawOperations(file: string, text: string): Map<string, Record<string, unknown>> | undefined {
  let document: unknown;
  try {
    document = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text, { uniqueKeys: false, maxAliasCount: -1 });
  } catch {
    try {
      document = parseYaml(text, { uniqueKeys: false, maxAliasCount: -1 });
    } catch {
      return undefined;
    }
  }
  const operations = new Map<string, Record<string, unknown>>();
  const object = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!object(document)) return undefined;
  for (const [section, named] of [
    ['paths', (key: string, method: string) => operationKey(method, key)],
    ['webhooks', (key: string) => `webhook ${key}`],
  ] as const) {
    const items = document[section];
    if (!object(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (!object(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (object(operation) && /^(get|put|post|delete|options|head|patch|trace)$/i.test(method) && !operations.has(named(key, method))) operations.set(named(key, method), operation);
      }
    }
  }
  return operations;
}

/** The id of an operation as rawOperations keys it. */
export function operationId(operation: Operation): string {
  return operation.webhook !== undefined ? `webhook ${operation.webhook}` : operationKey(operation.method!, operation.path!);
}

/** What the path of an operation's page depends on, read from its object in the spec. */
export function pageOperation(operation: Operation, raw: Record<string, unknown> | undefined, extensionKey: string): PageOperation {
  const extension = raw?.[extensionKey];
  const href = typeof extension === 'object' && extension !== null && typeof (extension as Record<string, unknown>).href === 'string' ? ((extension as Record<string, unknown>).href as string) : undefined;
  const tags = Array.isArray(raw?.tags) ? (raw.tags as unknown[]).filter((t): t is string => typeof t === 'string') : undefined;
  const summary = typeof raw?.summary === 'string' ? raw.summary : undefined;
  return { method: operation.method, path: operation.path, webhook: operation.webhook, summary, tags, href };
}

/**
 * Every page the endpoint entries of a navigation generate, one per operation of a spec (the first
 * entry decides its path); paths are numbered per group as the platform numbers them. `read` gives a
 * spec's text (the planned one during a migration).
 */
export function generatedPages(model: NavModel, site: SiteIndex, extensionKey: string, read: (file: string) => string): GeneratedPage[] {
  const raws = new Map<string, Map<string, Record<string, unknown>> | undefined>();
  const rawOf = (file: string) => {
    if (!raws.has(file)) raws.set(file, rawOperations(file, read(file)));
    return raws.get(file);
  };
  const groups = new Map<NavElement | undefined, { element: NavElement; specFile: string; id: string; operation: PageOperation }[]>();
  const seen = new Set<string>();
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    const resolution = site.resolveEndpoint(element.endpoint!, specsInForce(model, element));
    const spec = resolution.spec?.spec;
    if (!resolution.operation || !spec) continue;
    const id = operationId(resolution.operation);
    const key = `${spec.file}\u0000${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = groups.get(element.parent) ?? [];
    list.push({ element, specFile: spec.file, id, operation: pageOperation(resolution.operation, rawOf(spec.file)?.get(id), extensionKey) });
    groups.set(element.parent, list);
  }
  const pages: GeneratedPage[] = [];
  for (const list of groups.values()) {
    // The entries of one group share the "openapi" in force, and so its directory.
    const paths = generatedPagePaths(list.map((entry) => entry.operation), { directory: directoryOf(list[0].element) });
    list.forEach((entry, i) => pages.push({ path: paths[i], specFile: entry.specFile, operation: entry.id, href: entry.operation.href !== undefined, element: entry.element }));
  }
  return pages;
}

/** A page file's URL path: `api/users/list.mdx` → `api/users/list`. */
export function pageUrl(file: string): string {
  return file.split(path.sep).join('/').replace(/\.mdx?$/, '');
}
