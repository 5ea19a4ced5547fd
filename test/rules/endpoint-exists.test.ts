import { ruleTester } from '../rule-tester';
import { docsWith, ordersSpec, usersSpec } from '../sites';

const specs = { 'users.yaml': usersSpec, 'specs/orders.json': ordersSpec };

ruleTester('endpoint-exists', {
  valid: [
    {
      name: 'operations, webhooks, an explicit spec, a trailing slash, and a URL spec (not checked)',
      files: { ...specs, 'docs.json': docsWith(`{ "tabs": [
    { "tab": "Users", "openapi": "users.yaml", "pages": ["GET /users", "POST /users", "GET /users/{userId}", "webhook user.created", "specs/orders.json GET /orders/{id}/"] },
    { "tab": "Remote", "openapi": "https://example.com/openapi.json", "pages": ["GET /anything"] }
  ] }`) },
    },
  ],
  invalid: [
    {
      name: 'wrong method, renamed parameter, near spelling, unknown webhook, missing named spec',
      files: { ...specs, 'docs.json': docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": [
    "PUT /users",
    "GET /users/{id}",
    "GET /usrs",
    "webhook user.deleted",
    "specs/orders.json GET /orders/{id}",
    "specs/nope.json GET /orders",
    "GET /totally/different/thing"
  ] }] }`) },
      errors: [
        { severity: 'error', line: 3, column: 5, endLine: 3, endColumn: 17, message: 'endpoint "PUT /users" is not in users.yaml; did you mean "GET /users"?',
          suggestions: [{ desc: 'Use "GET /users"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"Users\", \"openapi\": \"users.yaml\", \"pages\": [\n    \"GET /users\",\n    \"GET /users/{id}\",\n    \"GET /usrs\",\n    \"webhook user.deleted\",\n    \"specs/orders.json GET /orders/{id}\",\n    \"specs/nope.json GET /orders\",\n    \"GET /totally/different/thing\"\n  ] }] }\n}\n" }] },
        { severity: 'error', line: 4, column: 5, endLine: 4, endColumn: 22, message: 'endpoint "GET /users/{id}" is not in users.yaml; did you mean "GET /users/{userId}"?',
          suggestions: [{ desc: 'Use "GET /users/{userId}"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"Users\", \"openapi\": \"users.yaml\", \"pages\": [\n    \"PUT /users\",\n    \"GET /users/{userId}\",\n    \"GET /usrs\",\n    \"webhook user.deleted\",\n    \"specs/orders.json GET /orders/{id}\",\n    \"specs/nope.json GET /orders\",\n    \"GET /totally/different/thing\"\n  ] }] }\n}\n" }] },
        { severity: 'error', line: 5, column: 5, endLine: 5, endColumn: 16, message: 'endpoint "GET /usrs" is not in users.yaml; did you mean "GET /users"?',
          suggestions: [{ desc: 'Use "GET /users"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"Users\", \"openapi\": \"users.yaml\", \"pages\": [\n    \"PUT /users\",\n    \"GET /users/{id}\",\n    \"GET /users\",\n    \"webhook user.deleted\",\n    \"specs/orders.json GET /orders/{id}\",\n    \"specs/nope.json GET /orders\",\n    \"GET /totally/different/thing\"\n  ] }] }\n}\n" }] },
        { severity: 'error', line: 6, column: 5, endLine: 6, endColumn: 27, message: 'endpoint "webhook user.deleted" is not in users.yaml; did you mean "webhook user.created"?',
          suggestions: [{ desc: 'Use "webhook user.created"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"Users\", \"openapi\": \"users.yaml\", \"pages\": [\n    \"PUT /users\",\n    \"GET /users/{id}\",\n    \"GET /usrs\",\n    \"webhook user.created\",\n    \"specs/orders.json GET /orders/{id}\",\n    \"specs/nope.json GET /orders\",\n    \"GET /totally/different/thing\"\n  ] }] }\n}\n" }] },
        { severity: 'error', line: 7, column: 5, endLine: 7, endColumn: 41, message: 'endpoint "GET /orders/{id}" is not in specs/orders.json; did you mean "GET /orders/{id}/"?',
          suggestions: [{ desc: 'Use "specs/orders.json GET /orders/{id}/"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"Users\", \"openapi\": \"users.yaml\", \"pages\": [\n    \"PUT /users\",\n    \"GET /users/{id}\",\n    \"GET /usrs\",\n    \"webhook user.deleted\",\n    \"specs/orders.json GET /orders/{id}/\",\n    \"specs/nope.json GET /orders\",\n    \"GET /totally/different/thing\"\n  ] }] }\n}\n" }] },
        { severity: 'error', line: 8, column: 5, endLine: 8, endColumn: 34, message: 'spec "specs/nope.json" named in "specs/nope.json GET /orders" file not found' },
        { severity: 'error', line: 9, column: 5, endLine: 9, endColumn: 35, message: 'endpoint "GET /totally/different/thing" is not in users.yaml' },
      ],
    },
    {
      name: 'a lower-case method is read as a page path (fixed)',
      files: { ...specs, 'docs.json': docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": ["get /users"] }] }`) },
      errors: [{ severity: 'error', line: 2, column: 85, endLine: 2, endColumn: 97, message: '"get /users" is read as a page path: write the method in capitals ("GET /users")' }],
      output: docsWith(`{ "groups": [{ "group": "Users", "openapi": "users.yaml", "pages": ["GET /users"] }] }`),
    },
  ],
});
