import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import { describeElement, type EndpointElement } from '../src/engine/model';
import { docsWith, makeSite } from './helpers';

const page = '---\ntitle: Page\n---\n';
function lintNavigation(navigation: string) {
  const dir = makeSite({
    'docs.json': docsWith(navigation),
    'index.mdx': page,
    'a.mdx': page,
    'b.mdx': page,
    'openapi.json': '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/users":{"get":{}}}}',
  });
  return lint({ ruleSet, docsFile: path.join(dir, 'docs.json') });
}

const rootPatterns: Record<string, string> = {
  pages: `{ "pages": ["index", { "group": "G", "pages": ["a"] }] }`,
  groups: `{ "groups": [{ "group": "G", "pages": ["index", { "group": "N", "expanded": true, "pages": ["a"] }] }] }`,
  tabs: `{ "tabs": [{ "tab": "T", "groups": [{ "group": "G", "pages": ["index"] }] }, { "tab": "Site", "href": "https://example.com" }] }`,
  anchors: `{ "anchors": [{ "anchor": "A", "icon": "book", "pages": ["index"] }] }`,
  dropdowns: `{ "dropdowns": [{ "dropdown": "D", "groups": [{ "group": "G", "pages": ["index"] }] }] }`,
  products: `{ "products": [{ "product": "P", "description": "d", "pages": ["index"] }] }`,
  versions: `{ "versions": [{ "version": "v2", "tag": "Latest", "pages": ["index"] }, { "version": "v1", "pages": ["a"] }] }`,
  languages: `{ "languages": [{ "language": "en", "pages": ["index"] }, { "language": "pt-BR", "banner": { "content": "Olá" }, "pages": ["a"] }] }`,
};

const mixedNestings: Record<string, string> = {
  'tab > anchors > groups (spec 2.5 rule 2)': `{ "tabs": [{ "tab": "T", "anchors": [{ "anchor": "A", "groups": [{ "group": "G", "pages": ["index"] }] }] }] }`,
  'tab > menu > groups and pages': `{ "tabs": [{ "tab": "T", "menu": [{ "item": "I", "groups": [{ "group": "G", "pages": ["index"] }] }, { "item": "J", "pages": ["a"] }] }] }`,
  'products > tabs > menu': `{ "products": [{ "product": "P", "tabs": [{ "tab": "T", "menu": [{ "item": "I", "pages": ["index"] }] }] }] }`,
  'languages > versions > tabs > groups': `{ "languages": [{ "language": "fr", "versions": [{ "version": "v1", "tabs": [{ "tab": "T", "groups": [{ "group": "G", "pages": ["index"] }] }] }] }] }`,
  'versions inside a tab, openapi on the version': `{ "tabs": [{ "tab": "API", "versions": [{ "version": "2026", "openapi": "openapi.json", "groups": [{ "group": "Users", "pages": ["GET /users"] }] }] }] }`,
  'dropdowns > anchors > pages': `{ "dropdowns": [{ "dropdown": "D", "anchors": [{ "anchor": "A", "pages": ["index"] }] }] }`,
};

describe("every root pattern and the spec's nestings lint clean", () => {
  for (const [name, navigation] of Object.entries({ ...rootPatterns, ...mixedNestings })) {
    it(name, () => expect(lintNavigation(navigation).findings.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]));
  }
});

describe('the navigation model', () => {
  it('gives each element its kind, path, depth, parent and top-level status', () => {
    const { model } = lintNavigation(`{ "tabs": [{ "tab": "T", "openapi": "openapi.json", "groups": [
    { "group": "G", "root": "index", "pages": ["a", "GET /users", { "group": "N", "pages": ["webhook user.created"] }] }
  ] }] }`);
    const rows = model.elements.map((e) => [
      e.kind,
      e.path.join('.'),
      e.depth,
      e.parent ? describeElement(e.parent) : null,
      e.topLevelGroup,
      e.openapi?.sources.map((s) => s.source).join(',') ?? null,
    ]);
    expect(rows).toEqual([
      ['navigation', 'navigation', 0, null, false, null],
      ['tab', 'navigation.tabs.0', 1, 'navigation', false, 'openapi.json'],
      ['group', 'navigation.tabs.0.groups.0', 2, 'tab "T"', true, 'openapi.json'],
      ['page', 'navigation.tabs.0.groups.0.root', 3, 'group "G"', false, 'openapi.json'],
      ['page', 'navigation.tabs.0.groups.0.pages.0', 3, 'group "G"', false, 'openapi.json'],
      ['endpoint', 'navigation.tabs.0.groups.0.pages.1', 3, 'group "G"', false, 'openapi.json'],
      ['group', 'navigation.tabs.0.groups.0.pages.2', 3, 'group "G"', false, 'openapi.json'],
      ['endpoint', 'navigation.tabs.0.groups.0.pages.2.pages.0', 4, 'group "N"', false, 'openapi.json'],
    ]);
    expect(model.elements[5]).toMatchObject({ kind: 'endpoint' });
    expect((model.elements[5] as EndpointElement).endpoint).toEqual({
      spec: undefined,
      methodWritten: 'GET',
      method: 'GET',
      path: '/users',
    });
    expect((model.elements[7] as EndpointElement).endpoint).toEqual({ spec: undefined, webhook: 'user.created' });
  });

  it("follows $ref across files and keeps each element's own file and position", () => {
    const dir = makeSite({
      'docs.json': docsWith(`{ "languages": [{ "$ref": "i18n/fr.json" }] }`),
      'i18n/fr.json':
        '{\n  "language": "fr",\n  "openapi": { "source": "openapi.json", "directory": "api" },\n  "pages": ["index"]\n}\n',
    });
    const { model } = lint({ ruleSet, docsFile: path.join(dir, 'docs.json') });
    const language = model.elements[1];
    expect(language.kind).toBe('language');
    expect(path.relative(dir, language.node.file.path)).toBe(path.join('i18n', 'fr.json'));
    expect(language.path).toEqual(['navigation', 'languages', 0]);
    expect(language.openapi?.sources.map((s) => s.source)).toEqual(['openapi.json']);
    expect(model.elements[2].node.file.position(model.elements[2].node.offset)).toEqual({ line: 4, column: 13 });
  });

  it("a $ref that cannot be followed is one finding, json-ref's, wherever it stands", () => {
    const cases = {
      navigation: '{ "$ref": "nav.json" }',
      'a tab': '{ "tabs": [{ "tab": "A", "pages": ["index"] }, { "$ref": "nav.json" }] }',
      'a group': '{ "groups": [{ "$ref": "nav.json" }] }',
    };
    for (const [where, navigation] of Object.entries(cases)) {
      const dir = makeSite({ 'docs.json': docsWith(navigation), 'index.mdx': '# Home\n' });
      const { findings } = lint({ ruleSet, docsFile: path.join(dir, 'docs.json') });
      expect(
        findings.map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`),
        where,
      ).toEqual([expect.stringMatching(/^\d+:\d+ json-ref "\$ref" "nav\.json": file not found$/)]);
    }
    const dir = makeSite({
      'docs.json': docsWith('{ "pages": ["index"] }').replace(
        /\n}\n$/,
        ',\n  "redirects": { "$ref": "redirects.json" }\n}\n',
      ),
      'index.mdx': '# Home\n',
    });
    const { findings } = lint({ ruleSet, docsFile: path.join(dir, 'docs.json') });
    expect(findings.map((f) => `${f.line}:${f.column} ${f.ruleId}`)).toEqual(['3:26 json-ref']);
  });

  it('follows a file that is itself a $ref, as the platform does, and reports a cycle of such files', () => {
    const files = {
      'docs.json': docsWith('{ "$ref": "nav.json" }'),
      'nav.json': '{ "$ref": "nav2.json" }',
      'nav2.json': '{ "pages": ["index", "missing"] }',
      'index.mdx': '# Home\n',
    };
    const chained = lint({ ruleSet, docsFile: path.join(makeSite(files), 'docs.json') });
    expect(chained.findings.map((f) => `${path.basename(f.file.path)} ${f.line}:${f.column} ${f.ruleId}`)).toEqual([
      'nav2.json 1:22 page-exists',
    ]);
    const cycle = lint({
      ruleSet,
      docsFile: path.join(makeSite({ ...files, 'nav2.json': '{ "$ref": "nav.json" }' }), 'docs.json'),
    });
    expect(cycle.findings.map((f) => `${path.basename(f.file.path)} ${f.line}:${f.column} ${f.ruleId}`)).toEqual([
      'nav2.json 1:11 json-ref',
    ]);
  });
});
