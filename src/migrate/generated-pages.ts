import * as path from 'node:path';
import type { NavElement, NavModel } from '../engine/model';
import { generatedPages as siteGeneratedPages } from '../engine/site-urls';
import { operationId, operationKey, parseSpecDocument } from '../parsers/openapi';
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

/**
 * The raw operation objects of a spec's text, by `METHOD /path` and `webhook name`, read as the lint
 * reads specs (js-yaml 4, the platform's parser); undefined when the text does not parse.
 */
export function rawOperations(file: string, text: string): Map<string, Record<string, unknown>> | undefined {
  let document: unknown;
  try {
    document = parseSpecDocument(file, text);
  } catch {
    return undefined;
  }
  const operations = new Map<string, Record<string, unknown>>();
  const object = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
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
        if (
          object(operation) &&
          /^(get|put|post|delete|options|head|patch|trace)$/i.test(method) &&
          !operations.has(named(key, method))
        )
          operations.set(named(key, method), operation);
      }
    }
  }
  return operations;
}

/**
 * Every page the endpoint entries of a navigation generate, one per operation of a spec (the first
 * entry decides its path); paths are numbered per group as the platform numbers them. The site is
 * the lint's (over the planned texts during a migration), so these are the pages check works out.
 */
export function generatedPages(model: NavModel, site: SiteIndex): GeneratedPage[] {
  const pages = siteGeneratedPages(model, site, { unlistedOperations: false });
  return pages.map((page) => ({
    path: page.path,
    specFile: page.specFile,
    operation: operationId(page.operation),
    href: page.pageOperation.href !== undefined,
    element: page.element,
  }));
}

/** A page file's URL path: `api/users/list.mdx` → `api/users/list`. */
export function pageUrl(file: string): string {
  return file
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
}
