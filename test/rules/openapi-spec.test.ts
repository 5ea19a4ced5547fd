import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const head = 'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\npaths: {}\n';
const site = (files: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...files,
});

ruleTester('openapi-spec', {
  valid: [
    {
      name: 'references inside the spec, OpenAPI 3.0 and 3.1, a file with a $ref that is no spec, an external $ref an overlay may take out',
      files: site({
        'api/a.yaml': `${head}components:\n  schemas:\n    User: { type: object }\n    Ref: { $ref: '#/components/schemas/User' }\n`,
        'api/b.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} }),
        'schemas/user.yaml': 'type: object\nproperties:\n  team: { $ref: ./team.yaml }\n',
      }),
    },
    {
      name: 'a valid Overlay is applied before the platform validates: the spec its extends names (relative to its folder) is not checked',
      files: site({
        'api/a.yaml': `${head}components:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
        'overlays/public.yaml':
          'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: ../api/a.yaml\nactions: [{ target: $.components, remove: true }]\n',
      }),
    },
    {
      name: 'overlays listed in docs.json replace the ones found by extends: no spec is judged',
      files: {
        'docs.json': docsWith('{ "openapi": { "source": "api/a.yaml", "overlays": ["o.yaml"] }, "pages": ["index"] }'),
        'index.mdx': '# Home\n',
        'api/a.yaml': `${head}components:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
        'o.yaml':
          'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nactions: [{ target: $.components, remove: true }]\n',
      },
    },
    {
      name: "what the platform's validation lets through: no info.version, empty responses and relative URLs in 3.1, a $ref whose last segment is missing, a property named $ref",
      files: site({
        'api/a.yaml':
          'openapi: 3.1.0\ninfo:\n  title: T\nservers:\n  - url: /v1\npaths:\n  /a:\n    get:\n      responses: {}\n',
        'api/b.yaml': `${head}components:\n  schemas:\n    A: { $ref: '#/components/schemas/Nope' }\n    B:\n      type: object\n      properties:\n        $ref: { type: string }\n`,
      }),
    },
  ],
  invalid: [
    {
      name: 'a $ref to a file, to a URL, and ones in descriptions that parse as YAML or as JSON with an escaped $: each at its value',
      files: site({
        'api/a.yaml': `${head}components:\n  schemas:\n    User: { $ref: './user.yaml' }\n    Team:\n      description: '$ref: team.yaml'\n    Org:\n      description: '{"\\u0024ref": "org.yaml"}'\n`,
        'api/b.json':
          '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {},\n  "components": { "schemas": { "U": { "$ref": "https://example.com/u.json#/U" } } }\n}\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 8,
          column: 20,
          endLine: 8,
          endColumn: 31,
          message:
            'external $ref "./user.yaml" (at components.schemas.User.$ref): the platform refuses a spec with a $ref to another file or a URL, so `mint validate` fails',
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 10,
          column: 27,
          endLine: 10,
          endColumn: 36,
          messageId: 'externalRef',
          data: { ref: 'team.yaml', path: 'components.schemas.Team.description.$ref' },
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 12,
          column: 36,
          endLine: 12,
          endColumn: 44,
          messageId: 'externalRef',
          data: { ref: 'org.yaml', path: 'components.schemas.Org.description.$ref' },
        },
        {
          file: 'api/b.json',
          severity: 'error',
          line: 5,
          column: 48,
          endLine: 5,
          endColumn: 77,
          messageId: 'externalRef',
          data: { ref: 'https://example.com/u.json#/U', path: 'components.schemas.U.$ref' },
        },
      ],
    },
    {
      name: 'refs in an order the document walk does not keep (integer-like keys first), and an openapi key below the top level: each at its own place',
      files: site({
        'api/a.yaml':
          "openapi: 3.0.0\ninfo:\n  title: T\n  version: '1'\n  x-note: { openapi: nested }\npaths:\n  /a:\n    get:\n      responses:\n        default: { $ref: './a.yaml' }\n        '200': { $ref: './b.yaml' }\n",
        'api/v.yaml': 'info:\n  openapi: x\nopenapi: 2\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 10,
          column: 27,
          endLine: 10,
          endColumn: 35,
          messageId: 'externalRef',
          data: { ref: './a.yaml', path: 'paths./a.get.responses.default.$ref' },
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 11,
          column: 25,
          endLine: 11,
          endColumn: 33,
          messageId: 'externalRef',
          data: { ref: './b.yaml', path: 'paths./a.get.responses.200.$ref' },
        },
        {
          file: 'api/v.yaml',
          severity: 'error',
          line: 3,
          column: 10,
          endLine: 3,
          endColumn: 11,
          message:
            'the platform reads every file with a top-level "openapi" key as a spec, and refuses this one ("Can’t find supported Swagger/OpenAPI version in specification, version must be a string."), so `mint validate` fails: a spec\'s "openapi" is "3.0.x" or "3.1.x"',
        },
      ],
    },
    {
      name: 'a version the platform does not read: 3.2, a number, Swagger 2.0 with an openapi key, a docs.json $ref file that is a tab with its openapi',
      files: {
        'docs.json': docsWith('{ "tabs": [{ "$ref": "tab.json" }] }'),
        'index.mdx': '# Home\n',
        'tab.json': '{\n  "tab": "API",\n  "openapi": "/api/c.yaml",\n  "pages": ["index"]\n}\n',
        'api/a.yaml': 'openapi: 3.2.0\ninfo: { title: T, version: "1" }\npaths: {}\n',
        'api/b.yaml': 'openapi: 3\ninfo: { title: T, version: "1" }\npaths: {}\n',
        'api/c.yaml': 'swagger: "2.0"\nopenapi: 3.0.0\ninfo: { title: T, version: "1" }\npaths: {}\n',
      },
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 15,
          messageId: 'version',
          data: { problem: 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.' },
        },
        {
          file: 'api/b.yaml',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 11,
          messageId: 'version',
          data: { problem: 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.' },
        },
        {
          file: 'api/c.yaml',
          severity: 'error',
          line: 2,
          column: 10,
          endLine: 2,
          endColumn: 15,
          messageId: 'version',
          data: { problem: 'OpenAPI versions prior to 3.0 not supported' },
        },
        {
          file: 'tab.json',
          severity: 'error',
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 27,
          messageId: 'version',
          data: { problem: 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.' },
        },
      ],
    },
    {
      name: "what the OpenAPI schema refuses, each where it is written: a missing member at its object's key, a key not allowed at the key, a wrong value with the allowed ones and a did-you-mean",
      files: site({
        'api/a.yaml': 'openapi: 3.1.0\npaths: {}\n',
        'api/b.yaml':
          'openapi: 3.1.0\ninfo:\n  title: T\npaths:\n  /users:\n    get:\n      responses:\n        "200":\n          descripton: OK\n',
        'api/d.yaml':
          'openapi: 3.1.0\ninfo:\n  title: T\npaths:\n  /users:\n    get:\n      parameters:\n        - { name: q, in: query }\n',
        'api/c.json':
          '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {\n    "/a": {\n      "get": {\n        "parameters": [{ "name": "q", "in": "body", "schema": { "type": "strin" } }],\n        "responses": { "200": { "description": "ok" } }\n      }\n    }\n  }\n}\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          message:
            'the spec misses the required "info" (the platform\'s validation refuses the spec: `mint validate` fails)',
        },
        {
          file: 'api/b.yaml',
          severity: 'error',
          line: 8,
          column: 9,
          endLine: 8,
          endColumn: 14,
          messageId: 'refused',
          data: { problem: '"paths./users.get.responses.200" misses the required "description"', hint: '' },
        },
        {
          file: 'api/b.yaml',
          severity: 'error',
          line: 9,
          column: 11,
          endLine: 9,
          endColumn: 21,
          messageId: 'refused',
          data: {
            problem:
              '"descripton" is not allowed in "paths./users.get.responses.200" (only the fields the OpenAPI specification names, and "x-" extensions)',
            hint: '',
          },
        },
        {
          file: 'api/c.json',
          severity: 'error',
          line: 7,
          column: 45,
          endLine: 7,
          endColumn: 51,
          messageId: 'refused',
          data: {
            problem: '"paths./a.get.parameters.0.in" must be one of "path", "query", "header", "cookie"',
            hint: '',
          },
        },
        {
          file: 'api/c.json',
          severity: 'error',
          line: 7,
          column: 73,
          endLine: 7,
          endColumn: 80,
          messageId: 'refused',
          data: {
            problem:
              '"paths./a.get.parameters.0.schema.type" must be one of "array", "boolean", "integer", "number", "object", "string"',
            hint: '; did you mean "string"?',
          },
          suggestions: [
            {
              desc: 'Use "string"',
              output:
                '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {\n    "/a": {\n      "get": {\n        "parameters": [{ "name": "q", "in": "body", "schema": { "type": "string" } }],\n        "responses": { "200": { "description": "ok" } }\n      }\n    }\n  }\n}\n',
            },
          ],
        },
        {
          file: 'api/d.yaml',
          severity: 'error',
          line: 8,
          column: 11,
          endLine: 8,
          endColumn: 12,
          messageId: 'refused',
          data: { problem: '"paths./users.get.parameters.0" misses one of "schema", "content"', hint: '' },
        },
      ],
    },
    {
      name: 'a $ref that resolves to nothing, at each place it is written, and one that is no string: only once the schema passes',
      files: site({
        'api/a.yaml': `${head}components:\n  schemas:\n    A: { $ref: "#/components/schemaz/B" }\n    B: { $ref: "#/components/schemaz/B" }\n    C: { $ref: 5 }\n`,
        'api/b.json':
          '{\n  "openapi": "3.0.3",\n  "info": { "title": "T", "version": "1" },\n  "paths": {},\n  "components": { "schemas": { "A": { "$ref": "#/components/schemaz/B" } } }\n}\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 8,
          column: 16,
          endLine: 8,
          endColumn: 40,
          messageId: 'refused',
          data: { problem: '$ref "#/components/schemaz/B" points at nothing in this spec', hint: '' },
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 9,
          column: 16,
          endLine: 9,
          endColumn: 40,
          messageId: 'refused',
          data: { problem: '$ref "#/components/schemaz/B" points at nothing in this spec', hint: '' },
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 10,
          column: 16,
          endLine: 10,
          endColumn: 17,
          messageId: 'refused',
          data: { problem: '$ref 5 points at nothing in this spec', hint: '' },
        },
        {
          file: 'api/b.json',
          severity: 'error',
          line: 5,
          column: 47,
          endLine: 5,
          endColumn: 71,
          messageId: 'refused',
          data: { problem: '$ref "#/components/schemaz/B" points at nothing in this spec', hint: '' },
        },
      ],
    },
    {
      name: "where the platform's resolution throws, at what makes it throw; a value YAML reads as a date, with a suggestion to quote it; an info that is a string",
      files: site({
        'api/a.yaml': `${head}x-nil: null\ncomponents:\n  schemas:\n    A: { $ref: '#/x-nil' }\n`,
        'api/b.yaml': `${head}components:\n  schemas:\n    B: { $ref: '#/components/schemas/%E0%A4%A' }\n`,
        'api/c.yaml': `${head}components:\n  schemas:\n    C:\n      type: object\n      properties:\n        hasOwnProperty: { type: string }\n`,
        'api/d.yaml': 'openapi: 3.1.0\ninfo:\n  title: T\n  version: 2024-01-01\npaths: {}\n',
        'api/e.yaml': 'openapi: 3.1.0\ninfo: T\npaths: {}\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 9,
          column: 16,
          endLine: 9,
          endColumn: 25,
          messageId: 'refused',
          data: {
            problem:
              '$ref "#/x-nil": the platform\'s resolution of the spec\'s references fails on it ("Cannot convert undefined or null to object")',
            hint: '',
          },
        },
        {
          file: 'api/b.yaml',
          severity: 'error',
          line: 8,
          column: 16,
          endLine: 8,
          endColumn: 47,
          messageId: 'refused',
          data: {
            problem:
              '$ref "#/components/schemas/%E0%A4%A": the platform\'s resolution of the spec\'s references fails on it ("URI malformed")',
            hint: '',
          },
        },
        {
          file: 'api/c.yaml',
          severity: 'error',
          line: 11,
          column: 9,
          endLine: 11,
          endColumn: 23,
          message:
            'a member named "hasOwnProperty": the platform\'s resolution of the spec\'s references fails on it ("current.hasOwnProperty is not a function") (the platform\'s validation refuses the spec: `mint validate` fails)',
        },
        {
          file: 'api/d.yaml',
          severity: 'error',
          line: 4,
          column: 12,
          endLine: 4,
          endColumn: 22,
          message:
            '"info.version" must be a string (the platform\'s validation refuses the spec: `mint validate` fails)',
          suggestions: [
            {
              desc: 'Write it as the string "2024-01-01"',
              output: 'openapi: 3.1.0\ninfo:\n  title: T\n  version: "2024-01-01"\npaths: {}\n',
            },
          ],
        },
        {
          file: 'api/e.yaml',
          severity: 'error',
          line: 2,
          column: 7,
          endLine: 2,
          endColumn: 8,
          message: '"info" must be an object (the platform\'s validation refuses the spec: `mint validate` fails)',
        },
      ],
    },
    {
      name: 'an invalid Overlay, or one whose extends names another spec, does not keep a spec from being checked; a failure after a reference the platform lets through is placed where it happens',
      files: site({
        'api/a.yaml': `${head}components:\n  schemas:\n    User: { $ref: './user.yaml' }\n`,
        'api/b.yaml': `${head}x-a: { $ref: '#/components/schemas/Missing' }\ncomponents:\n  schemas:\n    C:\n      properties:\n        hasOwnProperty: { type: string }\n`,
        'broken-overlay.yaml': 'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: api/a.yaml\nactions: []\n',
        'other-overlay.yaml':
          'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nextends: api/c.yaml\nactions: [{ target: $.info, remove: true }]\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 8,
          column: 20,
          endLine: 8,
          endColumn: 31,
          messageId: 'externalRef',
          data: { ref: './user.yaml', path: 'components.schemas.User.$ref' },
        },
        {
          file: 'api/b.yaml',
          severity: 'error',
          line: 11,
          column: 9,
          endLine: 11,
          endColumn: 23,
          message:
            'a member named "hasOwnProperty": the platform\'s resolution of the spec\'s references fails on it ("current.hasOwnProperty is not a function") (the platform\'s validation refuses the spec: `mint validate` fails)',
        },
      ],
    },
    {
      name: "aliases nested so deep that the platform's walk of the spec would not end: reported at the first alias, not validated",
      files: site({
        'api/deep.yaml': `${head}x-c0: &c0 { a: 1 }\n${Array.from({ length: 999 }, (_, i) => `x-c${i + 1}: &c${i + 1} { a: *c${i} }`).join('\n')}\n`,
      }),
      errors: [
        {
          file: 'api/deep.yaml',
          severity: 'error',
          line: 7,
          column: 16,
          endLine: 7,
          endColumn: 17,
          message:
            "its aliases nest so deep that walking it takes more than 20,000,000 steps: navlint does not validate it, and the platform's validation walks every value, for minutes or until it runs out of memory",
        },
      ],
    },
    {
      name: 'a mistake below a YAML alias, at the place its anchor writes it',
      files: site({
        'api/a.yaml':
          'openapi: 3.1.0\ninfo: {title: t, version: "1"}\nx-base: &base\n  name: q\n  in: bogus\npaths:\n  /a:\n    get:\n      parameters:\n        - *base\n',
      }),
      errors: [
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 5,
          column: 7,
          endLine: 5,
          endColumn: 12,
          messageId: 'refused',
          data: {
            problem: '"paths./a.get.parameters.0.in" must be one of "query", "header", "path", "cookie"',
            hint: '',
          },
        },
        {
          file: 'api/a.yaml',
          severity: 'error',
          line: 10,
          column: 11,
          endLine: 10,
          endColumn: 16,
          messageId: 'refused',
          data: { problem: '"paths./a.get.parameters.0" misses one of "schema", "content"', hint: '' },
        },
      ],
    },
  ],
});
