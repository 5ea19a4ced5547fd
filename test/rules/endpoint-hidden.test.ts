import { ruleTester } from '../rule-tester';
import { docsWith, usersSpec } from '../sites';

ruleTester('endpoint-hidden', {
  valid: [
    {
      name: 'visible operations',
      files: {
        'users.yaml': usersSpec,
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["GET /users", "GET /users/{userId}"] }`),
      },
    },
  ],
  invalid: [
    {
      name: 'x-hidden and x-excluded operations',
      files: {
        'users.yaml': usersSpec,
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["DELETE /users/{userId}", "POST /admin/reset"] }`),
      },
      errors: [
        {
          severity: 'warn',
          line: 2,
          column: 54,
          endLine: 2,
          endColumn: 78,
          message: 'endpoint "DELETE /users/{userId}" is marked x-hidden in users.yaml',
        },
        {
          severity: 'warn',
          line: 2,
          column: 80,
          endLine: 2,
          endColumn: 99,
          messageId: 'hidden',
          data: { endpoint: 'POST /admin/reset', flag: 'x-excluded', spec: 'users.yaml' },
        },
      ],
    },
  ],
});
