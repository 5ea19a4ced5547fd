import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const loaded = new Map<string, unknown>();

/**
 * Loads a dependency on first use, from node_modules. For libraries most runs never need (the YAML
 * parser, gray-matter with its own YAML parser): navlint's start-up is part of every commit and save.
 */
export function lazyRequire<T>(name: string): T {
  if (!loaded.has(name)) loaded.set(name, require(name));
  return loaded.get(name) as T;
}
