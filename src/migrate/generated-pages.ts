import * as path from 'node:path';
import { operationKey, parseSpecDocument } from '../parsers/openapi';

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

/** A page file's URL path: `api/users/list.mdx` → `api/users/list`. */
export function pageUrl(file: string): string {
  return file
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
}
