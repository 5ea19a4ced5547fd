import type { NavElement, NavModel } from '../engine/model';
import { member } from '../parsers/json';

/** The language and version a navigation element sits in ('' outside any). */
export interface Scope {
  language: string;
  version: string;
}

export function scopeOf(element: NavElement): Scope {
  let language = '';
  let version = '';
  for (let at: NavElement | undefined = element; at; at = at.parent) {
    if (at.kind === 'language' && !language) language = at.name ?? '';
    if (at.kind === 'version' && !version) version = at.name ?? '';
  }
  return { language, version };
}

/** The site's default language: the one marked `default`, else the first listed; '' when it has none. */
export function defaultLanguage(model: NavModel): string {
  const languages = model.elements.filter((e) => e.kind === 'language' && e.name !== undefined);
  const marked = languages.find((e) => {
    const flag = member(e.node, 'default');
    return flag?.type === 'boolean' && flag.value === true;
  });
  return (marked ?? languages[0])?.name ?? '';
}

/** The language codes of the site's navigation. */
export function siteLanguages(model: NavModel): string[] {
  return [...new Set(model.elements.flatMap((e) => (e.kind === 'language' && e.name ? [e.name] : [])))];
}

/**
 * The language a spec's path names, if any: a folder (`fr/openapi.json`) or an infix
 * (`enterprise-api.en.yaml`) that is one of the site's language codes.
 */
export function specLanguage(relative: string, languages: string[]): string | undefined {
  const parts = relative.replace(/^\/+/, '').split('/');
  const folder = parts.slice(0, -1).find((part) => languages.includes(part));
  if (folder) return folder;
  const infix = /\.([^.]+)\.[^.]+$/.exec(parts[parts.length - 1]);
  return infix && languages.includes(infix[1]) ? infix[1] : undefined;
}

/**
 * Where the same spec would be for another language, most likely first: the language folder or infix
 * swapped (`fr/openapi.json` → `es/openapi.json`, `api.en.yaml` → `api.es.yaml`), or, for a spec that
 * names no language, the language's folder in front (`es/openapi.json`) or an infix (`openapi.es.json`).
 */
export function specForLanguage(relative: string, language: string, languages: string[]): string[] {
  const bare = relative.replace(/^\/+/, '');
  const parts = bare.split('/');
  const name = parts[parts.length - 1];
  const own = specLanguage(bare, languages);
  if (own !== undefined) {
    const folder = parts.slice(0, -1).indexOf(own);
    if (folder >= 0) return [[...parts.slice(0, folder), language, ...parts.slice(folder + 1)].join('/')];
    return [
      [
        ...parts.slice(0, -1),
        name.replace(new RegExp(`\\.${own.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(\\.[^.]+)$`), `.${language}$1`),
      ].join('/'),
    ];
  }
  const dot = name.lastIndexOf('.');
  return [
    `${language}/${bare}`,
    [...parts.slice(0, -1), `${name.slice(0, dot)}.${language}${name.slice(dot)}`].join('/'),
  ];
}
