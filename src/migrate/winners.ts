import { pushTo } from '../common/collections';
import { formatEndpoint } from '../parsers/endpoint-entry';
import { operationId } from '../parsers/openapi';
import { endpointId } from './pages';
import type { PagePlace, Refusal } from './types';

/**
 * Spec 2.6's "the page listed last wins", among the pages of one language and version; pages of
 * several versions for one operation of one spec are refused: one operation has one page.
 */
export function decideWinners(
  places: PagePlace[],
  refused: Set<string>,
): { winners: Map<string, PagePlace>; losers: Map<string, PagePlace>; refusals: Refusal[] } {
  const byEndpoint = new Map<string, PagePlace[]>();
  for (const place of places) if (!refused.has(place.file)) pushTo(byEndpoint, endpointId(place), place);
  const winners = new Map<string, PagePlace>();
  const losers = new Map<string, PagePlace>();
  const refusals: Refusal[] = [];
  for (const [id, all] of byEndpoint) {
    const versions = new Map<string, PagePlace>();
    for (const place of all) versions.set(place.scope.version, place);
    const files = new Set(all.map((p) => p.file));
    if (versions.size > 1 && files.size > 1) {
      const list = [...versions].map(([version, p]) => `${p.file} (version "${version}")`).join(', ');
      for (const file of new Set(all.map((p) => p.file))) {
        refusals.push({
          file,
          message: `${list} document one operation, ${operationId(all[0].operation)}, of one spec: its generated page has one URL; give each version its own spec`,
        });
      }
      continue;
    }
    const winner = all[all.length - 1];
    winners.set(id, winner);
    for (const place of all) if (place.file !== winner.file) losers.set(place.file, winner);
  }
  return { winners, losers, refusals };
}

/** The pages a round of planning migrates, and whose text each endpoint gets. */
export interface Chosen {
  /** Every page that goes: the winners and the pages they override. */
  migrating: PagePlace[];
  /** The page whose text each endpoint gets, by endpointId. */
  winners: Map<string, PagePlace>;
  /** The winner of each page it overrides, by the page's file. */
  loserOf: Map<string, PagePlace>;
}

/**
 * The pages that go, of those decided on, but for the pages refused (`kept`): a page whose winner
 * is refused stays as it is too (the next round of planning says why).
 */
export function chooseMigrating(
  places: PagePlace[],
  decided: { winners: Map<string, PagePlace>; losers: Map<string, PagePlace> },
  kept: Set<string>,
): Chosen {
  const migrating = places.filter(
    (p) =>
      !kept.has(p.file) &&
      (decided.losers.has(p.file) ? !kept.has(decided.losers.get(p.file)!.file) : decided.winners.has(endpointId(p))),
  );
  const winners = new Map([...decided.winners].filter(([, place]) => !kept.has(place.file)));
  const loserOf = new Map([...decided.losers].filter(([loser, winner]) => !kept.has(loser) && !kept.has(winner.file)));
  return { migrating, winners, loserOf };
}

/** The page whose text a migrating page's endpoint gets: the page itself, or the one that overrides it. */
export function winnerOf(chosen: Chosen, place: PagePlace): PagePlace {
  return chosen.loserOf.get(place.file) ?? chosen.winners.get(endpointId(place))!;
}

/** The pages that lost to another page for their endpoint, each once, with its winner. */
export function overriddenPages(chosen: Chosen): { file: string; winner: string; endpoint: string }[] {
  return chosen.migrating
    .filter((p) => chosen.loserOf.has(p.file))
    .map((p) => ({
      file: p.file,
      winner: chosen.loserOf.get(p.file)!.file,
      endpoint: formatEndpoint({ ...p.endpoint, spec: undefined }),
    }))
    .filter((o, i, all) => all.findIndex((x) => x.file === o.file) === i);
}
