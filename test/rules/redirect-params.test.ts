import { ruleTester } from '../rule-tester';
import { docsWithRedirects } from '../sites';

const docs = docsWithRedirects;

ruleTester('redirect-params', {
  valid: [
    {
      name: 'every parameter of a destination is bound by its source; a port is no parameter',
      docs: docs(`    { "source": "/docs/:slug*", "destination": "/guides/:slug*" },
    { "source": "/v1/:version/:page", "destination": "https://example.com:8080/:version/:page" },
    { "source": "/a", "destination": "/b" }`),
    },
    {
      name: 'a browser text fragment, a query and a colon inside a segment are no parameters',
      docs: docs(`    { "source": "/limits", "destination": "https://example.com/docs/limits#:~:text=Rate%20limits" },
    { "source": "/search", "destination": "/find?q=:term" },
    { "source": "/ns", "destination": "/api/v1:batch" }`),
    },
  ],
  invalid: [
    {
      name: 'a parameter the source does not bind',
      docs: docs(`    { "source": "/docs/:page", "destination": "/guides/:slug" },
    { "source": "/old", "destination": "https://example.com/:path*" }`),
      errors: [
        {
          severity: 'error',
          line: 4,
          column: 47,
          endLine: 4,
          endColumn: 62,
          message: 'redirect destination "/guides/:slug" uses ":slug", which its source "/docs/:page" does not bind',
        },
        {
          severity: 'error',
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 68,
          messageId: 'unboundParam',
          data: { destination: 'https://example.com/:path*', name: 'path', source: '/old' },
        },
      ],
    },
  ],
});
