import { pushTo } from '../common/collections';
import { displayPath } from '../common/paths';
import { type NavModel, specsInForce } from '../engine/model';
import { formatEndpoint } from '../parsers/endpoint-entry';
import { operationId } from '../parsers/openapi';
import type { Site } from '../site/site';
import { endpointId } from './pages';
import { defaultLanguage, scopeOf, siteLanguages, specForLanguage, specLanguage } from './scope';
import type { PagePlace, Refusal } from './types';

/**
 * Which spec each page writes into, by language: one spec holds one language's text. A spec named by
 * pages of several languages (or by another language than the one its path names) takes the pages of
 * its own language; each other page goes to its language's spec when the site has one with the
 * operation (`fr/openapi.json` for `openapi.json`); else, when the spec's language is --prefer-language,
 * it stays the MDX page it is (`kept`), and otherwise it is refused.
 */
export function chooseSpecsByLanguage(
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
    if (element.kind !== 'endpoint') continue;
    const language = scopeOf(element).language;
    const file = language
      ? site.resolveEndpoint(element.endpoint, specsInForce(model, element)).spec?.spec?.file
      : undefined;
    if (!file) continue;
    if (!listed.has(file)) listed.set(file, new Map());
    if (!listed.get(file)!.has(language))
      listed.get(file)!.set(language, `entry "${formatEndpoint(element.endpoint)}"`);
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
