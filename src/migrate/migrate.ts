import * as fs from 'node:fs';
import * as path from 'node:path';
import matter from 'gray-matter';
import { isMap, isScalar, parseDocument, stringify, type YAMLMap } from 'yaml';
import { writeTemporary } from '../common/atomic';
import { pushTo } from '../common/collections';
import { displayPath } from '../common/paths';
import { redirectsOf } from '../engine/docs-json';
import { type Finding, type LintOptions, type LintResult, lint } from '../engine/lint';
import {
  childContainers,
  describeElement,
  type NavElement,
  type NavModel,
  specScopes,
  specsInForce,
} from '../engine/model';
import { type Fix, withoutPageParses } from '../engine/rule';
import { type GeneratedPage, generatedPages, redirectPathKey } from '../engine/site-urls';
import { applyFixes, removeItem } from '../engine/text-edits';
import { type EndpointRef, formatEndpoint } from '../parsers/endpoint-entry';
import { type JNode, member, parseJson } from '../parsers/json';
import { type Operation, operationId } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import { endpointProblem } from '../site/endpoints';
import { diskFiles, overlayFiles } from '../site/files';
import type { Site } from '../site/site';
import type { SiteIndex, SpecLookup } from '../site/site-index';
import { pageUrl, rawOperations } from './generated-pages';
import { defaultLanguage, type Scope, scopeOf, siteLanguages, specForLanguage, specLanguage } from './scope';

/** One MDX endpoint page at one place in the navigation. */
interface PagePlace {
  element: NavElement;
  /** Page file relative to the docs folder. */
  file: string;
  endpoint: EndpointRef;
  spec: SpecLookup;
  operation: Operation;
  metadata: Record<string, unknown>;
  content: string;
  scope: Scope;
}

/** A page that cannot be migrated as it is, and why. */
export interface Refusal {
  /** Relative to the docs folder. */
  file: string;
  message: string;
}

export interface Redirect {
  source: string;
  destination: string;
}

export interface MigrationPlan {
  /** The docs folder. */
  root: string;
  /** New text of every file that changes (docs.json, $ref files, specs), absolute path → text. */
  writes: Map<string, { original: string; updated: string }>;
  /** MDX files to delete, absolute. */
  deletes: string[];
  /** Pages that lost to another page for the same endpoint: a later one in their language and version (spec 2.6). */
  overridden: { file: string; winner: string; endpoint: string }[];
  /** Endpoints migrated. */
  migrated: number;
  /** Redirects added to docs.json: from an old page URL to where its content now is. */
  redirects: Redirect[];
  /** What the run says besides the diff: specs chosen per language, extension keys kept. */
  notes: string[];
  /** Pages left as they are (--skip-unresolved), and why. */
  skipped: Refusal[];
  /** Pages of another language than --prefer-language's on a spec that takes its text, kept as MDX pages, and why. */
  kept: Refusal[];
  /** The site's findings before the migration. */
  findings: Finding[];
  /** Errors the migrated site would have that the site has not: the migration must not write then. */
  introduced: Finding[];
  /** The pages the migrated site's endpoint entries generate (computed on the planned files). */
  generated: GeneratedPage[];
  /** The URL of every page migrated (winners and the pages they override), → where it is after the migration. */
  urls: Map<string, string>;
}

/** Why a migration cannot start: nothing has been written. */
export class MigrationError extends Error {}

export interface MigrationOptions extends Pick<LintOptions, 'docsFile' | 'rules' | 'settings'> {
  extensionKey: string;
  /** Let the pages move to the platform's generated URLs, with a redirect from each old URL. */
  newUrls?: boolean;
  /** Where pages of several languages document one spec: this language's text wins. */
  preferLanguage?: string;
  /** Migrate what can be, and leave the pages that cannot as they are. */
  skipUnresolved?: boolean;
}

const refusalText = (refusals: Refusal[]) => refusals.map((r) => `  ${r.file}: ${r.message}`).join('\n');

/**
 * Plans the whole migration in memory (spec 2.6 steps 1-4): finds the MDX endpoint pages in the
 * navigation, resolves each to its operation, moves frontmatter to `metadata` and body to `content`
 * of the vendor extension (other keys of the extension kept), keeps each page's URL (the extension's
 * `href`, or with newUrls a redirect to the generated page), and rewrites the page entries as endpoint
 * entries. Then lints the planned site. Writes nothing.
 */
export function planMigration(options: MigrationOptions): MigrationPlan {
  const { model, findings, site } = lint({ ...options, ruleFilter: withoutPageParses });
  const found = findEndpointPages(model, site);
  const refused = new Map<string, string>(found.problems.map((p) => [p.file, p.message]));
  for (const [file, message] of rootEndpointPages(model, site, found.places)) refused.set(file, message);
  if (options.preferLanguage !== undefined && !siteLanguages(model).includes(options.preferLanguage)) {
    throw new MigrationError(
      `--prefer-language ${options.preferLanguage}: the site has no such language (it has ${siteLanguages(model).join(', ') || 'none'})`,
    );
  }
  // Each refusal found may free or block others (a winner refused leaves its losers): plan again
  // without the refused pages until nothing new is refused.
  for (;;) {
    const attempt = planOnce(
      model,
      site,
      found.places.filter((p) => !refused.has(p.file)),
      options,
    );
    const fresh = attempt.refusals.filter((r) => !refused.has(r.file));
    if (fresh.length === 0 && (options.skipUnresolved || refused.size === 0)) {
      const skipped = [...refused].map(([file, message]) => ({ file, message }));
      return { ...attempt.plan, findings, introduced: newErrors(findings, attempt.after.findings), skipped };
    }
    for (const r of fresh) refused.set(r.file, r.message);
    if (!options.skipUnresolved) {
      const all = [...refused].map(([file, message]) => ({ file, message }));
      throw new MigrationError(
        `cannot migrate; nothing was changed:\n${refusalText(all)}\n(--skip-unresolved migrates the other pages and leaves these as they are)`,
      );
    }
  }
}

type PlanPart = Omit<MigrationPlan, 'findings' | 'introduced' | 'skipped'>;

function planOnce(
  model: NavModel,
  site: Site,
  candidates: PagePlace[],
  options: MigrationOptions,
): { plan: PlanPart; refusals: Refusal[]; after: LintResult } {
  const key = options.extensionKey;
  const notes: string[] = [];
  const relative = (file: string) => displayPath(file, model.root);
  const {
    places,
    refusals,
    languageNotes,
    kept: keptAsPages,
  } = chooseSpecsByLanguage(model, site, candidates, options.preferLanguage);
  notes.push(...languageNotes);
  const decided = decideWinners(places, new Set(refusals.map((r) => r.file)));
  refusals.push(...decided.refusals);
  const kept = new Set(refusals.map((r) => r.file));
  // A page whose winner is refused stays as it is too (the next round of planning says why).
  const migrating = places.filter(
    (p) =>
      !kept.has(p.file) &&
      (decided.losers.has(p.file) ? !kept.has(decided.losers.get(p.file)!.file) : decided.winners.has(endpointId(p))),
  );
  const winners = new Map([...decided.winners].filter(([, place]) => !kept.has(place.file)));
  const loserOf = new Map([...decided.losers].filter(([loser, winner]) => !kept.has(loser) && !kept.has(winner.file)));

  const writes = new Map<string, { original: string; updated: string }>();
  // Every file written was read by the lint already: docs.json and its $ref files, or a spec.
  const read = (file: string) =>
    model.files.find((f) => f.path === file)?.text ??
    migrating.find((p) => p.spec.spec!.file === file)!.spec.spec!.source!.text;
  const current = (file: string) => writes.get(file)?.updated ?? read(file);
  const setText = (file: string, updated: string) =>
    writes.set(file, { original: writes.get(file)?.original ?? read(file), updated });

  // Each spec is parsed once and all its operations edited together: per-endpoint re-parsing of a
  // multi-megabyte spec made large migrations quadratic.
  const { bySpec, hrefOf } = extensionWrites(winners, read, options, notes, relative);
  for (const [file, extensions] of bySpec) setText(file, setExtensions(file, current(file), extensions, key));
  const docsFixes = docsEdits(model, site, migrating, winners, loserOf);
  for (const [file, fixes] of docsFixes) setText(file, applyFixes(read(file), fixes).text);
  const deletes = [...new Set(migrating.map((p) => path.join(model.root, p.file)))];

  // The planned site, without redirects: where each operation's page is, and what it would collide with.
  let after = predict(model, writes, deletes, options);
  const generated = generatedPages(after.model, after.site, { unlistedOperations: false });
  refusals.push(...collisions(generated, winners, (page) => after.site.pageFile(page), relative));

  // Every old URL lands where its content now is.
  const pathOf = new Map(generated.map((g) => [endpointKey(g.specFile, g.operation), g.path]));
  const urls = new Map<string, string>();
  const redirects: Redirect[] = [];
  for (const place of migrating) {
    const winner = loserOf.get(place.file) ?? winners.get(endpointId(place))!;
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
  // A redirect docs.json has already ("/old/" is "/old") is not added again; one to elsewhere is a refusal.
  const existing = new Map(redirectNodes(model).map((r) => [redirectPathKey(r.source), r]));
  const adding = redirects.filter((r) => {
    const same = existing.get(redirectPathKey(r.source));
    return !same || redirectPathKey(same.destination) !== redirectPathKey(r.destination);
  });
  for (const r of adding) {
    const file = migrating.find((p) => `/${pageUrl(p.file)}` === r.source)!.file;
    const same = existing.get(redirectPathKey(r.source));
    if (same)
      refusals.push({
        file,
        message: `docs.json already redirects ${same.source} to ${same.destination}; the migration would redirect it to ${r.destination}`,
      });
  }
  const redirectFixes = redirectEdits(model, urls, adding, notes);
  if (redirectFixes.size > 0) {
    // One pass over the original text with the entry edits: their offsets are the original's.
    for (const [file, fixes] of redirectFixes)
      setText(file, applyFixes(read(file), [...(docsFixes.get(file) ?? []), ...fixes]).text);
    after = predict(model, writes, deletes, options);
  }
  const overridden = migrating
    .filter((p) => loserOf.has(p.file))
    .map((p) => ({
      file: p.file,
      winner: loserOf.get(p.file)!.file,
      endpoint: formatEndpoint({ ...p.endpoint, spec: undefined }),
    }))
    .filter((o, i, all) => all.findIndex((x) => x.file === o.file) === i);
  return {
    plan: {
      root: model.root,
      writes,
      deletes,
      overridden,
      migrated: winners.size,
      redirects: adding,
      notes,
      kept: keptAsPages,
      generated,
      urls,
    },
    refusals,
    after,
  };
}

/**
 * The extension each winner writes: the existing extension's keys kept, `metadata` and `content`
 * replaced, and `href` set to the page's path unless the extension has one or newUrls is asked for.
 * Also each winner's path as its extension sets it.
 */
function extensionWrites(
  winners: Map<string, PagePlace>,
  read: (file: string) => string,
  options: MigrationOptions,
  notes: string[],
  relative: (file: string) => string,
): { bySpec: Map<string, ExtensionWrite[]>; hrefOf: Map<PagePlace, string> } {
  const key = options.extensionKey;
  const bySpec = new Map<string, ExtensionWrite[]>();
  const raws = new Map<string, ReturnType<typeof rawOperations>>();
  const hrefOf = new Map<PagePlace, string>();
  for (const place of winners.values()) {
    const file = place.spec.spec!.file;
    if (!raws.has(file)) raws.set(file, rawOperations(file, read(file)));
    const existing = raws.get(file)?.get(operationId(place.operation))?.[key];
    const extension: Record<string, unknown> =
      typeof existing === 'object' && existing !== null && !Array.isArray(existing)
        ? { ...(existing as Record<string, unknown>) }
        : {};
    delete extension.metadata;
    delete extension.content;
    const others = Object.keys(extension);
    if (others.length > 0)
      notes.push(
        `note: ${relative(file)} ${operationId(place.operation)}: its ${key} keeps ${others.join(', ')}; only metadata and content are replaced`,
      );
    if (Object.keys(place.metadata).length > 0) extension.metadata = place.metadata;
    if (place.content) extension.content = place.content;
    if (typeof extension.href !== 'string' && !options.newUrls) extension.href = `/${pageUrl(place.file)}`;
    if (typeof extension.href === 'string') hrefOf.set(place, extension.href);
    const location =
      place.operation.webhook !== undefined ? ['webhooks', place.operation.webhook] : ['paths', place.operation.path!];
    const method = (place.operation.method ?? 'POST').toLowerCase();
    pushTo(bySpec, file, { location: [...location, method], value: reorder(extension, existing) });
  }
  return { bySpec, hrefOf };
}

/** Refusals for the migrated operations whose generated page would land on another page, generated or written. */
function collisions(
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
 * The redirect edits: `adding` appended to the site's redirects, and each redirect of the site to a page
 * that moves (--new-urls) pointed straight at its new place, so that no chain is made.
 */
function redirectEdits(
  model: NavModel,
  urls: Map<string, string>,
  adding: Redirect[],
  notes: string[],
): Map<string, Fix[]> {
  const edits = new Map<string, Fix[]>();
  const add = (file: string, fix: Fix) => pushTo(edits, file, fix);
  for (const { node, source, destination } of redirectNodes(model)) {
    const moved = urls.get(destination.replace(/^\/+/, ''));
    if (moved === undefined || moved === destination.replace(/^\/+/, '')) continue;
    add(node.file.path, { range: [node.offset, node.offset + node.length], text: JSON.stringify(`/${moved}`) });
    notes.push(`note: the redirect from ${source} now goes to /${moved}: ${destination} moves there`);
  }
  if (adding.length > 0) add(...redirectEdit(model, adding));
  return edits;
}

/** The extension with its keys in a stable order: the existing keys where they were, then metadata, content, href. */
function reorder(extension: Record<string, unknown>, existing: unknown): Record<string, unknown> {
  const before = typeof existing === 'object' && existing !== null ? Object.keys(existing) : [];
  const order = [
    ...before.filter((k) => k in extension),
    ...['metadata', 'content', 'href'].filter((k) => k in extension && !before.includes(k)),
  ];
  for (const k of Object.keys(extension)) if (!order.includes(k)) order.push(k);
  return Object.fromEntries(order.map((k) => [k, extension[k]]));
}

/** Lints the site as the plan would leave it: planned texts read in place of the files, deleted pages gone. */
function predict(
  model: NavModel,
  writes: Map<string, { updated: string }>,
  deletes: string[],
  options: Pick<LintOptions, 'rules' | 'settings' | 'extensionKey'>,
): LintResult {
  const files = overlayFiles(diskFiles, (file) => writes.get(file)?.updated, new Set(deletes));
  return lint({
    docsFile: model.docsFile.path,
    root: model.root,
    files,
    rules: options.rules,
    settings: options.settings,
    extensionKey: options.extensionKey,
    ruleFilter: withoutPageParses,
  });
}

/** The operation a page documents, as one key (see endpointKey). */
function endpointId(place: PagePlace): string {
  return endpointKey(place.spec.spec!.file, place.operation);
}

/** An operation of a spec as one key: the spec's file and `METHOD /path` or `webhook name`. */
function endpointKey(specFile: string, operation: Operation): string {
  return `${specFile}\u0000${operationId(operation)}`;
}

/**
 * Which spec each page writes into, by language: one spec holds one language's text. A spec named by
 * pages of several languages (or by another language than the one its path names) takes the pages of
 * its own language; each other page goes to its language's spec when the site has one with the
 * operation (`fr/openapi.json` for `openapi.json`); else, when the spec's language is --prefer-language,
 * it stays the MDX page it is (`kept`), and otherwise it is refused.
 */
function chooseSpecsByLanguage(
  model: NavModel,
  site: Site,
  places: PagePlace[],
  prefer: string | undefined,
): { places: PagePlace[]; refusals: Refusal[]; kept: Refusal[]; languageNotes: string[] } {
  const languages = siteLanguages(model);
  if (languages.length === 0) return { places, refusals: [], kept: [], languageNotes: [] };
  const relative = (file: string) => displayPath(file, model.root);
  const result = places.map((place) => ({ ...place }));
  const listed = listedLanguages(model, site);
  const languageNotes = moveToLanguageSpecs(
    site,
    result,
    listed,
    languages,
    prefer ?? defaultLanguage(model),
    relative,
  );
  const { refusals, kept } = languageConflicts(result, listed, languages, prefer, relative);
  const keptFiles = new Set(kept.map((k) => k.file));
  return { places: result.filter((p) => !keptFiles.has(p.file)), refusals, kept, languageNotes };
}

/** The pages of each spec, by spec file. */
function writersBySpec(places: PagePlace[]): Map<string, PagePlace[]> {
  const map = new Map<string, PagePlace[]>();
  for (const place of places) pushTo(map, place.spec.spec!.file, place);
  return map;
}

/**
 * The languages whose navigation lists endpoint entries of each spec (spec file → language → one of
 * its entries): the spec's text shows on their pages, so it speaks their language too. Otherwise the
 * run after --prefer-language kept the other languages' pages would write them over its text.
 */
function listedLanguages(model: NavModel, site: Site): Map<string, Map<string, string>> {
  const listed = new Map<string, Map<string, string>>();
  for (const element of model.elements) {
    const language = element.kind === 'endpoint' && element.endpoint ? scopeOf(element).language : '';
    const file = language
      ? site.resolveEndpoint(element.endpoint!, specsInForce(model, element)).spec?.spec?.file
      : undefined;
    if (!file) continue;
    if (!listed.has(file)) listed.set(file, new Map());
    if (!listed.get(file)!.has(language))
      listed.get(file)!.set(language, `entry "${formatEndpoint(element.endpoint!)}"`);
  }
  return listed;
}

/** The languages of a spec's text, each with where it comes from: the pages that write into it, then the entries that list it. */
function speakersOf(file: string, writers: PagePlace[], listed: Map<string, Map<string, string>>): Map<string, string> {
  const speakers = new Map<string, string>();
  for (const writer of writers)
    if (!speakers.has(writer.scope.language)) speakers.set(writer.scope.language, writer.file);
  for (const [language, entry] of listed.get(file) ?? []) if (!speakers.has(language)) speakers.set(language, entry);
  return speakers;
}

/**
 * Points each page whose spec holds another language's text at its own language's spec when the site
 * has one with the operation, and says so. Changes `places` in place.
 */
function moveToLanguageSpecs(
  site: Site,
  places: PagePlace[],
  listed: Map<string, Map<string, string>>,
  languages: string[],
  fallback: string,
  relative: (file: string) => string,
): string[] {
  const notes: string[] = [];
  for (const [file, writers] of writersBySpec(places)) {
    const marked = specLanguage(relative(file), languages);
    const spoken = speakersOf(file, writers, listed);
    if (spoken.size <= 1 && (marked === undefined || spoken.has(marked))) continue;
    const owner = marked ?? fallback;
    for (const place of writers) {
      if (place.scope.language === owner || place.scope.language === '') continue;
      for (const candidate of specForLanguage(relative(file), place.scope.language, languages)) {
        const resolution = site.resolveEndpoint({ ...place.endpoint, spec: `/${candidate}` }, undefined);
        if (!resolution.operation || !resolution.spec?.spec) continue;
        notes.push(
          `note: ${place.file} is in "${place.scope.language}": its text goes to ${candidate}, not ${relative(file)}`,
        );
        place.spec = resolution.spec;
        place.operation = resolution.operation;
        break;
      }
    }
  }
  return notes;
}

/**
 * The pages still on a spec of another language: kept as MDX pages when the spec takes the text of
 * --prefer-language (their text has nowhere else to go, and deleting them would lose it), else refused.
 */
function languageConflicts(
  places: PagePlace[],
  listed: Map<string, Map<string, string>>,
  languages: string[],
  prefer: string | undefined,
  relative: (file: string) => string,
): { refusals: Refusal[]; kept: Refusal[] } {
  const refusals: Refusal[] = [];
  const kept: Refusal[] = [];
  for (const [file, writers] of writersBySpec(places)) {
    const marked = specLanguage(relative(file), languages);
    const speakers = speakersOf(file, writers, listed);
    const spoken = [...speakers.keys()];
    if (spoken.length <= 1 && (marked === undefined || spoken[0] === marked)) continue;
    const owner = marked ?? (prefer !== undefined && spoken.includes(prefer) ? prefer : undefined);
    for (const place of writers) {
      const language = place.scope.language;
      if (owner !== undefined && language === owner) continue;
      const own = specForLanguage(relative(file), language, languages)[0];
      const twin =
        owner !== undefined
          ? writers.find((w) => w.scope.language === owner && endpointId(w) === endpointId(place))
          : undefined;
      if (owner !== undefined && owner === prefer) {
        const from = twin ? ` (${twin.file} for ${operationId(place.operation)})` : '';
        kept.push({
          file: place.file,
          message: `its text is in "${language}", and ${relative(file)} takes "${owner}" text${from}; give "${language}" its own spec (${own}) to migrate it`,
        });
        continue;
      }
      // With no owner, the spec has several languages: another one is there to name.
      const [other, where] = owner === undefined ? [...speakers].find(([l]) => l !== language)! : [];
      const message =
        owner === undefined
          ? `its text is in "${language}" and ${relative(file)} would also get the text of "${other}" (${where}): one spec holds one language; give "${language}" its own spec (${own}), or choose one with --prefer-language`
          : twin
            ? `documents ${operationId(place.operation)} of ${relative(file)} in "${language}", as ${twin.file} does in "${owner}": one operation keeps one language's text; run with --prefer-language ${owner} (${place.file} then stays an MDX page), or give "${language}" its own spec (${own})`
            : `its text is in "${language}" and ${relative(file)} holds "${owner}" text: give "${language}" its own spec (${own})`;
      refusals.push({ file: place.file, message });
    }
  }
  return { refusals, kept };
}

/**
 * Spec 2.6's "the page listed last wins", among the pages of one language and version; pages of
 * several versions for one operation of one spec are refused: one operation has one page.
 */
function decideWinners(
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

/** The MDX endpoint pages in the navigation, in docs.json order, each resolved to its operation; and why others cannot be. */
export function findEndpointPages(model: NavModel, site: Site): { places: PagePlace[]; problems: Refusal[] } {
  const places: PagePlace[] = [];
  const problems: Refusal[] = [];
  const refuse = (file: string, message: string) =>
    problems.some((p) => p.file === file) || problems.push({ file, message });
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.container === 'root') continue;
    const file = site.lookupPage(element.page!).file;
    const frontmatter = file ? site.frontmatter(file) : undefined;
    if (!file || !frontmatter) continue;
    if (!frontmatter.endpoint) {
      refuse(file, `openapi "${frontmatter.value}" is not an endpoint (METHOD /path or webhook name)`);
      continue;
    }
    const resolution = site.resolveEndpoint(frontmatter.endpoint, specsInForce(model, element), frontmatter.file);
    const problem = endpointProblem(frontmatter.endpoint, resolution);
    const remote = resolution.searched.find((s) => s.remote);
    if (problem) refuse(file, problem.message);
    else if (resolution.operation && resolution.spec) {
      // The whole page: the frontmatter reader may have read only its head.
      const { data, content } = matter(site.readPage(file), {});
      const { openapi: _, ...metadata } = data;
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

/** Migrated pages that are also a group's root: the migration would delete the root. */
function rootEndpointPages(model: NavModel, site: SiteIndex, places: PagePlace[]): Map<string, string> {
  const migrating = new Set(places.map((p) => p.file));
  const roots = new Map<string, string>();
  for (const element of model.elements) {
    if (element.container !== 'root') continue;
    const file = site.lookupPage(element.page!).file;
    if (file && migrating.has(file) && !roots.has(file)) {
      roots.set(
        file,
        `it is the root of ${describeElement(element.parent!)}, which must be a page: migrating would delete it; make another page the root, or leave this one as a page (--skip-unresolved)`,
      );
    }
  }
  return roots;
}

/** The site's redirects: each one's source, destination and the destination's string in docs.json. */
function redirectNodes(model: NavModel): { node: JNode; source: string; destination: string }[] {
  return redirectsOf(model).flatMap(({ source, destination }) =>
    source && destination
      ? [{ node: destination, source: source.value as string, destination: destination.value as string }]
      : [],
  );
}

/** The edit that adds redirects: appended to docs.json's `redirects` (wherever a $ref put it), or a new `redirects`. */
function redirectEdit(model: NavModel, redirects: Redirect[]): [string, Fix] {
  const list = member(model.docs, 'redirects');
  if (list?.type === 'array') return [list.file.path, appendItems(list, redirects)];
  if (list !== undefined)
    throw new MigrationError(`docs.json "redirects" is not a list: the migration cannot add its redirects`);
  return [
    model.docs!.file.path,
    setProperty(model.docs!, 'redirects', redirects, jsonIndentUnit(model.docs!.file.text)),
  ];
}

/**
 * Appends values to a JSON array with a local edit, laid out like its last item (own line and
 * indentation, or inline); an empty array is filled one item a line.
 */
function appendItems(array: JNode & { type: 'array' }, values: unknown[]): Fix {
  const text = array.file.text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = jsonIndentUnit(text);
  const lineIndent = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
  const render = (value: unknown, indent: string) => JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
  const items = array.items.filter((item) => item.file === array.file);
  const last = items[items.length - 1];
  if (!last) {
    const outer = lineIndent(array.offset);
    const inner = outer + (typeof unit === 'number' ? ' '.repeat(unit) : unit);
    return {
      range: [array.offset, array.offset + array.length],
      text: `[${eol}${values.map((v) => inner + render(v, inner)).join(`,${eol}`)}${eol}${outer}]`,
    };
  }
  const end = last.offset + last.length;
  const before = text.slice(text.lastIndexOf('\n', last.offset - 1) + 1, last.offset);
  if (before.trim() !== '') return { range: [end, end], text: values.map((v) => `, ${JSON.stringify(v)}`).join('') };
  // An item on one line of its own ({ "source": "/a", "destination": "/b" }): the new ones alike.
  const oneLine = !text.slice(last.offset, end).includes('\n');
  const inline = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`)
          .join(', ')} }`
      : JSON.stringify(v);
  return {
    range: [end, end],
    text: values.map((v) => `,${eol}${before}${oneLine ? inline(v) : render(v, before)}`).join(''),
  };
}

/**
 * Manual-migration help (spec 2.6): the endpoints whose pages are still MDX and the pages that cannot
 * be migrated as they are; the operations of the site's specs that no navigation entry or page reaches
 * (x-hidden and x-excluded ones left alone); and the specs that are URLs, which navlint does not read.
 */
export function migrationStatus(options: Pick<LintOptions, 'docsFile' | 'rules' | 'settings'>): {
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
    const resolution = site.resolveEndpoint(element.endpoint!, specsInForce(model, element));
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

/**
 * The docs.json (and $ref file) edits: each migrated page entry becomes its endpoint entry. Where the
 * spec is not in scope, the enclosing element gets "openapi" when it has none in scope at all, and the
 * entry names the spec ("spec.yaml GET /x") when its scope is another spec.
 */
function docsEdits(
  model: NavModel,
  site: SiteIndex,
  places: PagePlace[],
  winners: Map<string, PagePlace>,
  loserOf: Map<string, PagePlace>,
): Map<string, Fix[]> {
  const edits = new Map<string, Fix[]>();
  const add = (node: JNode, fix: Fix) => edits.set(node.file.path, [...(edits.get(node.file.path) ?? []), fix]);
  const given = new Map<NavElement, string>(); // parents that receive "openapi", and which spec
  for (const place of places) {
    const winner = loserOf.get(place.file) ?? winners.get(endpointId(place))!;
    // A page that lost to another page in the same pages array would list the endpoint twice there: drop it.
    if (winner !== place && winner.element.node.parent === place.element.node.parent) {
      add(place.element.node, removeItem(place.element.node.parent!, place.element.node));
      continue;
    }
    const specFile = winner.spec.spec!.file;
    const relative = displayPath(specFile, model.root);
    const parent = place.element.parent!;
    const scope = specsInForce(model, place.element);
    const inScope = scope?.some((source) => site.lookupSpec(source).spec?.file === specFile) ?? false;
    let entry = formatEndpoint(
      winner.operation.webhook !== undefined
        ? { webhook: winner.operation.webhook }
        : { method: winner.operation.method, path: winner.operation.path },
    );
    if (!inScope) {
      if (!scope && (given.get(parent) ?? relative) === relative) {
        if (!given.has(parent)) {
          given.set(parent, relative);
          add(parent.node, setProperty(parent.node, 'openapi', relative));
        }
      } else {
        entry = `${relative} ${entry}`;
      }
    }
    add(place.element.node, {
      range: [place.element.node.offset, place.element.node.offset + place.element.node.length],
      text: JSON.stringify(entry),
    });
  }
  return edits;
}

/**
 * Sets a property of a JSON object with a local edit: its value replaced in place, or a new property
 * after the last one, laid out like it (own line and indentation, or inline). The value is rendered
 * with the file's indentation unit. jsonc-parser's modify re-parses and re-formats the whole text for
 * each change and rewrites a one-line object whole, which swallowed edits inside it.
 */
function setProperty(object: JNode, key: string, value: unknown, unit: string | number = 2): Fix {
  const text = object.file.text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const siblings = object.type === 'object' ? object.properties.filter((p) => p.span.file === object.file) : [];
  const indentOf = (offset: number) => {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const before = text.slice(lineStart, offset);
    return before.trim() === '' ? before : undefined;
  };
  const render = (indent: string) => JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
  const existing = [...siblings].reverse().find((p) => p.key === key);
  if (existing) {
    return {
      range: [existing.value.offset, existing.value.offset + existing.value.length],
      text: render(indentOf(existing.span.offset) ?? ''),
    };
  }
  const last = siblings[siblings.length - 1];
  if (!last)
    return {
      range: [object.offset + 1, object.offset + 1],
      text: ` ${JSON.stringify(key)}: ${JSON.stringify(value)} `,
    };
  const end = last.span.offset + last.span.length;
  const indent = indentOf(last.span.offset);
  return indent === undefined
    ? { range: [end, end], text: `, ${JSON.stringify(key)}: ${JSON.stringify(value)}` }
    : { range: [end, end], text: `,${eol}${indent}${JSON.stringify(key)}: ${render(indent)}` };
}

interface ExtensionWrite {
  /** Path of the operation: ['paths', '/users', 'get'] or ['webhooks', 'name', 'post']. */
  location: string[];
  value: Record<string, unknown>;
}

/** Sets the vendor extension of several operations in a spec's text, changing nothing else. */
function setExtensions(file: string, text: string, writes: ExtensionWrite[], key: string): string {
  if (!/\.ya?ml$/i.test(file)) {
    const tree = parseJson(new SourceFile(file, text), []);
    const unit = jsonIndentUnit(text);
    const fixes = writes.map((w) => {
      const operation = w.location.reduce<JNode | undefined>((node, segment) => member(node, segment), tree);
      if (operation?.type !== 'object') throw new MigrationError(`${file}: ${w.location.join(' ')} is not an object`);
      return setProperty(operation, key, w.value, unit);
    });
    return applyFixes(text, fixes).text;
  }
  const document = parseDocument(text);
  const operations = writes.map((w) => document.getIn(w.location, true));
  if (operations.some((op) => !isMap(op) || op.flow || op.items.length === 0 || !op.range)) {
    // A flow mapping ({ summary: x }) has no lines to splice into: let yaml rewrite the document.
    for (const w of writes) document.setIn([...w.location, key], w.value);
    return document.toString({ lineWidth: 0 });
  }
  const edits = writes
    .map((w, i) => yamlSplice(text, operations[i] as YAMLMap, key, w.value))
    .sort((a, b) => b.offset - a.offset);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.offset) + edit.text + result.slice(edit.offset + edit.length);
  return result;
}

/**
 * The edit that writes the extension into a block mapping: the new block is rendered alone with yaml
 * and indented like its siblings, so comments, quoting and line breaks elsewhere stay as they are.
 */
function yamlSplice(
  text: string,
  operation: YAMLMap,
  key: string,
  value: Record<string, unknown>,
): { offset: number; length: number; text: string } {
  const firstKey = operation.items[0].key as { range?: [number, number, number] };
  const keyStart = firstKey.range![0];
  const indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
  const block = stringify({ [key]: value }, { indent: yamlIndentUnit(text), lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? ' '.repeat(indent) + line : line))
    .join('\n');
  const existing = operation.items.find((pair) => isScalar(pair.key) && pair.key.value === key);
  if (existing) {
    const start = (existing.key as { range: [number, number, number] }).range[0] - indent;
    const end = lineEnd(
      text,
      contentEnd(
        text,
        (existing.value as { range?: [number, number, number] })?.range?.[1] ??
          (existing.key as { range: [number, number, number] }).range[1],
      ),
    );
    return { offset: start, length: end - start, text: block };
  }
  const last = operation.items[operation.items.length - 1];
  const lastEnd =
    (last.value as { range?: [number, number, number] })?.range?.[1] ??
    (last.key as { range: [number, number, number] }).range[1];
  const at = lineEnd(text, contentEnd(text, lastEnd));
  return { offset: at, length: 0, text: `\n${block}` };
}

/** The offset just after the last non-blank character before `offset`. */
function contentEnd(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && /\s/.test(text[at - 1])) at--;
  return at;
}

/** The offset of the end of the line holding `offset` (before its line break). */
function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  const end = newline === -1 ? text.length : newline;
  return text[end - 1] === '\r' ? end - 1 : end;
}

function yamlIndentUnit(text: string): number {
  const match = /\n( +)\S/.exec(text);
  return match ? Math.min(match[1].length, 8) : 2;
}

/** The indentation unit of a JSON file: a tab, or its first indentation's number of spaces. */
function jsonIndentUnit(text: string): string | number {
  const indented = /\n([ \t]+)\S/.exec(text);
  if (indented?.[1].startsWith('\t')) return '\t';
  return indented ? indented[1].length : 2;
}

export interface Writer {
  writeTemporary(file: string, text: string): string;
  rename(from: string, to: string): void;
  remove(file: string): void;
  /** Removes a folder if it is empty; false when it is not (or cannot be removed). */
  removeEmptyFolder(folder: string): boolean;
}

export const diskWriter: Writer = {
  writeTemporary,
  rename: (from, to) => fs.renameSync(from, to),
  remove: (file) => fs.rmSync(file, { force: true }),
  removeEmptyFolder(folder) {
    try {
      fs.rmdirSync(folder);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * Applies a plan so that a failure anywhere leaves the site as it was: every new content goes to a
 * temporary file first; then each is renamed into place (a failure puts back the files already
 * renamed); only when every write succeeded are the MDX files deleted.
 */
export function applyMigration(plan: MigrationPlan, writer: Writer = diskWriter): void {
  const staged: { file: string; temporary: string; original: string }[] = [];
  try {
    for (const [file, { original, updated }] of plan.writes)
      staged.push({ file, temporary: writer.writeTemporary(file, updated), original });
  } catch (error) {
    for (const { temporary } of staged) writer.remove(temporary);
    throw new MigrationError(`cannot write ${fileOf(error)}: ${(error as Error).message}; nothing was changed`);
  }
  const renamed: typeof staged = [];
  try {
    for (const entry of staged) {
      writer.rename(entry.temporary, entry.file);
      renamed.push(entry);
    }
  } catch (error) {
    const rollback: string[] = [];
    for (const entry of staged) if (!renamed.includes(entry)) writer.remove(entry.temporary);
    for (const { file, original } of renamed) {
      try {
        writer.rename(writer.writeTemporary(file, original), file);
      } catch {
        rollback.push(file);
      }
    }
    if (rollback.length > 0)
      throw new MigrationError(
        `writing failed (${(error as Error).message}) and ${rollback.join(', ')} could not be restored`,
      );
    throw new MigrationError(
      `writing failed (${(error as Error).message}); every file was put back as it was, nothing was changed`,
    );
  }
  const kept: string[] = [];
  for (const file of plan.deletes) {
    try {
      writer.remove(file);
    } catch {
      kept.push(file);
    }
  }
  // Folders that held only migrated pages go too, up to (never including) the docs folder.
  for (const file of plan.deletes) {
    for (
      let folder = path.dirname(file);
      folder !== plan.root && folder.startsWith(plan.root + path.sep);
      folder = path.dirname(folder)
    ) {
      if (!writer.removeEmptyFolder(folder)) break;
    }
  }
  if (kept.length > 0)
    throw new MigrationError(
      `migrated, but could not delete ${kept.join(', ')}: their content is in the spec now; delete them by hand`,
    );
}

function fileOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).path ?? 'a file';
}

/** Errors of a lint that were not there before: what a migration must not introduce. */
export function newErrors(before: Finding[], after: Finding[]): Finding[] {
  const counts = new Map<string, number>();
  const key = (f: Finding) => `${f.ruleId}\u0000${f.message}`;
  for (const f of before) if (f.severity === 2) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  return after.filter((f) => {
    if (f.severity !== 2) return false;
    const left = counts.get(key(f)) ?? 0;
    counts.set(key(f), left - 1);
    return left <= 0;
  });
}
