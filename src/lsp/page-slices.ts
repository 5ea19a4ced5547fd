import { type Finding, runRules } from '../engine/lint';
import type { NavModel } from '../engine/model';
import type { Site } from '../site/site';

/**
 * How many pages one slice of a run over every page checks: a keystroke waits for the slice that is
 * running, and each slice pays a run's setup again (rules' indexes, the site's URLs looked up). With
 * 1,250 the wait stays a fraction of a keystroke's 100 ms on 25,000 pages (docs/benchmarks.md).
 */
const pagesPerSlice = 1250;

/**
 * The files (relative to the docs folder) a run over every page checks, slice by slice: first
 * docs.json, its `$ref` files (`docsFiles`) and every file of the site that is not a parsed page
 * (snippets' scripts, specs, data files, pages the platform does not parse), then the parsed pages,
 * `size` at a time in path order. Together they hold every file a rule can report in.
 */
export function fileSlices(site: Site, docsFiles: readonly string[], size = pagesPerSlice): ReadonlySet<string>[] {
  const pages = site.parsedPages();
  const parsed = new Set(pages);
  const others = [...docsFiles, ...site.scriptFiles(), ...site.assetFiles(), ...site.pages().values()];
  const slices: ReadonlySet<string>[] = [new Set(others.filter((file) => !parsed.has(file)))];
  for (let start = 0; start < pages.length; start += size) slices.push(new Set(pages.slice(start, start + size)));
  return slices;
}

/**
 * The findings (reported and suppressed) of `runRules` over every file, run one slice of the files
 * at a time (`focus`) with the event loop free in between, so that a keystroke need not wait for the
 * whole run; undefined as soon as `superseded` says a newer lint made the run stale (it may have
 * patched the model in place: no later slice may read it).
 */
export async function findingsBySlice(
  model: NavModel,
  site: Site,
  options: Omit<Parameters<typeof runRules>[2], 'focus'>,
  slices: readonly ReadonlySet<string>[],
  superseded: () => boolean,
): Promise<Finding[] | undefined> {
  const findings: Finding[] = [];
  for (const [i, focus] of slices.entries()) {
    if (i > 0) await eventLoopTurns();
    if (superseded()) return undefined;
    const slice = runRules(model, site, { ...options, focus });
    findings.push(...slice.findings, ...slice.suppressed);
  }
  return findings;
}

/**
 * Three turns of the event loop: the JSON-RPC reader decodes a message read in the first on a
 * setImmediate of its own, and the connection hands it over on another, queued behind the second
 * turn's; after the third, a keystroke's lint is due (`superseded` says so) and the run stops,
 * instead of one slice later.
 */
export async function eventLoopTurns(): Promise<void> {
  await new Promise(setImmediate);
  await new Promise(setImmediate);
  await new Promise(setImmediate);
}
