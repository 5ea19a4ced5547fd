/**
 * The platform's slugs, one function for each thing it makes a slug for, each named for that thing and
 * citing the function of @mintlify/common 1.0.1182 (the version @mintlify/cli 4.0.1552 installs) it
 * reproduces: heading and tab ids (`headingSlug`), Accordion and View ids (`componentId`),
 * ParamField ids (`paramFieldId`), and the path segments of the pages generated from OpenAPI
 * operations (`endpointPageSlug`).
 *
 * Three of them go through @sindresorhus/slugify 2.2.0 (a dependency, at the platform's version):
 * its `slugify` and `slugifyWithCounter` for the options the platform's ids use, ported here without
 * the library's cost where the result cannot differ. The library's transliterate step builds a
 * regular expression for each of its 1,935 replacements on every call, and none of them (nor `&`,
 * `🦄`, `♥`, its own) matches a string of ASCII characters without `&`. Such a string, which every
 * heading's percent-encoded title is, takes the library's other steps here; any other goes to the
 * library. test/slug.test.ts holds the two to each other.
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
function libraryAnswer(text: string, options: SlugOptions): string {
  const key = `${JSON.stringify(options)}\0${text}`;
  let slug = libraryAnswers.get(key);
  if (slug === undefined) {
    if (libraryAnswers.size >= 10_000) libraryAnswers.clear();
    libraryAnswers.set(key, (slug = librarySlugify(text, options)));
  }
  return slug;
}

/** The library's `slugify(text, options)` (exported for its test). */
export function sindresorhusSlugify(text: string, options: SlugOptions = {}): string {
  const { separator = '-', lowercase = true, decamelize: split = true, preserveCharacters = [] } = options;
  const pattern = untransliterated.test(text) ? patternsOf(separator, lowercase, preserveCharacters) : undefined;
  if (!pattern) return libraryAnswer(text, options);
  let slug = text.replace(/[\^`]/g, '');
  if (split) slug = decamelize(slug);
  if (lowercase) slug = slug.toLowerCase();
  slug = slug.replace(pattern.slug, separator).replace(/\\/g, '');
  slug = slug.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3');
  if (pattern.repeated && pattern.ends) slug = slug.replace(pattern.repeated, separator).replace(pattern.ends, '');
  return slug;
}

export type Slugger = (text: string, options?: SlugOptions) => string;

/**
 * The library's `slugifyWithCounter()`: repeated slugs get `-2`, `-3`… The platform makes one per
 * page for its headings, and another for its Tabs.
 */
export function slugCounter(): Slugger {
  const occurrences = new Map<string, number>();
  return (text, options) => {
    let slug = sindresorhusSlugify(text, options);
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

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `getUnicodeId` (mdx/lib/remark-utils.js): lower case, white space as `-`, percent-encoded (a lone
 * surrogate, which would throw, as U+FFFD). The id rehypeUnicodeIds gives a Heading, Update,
 * Accordion or Tab whose id came out empty, and the first step of `headingSlug`.
 */
export function unicodeId(title: string): string {
  return encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-').replace(loneSurrogate, '\uFFFD'));
}

/**
 * The id of a heading, and of a Tab from its title: `slugify` (slugify.js), the percent-encoded
 * title through the library, percent signs kept when there are any. `counter` numbers the repeats
 * (a fresh one: none).
 */
export function headingSlug(title: string, counter: Slugger = slugCounter()): string {
  const encoded = unicodeId(title);
  return /%[0-9A-F]{2}/.test(encoded)
    ? counter(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
    : counter(encoded, { decamelize: false, preserveCharacters: ['_'] });
}

/** The id of an Accordion or a View: `generateComponentId` (remarkComponentIds), the title's plain slug, `-1`, `-2`… after the first. */
export function componentId(title: string, count = 0): string {
  const base = sindresorhusSlugify(title.replace(':', '-'), { decamelize: false });
  return count > 0 ? `${base}-${count}` : base;
}

/** The id of a ParamField (and its kin): `generateParamFieldId` (rehypeParamFieldIds). */
export function paramFieldId(name: string, count: number): string {
  return sindresorhusSlugify(`param-${name}${count > 0 ? `_${count}` : ''}`, { decamelize: true, separator: '-' });
}

/**
 * A path segment of a page generated from an OpenAPI operation (its tag's folder, its summary, its
 * path or webhook name): `prepareStringToBeValidFilename` (openapi/filenameUtils.js), step by step
 * and in its order: every space → `-`; every `{param}` on one line → `-`; one leading `-` removed;
 * one trailing `-` removed; the characters `{ } ( ) , . '`, newlines and `/` removed; `--` → `-` in
 * one pass (so `---` becomes `--`); lower case. `Get invoice {id}` → `get-invoice-`;
 * `Get user's invoice (by ID)` → `get-users-invoice-by-id`.
 */
export function endpointPageSlug(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}
