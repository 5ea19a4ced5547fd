import { createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);
const loaded = new Map<string, unknown>();

/**
 * Libraries most runs never need, initialised on first use: navlint's start-up is part of every
 * commit and save. In the bundle, esbuild resolves these require calls, so the code ships inside
 * dist/ and is only evaluated when called; run from source (tests), node_modules serves them.
 */
export function once<T>(name: string, load: () => unknown): T {
  if (!loaded.has(name)) loaded.set(name, typeof require === 'function' ? load() : nodeRequire(name));
  return loaded.get(name) as T;
}

// The platform's frontmatter parser, with js-yaml 3 (src/parsers/frontmatter-block.ts).
export const frontMatterPackage = () =>
  once<typeof import('front-matter').default>('front-matter', () => require('front-matter'));
export const jsYaml = () => once<typeof import('js-yaml')>('js-yaml', () => require('js-yaml'));
// The YAML parser that keeps where each node is written: only to place a finding in a spec.
export const yamlPackage = () => once<typeof import('yaml')>('yaml', () => require('yaml'));
// Needed only for JSON that is not strictly valid, which json-strict.ts hands over; its formatter
// tables cost 260 KB at start-up.
export const jsoncParser = () => once<typeof import('jsonc-parser')>('jsonc-parser', () => require('jsonc-parser'));
// Colours only for a terminal: loading it loads node:tty, which a run into a pipe or file never needs.
export const picocolors = () => once<typeof import('picocolors')>('picocolors', () => require('picocolors'));
// Hashing file contents only when a cache cannot tell a file by its identity (a fresh checkout).
export const nodeCrypto = () => once<typeof import('node:crypto')>('node:crypto', () => require('node:crypto'));
// The platform's gitignore matcher, for a site with a .mintignore (src/common/mint-ignore.ts).
export const ignorePackage = () => once<typeof import('ignore')>('ignore', () => require('ignore'));
// Worker threads only for a parse of many pages: loading them loads node:stream, which a run from the cache of results never needs.
export const nodeWorkerThreads = () =>
  once<typeof import('node:worker_threads')>('node:worker_threads', () => require('node:worker_threads'));
