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
      name: 'the same source twice, with or without a trailing slash',
      docs: docs(`    { "source": "/a", "destination": "/b" },
    { "source": "/a/", "destination": "/c" },
    { "source": "a", "destination": "/d" }`),
      errors: [
        { severity: 'error', line: 5, column: 17, endLine: 5, endColumn: 22, message: 'redirect source "/a/" is listed twice (first at line 4): the platform refuses to build' },
        { severity: 'error', line: 6, column: 17, endLine: 6, endColumn: 20, message: 'redirect source "a" is listed twice (first at line 4): the platform refuses to build' },
      ],
    },
  ],
});
