/** Small files the rule tests build sites from. */

/** The top-level keys every docs.json needs besides navigation, on one line. */
export const requiredKeys = '"theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },';

/** docs.json with one page and the given entries of `redirects`, the first on line 4. */
export function docsWithRedirects(redirects: string): string {
  return `{ ${requiredKeys}\n  "navigation": { "pages": ["index"] },\n  "redirects": [\n${redirects}\n  ]\n}\n`;
}

/** docs.json text around a navigation value, with the other required keys on line 1; the navigation's first line is line 2. */
export function docsWith(navigation: string): string {
  return `{ ${requiredKeys}\n  "navigation": ${navigation}\n}\n`;
}

export const page = (title = 'Page') => `---\ntitle: ${title}\n---\n\nText.\n`;

/** OpenAPI 3.1 in YAML: users, a hidden and an excluded operation, a webhook. */
export const usersSpec = `openapi: 3.1.0
info:
  title: Users
  version: "1"
paths:
  /users:
    get:
      summary: List users
    post:
      summary: Create a user
  /users/{userId}:
    get:
      summary: Get a user
    delete:
      summary: Delete a user
      x-hidden: true
  /admin/reset:
    post:
      x-excluded: true
webhooks:
  user.created:
    post:
      summary: A user was created
`;

/** Swagger 2.0 in JSON. */
export const ordersSpec = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1' },
    paths: { '/orders': { get: {}, post: {} }, '/orders/{id}/': { get: {} } },
  },
  null,
  2,
);

/**
 * OpenAPI 3.0 in YAML, in the shape of real specs: flow sequences whose closing bracket is less
 * indented than their items (the platform's js-yaml 4 reads them, js-yaml 5 rejects them), and a
 * path written with a trailing slash.
 */
export const flowSequenceSpec = `openapi: 3.0.3
info:
  title: Exports
  version: "1"
paths:
  /v1/exports/get/:
    post:
      summary: Get an export
      tags: [
          Exports,
      ]
      parameters: [
          { name: id, in: query, schema: { type: string } },
          { name: format, in: query, schema: { type: string } },
      ]
      responses:
        "200":
          description: OK
  /v1/exports:
    get:
      summary: List exports
      responses:
        "200":
          description: OK
`;

/** A page whose body is `body`, its first line on line 5, after a frontmatter title. */
export const pageWith = (body: string) => `---\ntitle: Page\n---\n\n${body}\n`;

/** A site whose one listed page, index.mdx, has this body (line 5 on); `files` adds others. */
export const siteWithPage = (body: string, files: Record<string, string> = {}) => ({
  'docs.json': `{ "theme": "mint", "name": "Test", "colors": { "primary": "#0A5C46" },\n  "navigation": { "pages": ["index"] }\n}\n`,
  'index.mdx': pageWith(body),
  ...files,
});

/** Where a finding of a page rule is, on one line of a file (index.mdx unless told). */
export const onLine = (
  line: number,
  column: number,
  endColumn: number,
  { file = 'index.mdx', severity = 'error' }: { file?: string; severity?: 'error' | 'warn' } = {},
) => ({ file, severity, line, column, endLine: line, endColumn });
