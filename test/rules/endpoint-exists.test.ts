import { ruleTester } from '../rule-tester';
import { docsWith, flowSequenceSpec, ordersSpec, usersSpec } from '../sites';

const specs = { 'users.yaml': usersSpec, 'specs/orders.json': ordersSpec };

ruleTester('endpoint-exists', {
  valid: [
    {
      name: 'operations, webhooks, an explicit spec, a trailing slash, and a URL spec (not checked)',
      files: {
        ...specs,
        'docs.json': docsWith(`{ "tabs": [
    { "tab": "Users", "openapi": "users.yaml", "pages": ["GET /users", "POST /users", "GET /users/{userId}", "webhook user.created", "specs/orders.json GET /orders/{id}/"] },
    { "tab": "Remote", "openapi": "https://example.com/openapi.json", "pages": ["GET /anything"] }
  ] }`),
      },
    },
    {
      name: 'a real-world YAML spec (flow sequences closed less indented than their items) and a path with a trailing slash, as the spec spells them',
      files: {
        'exports.yaml': flowSequenceSpec,
        'docs.json': docsWith(
          `{ "groups": [{ "group": "Exports", "openapi": "exports.yaml", "pages": ["POST /v1/exports/get/", "GET /v1/exports"] }] }`,
        ),
      },
    },
    {
      name: 'an exact path wins over one that differs by a trailing slash, in any spec in scope',
      files: {
        'slash.json': JSON.stringify({
          openapi: '3.0.0',
          paths: { '/x/': { get: {} }, '/y': { get: {} }, '/y/': { get: {} } },
        }),
        'plain.json': JSON.stringify({ openapi: '3.0.0', paths: { '/x': { get: {} } } }),
        'docs.json': docsWith(`{ "openapi": ["slash.json", "plain.json"], "pages": ["GET /x", "GET /y", "GET /y/"] }`),
      },
    },
  ],
  invalid: [
    {
      name: 'wrong method, renamed parameter, near spelling, unknown webhook, missing named spec; a trailing slash the spec does not write (warning, fixed)',
      files: {
        ...specs,
        'docs.json': docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [
    "PUT /users",
    "GET /users/{id}",
    "GET /usrs",
    "webhook user.deleted",
    "specs/orders.json GET /orders/{id}",
    "specs/nope.json GET /orders",
    "GET /totally/different/thing"
  ] }] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 17,
          message: 'endpoint "PUT /users" is not in users.yaml; did you mean "GET /users"?',
          suggestions: [
            {
              desc: 'Use "GET /users"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [\n    "GET /users",\n    "GET /users/{id}",\n    "GET /usrs",\n    "webhook user.deleted",\n    "specs/orders.json GET /orders/{id}",\n    "specs/nope.json GET /orders",\n    "GET /totally/different/thing"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 22,
          messageId: 'notInSpec',
          data: { endpoint: 'GET /users/{id}', specs: 'users.yaml', hint: '; did you mean "GET /users/{userId}"?' },
          suggestions: [
            {
              desc: 'Use "GET /users/{userId}"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [\n    "PUT /users",\n    "GET /users/{userId}",\n    "GET /usrs",\n    "webhook user.deleted",\n    "specs/orders.json GET /orders/{id}",\n    "specs/nope.json GET /orders",\n    "GET /totally/different/thing"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 16,
          messageId: 'notInSpec',
          data: { endpoint: 'GET /usrs', specs: 'users.yaml', hint: '; did you mean "GET /users"?' },
          suggestions: [
            {
              desc: 'Use "GET /users"',
              output:
                '{ "theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [\n    "PUT /users",\n    "GET /users/{id}",\n    "GET /users",\n    "webhook user.deleted",\n    "specs/orders.json GET /orders/{id}",\n    "specs/nope.json GET /orders",\n    "GET /totally/different/thing"\n  ] }] }\n}\n',
            },
          ],
        },
        {
          severity: 'error',
          line: 6,
          column: 5,
          endLine: 6,
          endColumn: 27,
          messageId: 'notInSpec',
          data: {
            endpoint: 'webhook user.deleted',
            specs: 'users.yaml',
            hint: '',
          },
        },
        {
          severity: 'warn',
          line: 7,
          column: 5,
          endLine: 7,
          endColumn: 41,
          message:
            'endpoint "GET /orders/{id}" matches "GET /orders/{id}/" in specs/orders.json only by ignoring the trailing slash: write the spec\'s spelling',
        },
        {
          severity: 'error',
          line: 8,
          column: 5,
          endLine: 8,
          endColumn: 34,
          message: 'spec "specs/nope.json" named in "specs/nope.json GET /orders" is no file of the docs folder',
        },
        {
          severity: 'error',
          line: 9,
          column: 5,
          endLine: 9,
          endColumn: 35,
          messageId: 'notInSpec',
          data: { endpoint: 'GET /totally/different/thing', specs: 'users.yaml', hint: '' },
        },
      ],
      output: docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [
    "PUT /users",
    "GET /users/{id}",
    "GET /usrs",
    "webhook user.deleted",
    "specs/orders.json GET /orders/{id}/",
    "specs/nope.json GET /orders",
    "GET /totally/different/thing"
  ] }] }`),
    },
    {
      // A real site lists "POST /v1/exports/get" for the spec's "/v1/exports/get/"; the platform finds it.
      name: "a path that matches only by ignoring a trailing slash, on either side: a warning, fixed to the spec's spelling",
      files: {
        'exports.yaml': flowSequenceSpec,
        'docs.json': docsWith(`{ "groups": [{ "group": "Exports", "openapi": "exports.yaml", "pages": [
    "POST /v1/exports/get",
    "exports.yaml GET /v1/exports/"
  ] }] }`),
      },
      errors: [
        {
          severity: 'warn',
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 27,
          messageId: 'trailingSlash',
          data: {
            mismatch:
              '"POST /v1/exports/get" matches "POST /v1/exports/get/" in exports.yaml only by ignoring the trailing slash: write the spec\'s spelling',
          },
        },
        {
          severity: 'warn',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 36,
          messageId: 'trailingSlash',
          data: {
            mismatch:
              '"GET /v1/exports/" matches "GET /v1/exports" in exports.yaml only by ignoring the trailing slash: write the spec\'s spelling',
          },
        },
      ],
      output: docsWith(`{ "groups": [{ "group": "Exports", "openapi": "exports.yaml", "pages": [
    "POST /v1/exports/get/",
    "exports.yaml GET /v1/exports"
  ] }] }`),
    },
    {
      name: 'a lower-case method is read as a page path (fixed)',
      files: {
        ...specs,
        'docs.json': docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": ["get /users"] }] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 85,
          endLine: 2,
          endColumn: 97,
          message: '"get /users" is read as a page path: write the method in capitals ("GET /users")',
        },
      ],
      output: docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": ["GET /users"] }] }`),
    },
  ],
});
