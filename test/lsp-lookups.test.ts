import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import { uriOf } from '../src/lsp/documents';
import { definitionOf, hoverOf, stringAt } from '../src/lsp/lookups';
import { makeSite } from './helpers';
import { page, requiredKeys, usersSpec } from './sites';

const docs = `{ ${requiredKeys}
  "navigation": {
    "languages": [{ "$ref": "fr.json" }],
    "tabs": [
      { "tab": "Guides", "pages": ["index", "missing"] },
      { "tab": "API", "openapi": "users.yaml", "pages": ["GET /users", "GET /nope"] }
    ]
  }
}
`;

/** The string at the n-th character after the first match of `marker` in docs.json, as the last lint read it. */
function setup() {
  const root = makeSite({
    'docs.json': docs,
    'fr.json': '{ "language": "fr", "pages": ["index"] }',
    'index.mdx': page(),
    'users.yaml': usersSpec,
  });
  const file = path.join(root, 'docs.json');
  const result = lint({ ruleSet, docsFile: file, persistCaches: false });
  const found = (marker: string, n = 1) => stringAt(docs, file, docs.indexOf(marker) + n, result);
  return { root, file, found };
}

const start = { line: 0, character: 0 };

describe('definition and hover', () => {
  it('find the string at an offset and the element it is', () => {
    const { found } = setup();
    expect(found('"index"', 2)).toMatchObject({
      element: { kind: 'page', page: 'index' },
      path: ['navigation', 'tabs', 0, 'pages', 0],
    });
    expect(found('"fr.json"')).toMatchObject({ element: undefined, path: ['navigation', 'languages', 0, '$ref'] });
    expect(found('{ "tab": "Guides"', 0)).toBeUndefined();
    expect(found(': {', 1)).toBeUndefined();
  });

  it('lead from a page to its file, from a $ref to its file, and from an endpoint to its operation in the spec', () => {
    const { root, file, found } = setup();
    expect(definitionOf(found('"index"')!, file)).toEqual({
      uri: uriOf(path.join(root, 'index.mdx')),
      range: { start, end: start },
    });
    expect(definitionOf(found('"fr.json"')!, file)).toEqual({
      uri: uriOf(path.join(root, 'fr.json')),
      range: { start, end: start },
    });
    const get = usersSpec.split('\n').findIndex((line) => line.trim() === 'get:');
    expect(definitionOf(found('"GET /users"')!, file)).toEqual({
      uri: uriOf(path.join(root, 'users.yaml')),
      range: { start: { line: get, character: 4 }, end: { line: get, character: 7 } },
    });
  });

  it('lead nowhere from a page not on disk, an endpoint in no spec, a $ref to nothing, or a string that is no element', () => {
    const { root, file, found } = setup();
    expect(definitionOf(found('"missing"')!, file)).toBeNull();
    expect(definitionOf(found('"GET /nope"')!, file)).toBeNull();
    expect(definitionOf(found('"Guides"')!, file)).toBeNull();
    fs.rmSync(path.join(root, 'fr.json'));
    expect(definitionOf(found('"fr.json"')!, file)).toBeNull();
  });

  it('hover an endpoint with its summary and spec, or the specs it is not in; nothing else', () => {
    const { found } = setup();
    const users = found('"GET /users"')!;
    expect(hoverOf(users)).toEqual({
      contents: { kind: 'markdown', value: '**GET /users**\n\nList users\n\nSpec: `users.yaml`' },
      range: users.element && {
        start: { line: 5, character: docs.split('\n')[5].indexOf('"GET /users"') },
        end: { line: 5, character: docs.split('\n')[5].indexOf('"GET /users"') + 12 },
      },
    });
    expect(hoverOf(found('"GET /nope"')!)?.contents).toEqual({
      kind: 'markdown',
      value: '**GET /nope**\n\nNot found in `users.yaml`',
    });
    expect(hoverOf(found('"index"')!)).toBeNull();
  });
});
