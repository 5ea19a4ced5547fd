/**
 * The path of a page the platform generates from an OpenAPI operation: `<directory>/<tag folder>/<summary slug>`.
 * Pure functions over plain data (the slug is ../parsers/slug.ts's), so the check rules (redirects
 * and links landing on generated pages) and migrate-mdx share one rule.
 */

import { endpointPageSlug } from '../parsers/slug';

/** What the path of an operation's page depends on. */
export interface PageOperation {
  /** HTTP method, any case; for a webhook, the method it is written under (unused). */
  method?: string;
  /** Path of a `paths` operation. */
  path?: string;
  /** Name of a `webhooks` entry (OpenAPI 3.1). */
  webhook?: string;
  summary?: string;
  /** The operation's tags: the first one names the folder. */
  tags?: readonly string[];
  /** `x-mint.href` (or the extension key in use): the page's whole path. */
  href?: string;
}

export interface PagePathOptions {
  /** `directory` of the object form of `openapi` in scope; default `api-reference`. */
  directory?: string;
}

export const defaultDirectory = 'api-reference';

/** The page's name without folders: the summary's slug; with no summary, `<method>-<path slug>`, or the webhook name's slug. */
export function pageSlug(operation: PageOperation): string {
  if (operation.summary !== undefined && operation.summary !== '') return endpointPageSlug(operation.summary);
  if (operation.webhook !== undefined) return endpointPageSlug(operation.webhook);
  return `${(operation.method ?? '').toLowerCase()}-${endpointPageSlug(operation.path ?? '')}`;
}

/** Trims slashes from both ends: `/api/users/` → `api/users`. */
function bare(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * The generated page's path, relative to the docs root and without a leading slash, before any clash
 * suffix: the operation's `href` when it has one; else `<directory>/<first tag's slug>/<page slug>`, the
 * tag folder left out when the operation has no tag (as the platform does for webhooks without tags).
 */
export function generatedPagePath(operation: PageOperation, options: PagePathOptions = {}): string {
  if (operation.href !== undefined && bare(operation.href) !== '') return bare(operation.href);
  const directory = bare(options.directory ?? defaultDirectory);
  const tag = operation.tags?.find((t) => typeof t === 'string');
  const folder = tag === undefined ? '' : endpointPageSlug(tag);
  return [directory, folder, pageSlug(operation)].filter((part) => part !== '').join('/');
}

/**
 * The paths of the pages one group generates, in the order of `operations`: a path already taken in the
 * group gets `-1`, then `-2`, ... (the first keeps the plain path). A path set by `href` is used as written
 * and is taken before the others are numbered; two equal `href`s are a clash no suffix resolves, and are
 * left equal for the caller to report.
 */
export function generatedPagePaths(operations: readonly PageOperation[], options: PagePathOptions = {}): string[] {
  const taken = new Set<string>();
  for (const operation of operations)
    if (operation.href !== undefined && bare(operation.href) !== '') taken.add(bare(operation.href));
  return operations.map((operation) => {
    const base = generatedPagePath(operation, options);
    if (operation.href !== undefined && bare(operation.href) !== '') return base;
    let candidate = base;
    for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}
