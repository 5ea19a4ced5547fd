import { describe, expect, it } from 'vitest';
import { indexSpec } from '../../src/parsers/openapi';
import { ruleTester } from '../rule-tester';
import { docsWith, flowSequenceSpec, ordersSpec, usersSpec } from '../sites';

ruleTester('openapi-source', {
  valid: [
    {
      name: 'YAML and JSON, OpenAPI 3.0 and 3.1, string, list and object forms, leading slash',
      files: {
        'docs.json': `{
  "api": { "openapi": ["/specs/users.yaml"] },
  "navigation": { "tabs": [
    { "tab": "A", "openapi": "specs/users.yaml", "pages": [] },
    { "tab": "B", "openapi": ["/specs/orders.json"], "pages": [] },
    { "tab": "C", "openapi": { "source": "specs/orders.json", "directory": "api" }, "pages": [] }
  ] }
}
`,
        'specs/users.yaml': usersSpec,
        'specs/orders.json': ordersSpec,
      },
    },
    {
      // js-yaml 5 rejects this ("deficient indentation"); the platform reads YAML with js-yaml 4, which accepts it.
      name: 'a real-world YAML spec: a flow sequence whose closing bracket is less indented than its items',
      files: {
        'docs.json': docsWith(`{ "openapi": "exports.yaml", "pages": ["POST /v1/exports/get/", "GET /v1/exports"] }`),
        'exports.yaml': flowSequenceSpec,
      },
    },
  ],
  invalid: [
    {
      // A real site's shape: its API reference from a spec given by URL, which navlint reads only with --check-external.
      name: 'a spec given by URL, not fetched: said once per spec, with the directory whose links are not checked',
      files: {
        'docs.json': `{
  "api": { "openapi": "https://api.example.com/openapi" },
  "navigation": { "tabs": [
    { "tab": "Registry", "openapi": { "source": "https://api.example.com/openapi", "directory": "/api-reference/" }, "pages": [] },
    { "tab": "Cloud", "openapi": "https://cloud.example.com/openapi.yaml", "pages": ["https://more.example.com/spec.json GET /a"] }
  ] }
}
`,
      },
      errors: [
        {
          severity: 'warn',
          line: 4,
          column: 49,
          endLine: 4,
          endColumn: 82,
          message:
            'openapi "https://api.example.com/openapi" is a URL, and navlint fetches a spec only with --check-external: its endpoint entries, the pages it generates and the links into "/api-reference" are not checked',
        },
        {
          severity: 'warn',
          line: 5,
          column: 34,
          endLine: 5,
          endColumn: 74,
          messageId: 'notFetched',
          data: { source: 'https://cloud.example.com/openapi.yaml', directory: 'api-reference' },
        },
        {
          severity: 'warn',
          line: 5,
          column: 86,
          endLine: 5,
          endColumn: 129,
          messageId: 'notFetched',
          data: { source: 'https://more.example.com/spec.json', directory: 'api-reference' },
        },
      ],
    },
    {
      name: 'missing, unparsable, not OpenAPI, outside the folder',
      files: {
        'docs.json': `{
  "api": { "openapi": "nope.yaml" },
  "navigation": { "tabs": [
    { "tab": "A", "openapi": "broken.yaml", "pages": [] },
    { "tab": "B", "openapi": ["broken.json", "config.json"], "pages": [] },
    { "tab": "C", "openapi": { "source": "../secret.json" }, "pages": [] },
    { "tab": "D", "openapi": "swagger.json", "pages": [] }
  ] }
}
`,
        'swagger.json': '{ "swagger": "2.0", "info": { "title": "Users", "version": "1" }, "paths": {} }',
        'broken.yaml': 'openapi: 3.0.0\npaths:\n  /a: [1,\n',
        'broken.json': '{\n  "openapi": "3.0.0",\n  "paths": {,}\n}\n',
        'config.json': '{ "name": "not a spec" }',
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 23,
          endLine: 2,
          endColumn: 34,
          message: 'openapi "nope.yaml" is no file of the docs folder',
        },
        {
          severity: 'error',
          line: 4,
          column: 30,
          endLine: 4,
          endColumn: 43,
          messageId: 'unusable',
          data: {
            source: 'broken.yaml',
            problem: 'does not parse as YAML: unexpected end of the stream within a flow collection (line 4, column 1)',
          },
        },
        {
          severity: 'error',
          line: 5,
          column: 31,
          endLine: 5,
          endColumn: 44,
          messageId: 'unusable',
          data: {
            source: 'broken.json',
            problem:
              'does not parse as JSON: Value expected: a string in double quotes, a number, true, false, null, an object or a list (line 3, column 13)',
          },
        },
        {
          severity: 'error',
          line: 5,
          column: 46,
          endLine: 5,
          endColumn: 59,
          messageId: 'unusable',
          data: {
            source: 'config.json',
            problem: 'is not an OpenAPI or Swagger document (it has no "openapi" or "swagger" field)',
          },
        },
        {
          severity: 'error',
          line: 6,
          column: 42,
          endLine: 6,
          endColumn: 58,
          messageId: 'unusable',
          data: { source: '../secret.json', problem: 'points outside the docs folder' },
        },
        {
          severity: 'error',
          line: 7,
          column: 30,
          endLine: 7,
          endColumn: 44,
          messageId: 'unusable',
          data: {
            source: 'swagger.json',
            problem:
              'is a Swagger 2.0 document, which the platform does not read (only OpenAPI 3.x): `mint validate` says the file does not exist',
          },
        },
      ],
    },
  ],
});

describe('YAML specs are read as the platform reads them (js-yaml 4)', () => {
  it('finds every operation of a spec whose flow sequences close less indented than their items', () => {
    const spec = indexSpec('/site/exports.yaml', flowSequenceSpec);
    expect(spec.problem).toBeUndefined();
    expect([...spec.operations.keys()]).toEqual(['POST /v1/exports/get/', 'GET /v1/exports']);
  });
});
