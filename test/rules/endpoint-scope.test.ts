import { ruleTester } from '../rule-tester';
import { docsWith, usersSpec } from '../sites';

ruleTester('endpoint-scope', {
  valid: [
    {
      name: 'openapi inherited from the tab',
      files: {
        'users.yaml': usersSpec,
        'docs.json': docsWith(
          `{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "groups": [{ "group": "U", "pages": ["GET /users"] }] }] }`,
        ),
      },
    },
    {
      name: 'the spec named in the entry',
      files: { 'users.yaml': usersSpec, 'docs.json': docsWith(`{ "pages": ["users.yaml GET /users"] }`) },
    },
    {
      name: 'openapi as an array of { source } objects, as the published schema allows',
      files: {
        'users.yaml': usersSpec,
        'docs.json': docsWith(
          `{ "groups": [{ "group": "U", "openapi": [{ "source": "users.yaml", "directory": "api" }], "pages": ["GET /users"] }] }`,
        ),
      },
    },
    {
      name: 'the top-level api.openapi',
      files: {
        'users.yaml': usersSpec,
        'docs.json': `{ "api": { "openapi": "users.yaml" }, "navigation": { "pages": ["GET /users"] } }`,
      },
    },
  ],
  invalid: [
    {
      name: 'no openapi anywhere above',
      files: {
        'docs.json': docsWith(`{ "groups": [{ "group": "U", "pages": ["GET /users", "webhook user.created"] }] }`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 56,
          endLine: 2,
          endColumn: 68,
          message:
            'endpoint "GET /users" has no openapi in scope: set "openapi" on this group or an element above it, or name the spec in the entry',
        },
        {
          severity: 'error',
          line: 2,
          column: 70,
          endLine: 2,
          endColumn: 92,
          messageId: 'noOpenapi',
          data: { endpoint: 'webhook user.created' },
        },
      ],
    },
  ],
});
