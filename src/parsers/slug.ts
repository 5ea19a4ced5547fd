/**
 * @sindresorhus/slugify 2.2.0's `slugify` and `slugifyWithCounter` (MIT), for the options the
 * platform's ids use, without its cost where the result cannot differ: the library's transliterate
 * step builds a regular expression for each of its 1,935 replacements on every call, and none of them
 * (nor `&`, `🦄`, `♥`, its own) matches a string of ASCII characters without `&`. Such a string, which
 * every heading's percent-encoded title is, takes the library's other steps here; any other goes to
 * the library. test/slug.test.ts holds the two to each other.
 */
import librarySlugify from '@sindresorhus/slugify';

export interface SlugOptions {
  separator?: string;
  lowercase?: boolean;
  decamelize?: boolean;
  preserveCharacters?: string[];
}

/** A string the library's transliteration leaves as it is, but for the diacritic marks of ASCII (`^`, `` ` ``). */
const untransliterated = /^[\0-%'-\x7f]*$/;

const escapeRegExp = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');

function decamelize(text: string): string {
  return text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
}

const patterns = new Map<string, { slug: RegExp; repeated?: RegExp; ends?: RegExp }>();

function patternsOf(separator: string, lowercase: boolean, preserve: readonly string[]) {
  const key = JSON.stringify([separator, lowercase, preserve]);
  let found = patterns.get(key);
  if (!found) {
    if (preserve.includes(separator)) return undefined; // the library throws: let it
    const escaped = escapeRegExp(separator);
    const allowed = `a-z\\d${lowercase ? '' : 'A-Z'}${preserve.map(escapeRegExp).join('')}`;
    found = { slug: new RegExp(`[^${allowed}]+`, 'g') };
    if (separator)
      Object.assign(found, {
        repeated: new RegExp(`${escaped}{2,}`, 'g'),
        ends: new RegExp(`^${escaped}|${escaped}$`, 'g'),
      });
    patterns.set(key, found);
  }
  return found;
}

/**
 * The library's own answer, kept: each call costs milliseconds, and a site's translated pages repeat
 * their components' titles page after page. Bounded, so that a long-running server does not grow.
 */
const libraryAnswers = new Map<string, string>();
function librarySlugified(text: string, options: SlugOptions): string {
  const key = `${JSON.stringify(options)}\0${text}`;
  let slug = libraryAnswers.get(key);
  if (slug === undefined) {
    if (libraryAnswers.size >= 10_000) libraryAnswers.clear();
    libraryAnswers.set(key, (slug = librarySlugify(text, options)));
  }
  return slug;
}

/** The library's `slugify(text, options)`. */
export function slugify(text: string, options: SlugOptions = {}): string {
  const { separator = '-', lowercase = true, decamelize: split = true, preserveCharacters = [] } = options;
  const pattern = untransliterated.test(text) ? patternsOf(separator, lowercase, preserveCharacters) : undefined;
  if (!pattern) return librarySlugified(text, options);
  let slug = text.replace(/[\^`]/g, '');
  if (split) slug = decamelize(slug);
  if (lowercase) slug = slug.toLowerCase();
  slug = slug.replace(pattern.slug, separator).replace(/\\/g, '');
  slug = slug.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3');
  if (pattern.repeated && pattern.ends) slug = slug.replace(pattern.repeated, separator).replace(pattern.ends, '');
  return slug;
}

export type Slugger = (text: string, options?: SlugOptions) => string;

/** The library's `slugifyWithCounter()`: repeated slugs get `-2`, `-3`… */
export function slugifyWithCounter(): Slugger {
  const occurrences = new Map<string, number>();
  return (text, options) => {
    let slug = slugify(text, options);
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(lower.replace(/(?:-\d+?)+?$/, '')) || 0;
    const counter = occurrences.get(lower);
    occurrences.set(lower, typeof counter === 'number' ? counter + 1 : 1);
    const next = occurrences.get(lower) || 2;
    if (next >= 2 || numberless > 2) slug = `${slug}-${next}`;
    return slug;
  };
}
