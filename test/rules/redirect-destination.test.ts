import { ruleTester } from '../rule-tester';
import { page, requiredKeys, usersSpec } from '../sites';

const site = (redirects: string) => ({
  'index.mdx': page(),
  'guides/start.mdx': page(),
  'guides/index.mdx': page(),
  'users.yaml': usersSpec,
  'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "guides/start"] }, { "group": "API", "openapi": { "source": "users.yaml", "directory": "reference" } }] },\n  "redirects": [\n${redirects}\n  ]\n}\n`,
});

ruleTester('redirect-destination', {
  valid: [
    {
      name: 'a page, a folder index, a generated endpoint page and its section, another source, a URL, a pattern, anchors and queries',
      files: site(`    { "source": "/a", "destination": "/guides/start" },
    { "source": "/b", "destination": "/guides/" },
    { "source": "/c", "destination": "/reference/list-users" },
    { "source": "/d", "destination": "/reference" },
    { "source": "/e", "destination": "/a" },
    { "source": "/f", "destination": "https://example.com/f" },
    { "source": "/g/:slug*", "destination": "/guides/:slug*" },
    { "source": "/h", "destination": "/guides/start#install?x=1" },
    { "source": "/i", "destination": "/" }`),
    },
    {
      name: 'a generated page under the directory that an object of an openapi list gives its spec',
      files: {
        'index.mdx': page(),
        'users.yaml': usersSpec,
        'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "G", "pages": ["index"] }, { "group": "API", "openapi": ["other.yaml", { "source": "users.yaml", "directory": "v2/reference" }] }] },\n  "redirects": [{ "source": "/a", "destination": "/v2/reference/list-users" }]\n}\n`,
      },
    },
  ],
  invalid: [
    {
      name: 'a destination that lands nowhere; a page moved to another folder is suggested by its name',
      files: site(`    { "source": "/a", "destination": "/guides/strat" },
    { "source": "/b", "destination": "/start" },
    { "source": "/c", "destination": "/nothing/like/this/at/all" }`),
      errors: [
        { severity: 'error', line: 4, column: 38, endLine: 4, endColumn: 53, message: 'redirect destination "/guides/strat" lands on no page, generated endpoint page or redirect source; did you mean "/guides/start"?',
          suggestions: [{ desc: 'Use "/guides/start"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [\"index\", \"guides/start\"] }, { \"group\": \"API\", \"openapi\": { \"source\": \"users.yaml\", \"directory\": \"reference\" } }] },\n  \"redirects\": [\n    { \"source\": \"/a\", \"destination\": \"/guides/start\" },\n    { \"source\": \"/b\", \"destination\": \"/start\" },\n    { \"source\": \"/c\", \"destination\": \"/nothing/like/this/at/all\" }\n  ]\n}\n" }] },
        { severity: 'error', line: 5, column: 38, endLine: 5, endColumn: 46, message: 'redirect destination "/start" lands on no page, generated endpoint page or redirect source; did you mean "/guides/start"?',
          suggestions: [{ desc: 'Use "/guides/start"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"groups\": [{ \"group\": \"G\", \"pages\": [\"index\", \"guides/start\"] }, { \"group\": \"API\", \"openapi\": { \"source\": \"users.yaml\", \"directory\": \"reference\" } }] },\n  \"redirects\": [\n    { \"source\": \"/a\", \"destination\": \"/guides/strat\" },\n    { \"source\": \"/b\", \"destination\": \"/guides/start\" },\n    { \"source\": \"/c\", \"destination\": \"/nothing/like/this/at/all\" }\n  ]\n}\n" }] },
        { severity: 'error', line: 6, column: 38, endLine: 6, endColumn: 65, message: 'redirect destination "/nothing/like/this/at/all" lands on no page, generated endpoint page or redirect source' },
      ],
    },
  ],
});
