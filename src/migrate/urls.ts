import { pushTo } from '../common/collections';
import { redirectNodes } from '../engine/json-edits';
import type { NavModel } from '../engine/model';
import { type GeneratedPage, redirectPathKey } from '../engine/site-urls';
import { operationId } from '../parsers/openapi';
import { endpointId, endpointKey, pageUrl } from './pages';
import type { AddedRedirect, PagePlace, Refusal } from './types';
import { type Chosen, winnerOf } from './winners';

/** Refusals for the migrated operations whose generated page would land on another page, generated or written. */
export function collisions(
  generated: GeneratedPage[],
  winners: Map<string, PagePlace>,
  pageFile: (page: string) => string | undefined,
  relative: (file: string) => string,
): Refusal[] {
  const refusals: Refusal[] = [];
  const migrated = new Map([...winners.values()].map((w) => [endpointId(w), w]));
  const source = (p: GeneratedPage) => migrated.get(endpointKey(p.specFile, p.operation));
  const name = (p: GeneratedPage) =>
    `${relative(p.specFile)} ${operationId(p.operation)}${source(p) ? ` (from ${source(p)!.file})` : ''}`;
  const byPath = new Map<string, GeneratedPage[]>();
  for (const page of generated) pushTo(byPath, page.path, page);
  for (const [url, all] of byPath) {
    for (const page of all.filter(source)) {
      const others = all.filter((p) => p !== page);
      const file = source(page)!.file;
      if (others.length > 0)
        refusals.push({
          file,
          message: `its generated page /${url} (${name(page)}) would collide with the generated page of ${others.map(name).join(', ')}`,
        });
      const existing = pageFile(url);
      if (existing)
        refusals.push({
          file,
          message: `its generated page /${url} (${name(page)}) would collide with the page ${existing}`,
        });
    }
  }
  return refusals;
}

/**
 * Where every old URL lands: the URL of each migrated page → where its content now is, its winner's
 * `href` or generated page; and a redirect for each URL that moves. A page whose winner would have
 * no page is refused.
 */
export function movedUrls(
  chosen: Chosen,
  hrefOf: Map<PagePlace, string>,
  generated: GeneratedPage[],
): { urls: Map<string, string>; redirects: AddedRedirect[]; refusals: Refusal[] } {
  const pathOf = new Map(generated.map((g) => [endpointKey(g.specFile, g.operation), g.path]));
  const urls = new Map<string, string>();
  const redirects: AddedRedirect[] = [];
  const refusals: Refusal[] = [];
  for (const place of chosen.migrating) {
    const winner = winnerOf(chosen, place);
    const destination = hrefOf.get(winner)?.replace(/^\/+/, '') ?? pathOf.get(endpointId(winner));
    const source = pageUrl(place.file);
    if (destination === undefined)
      refusals.push({
        file: place.file,
        message: `${operationId(winner.operation)} would have no page in the migrated navigation, so ${source} would lead nowhere`,
      });
    if (destination === undefined || urls.has(source)) continue;
    urls.set(source, destination);
    if (source !== destination) redirects.push({ source: `/${source}`, destination: `/${destination}` });
  }
  return { urls, redirects, refusals };
}

/**
 * The redirects docs.json does not have yet: one it has already ("/old/" is "/old") is not added
 * again; one from the same URL to elsewhere is a refusal of the page at that URL.
 */
export function newRedirects(
  model: NavModel,
  migrating: PagePlace[],
  redirects: AddedRedirect[],
): { adding: AddedRedirect[]; refusals: Refusal[] } {
  const existing = new Map(redirectNodes(model).map((r) => [redirectPathKey(r.source), r]));
  const adding = redirects.filter((r) => {
    const same = existing.get(redirectPathKey(r.source));
    return !same || redirectPathKey(same.destination) !== redirectPathKey(r.destination);
  });
  const refusals: Refusal[] = [];
  for (const r of adding) {
    const file = migrating.find((p) => `/${pageUrl(p.file)}` === r.source)!.file;
    const same = existing.get(redirectPathKey(r.source));
    if (same)
      refusals.push({
        file,
        message: `docs.json already redirects ${same.source} to ${same.destination}; the migration would redirect it to ${r.destination}`,
      });
  }
  return { adding, refusals };
}
