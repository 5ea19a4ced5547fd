import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointPageSlug } from '../src/parsers/slug';
import { generatedPagePath, generatedPagePaths, type PageOperation, pageSlug } from '../src/site/endpoint-page-path';
import { sharedPath } from './helpers';

describe('endpointPageSlug: the platform filename rule, in its order', () => {
  const cases: [string, string][] = [
    ['Get invoice {id}', 'get-invoice-'],
    ["Get user's invoice (by ID)", 'get-users-invoice-by-id'],
    ['List Organizations', 'list-organizations'],
    ['checkout_created', 'checkout_created'],
    ['checkout.created', 'checkoutcreated'],
    // one leading and one trailing "-" go, before the other characters are removed; "--" → "-" is one pass
    ['-Create-', 'create'],
    [' (Create) ', 'create'],
    ['--a--', '-a-'],
    ['a - b', 'a--b'],
    ['a---b', 'a--b'],
    ['{id} users', '-users'],
    ['Users {a}{b}', 'users-'],
    // a parameter is one line: a brace that closes on a later line is removed as a character
    ['a {b\nc} d', 'a-bc-d'],
    ['Line\nbreak, and/slash.', 'linebreak-andslash'],
    ['Ünïcode Stays', 'ünïcode-stays'],
    ['', ''],
  ];
  for (const [text, slug] of cases)
    it(`${JSON.stringify(text)} → ${JSON.stringify(slug)}`, () => expect(endpointPageSlug(text)).toBe(slug));
});

describe('generatedPagePath', () => {
  const op = (o: Partial<PageOperation>): PageOperation => ({ method: 'GET', path: '/users/{id}', ...o });
  it('is <directory>/<tag folder>/<summary slug>, api-reference by default', () => {
    expect(generatedPagePath(op({ summary: 'Get invoice {id}', tags: ['Billing Invoices'] }))).toBe(
      'api-reference/billing-invoices/get-invoice-',
    );
    expect(generatedPagePath(op({ summary: 'Get user', tags: ['Users', 'Admin'] }), { directory: 'reference' })).toBe(
      'reference/users/get-user',
    );
    expect(
      generatedPagePath(op({ summary: 'Get user', tags: ['Users'] }), { directory: '/api-reference/2026-04/' }),
    ).toBe('api-reference/2026-04/users/get-user');
  });
  it('is <method>-<path slug> without a summary, the webhook name slug for a webhook, no folder without a tag', () => {
    expect(generatedPagePath(op({ tags: ['Users'] }))).toBe('api-reference/users/get-users');
    expect(generatedPagePath(op({ method: 'post', path: '/v1/exports/get/' }))).toBe('api-reference/post-v1exportsget');
    expect(pageSlug({ method: 'DELETE', path: '/a/{b}/c' })).toBe('delete-a-c');
    expect(generatedPagePath({ webhook: 'order.created', method: 'POST' })).toBe('api-reference/ordercreated');
    expect(generatedPagePath({ webhook: 'order.created', summary: 'order_created' })).toBe(
      'api-reference/order_created',
    );
  });
  it('takes x-mint.href as the whole path', () => {
    expect(
      generatedPagePath(op({ summary: 'Get user', tags: ['Users'], href: '/api/users/get' }), {
        directory: 'reference',
      }),
    ).toBe('api/users/get');
  });
});

describe('generatedPagePaths: a clash within one group gets a numeric suffix', () => {
  it('numbers the second and later equal paths -1, -2, in order; href paths are taken first', () => {
    const ops: PageOperation[] = [
      { method: 'GET', path: '/a', summary: 'Get', tags: ['T'] },
      { method: 'GET', path: '/b', summary: 'Get', tags: ['T'] },
      { method: 'GET', path: '/c', summary: 'Get', tags: ['U'] },
      { method: 'GET', path: '/d', summary: 'Get', tags: ['T'] },
      { method: 'GET', path: '/e', summary: 'Other', href: 'api-reference/t/get-3' },
      { method: 'GET', path: '/f', summary: 'Get', tags: ['T'] },
    ];
    expect(generatedPagePaths(ops)).toEqual([
      'api-reference/t/get',
      'api-reference/t/get-1',
      'api-reference/u/get',
      'api-reference/t/get-2',
      'api-reference/t/get-3',
      'api-reference/t/get-4',
    ]);
  });
});

const polar = sharedPath('corpus/polarsource__polar', 'generated page paths on a real site') ?? '';
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations of a JSON spec, in the order the spec lists them. */
function operationsOf(file: string): PageOperation[] {
  const spec = JSON.parse(fs.readFileSync(file, 'utf8'));
  const ops: PageOperation[] = [];
  for (const [p, item] of Object.entries<Record<string, { summary?: string; tags?: string[] }>>(spec.paths ?? {})) {
    for (const m of methods)
      if (item[m]) ops.push({ method: m, path: p, summary: item[m].summary, tags: item[m].tags });
  }
  for (const [name, item] of Object.entries<Record<string, { summary?: string; tags?: string[] }>>(
    spec.webhooks ?? {},
  )) {
    for (const m of methods)
      if (item[m]) ops.push({ webhook: name, method: m, summary: item[m].summary, tags: item[m].tags });
  }
  return ops;
}

describe.skipIf(!polar)(
  'on a real site that generates its pages (polar: two versions, openapi {source, directory})',
  () => {
    // The body runs even when the tests are skipped: read nothing then.
    const docs = (polar ? JSON.parse(fs.readFileSync(path.join(polar, 'docs.json'), 'utf8')) : { redirects: [] }) as {
      redirects: { source: string; destination: string }[];
    };
    const links = new Set<string>();
    for (const entry of polar ? fs.readdirSync(polar, { recursive: true, withFileTypes: true }) : []) {
      if (!entry.isFile() || !entry.name.endsWith('.mdx')) continue;
      for (const m of fs
        .readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
        .matchAll(/\]\(\/(api-reference\/[^)#\s]+)\)/g))
        links.add(m[1]);
    }
    for (const version of ['2026-04', '2026-10']) {
      it(`every page link and redirect into api-reference/${version} lands on a generated path; old webhook URLs are name slugs`, () => {
        const ops = operationsOf(path.join(polar, `openapi/${version}.openapi.json`));
        const paths = generatedPagePaths(ops, { directory: `api-reference/${version}` });
        expect(new Set(paths).size).toBe(ops.length);
        const generated = new Set(paths);
        const prefix = `api-reference/${version}/`;
        const linked = [...links].filter((l) => l.startsWith(prefix));
        const destinations = docs.redirects
          .filter((r) => r.destination.startsWith(`/${prefix}`) && !r.destination.includes(':'))
          .map((r) => r.destination.slice(1));
        expect(linked.length + destinations.length).toBeGreaterThan(40);
        expect([...linked, ...destinations].filter((p) => !generated.has(p))).toEqual([]);
        // The redirects' sources are the paths before polar gave its webhooks a summary: the name, slugified.
        const webhookSlugs = new Set(
          ops.filter((o) => o.webhook).map((o) => `${prefix}${endpointPageSlug(o.webhook!)}`),
        );
        const sources = docs.redirects.filter((r) => r.source.startsWith(`/${prefix}`)).map((r) => r.source.slice(1));
        expect(sources.filter((s) => !webhookSlugs.has(s))).toEqual([]);
      });
    }
    it('unversioned links land on the default directory', () => {
      const generated = new Set(generatedPagePaths(operationsOf(path.join(polar, 'openapi/2026-04.openapi.json'))));
      const unversioned = [...links].filter((l) => !/^api-reference\/20\d\d-/.test(l));
      // Three links use the old webhook URLs (before the summaries), which the site no longer serves.
      expect(unversioned.filter((l) => !generated.has(l)).sort()).toEqual([
        'api-reference/customerstate_changed',
        'api-reference/customerupdated',
        'api-reference/subscriptionupdated',
      ]);
      expect(unversioned.length).toBeGreaterThan(25);
    });
  },
);
