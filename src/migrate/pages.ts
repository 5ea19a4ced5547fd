import * as path from 'node:path';
import { isUtf8Text } from '../engine/fix-passes';
import { describeElement, type NavModel, specsInForce } from '../engine/model';
import { findFrontmatter, frontmatterAttributes, frontmatterBody } from '../parsers/frontmatter-block';
import { type Operation, operationId } from '../parsers/openapi';
import { endpointProblem } from '../site/endpoints';
import type { Site } from '../site/site';
import type { SiteIndex } from '../site/site-index';
import { scopeOf } from './scope';
import type { PagePlace, Refusal } from './types';

/** The MDX endpoint pages in the navigation, in docs.json order, each resolved to its operation; and why others cannot be. */
export function findEndpointPages(model: NavModel, site: Site): { places: PagePlace[]; problems: Refusal[] } {
  const places: PagePlace[] = [];
  const problems: Refusal[] = [];
  const refuse = (file: string, message: string) =>
    problems.some((p) => p.file === file) || problems.push({ file, message });
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.container === 'root') continue;
    const file = site.lookupPage(element.page).file;
    const frontmatter = file ? site.frontmatter(file) : undefined;
    if (!file || !frontmatter) continue;
    const yamlError = site.pageParse(file).frontmatterError;
    if (yamlError) {
      refuse(
        file,
        `its frontmatter is not YAML (${yamlError.start.line}:${yamlError.start.column}: ${yamlError.reason})`,
      );
      continue;
    }
    if (!frontmatter.endpoint) {
      refuse(file, `openapi "${frontmatter.value}" is not an endpoint (METHOD /path or webhook name)`);
      continue;
    }
    const resolution = site.resolveEndpoint(frontmatter.endpoint, specsInForce(model, element), frontmatter.file);
    const problem = endpointProblem(frontmatter.endpoint, resolution);
    const remote = resolution.searched.find((s) => s.remote);
    const unmovable = problem ? undefined : textProblem(site, file);
    if (problem) refuse(file, problem.message);
    else if (unmovable) refuse(file, unmovable);
    else if (resolution.operation && resolution.spec) {
      // The whole page: the frontmatter reader may have read only its head.
      const text = site.readPage(file);
      const block = findFrontmatter(text);
      const fields = block ? frontmatterAttributes(text, block) : {};
      const { openapi: _, ...metadata } = fields as Record<string, unknown>;
      const content = frontmatterBody(text, block);
      places.push({
        element,
        file,
        endpoint: frontmatter.endpoint,
        spec: resolution.spec,
        operation: resolution.operation,
        metadata,
        content: content.trim(),
        scope: scopeOf(element),
      });
    } else if (remote)
      refuse(file, `its spec ${remote.source} is a URL; navlint can only write into a spec file of the site`);
    else {
      const broken = resolution.searched.find((s) => s.problem)!;
      refuse(file, `spec ${broken.source} ${broken.problem}`);
    }
  }
  return { places, problems };
}

/**
 * Why a page's text cannot move into its spec as it is: bytes that are not UTF-8 (their text would
 * not be the page's), or MDX that does not parse (the platform renders the spec's text as MDX too,
 * where navlint no longer checks it).
 */
function textProblem(site: Site, file: string): string | undefined {
  if (!isUtf8Text(site.files, path.join(site.root, file)))
    return 'it is not UTF-8 text: its text would not move into the spec as it is';
  const { error } = site.pageParse(file);
  if (error)
    return `it does not parse as MDX (${error.start.line}:${error.start.column}: ${error.reason}): fix it first, as the spec's text is rendered as MDX too`;
  return undefined;
}

/** Migrated pages that are also a group's root: the migration would delete the root. */
export function rootEndpointPages(model: NavModel, site: SiteIndex, places: PagePlace[]): Map<string, string> {
  const migrating = new Set(places.map((p) => p.file));
  const roots = new Map<string, string>();
  for (const element of model.elements) {
    if (element.container !== 'root' || element.kind !== 'page') continue;
    const file = site.lookupPage(element.page).file;
    if (file && migrating.has(file) && !roots.has(file)) {
      roots.set(
        file,
        `it is the root of ${describeElement(element.parent)}, which must be a page: migrating would delete it; make another page the root, or leave this one as a page (--skip-unresolved)`,
      );
    }
  }
  return roots;
}

/** The operation a page documents, as one key (see endpointKey). */
export function endpointId(place: PagePlace): string {
  return endpointKey(place.spec.spec!.file, place.operation);
}

/** An operation of a spec as one key: the spec's file and `METHOD /path` or `webhook name`. */
export function endpointKey(specFile: string, operation: Operation): string {
  return `${specFile}\u0000${operationId(operation)}`;
}

/** A page file's URL path: `api/users/list.mdx` → `api/users/list`. */
export function pageUrl(file: string): string {
  return file
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
}
