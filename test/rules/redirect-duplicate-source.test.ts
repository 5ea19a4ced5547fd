import { ruleTester } from '../rule-tester';
import { docsWithRedirects } from '../sites';

const docs = docsWithRedirects;

ruleTester('redirect-duplicate-source', {
  valid: [
    {
      name: 'distinct sources; fragments make distinct sources',
      docs: docs(`    { "source": "/a", "destination": "/b" },
    { "source": "/c", "destination": "/b" },
    { "source": "/faq#one", "destination": "/b" },
    { "source": "/faq#two", "destination": "/c" }`),
    },
  ],
  invalid: [
    {
      name: 'the same source twice as written is an error; the same path written another way is redundant, a warning',
      docs: docs(`    { "source": "/a", "destination": "/b" },
    { "source": "/a/", "destination": "/c" },
    { "source": "a", "destination": "/d" },
    { "source": "/a", "destination": "/b" },
    { "source": "/a/", "destination": "/e" }`),
      errors: [
        {
          severity: 'warn',
          line: 5,
          column: 17,
          endLine: 5,
          endColumn: 22,
          message: 'redirect source "/a/" is the same path as "/a" (line 4): redundant, only one of them can fire',
        },
        {
          severity: 'warn',
          line: 6,
          column: 17,
          endLine: 6,
          endColumn: 20,
          messageId: 'samePath',
          data: { source: 'a', other: '/a', first: 'line 4' },
        },
        {
          severity: 'error',
          line: 7,
          column: 17,
          endLine: 7,
          endColumn: 21,
          message: 'redirect source "/a" is listed twice (first at line 4): the platform refuses to build',
        },
        {
          severity: 'error',
          line: 8,
          column: 17,
          endLine: 8,
          endColumn: 22,
          messageId: 'listedTwice',
          data: { source: '/a/', first: 'line 5' },
        },
      ],
    },
  ],
});
