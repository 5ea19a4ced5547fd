import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { NavElement, NavModel } from '../engine/model';
import { directoryOf, generatedPages as siteGeneratedPages } from '../engine/site-urls';
import { operationId, operationKey, type Operation } from '../parsers/openapi';
import type { PageOperation } from '../site/endpoint-page-path';
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
  const pages = siteGeneratedPages(model, site, {
    pageOperation: (specFile, operation) => pageOperation(operation, rawOf(specFile)?.get(operationId(operation)), extensionKey),
    // The directory of the spec the entry is in, as the lint (and the platform) put its page.
    directory: directoryOf,
    unlistedOperations: false,
  });
  return pages.map((page) => ({ path: page.path, specFile: page.specFile, operation: operationId(page.operation), href: page.pageOperation.href !== undefined, element: page.element }));
}

/** A page file's URL path: `api/users/list.mdx` → `api/users/list`. */
export function pageUrl(file: string): string {
  return file.split(path.sep).join('/').replace(/\.mdx?$/, '');
}
