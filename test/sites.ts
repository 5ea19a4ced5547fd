/** Small files the rule tests build sites from. */

/** The top-level keys every docs.json needs besides navigation, on one line. */
export const requiredKeys = '"theme": "mint", "name": "Test", "colors": { "primary": "#0D9373" },';

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
export const ordersSpec = JSON.stringify({ swagger: '2.0', info: { title: 'Orders', version: '1' }, paths: { '/orders': { get: {}, post: {} }, '/orders/{id}/': { get: {} } } }, null, 2);
