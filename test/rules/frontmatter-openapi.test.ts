import { ruleTester } from '../rule-tester';
import { docsWith, flowSequenceSpec, ordersSpec, usersSpec } from '../sites';

/** Two operations of one path that differ by their last word, as mintlify__docs's translated analytics specs. */
const analyticsSpec = `openapi: 3.1.0
info:
  title: Analytics
  version: "1"
paths:
  /v1/analytics/{projectId}/assistant:
    get:
      summary: Assistant conversations
  /v1/analytics/{projectId}/feedback:
    get:
      summary: Feedback
`;

const api = (value: string) => `---\ntitle: Endpoint\n${value}\n---\n\nBody.\n`;

ruleTester('frontmatter-openapi', {
  valid: [
    {
      name: 'every form real sites write',
      files: {
        'users.yaml': usersSpec,
        'specs/v2.json': ordersSpec,
        'api/list.mdx': api('openapi: GET /users'),
        'api/create.mdx': api('openapi: "users.yaml POST /users"'),
        'api/hook.mdx': api("openapi: 'users.yaml webhook user.created'"),
        'api/lower.mdx': api('openapi: get /users/{userId}'),
        'api/stem.mdx': api('openapi: specs/v2 get /orders'),
        'api/relative.mdx': api('openapi: ../specs/v2.json POST /orders'),
        'api/folded.mdx': api('openapi:\n  /users.yaml GET\n  /users'),
        'guide.mdx': api('description: not an API page'),
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["api/list", "api/create", "api/hook", "api/lower", "api/stem", "api/relative", "api/folded", "guide"] }] }`,
        ),
      },
    },
    {
      // The frontmatter is read from the head of the page; a block longer than the head, or "---" at
      // its very end, is read whole.
      name: 'frontmatter longer than the head of the page that is read, and a page that is nothing but its frontmatter',
      files: {
        'users.yaml': usersSpec,
        'api/long.mdx': api(`description: "${'long '.repeat(400)}"\nopenapi: GET /users`),
        'api/bare.mdx': '---\nopenapi: GET /users\n---',
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["api/long", "api/bare"] }] }`,
        ),
      },
    },
    {
      name: 'no spec named and none in docs.json: the only spec of the site',
      files: {
        'api-reference/openapi.yaml': usersSpec,
        'api/list.mdx': api("openapi: 'GET /users'"),
        'docs.json': docsWith(`{ "pages": ["api/list"] }`),
      },
    },
  ],
  invalid: [
    {
      // Real pages of one spec differ by their last word: "…/visitors" is not a typo of "…/assistant".
      name: 'a did-you-mean only for a near path: not another operation of the same path that differs by its last word',
      files: {
        'analytics.yaml': analyticsSpec,
        'api/visitors.mdx': api('openapi: GET /v1/analytics/{projectId}/visitors'),
        'api/typo.mdx': api('openapi: GET /v1/analytcs/{projectId}/assistant'),
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "analytics.yaml", "pages": ["api/visitors", "api/typo"] }] }`,
        ),
      },
      errors: [
        {
          file: 'api/typo.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 48,
          message:
            'frontmatter openapi "GET /v1/analytcs/{projectId}/assistant" is not in analytics.yaml; did you mean "GET /v1/analytics/{projectId}/assistant"?',
          suggestions: [
            {
              desc: 'Use "GET /v1/analytics/{projectId}/assistant"',
              output: api('openapi: GET /v1/analytics/{projectId}/assistant'),
            },
          ],
        },
        {
          file: 'api/visitors.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 48,
          message: 'frontmatter openapi "GET /v1/analytics/{projectId}/visitors" is not in analytics.yaml',
        },
      ],
    },
    {
      // Real pages write "openapi: POST /v1/exports/get" for the spec's "/v1/exports/get/"; the platform finds it.
      name: "a path that matches only by ignoring a trailing slash, on either side: a warning, fixed in the frontmatter to the spec's spelling",
      files: {
        'exports.yaml': flowSequenceSpec,
        'api/get.mdx': api('openapi: POST /v1/exports/get'),
        'api/list.mdx': api('openapi: "exports.yaml GET /v1/exports/"'),
        'api/folded.mdx': api("openapi:\n  'exports.yaml post\n  /v1/exports/get'"),
        'api/exact.mdx': api('openapi: POST /v1/exports/get/'),
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "exports.yaml", "pages": ["api/get", "api/list", "api/folded", "api/exact"] }] }`,
        ),
      },
      errors: [
        {
          file: 'api/folded.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 5,
          endColumn: 19,
          message:
            'frontmatter openapi "POST /v1/exports/get" matches "POST /v1/exports/get/" in exports.yaml only by ignoring the trailing slash: write the spec\'s spelling',
        },
        {
          file: 'api/get.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 30,
          messageId: 'trailingSlash',
          data: {
            mismatch:
              '"POST /v1/exports/get" matches "POST /v1/exports/get/" in exports.yaml only by ignoring the trailing slash: write the spec\'s spelling',
          },
        },
        {
          file: 'api/list.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 41,
          messageId: 'trailingSlash',
          data: {
            mismatch:
              '"GET /v1/exports/" matches "GET /v1/exports" in exports.yaml only by ignoring the trailing slash: write the spec\'s spelling',
          },
        },
      ],
      output: {
        'api/folded.mdx': api("openapi:\n  'exports.yaml post\n  /v1/exports/get/'"),
        'api/get.mdx': api('openapi: POST /v1/exports/get/'),
        'api/list.mdx': api('openapi: "exports.yaml GET /v1/exports"'),
      },
    },
    {
      name: 'an endpoint the named spec lacks but other specs of the site have: they are named, and the one nearest the top suggested, spelled as it spells it',
      files: {
        'users.yaml': usersSpec,
        'de/users.yaml': usersSpec,
        'es/orders.json': ordersSpec,
        'es/users.yaml': usersSpec,
        'es/api/list.mdx': api('openapi: /es/orders.json GET /users'),
        'es/api/order.mdx': api('openapi: /es/users.yaml GET /orders/{id}'),
        'docs.json': docsWith(`{ "tabs": [{ "tab": "API", "pages": ["es/api/list", "es/api/order"] }] }`),
      },
      errors: [
        {
          file: 'es/api/list.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 36,
          message:
            'frontmatter openapi "GET /users" is not in /es/orders.json, but in /users.yaml, /de/users.yaml, /es/users.yaml',
          suggestions: [{ desc: 'Use "/users.yaml GET /users"', output: api('openapi: /users.yaml GET /users') }],
        },
        {
          file: 'es/api/order.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 41,
          message: 'frontmatter openapi "GET /orders/{id}" is not in /es/users.yaml, but in /es/orders.json',
          suggestions: [
            {
              desc: 'Use "/es/orders.json GET /orders/{id}/"',
              output: api('openapi: /es/orders.json GET /orders/{id}/'),
            },
          ],
        },
      ],
    },
    {
      name: 'an openapi key past the head of the page is found and reported where it is',
      files: {
        'users.yaml': usersSpec,
        'api/long.mdx': api(`description: >\n${'  long words\n'.repeat(200)}openapi: GET /userz`),
        'docs.json': docsWith(`{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["api/long"] }] }`),
      },
      errors: [
        {
          file: 'api/long.mdx',
          severity: 'error',
          line: 204,
          column: 1,
          endLine: 204,
          endColumn: 20,
          message: 'frontmatter openapi "GET /userz" is not in users.yaml; did you mean "GET /users"?',
          suggestions: [
            {
              desc: 'Use "GET /users"',
              output: api(`description: >\n${'  long words\n'.repeat(200)}openapi: GET /users`),
            },
          ],
        },
      ],
    },
    {
      // The shape of a site's translated pages: its build passes, and readers see each page.
      name: 'a spec named without an endpoint: a warning that says the platform builds the page without it',
      files: {
        'openapi-cloud.yaml': usersSpec,
        'zh/api/a.mdx': api('openapi: "/openapi-cloud.yaml"'),
        'docs.json': docsWith(`{ "tabs": [{ "tab": "API", "pages": ["zh/api/a"] }] }`),
      },
      errors: [
        {
          file: 'zh/api/a.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 31,
          message:
            'frontmatter openapi "/openapi-cloud.yaml" names a spec but no endpoint: the platform ignores it and builds the page from its own content, with no API playground; to make it the page of an endpoint, write "/openapi-cloud.yaml METHOD /path"',
        },
      ],
    },
    {
      name: 'missing spec, missing endpoint, not an endpoint, ambiguous (warning)',
      files: {
        'users.yaml': usersSpec,
        'copy.yaml': usersSpec,
        'api/a.mdx': api('openapi: "nope.yaml GET /users"'),
        'api/b.mdx': api('openapi: GET /userz'),
        'api/c.mdx': api('openapi: the users list'),
        'api/d.mdx': api('openapi: GET /users'),
        'docs.json': docsWith(`{ "tabs": [
    { "tab": "API", "openapi": "users.yaml", "pages": ["api/a", "api/b", "api/c"] },
    { "tab": "Both", "openapi": ["users.yaml", "copy.yaml"], "pages": ["api/d"] }
  ] }`),
      },
      errors: [
        {
          file: 'api/a.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 32,
          messageId: 'unresolved',
          data: { problem: 'names spec "nope.yaml", which is no file of the docs folder' },
        },
        {
          file: 'api/b.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 20,
          messageId: 'unresolved',
          data: { problem: '"GET /userz" is not in users.yaml; did you mean "GET /users"?' },
          suggestions: [
            { desc: 'Use "GET /users"', output: '---\ntitle: Endpoint\nopenapi: GET /users\n---\n\nBody.\n' },
          ],
        },
        {
          file: 'api/c.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 24,
          message:
            'frontmatter openapi "the users list" is not an endpoint ("METHOD /path", "spec.yaml METHOD /path" or "webhook name"): the platform ignores it and builds the page from its own content, with no API playground',
        },
        {
          file: 'api/d.mdx',
          severity: 'warn',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 20,
          messageId: 'unresolved',
          data: {
            problem:
              '"GET /users" names no spec and is in several: users.yaml, copy.yaml; name one ("users.yaml GET /users")',
          },
        },
      ],
    },
    {
      name: 'suggestions offer the nearest endpoint, keep a named spec and quote as the entry was written',
      files: {
        'users.yaml': usersSpec,
        'api/plain.mdx': api('openapi: GET /userz'),
        'api/double.mdx': api('openapi: "GET /users/{id}"'),
        'api/single.mdx': api("openapi: 'users.yaml POST /userz'"),
        'api/folded.mdx': api('openapi:\n  GET\n  /userz'),
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["api/plain", "api/double", "api/single", "api/folded"] }] }`,
        ),
      },
      errors: [
        {
          file: 'api/double.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 27,
          messageId: 'unresolved',
          data: { problem: '"GET /users/{id}" is not in users.yaml; did you mean "GET /users/{userId}"?' },
          suggestions: [
            {
              desc: 'Use "GET /users/{userId}"',
              output: '---\ntitle: Endpoint\nopenapi: "GET /users/{userId}"\n---\n\nBody.\n',
            },
          ],
        },
        {
          file: 'api/folded.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 5,
          endColumn: 9,
          messageId: 'unresolved',
          data: { problem: '"GET /userz" is not in users.yaml; did you mean "GET /users"?' },
          suggestions: [
            { desc: 'Use "GET /users"', output: '---\ntitle: Endpoint\nopenapi: GET /users\n---\n\nBody.\n' },
          ],
        },
        {
          file: 'api/plain.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 20,
          messageId: 'unresolved',
          data: { problem: '"GET /userz" is not in users.yaml; did you mean "GET /users"?' },
          suggestions: [
            { desc: 'Use "GET /users"', output: '---\ntitle: Endpoint\nopenapi: GET /users\n---\n\nBody.\n' },
          ],
        },
        {
          file: 'api/single.mdx',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 34,
          messageId: 'unresolved',
          data: { problem: '"POST /userz" is not in users.yaml; did you mean "POST /users"?' },
          suggestions: [
            {
              desc: 'Use "users.yaml POST /users"',
              output: "---\ntitle: Endpoint\nopenapi: 'users.yaml POST /users'\n---\n\nBody.\n",
            },
          ],
        },
      ],
    },
  ],
});
