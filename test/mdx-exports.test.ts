import { expect, test } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';

test("a snippet's exports named as Object.prototype's members are its own definitions", () => {
  const parse = parseSiteFile(
    "export const constructor = 'c'\n\nexport const toString = () => 't'\n\nexport const __proto__ = 'p'\n",
  );
  expect(parse.exports?.names).toEqual(['constructor', 'toString', '__proto__']);
  const definitions = parse.exports!.definitions;
  expect(['constructor', 'toString', '__proto__'].filter((name) => Object.hasOwn(definitions, name))).toEqual([
    'constructor',
    'toString',
    '__proto__',
  ]);
  expect(new Set(Object.values(definitions)).size).toBe(3);
  // As a worker packs it and the cache keeps it.
  expect(Object.keys(JSON.parse(JSON.stringify(definitions)))).toEqual(['constructor', 'toString', '__proto__']);
});
