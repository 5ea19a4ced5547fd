import { describe, expect, it } from 'vitest';
import { redirectDestination, redirectSource } from '../src/engine/site-urls';

describe('redirectDestination: where a redirect sends a path, as the platform substitutes parameters', () => {
  const cases: [source: string, destination: string, path: string, sent: string | undefined][] = [
    ['/old', '/new', 'old', '/new'],
    ['/old/', '/new', 'old', '/new'],
    ['/old', '/new', 'older', undefined],
    ['/blog/:slug', '/articles/:slug', 'blog/hello', '/articles/hello'],
    ['/blog/:slug', '/articles/:slug', 'blog/hello/more', undefined],
    ['/api/:path*', '/api-reference/:path*', 'api/users/list', '/api-reference/users/list'],
    ['/api/:path*', '/api-reference/:path*', 'api', '/api-reference/'],
    ['/api/:path*', '/api-reference', 'api/users', '/api-reference'],
    ['/docs/:rest+', '/:rest+', 'docs/a/b', '/a/b'],
    ['/v/:version?/intro', '/intro', 'v/intro', '/intro'],
    ['/:a/:a', '/x/:a', 'p/q', '/x/p'],
    ['/go/:slug', 'https://example.com/:slug', 'go/home', 'https://example.com/home'],
    ['/go/:slug', '/to/:other', 'go/home', '/to/:other'],
  ];
  for (const [source, destination, path, sent] of cases)
    it(`${source} → ${destination} sends ${path} to ${sent}`, () => {
      expect(redirectDestination(redirectSource(source), destination, path)).toBe(sent);
    });
});
