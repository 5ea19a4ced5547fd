import * as fs from 'node:fs';
import * as path from 'node:path';
import { globMatcher } from '../common/globs';
import { didYouMean, didYouMeanHint } from '../common/suggest';
import {
  type JArray,
  type JNode,
  type JProperty,
  type JScalar,
  member,
  parseJson,
  type ReadIssue,
  toValue,
} from '../parsers/json';
import { defaultExtensionKey } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import type { Override } from './file-scopes';
import type { RuleSet, Severity } from './rule';

export interface Config {
  /** The file it came from, when there is one. */
  file?: string;
  rules: Record<string, Severity>;
  /** Globs of files (from the docs folder) that no rule reports in. */
  ignores: string[];
  /** Rules set for some files: the last override that matches a file wins. */
  overrides: Override[];
  /** How a directive that turns nothing off is reported. */
  reportUnusedDisableDirectives: Severity;
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
  ignores: [],
  overrides: [],
  // As ESLint 9's default: a directive that turns nothing off is worth a warning.
  reportUnusedDisableDirectives: 'warn',
  ignorePages: [],
  languages: [],
  extensionKey: defaultExtensionKey,
  a11y: 'off',
  decorativeAlt: false,
};

const severities = ['off', 'warn', 'error'];
const keys = [
  'rules',
  'ignores',
  'overrides',
  'reportUnusedDisableDirectives',
  'ignorePages',
  'languages',
  'extensionKey',
  'a11y',
  'decorativeAlt',
  '$schema',
];

/**
 * The config in force for a docs folder (rule ids checked against `known`): `configFile` when given, else the first navlint.config.json
 * or package.json with a "navlint" key found walking up from the folder, else the defaults.
 */
export function loadConfig(docsRoot: string, configFile: string | undefined, known: RuleSet): Config {
  if (configFile) return readConfig(path.resolve(configFile), false, known);
  for (let dir = path.resolve(docsRoot); ; dir = path.dirname(dir)) {
    const own = path.join(dir, 'navlint.config.json');
    if (fs.existsSync(own)) return readConfig(own, false, known);
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const config = readConfig(pkg, true, known);
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

function readConfig(file: string, fromPackage: boolean, known: RuleSet): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${file}: ${code === 'ENOENT' ? 'file not found' : (error as Error).message}`);
  }
  const source = new SourceFile(file, text);
  const issues: ReadIssue[] = [];
  const tree = parseJson(source, issues);
  if (issues.length > 0 || !tree) {
    // Some other project's package.json that does not parse, in a folder above the site, is none of
    // navlint's business; one that names navlint may hold the config, and so stops the run.
    if (fromPackage && !text.includes('"navlint"')) return { ...defaultConfig };
    const at = issues[0] ? placeOf(source, issues[0].span.offset) : '';
    throw new ConfigError(`${file}${at}: not valid JSON: ${issues[0]?.message ?? 'no JSON value'}`);
  }
  const config = fromPackage ? member(tree, 'navlint') : tree;
  if (!config) return { ...defaultConfig };
  return { ...validate(config, source, known), file };
}

const placeOf = (source: SourceFile, offset: number) => {
  const { line, column } = source.position(offset);
  return `:${line}:${column}`;
};

function validate(config: JNode, source: SourceFile, known: RuleSet): Config {
  const fail = (at: JNode | JProperty, message: string): never => {
    const offset = 'keySpan' in at ? at.keySpan.offset : at.offset;
    throw new ConfigError(`${source.path}${placeOf(source, offset)}: ${message}`);
  };
  if (config.type !== 'object') return fail(config, 'the config must be a JSON object');
  for (const prop of config.properties)
    if (!keys.includes(prop.key)) fail(prop, `unknown key "${prop.key}"${hintAmong(prop.key, keys)}`);
  const strings = (node: JNode | undefined, what: string): string[] => {
    if (node === undefined) return [];
    if (node.type !== 'array') return fail(node, `"${what}" must be an array of non-empty strings`);
    for (const item of node.items)
      if (item.type !== 'string' || item.value === '') fail(item, `"${what}" must be an array of non-empty strings`);
    return node.items.map((item) => (item as JScalar).value as string);
  };
  const severityOf = (node: JNode, what: string): Severity => {
    if (node.type !== 'string' || !severities.includes(node.value as string))
      fail(node, `${what} must be "off", "warn" or "error", not ${JSON.stringify(toValue(node))}`);
    return (node as JScalar).value as Severity;
  };
  const rulesOf = (node: JNode | undefined, where: string): Record<string, Severity> => {
    if (node === undefined) return {};
    if (node.type !== 'object') return fail(node, `"${where}" must be an object of rule id → "off", "warn" or "error"`);
    const rules: Record<string, Severity> = {};
    for (const prop of node.properties) {
      if (!known.byId.has(prop.key))
        fail(
          prop,
          `unknown rule "${prop.key}" in "${where}"${hintAmong(prop.key, known.byId.keys())}; navlint rules lists them`,
        );
      rules[prop.key] = severityOf(prop.value, `rule "${prop.key}"`);
    }
    return rules;
  };
  const overridesNode = member(config, 'overrides');
  if (overridesNode && overridesNode.type !== 'array')
    fail(overridesNode, '"overrides" must be an array of { "files": [globs], "rules": { … } }');
  const overrides = ((overridesNode as JArray | undefined)?.items ?? []).map((item, i): Override => {
    if (item.type !== 'object')
      return fail(item, `overrides[${i}] must be an object { "files": [globs], "rules": { … } }`);
    for (const prop of item.properties)
      if (prop.key !== 'files' && prop.key !== 'rules')
        fail(prop, `unknown key "${prop.key}" in overrides[${i}]${hintAmong(prop.key, ['files', 'rules'])}`);
    const files = strings(member(item, 'files'), `overrides[${i}].files`);
    if (files.length === 0) fail(item, `overrides[${i}] needs "files": the globs of the files its rules are for`);
    return { files, rules: rulesOf(member(item, 'rules'), `overrides[${i}].rules`) };
  });
  const extensionNode = member(config, 'extensionKey');
  if (extensionNode && (extensionNode.type !== 'string' || !isExtensionKey(extensionNode.value as string)))
    fail(extensionNode, '"extensionKey" must be a vendor extension name such as "x-mint"');
  const unused = member(config, 'reportUnusedDisableDirectives');
  const a11y = member(config, 'a11y');
  if (a11y && (a11y.type !== 'string' || !severities.includes(a11y.value as string)))
    fail(a11y, '"a11y" must be "off", "warn" or "error": the accessibility rules, off, as warnings, or on');
  const decorativeAlt = member(config, 'decorativeAlt');
  if (decorativeAlt && decorativeAlt.type !== 'boolean') fail(decorativeAlt, '"decorativeAlt" must be true or false');
  return {
    rules: rulesOf(member(config, 'rules'), 'rules'),
    ignores: strings(member(config, 'ignores'), 'ignores'),
    overrides,
    reportUnusedDisableDirectives: unused
      ? severityOf(unused, '"reportUnusedDisableDirectives"')
      : defaultConfig.reportUnusedDisableDirectives,
    ignorePages: strings(member(config, 'ignorePages'), 'ignorePages'),
    languages: strings(member(config, 'languages'), 'languages'),
    extensionKey: ((extensionNode as JScalar | undefined)?.value as string | undefined) ?? defaultConfig.extensionKey,
    a11y: ((a11y as JScalar | undefined)?.value as Severity | undefined) ?? defaultConfig.a11y,
    decorativeAlt:
      ((decorativeAlt as JScalar | undefined)?.value as boolean | undefined) ?? defaultConfig.decorativeAlt,
  };
}

const hintAmong = (word: string, candidates: Iterable<string>) => didYouMeanHint(didYouMean(word, candidates));

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
