import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixes';
import { docsWith, lintSite, testRule } from '../helpers';
import { ordersSpec, usersSpec } from '../sites';

const api = (value: string) => `---\ntitle: Endpoint\n${value}\n---\n\nBody.\n`;

testRule('frontmatter-openapi', {
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
        'docs.json': docsWith(`{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["api/list", "api/create", "api/hook", "api/lower", "api/stem", "api/relative", "api/folded", "guide"] }] }`),
      },
    },
    {
      name: 'no spec named and none in docs.json: the only spec of the site',
      files: { 'api-reference/openapi.yaml': usersSpec, 'api/list.mdx': api("openapi: 'GET /users'"), 'docs.json': docsWith(`{ "pages": ["api/list"] }`) },
    },
  ],
  invalid: [
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
        { file: 'api/a.mdx', line: 3, column: 1, endLine: 3, endColumn: 32, message: 'frontmatter openapi names spec "nope.yaml", which file not found' },
        { file: 'api/b.mdx', line: 3, column: 1, endLine: 3, endColumn: 20, message: 'frontmatter openapi "GET /userz" is not in users.yaml; did you mean "GET /users"?' },
        { file: 'api/c.mdx', line: 3, column: 1, endLine: 3, endColumn: 24, message: 'frontmatter openapi "the users list" is not an endpoint: write "METHOD /path", "spec.yaml METHOD /path" or "webhook name"' },
        { file: 'api/d.mdx', line: 3, column: 1, endLine: 3, endColumn: 20, message: 'frontmatter openapi "GET /users" names no spec and is in several: users.yaml, copy.yaml; name one ("users.yaml GET /users")' },
      ],
    },
  ],
});

describe('frontmatter-openapi suggestions', () => {
  it('offer the nearest endpoint, the named spec kept and the quoting as written', () => {
    const pages: Record<string, [string, string]> = {
      'api/plain.mdx': ['openapi: GET /userz', 'openapi: GET /users'],
      'api/double.mdx': ['openapi: "GET /users/{id}"', 'openapi: "GET /users/{userId}"'],
      'api/single.mdx': ["openapi: 'users.yaml POST /userz'", "openapi: 'users.yaml POST /users'"],
      'api/folded.mdx': ['openapi:\n  GET\n  /userz', 'openapi: GET /users'],
    };
    const { dir, findings } = lintSite({
      name: 'suggestions',
      files: {
        'users.yaml': usersSpec,
        ...Object.fromEntries(Object.entries(pages).map(([file, [written]]) => [file, api(written)])),
        'docs.json': docsWith(`{ "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ${JSON.stringify(Object.keys(pages).map((p) => p.slice(0, -4)))} }] }`),
      },
    });
    const own = findings.filter((f) => f.ruleId === 'frontmatter-openapi');
    expect(own.map((f) => [path.relative(dir, f.file.path), f.suggestions?.map((s) => s.desc)])).toEqual([
      ['api/double.mdx', ['Use "GET /users/{userId}"']],
      ['api/folded.mdx', ['Use "GET /users"']],
      ['api/plain.mdx', ['Use "GET /users"']],
      ['api/single.mdx', ['Use "users.yaml POST /users"']],
    ]);
    for (const finding of own) {
      const file = path.relative(dir, finding.file.path);
      expect(applyFixes(finding.file.text, [finding.suggestions![0].fix]).text, file).toBe(api(pages[file][1]));
    }
  });
});
