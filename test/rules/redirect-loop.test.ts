import { ruleTester } from '../rule-tester';
import { docsWithRedirects } from '../sites';

const docs = docsWithRedirects;

ruleTester('redirect-loop', {
  valid: [
    {
      name: 'redirects that go straight where they lead; patterns are not followed',
      docs: docs(`    { "source": "/a", "destination": "/c" },
    { "source": "/b", "destination": "/c" },
    { "source": "/old/:slug*", "destination": "/a/:slug*" },
    { "source": "/x", "destination": "https://example.com/x" }`),
    },
    {
      name: 'a redirect to a temporary redirect, an alias meant to move: that hop is the point',
      docs: docs(`    { "source": "/old", "destination": "/latest" },
    { "source": "/latest", "destination": "/v2", "permanent": false }`),
    },
  ],
  invalid: [
    {
      name: 'a chain before a temporary redirect is pointed at it, not past it',
      docs: docs(`    { "source": "/old", "destination": "/mid" },
    { "source": "/mid", "destination": "/latest" },
    { "source": "/latest", "destination": "/v2", "permanent": false }`),
      errors: [
        {
          severity: 'warn',
          line: 4,
          column: 40,
          endLine: 4,
          endColumn: 46,
          message: 'redirect "/old" goes through another redirect: /old → /mid → /latest; point it at "/latest"',
        },
      ],
      output: docs(`    { "source": "/old", "destination": "/latest" },
    { "source": "/mid", "destination": "/latest" },
    { "source": "/latest", "destination": "/v2", "permanent": false }`),
    },
    {
      name: 'a loop of two, a loop of one, and chains of one and two hops (fixed to their end)',
      docs: docs(`    { "source": "/a", "destination": "/b" },
    { "source": "/b/", "destination": "/a" },
    { "source": "/self", "destination": "/self" },
    { "source": "/one", "destination": "/two" },
    { "source": "/two", "destination": "/three" },
    { "source": "/three", "destination": "https://example.com/3" }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 38,
          endLine: 4,
          endColumn: 42,
          message: 'redirect "/a" loops: /a → /b/ → /a',
        },
        {
          severity: 'error',
          line: 6,
          column: 41,
          endLine: 6,
          endColumn: 48,
          messageId: 'loop',
          data: { source: '/self', path: '/self → /self' },
        },
        {
          severity: 'warn',
          line: 7,
          column: 40,
          endLine: 7,
          endColumn: 46,
          message:
            'redirect "/one" goes through 2 other redirects: /one → /two → /three → https://example.com/3; point it at "https://example.com/3"',
        },
        {
          severity: 'warn',
          line: 8,
          column: 40,
          endLine: 8,
          endColumn: 48,
          message:
            'redirect "/two" goes through another redirect: /two → /three → https://example.com/3; point it at "https://example.com/3"',
        },
      ],
      output: docs(`    { "source": "/a", "destination": "/b" },
    { "source": "/b/", "destination": "/a" },
    { "source": "/self", "destination": "/self" },
    { "source": "/one", "destination": "https://example.com/3" },
    { "source": "/two", "destination": "https://example.com/3" },
    { "source": "/three", "destination": "https://example.com/3" }`),
    },
    {
      name: 'the fix keeps what the first destination adds: its fragment (kept across a redirect that sets none) and its query',
      docs: docs(`    { "source": "/a", "destination": "/b#sec" },
    { "source": "/q", "destination": "/b?ref=1" },
    { "source": "/b", "destination": "/cli/overview" }`),
      errors: [
        {
          severity: 'warn',
          line: 4,
          column: 38,
          endLine: 4,
          endColumn: 46,
          message:
            'redirect "/a" goes through another redirect: /a → /b → /cli/overview; point it at "/cli/overview#sec"',
        },
        {
          severity: 'warn',
          line: 5,
          column: 38,
          endLine: 5,
          endColumn: 48,
          message:
            'redirect "/q" goes through another redirect: /q → /b → /cli/overview; point it at "/cli/overview?ref=1"',
        },
      ],
      output: docs(`    { "source": "/a", "destination": "/cli/overview#sec" },
    { "source": "/q", "destination": "/cli/overview?ref=1" },
    { "source": "/b", "destination": "/cli/overview" }`),
    },
  ],
});
