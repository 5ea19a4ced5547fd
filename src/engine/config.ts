import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject } from '../common/collections';
import { globMatcher } from '../common/globs';
import { defaultExtensionKey } from '../parsers/openapi';
import type { Severity } from './rule';
import { ruleById } from './rules';

export interface Config {
  /** The file it came from, when there is one. */
  file?: string;
  rules: Record<string, Severity>;
  /** Globs of page paths that page-exists and orphan-page leave alone. */
  ignorePages: string[];
  /** Language codes accepted beyond the spec's list and the platform's. */
  languages: string[];
  /** Vendor extension that migrate-mdx writes. */
  extensionKey: string;
  /** The accessibility rules: off, on as warnings, or on at their own severities. */
  a11y: Severity;
  /** An empty alt marks a decorative image, as WCAG's H67 has it (the accessibility rules read it). */
  decorativeAlt: boolean;
}

/** A config file that cannot be used: exit 2 with this message. */
export class ConfigError extends Error {}

/** A vendor extension name of OpenAPI (`x-mint`), which migrate-mdx writes. */
export function isExtensionKey(key: string): boolean {
  return /^x-[A-Za-z0-9_-]+$/.test(key);
}

export const defaultConfig: Config = {
  rules: {},
  ignorePages: [],
  languages: [],
  extensionKey: defaultExtensionKey,
  a11y: 'off',
  decorativeAlt: false,
};

const severities = new Set(['off', 'warn', 'error']);

/**
 * The config in force for a docs folder: `configFile` when given, else the first navlint.config.json
 * or package.json with a "navlint" key found walking up from the folder, else the defaults.
 */
export function loadConfig(docsRoot: string, configFile?: string): Config {
  if (configFile) return readConfig(path.resolve(configFile), false);
  for (let dir = path.resolve(docsRoot); ; dir = path.dirname(dir)) {
    const own = path.join(dir, 'navlint.config.json');
    if (fs.existsSync(own)) return readConfig(own, false);
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const config = readConfig(pkg, true);
      if (config.file) return config;
    }
    if (path.dirname(dir) === dir) return { ...defaultConfig };
  }
}

/** Every file `loadConfig` may read for a docs folder, whether or not it is there: what a change of the config can be a change of. */
export function configCandidates(docsRoot: string, configFile?: string): string[] {
  if (configFile) return [path.resolve(configFile)];
  const files: string[] = [];
  for (let dir = path.resolve(docsRoot); ; dir = path.dirname(dir)) {
    files.push(path.join(dir, 'navlint.config.json'), path.join(dir, 'package.json'));
    if (path.dirname(dir) === dir) return files;
  }
}

function readConfig(file: string, fromPackage: boolean): Config {
  let data: unknown;
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, 'utf8');
    data = JSON.parse(text);
  } catch (error) {
    // Some other project's package.json that does not parse, in a folder above the site, is none of
    // navlint's business; one that names navlint may hold the config, and so stops the run.
    if (fromPackage && text !== undefined && !text.includes('"navlint"')) return { ...defaultConfig };
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'file not found'
        : `not valid JSON (${(error as Error).message})`;
    throw new ConfigError(`${file}: ${reason}`);
  }
  if (fromPackage) {
    if (!isObject(data) || !('navlint' in data)) return { ...defaultConfig };
    data = data.navlint;
  }
  const where = fromPackage ? `${file} ("navlint")` : file;
  return { ...validate(data, where), file };
}

function validate(data: unknown, where: string): Config {
  const fail = (message: string): never => {
    throw new ConfigError(`${where}: ${message}`);
  };
  if (!isObject(data)) fail('the config must be a JSON object');
  const object = data as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!['rules', 'ignorePages', 'languages', 'extensionKey', 'a11y', 'decorativeAlt', '$schema'].includes(key))
      fail(`unknown key "${key}" (known: rules, ignorePages, languages, extensionKey, a11y, decorativeAlt)`);
  }
  const rules: Record<string, Severity> = {};
  if (object.rules !== undefined) {
    if (!isObject(object.rules)) fail('"rules" must be an object of rule id → "off", "warn" or "error"');
    for (const [id, severity] of Object.entries(object.rules as object)) {
      if (!ruleById.has(id)) fail(`unknown rule "${id}" in "rules"; run navlint rules for the list`);
      if (typeof severity !== 'string' || !severities.has(severity))
        fail(`rule "${id}" must be "off", "warn" or "error", not ${JSON.stringify(severity)}`);
      rules[id] = severity as Severity;
    }
  }
  const strings = (key: string): string[] => {
    const value = object[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === ''))
      fail(`"${key}" must be an array of non-empty strings`);
    return value as string[];
  };
  const extensionKey = object.extensionKey ?? defaultConfig.extensionKey;
  if (typeof extensionKey !== 'string' || !isExtensionKey(extensionKey))
    fail('"extensionKey" must be a vendor extension name such as "x-mint"');
  const a11y = object.a11y ?? defaultConfig.a11y;
  if (typeof a11y !== 'string' || !severities.has(a11y))
    fail('"a11y" must be "off", "warn" or "error": the accessibility rules, off, as warnings, or on');
  const decorativeAlt = object.decorativeAlt ?? defaultConfig.decorativeAlt;
  if (typeof decorativeAlt !== 'boolean') fail('"decorativeAlt" must be true or false');
  return {
    rules,
    ignorePages: strings('ignorePages'),
    languages: strings('languages'),
    extensionKey: extensionKey as string,
    a11y: a11y as Severity,
    decorativeAlt: decorativeAlt as boolean,
  };
}

/**
 * A matcher for ignorePages: true when a page path (with or without extension, leading slash or not)
 * matches a glob, itself written with a leading slash or not, as entries are.
 */
export function pageMatcher(globs: string[]): (page: string) => boolean {
  if (globs.length === 0) return () => false;
  const match = globMatcher(
    globs.map((glob) => glob.replace(/^(!?)\/+/, '$1')),
    { dot: true },
  );
  return (page) => {
    const plain = page.replace(/^\/+/, '');
    return match(plain) || match(plain.replace(/\.mdx?$/, ''));
  };
}
