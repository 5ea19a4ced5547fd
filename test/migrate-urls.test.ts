import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import frontMatter from 'front-matter';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ruleSet } from '../rules';
import { type Finding, lint } from '../src/engine/lint';
import { type GeneratedPage, generatedPages } from '../src/engine/site-urls';
import { pageUrl } from '../src/migrate/pages';
import { scopeOf, siteLanguages, specLanguage } from '../src/migrate/scope';
import { rawOperations } from '../src/migrate/spec-edits';
import { member, stringMember } from '../src/parsers/json';
import { operationId } from '../src/parsers/openapi';
import { navlint, sharedPath } from './helpers';
import { requiredKeys } from './sites';

// Each test runs the CLI on a whole site, some of them real ones: time is no part of what they check.
vi.setConfig({ testTimeout: 120_000 });

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A new temporary folder holding `files` (path → text), removed after the tests. */
function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-migrate-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A copy of a folder in a new temporary folder, removed after the tests. */
function copy(from: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-migrate-'));
  folders.push(dir);
  fs.cpSync(from, dir, { recursive: true });
  return dir;
}

/** Every file of a folder, relative path → content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[path.relative(dir, path.join(entry.parentPath, entry.name))] = fs.readFileSync(
        path.join(entry.parentPath, entry.name),
        'utf8',
      );
  }
  return files;
}

interface EndpointPage {
  url: string;
  language: string;
  content: string;
}

/** What a site is before a migration: its MDX endpoint pages in the navigation, and what check says. */
function survey(dir: string): { pages: Map<string, EndpointPage>; findings: Finding[]; languages: string[] } {
  const { model, findings, site } = lint({
    ruleSet,
    docsFile: path.join(dir, 'docs.json'),
    cacheDir: process.env.NAVLINT_CACHE_DIR,
  });
  const pages = new Map<string, EndpointPage>();
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.container === 'root') continue;
    const file = site.lookupPage(element.page!).file;
    if (!file || !site.frontmatter(file)?.endpoint) continue;
    pages.set(pageUrl(file), {
      url: pageUrl(file),
      language: scopeOf(element).language,
      content: frontMatter(fs.readFileSync(path.join(dir, file), 'utf8')).body.trim(),
    });
  }
  return { pages, findings, languages: siteLanguages(model) };
}

const key = (f: Finding) => `${f.ruleId} ${path.basename(f.file.path)}: ${f.message}`;

/** Whether the operation's extension sets the page's path (`x-mint.href`). */
const hasHref = (page: GeneratedPage | undefined) => page !== undefined && page.pageOperation.href !== undefined;

/**
 * The outcomes the issue asks of a migration, checked on the files it wrote: every old page URL still
 * resolves (a page, a generated page with that href, or a redirect to one of those); one distinct
 * generated page per page migrated that is not redirected; each spec holds the text of one language,
 * the text of the page whose URL its operation keeps; check reports nothing new.
 */
function verify(dir: string, before: ReturnType<typeof survey>, expected: { migrated: number; redirected: number }) {
  const after = lint({ ruleSet, docsFile: path.join(dir, 'docs.json'), cacheDir: process.env.NAVLINT_CACHE_DIR });
  const generated = generatedPages(after.model, after.site, { unlistedOperations: false });
  const byPath = new Map(generated.map((g) => [g.path, g]));
  const remaining = after.site.pages();
  const redirects = new Map<string, string>();
  const list = member(after.model.docs, 'redirects');
  if (list?.type === 'array')
    for (const r of list.items)
      redirects.set(
        String(stringMember(r, 'source')).replace(/^\//, ''),
        String(stringMember(r, 'destination')).replace(/^\//, ''),
      );

  const gone = [...before.pages.values()].filter((p) => !remaining.has(p.url));
  // An old URL is a generated page only by its href; a redirect may land on any page.
  const kept = (url: string) => remaining.has(url) || hasHref(byPath.get(url));
  const lands = (url: string) => remaining.has(url) || byPath.has(url);
  expect(
    gone.filter((p) => !kept(p.url) && !(redirects.has(p.url) && lands(redirects.get(p.url)!))).map((p) => p.url),
  ).toEqual([]);
  const served = gone.filter((p) => hasHref(byPath.get(p.url)));
  expect({ migrated: new Set(served.map((p) => p.url)).size, redirected: gone.length - served.length }).toEqual(
    expected,
  );

  // Each generated page an old URL reaches holds the text of one of the pages that reach it.
  const reaching = new Map<string, EndpointPage[]>();
  for (const page of gone) {
    const target = byPath.has(page.url) ? page.url : redirects.get(page.url);
    if (target !== undefined && byPath.has(target)) reaching.set(target, [...(reaching.get(target) ?? []), page]);
  }
  const textOf = new Map<string, string[]>(); // spec → languages of the text it holds
  const specs = new Map<string, ReturnType<typeof rawOperations>>();
  for (const [target, pages] of reaching) {
    const g = byPath.get(target)!;
    if (!specs.has(g.specFile)) specs.set(g.specFile, rawOperations(g.specFile, fs.readFileSync(g.specFile, 'utf8')));
    const operation = specs.get(g.specFile)!.get(operationId(g.operation))!;
    const content = (operation['x-mint'] as { content?: string }).content ?? '';
    const source = pages.find((p) => p.content === content);
    expect(source, `${target} holds the text of one of ${pages.map((p) => p.url).join(', ')}`).toBeDefined();
    textOf.set(g.specFile, [...new Set([...(textOf.get(g.specFile) ?? []), source!.language])]);
  }
  for (const [spec, languages] of textOf) {
    const named = specLanguage(path.relative(dir, spec).split(path.sep).join('/'), before.languages);
    expect(languages.length, `${spec} holds ${languages.join(', ')}`).toBeLessThanOrEqual(1);
    if (named !== undefined) expect(languages, spec).toEqual([named]);
  }
  const old = new Set(before.findings.map(key));
  expect(after.findings.map(key).filter((k) => !old.has(k))).toEqual([]);
  return { generated, redirects };
}

/** An OpenAPI spec whose operations have the same summaries in every version and language. */
function spec(language: string, version: string): string {
  return `openapi: 3.1.0
info:
  title: Acme ${version} (${language})
  version: "${version}"
paths:
  /users:
    get:
      summary: List users
      tags: [Users]
  /users/{id}:
    get:
      summary: Get a user
      tags: [Users]
  /health:
    get:
      tags: [Ops]
`;
}

/** A site of one spec (openapi.yaml), MDX pages and a docs.json around a navigation. */
const apiSite = (pages: Record<string, string>, navigation: string, rest = '') =>
  site({
    'openapi.yaml': spec('en', 'v1'),
    ...pages,
    'docs.json': `{ ${requiredKeys}\n  "navigation": ${navigation}${rest}\n}\n`,
  });

const mdx = (openapi: string, title: string, body: string) =>
  `---\ntitle: "${title}"\nopenapi: ${openapi}\n---\n\n${body}\n`;

/**
 * 3 versions × 2 languages. The English versions name v1/openapi.yaml ...; the French ones name the
 * English specs too (a common slip), while the site has fr/v1/openapi.yaml ... with the same summaries.
 */
function versionedSite(): Record<string, string> {
  const files: Record<string, string> = {
    'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
    'fr/index.mdx': '---\ntitle: Accueil\n---\n\nAccueil.\n',
  };
  const languages = [];
  for (const language of ['en', 'fr']) {
    const versions = [];
    for (const version of ['v1', 'v2', 'v3']) {
      files[`${version}/openapi.yaml`] = spec('en', version);
      files[`fr/${version}/openapi.yaml`] = spec('fr', version);
      const prefix = language === 'en' ? version : `fr/${version}`;
      const say = (en: string, fr: string) => `${language === 'en' ? en : fr} (${version})`;
      files[`${prefix}/api/list.mdx`] = mdx(
        'GET /users',
        say('List users', 'Lister les utilisateurs'),
        say('Every user.', 'Tous les utilisateurs.'),
      );
      files[`${prefix}/api/get.mdx`] = mdx(
        'GET /users/{id}',
        say('Get a user', 'Obtenir un utilisateur'),
        say('One user.', 'Un utilisateur.'),
      );
      files[`${prefix}/api/health.mdx`] = mdx(
        'GET /health',
        say('Health', 'Santé'),
        say('Is it up?', 'Est-il en marche ?'),
      );
      versions.push(
        `{ "version": "${version}", "openapi": "${version}/openapi.yaml", "groups": [{ "group": "API", "pages": ["${prefix}/api/list", "${prefix}/api/get", "${prefix}/api/health"] }] }`,
      );
    }
    languages.push(
      `{ "language": "${language}",${language === 'en' ? ' "default": true,' : ''} "versions": [\n        ${versions.join(',\n        ')}\n      ] }`,
    );
  }
  files['docs.json'] =
    `{\n  "name": "Acme",\n  "theme": "mint",\n  "colors": { "primary": "#112233" },\n  "navigation": {\n    "languages": [\n      ${languages.join(',\n      ')}\n    ]\n  }\n}\n`;
  return files;
}

describe('a site of 3 versions × 2 languages whose specs share their summaries', () => {
  it('keeps every URL and every page, and puts French text in the French specs only', () => {
    const dir = site(versionedSite());
    const before = survey(dir);
    expect(before.pages.size).toBe(18);
    const result = navlint(['migrate-mdx'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter((l) => l.startsWith('note:'))).toHaveLength(9);
    expect(result.stdout).toContain(
      'note: fr/v2/api/get.mdx is in "fr": its text goes to fr/v2/openapi.yaml, not v2/openapi.yaml\n',
    );
    expect(result.stdout).toContain('Migrated 18 endpoints from 18 MDX pages;');
    expect(result.code).toBe(0);
    const { generated } = verify(dir, before, { migrated: 18, redirected: 0 });
    expect(generated.filter(hasHref)).toHaveLength(18);
    expect(fs.readFileSync(path.join(dir, 'fr/v3/openapi.yaml'), 'utf8')).toContain(
      '  /health:\n    get:\n      tags: [Ops]\n      x-mint:\n        metadata:\n          title: Santé (v3)\n        content: Est-il en marche ? (v3)\n        href: /fr/v3/api/health\n',
    );
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toContain(
      '{ "version": "v1", "openapi": "v1/openapi.yaml", "groups": [{ "group": "API", "pages": ["fr/v1/openapi.yaml GET /users", "fr/v1/openapi.yaml GET /users/{id}", "fr/v1/openapi.yaml GET /health"] }] }',
    );
    // A second run has nothing to do; --check agrees.
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'No MDX endpoint pages in the navigation: nothing to migrate.\n',
      stderr: '',
    });
    expect(navlint(['migrate-mdx', '--check'], { cwd: dir }).code).toBe(0);
  });

  it('--new-urls refuses: the generated paths of versions and languages collide, and it names both', () => {
    const dir = site(versionedSite());
    const before = snapshot(dir);
    const { code, stdout, stderr } = navlint(['migrate-mdx', '--new-urls', '--dry-run'], { cwd: dir });
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toContain(
      '  v1/api/list.mdx: its generated page /api-reference/users/list-users (v1/openapi.yaml GET /users (from v1/api/list.mdx)) would collide with the generated page of v2/openapi.yaml GET /users (from v2/api/list.mdx), v3/openapi.yaml GET /users (from v3/api/list.mdx), fr/v1/openapi.yaml GET /users (from fr/v1/api/list.mdx)',
    );
    expect(stderr.match(/^ {2}\S+\.mdx: /gm)).toHaveLength(18);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('--new-urls', () => {
  it('leaves href unset and redirects every old path to its generated page (an empty redirects list)', () => {
    const dir = apiSite(
      { 'api/list.mdx': mdx('GET /users', 'List', 'All.'), 'api/health.mdx': mdx('GET /health', 'Health', 'Up.') },
      '{ "openapi": { "source": "openapi.yaml", "directory": "reference" }, "pages": ["api/list", "api/health"] }',
      ',\n  "redirects": []',
    );
    const before = survey(dir);
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'Migrated 2 endpoints from 2 MDX pages; updated openapi.yaml, docs.json; deleted 2 files; added 2 redirects.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(
      `{ ${requiredKeys}\n  "navigation": { "openapi": { "source": "openapi.yaml", "directory": "reference" }, "pages": ["GET /users", "GET /health"] },\n  "redirects": [\n    {\n      "source": "/api/list",\n      "destination": "/reference/users/list-users"\n    },\n    {\n      "source": "/api/health",\n      "destination": "/reference/ops/get-health"\n    }\n  ]\n}\n`,
    );
    expect(fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8')).not.toContain('href');
    verify(dir, before, { migrated: 0, redirected: 2 });
  });

  it('puts a page in the directory of the spec its operation is in, as check does, when an openapi list gives its specs their own directories', () => {
    const specOf = (name: string, route: string) =>
      `openapi: 3.1.0\ninfo: { title: ${name}, version: "1" }\npaths:\n  ${route}:\n    get:\n      summary: ${name.toUpperCase()}\n`;
    const dir = site({
      'docs.json': `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "API", "openapi": [{ "source": "a.yaml", "directory": "alpha" }, { "source": "b.yaml", "directory": "beta" }], "pages": ["GET /x", "y"] }] }\n}\n`,
      'a.yaml': specOf('a', '/x'),
      'b.yaml': specOf('b', '/y'),
      'y.mdx': mdx('b.yaml GET /y', 'Y', 'Body.'),
    });
    const before = survey(dir);
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'Migrated 1 endpoint from 1 MDX page; updated b.yaml, docs.json; deleted 1 file; added 1 redirect.\n',
      stderr: '',
    });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).redirects).toEqual([
      { source: '/y', destination: '/beta/b' },
    ]);
    verify(dir, before, { migrated: 0, redirected: 1 });
  });

  it('appends to the redirects in their own layout, and points a redirect to an old path at the new one (no chain)', () => {
    const dir = apiSite(
      { 'api/list.mdx': mdx('GET /users', 'List', 'All.') },
      '{ "openapi": "openapi.yaml", "pages": ["api/list"] }',
      ',\n  "redirects": [\n    { "source": "/users", "destination": "/api/list" }\n  ]',
    );
    const before = survey(dir);
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'note: the redirect from /users now goes to /api-reference/users/list-users: /api/list moves there\n' +
        'Migrated 1 endpoint from 1 MDX page; updated openapi.yaml, docs.json; deleted 1 file; added 1 redirect.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(
      `{ ${requiredKeys}\n  "navigation": { "openapi": "openapi.yaml", "pages": ["GET /users"] },\n  "redirects": [\n    { "source": "/users", "destination": "/api-reference/users/list-users" },\n    { "source": "/api/list", "destination": "/api-reference/users/list-users" }\n  ]\n}\n`,
    );
    verify(dir, before, { migrated: 0, redirected: 1 });
  });

  it('adds no redirect docs.json has already ("/api/list/" is "/api/list"), and refuses one that goes elsewhere', () => {
    const withRedirect = (destination: string) =>
      apiSite(
        { 'api/list.mdx': mdx('GET /users', 'List', 'All.') },
        '{ "openapi": "openapi.yaml", "pages": ["api/list"] }',
        `,\n  "redirects": [{ "source": "/api/list/", "destination": "${destination}" }]`,
      );
    const same = withRedirect('api-reference/users/list-users/');
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: same })).toEqual({
      code: 0,
      stdout: 'Migrated 1 endpoint from 1 MDX page; updated openapi.yaml, docs.json; deleted 1 file.\n',
      stderr: '',
    });
    expect(JSON.parse(fs.readFileSync(path.join(same, 'docs.json'), 'utf8')).redirects).toEqual([
      { source: '/api/list/', destination: 'api-reference/users/list-users/' },
    ]);
    const elsewhere = withRedirect('/users');
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: elsewhere })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'navlint: cannot migrate; nothing was changed:\n  api/list.mdx: docs.json already redirects /api/list/ to /users; the migration would redirect it to /api-reference/users/list-users\n(--skip-unresolved migrates the other pages and leaves these as they are)\n',
    });
  });

  it('refuses a generated path that is an existing page, naming both', () => {
    const dir = apiSite(
      {
        'api/list.mdx': mdx('GET /users', 'List', 'All.'),
        'api-reference/users/list-users.mdx': '---\ntitle: Kept\n---\n\nA written page.\n',
      },
      '{ "openapi": "openapi.yaml", "pages": ["api/list", "api-reference/users/list-users"] }',
    );
    expect(navlint(['migrate-mdx', '--new-urls'], { cwd: dir }).stderr).toBe(
      'navlint: cannot migrate; nothing was changed:\n  api/list.mdx: its generated page /api-reference/users/list-users (openapi.yaml GET /users (from api/list.mdx)) would collide with the page api-reference/users/list-users.mdx\n(--skip-unresolved migrates the other pages and leaves these as they are)\n',
    );
  });

  it('refuses an operation that a YAML anchor shares with another, and changes nothing; never an internal error', () => {
    const yaml = `openapi: 3.0.3
info: { title: A, version: '1' }
paths:
  /users:
    get: &listop
      summary: List users
      responses:
        '200':
          description: OK
  /people:
    get: *listop
  /things:
    post:
      summary: Make a thing
      responses:
        '200':
          description: OK
`;
    const dir = apiSite(
      {
        'openapi.yaml': yaml,
        'api/people.mdx': mdx('GET /people', 'People', 'Everyone.'),
        'api/make.mdx': mdx('POST /things', 'Make', 'A thing.'),
      },
      '{ "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["api/people", "api/make"] }] }',
    );
    const before = snapshot(dir);
    const refused =
      '  api/people.mdx: GET /people in openapi.yaml shares its object with other operations through the YAML anchor &listop: its x-mint would be theirs too; write the operation out in full first\n';
    expect(navlint(['migrate-mdx'], { cwd: dir })).toMatchObject({
      code: 1,
      stderr: `navlint: cannot migrate; nothing was changed:\n${refused}(--skip-unresolved migrates the other pages and leaves these as they are)\n`,
    });
    expect(snapshot(dir)).toEqual(before);
    expect(navlint(['migrate-mdx', '--skip-unresolved'], { cwd: dir }).code).toBe(0);
    const after = snapshot(dir);
    expect(after['api/people.mdx']).toBe(before['api/people.mdx']);
    expect(after['api/make.mdx']).toBeUndefined();
    expect(after['openapi.yaml']).toBe(
      `${yaml}      x-mint:\n        metadata:\n          title: Make\n        content: A thing.\n        href: /api/make\n`,
    );
  });

  it('refuses an operation a path item merges in with <<: the item holds no operation to write into', () => {
    const yaml = `openapi: 3.1.0
info: { title: A, version: '1' }
paths:
  /users: &item
    get: { summary: List users, responses: { '200': { description: OK } } }
  /people:
    <<: *item
    post: { summary: Make people, responses: { '200': { description: OK } } }
`;
    const dir = apiSite(
      { 'openapi.yaml': yaml, 'api/people.mdx': mdx('GET /people', 'People', 'Everyone.') },
      '{ "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["api/people"] }] }',
    );
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx'], { cwd: dir })).toMatchObject({
      code: 1,
      stderr:
        'navlint: cannot migrate; nothing was changed:\n  api/people.mdx: GET /people in openapi.yaml shares its object with other operations through the YAML anchor &item: its x-mint would be theirs too; write the operation out in full first\n(--skip-unresolved migrates the other pages and leaves these as they are)\n',
    });
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('languages: one spec holds one language', () => {
  const files = () => ({
    'openapi.yaml': spec('en', 'v1'),
    'en/list.mdx': mdx('GET /users', 'List users', 'Every user.'),
    'en/get.mdx': mdx('GET /users/{id}', 'Get a user', 'One user.'),
    'ar/list.mdx': mdx('GET /users', 'قائمة المستخدمين', 'كل المستخدمين.'),
    'ar/health.mdx': mdx('GET /health', 'الصحة', 'هل يعمل؟'),
    'docs.json':
      '{\n  "navigation": { "openapi": "openapi.yaml", "languages": [\n    { "language": "en", "pages": ["en/list", "en/get"] },\n    { "language": "ar", "pages": ["ar/list", "ar/health"] }\n  ] }\n}\n',
  });

  it('refuses pages of several languages writing into one spec, naming them and the choices', () => {
    const dir = site(files());
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx', '--dry-run'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'navlint: cannot migrate; nothing was changed:\n' +
        '  en/list.mdx: its text is in "en" and openapi.yaml would also get the text of "ar" (ar/list.mdx): one spec holds one language; give "en" its own spec (en/openapi.yaml), or choose one with --prefer-language\n' +
        '  en/get.mdx: its text is in "en" and openapi.yaml would also get the text of "ar" (ar/list.mdx): one spec holds one language; give "en" its own spec (en/openapi.yaml), or choose one with --prefer-language\n' +
        '  ar/list.mdx: its text is in "ar" and openapi.yaml would also get the text of "en" (en/list.mdx): one spec holds one language; give "ar" its own spec (ar/openapi.yaml), or choose one with --prefer-language\n' +
        '  ar/health.mdx: its text is in "ar" and openapi.yaml would also get the text of "en" (en/list.mdx): one spec holds one language; give "ar" its own spec (ar/openapi.yaml), or choose one with --prefer-language\n' +
        '(--skip-unresolved migrates the other pages and leaves these as they are)\n',
    });
    expect(snapshot(dir)).toEqual(before);
  });

  const keptLine = (page: string, twin = '') =>
    `  ${page}: its text is in "ar", and openapi.yaml takes "en" text${twin}; give "ar" its own spec (ar/openapi.yaml) to migrate it\n`;
  const keptList = keptLine('ar/list.mdx', ' (en/list.mdx for GET /users)');
  const keptHealth = keptLine('ar/health.mdx');
  const preferEnglish = (withHealth: boolean) => {
    const { 'ar/health.mdx': health, ...rest } = files();
    const docs = rest['docs.json'].replace('{\n', `{ ${requiredKeys}\n`).replace(withHealth ? '' : ', "ar/health"', '');
    const dir = site({ ...rest, ...(withHealth ? { 'ar/health.mdx': health } : {}), 'docs.json': docs });
    const before = survey(dir);
    const original = snapshot(dir);
    expect(navlint(['check'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    const kept = `Kept as MDX pages (--prefer-language en):\n${keptList}${withHealth ? keptHealth : ''}`;
    const preview = navlint(['migrate-mdx', '--prefer-language', 'en', '--dry-run'], { cwd: dir });
    expect({ code: preview.code, stderr: preview.stderr }).toEqual({ code: 0, stderr: '' });
    expect(preview.stdout.slice(preview.stdout.indexOf('Would delete:'))).toBe(
      `Would delete:\n  en/list.mdx\n  en/get.mdx\n${kept}Dry run: nothing was written.\n`,
    );
    expect(snapshot(dir)).toEqual(original);

    expect(navlint(['migrate-mdx', '--prefer-language', 'en'], { cwd: dir })).toEqual({
      code: 0,
      stdout: `${kept}Migrated 2 endpoints from 2 MDX pages; updated openapi.yaml, docs.json; deleted 2 files.\n`,
      stderr: '',
    });
    const after = snapshot(dir);
    const arabic = withHealth ? ['ar/health.mdx', 'ar/list.mdx'] : ['ar/list.mdx'];
    expect(Object.keys(after).sort()).toEqual([...arabic, 'docs.json', 'openapi.yaml']);
    for (const file of arabic) expect(fs.readFileSync(path.join(dir, file))).toEqual(Buffer.from(original[file]));
    // The Arabic navigation is untouched and no redirect is added: the Arabic URLs are still the pages.
    expect(after['docs.json']).toBe(docs.replace('["en/list", "en/get"]', '["GET /users", "GET /users/{id}"]'));
    expect(after['openapi.yaml']).toBe(
      original['openapi.yaml']
        .replace(
          '      tags: [Users]\n  /users/{id}',
          '      tags: [Users]\n      x-mint:\n        metadata:\n          title: List users\n        content: Every user.\n        href: /en/list\n  /users/{id}',
        )
        .replace(
          '      tags: [Users]\n  /health',
          '      tags: [Users]\n      x-mint:\n        metadata:\n          title: Get a user\n        content: One user.\n        href: /en/get\n  /health',
        ),
    );
    verify(dir, before, { migrated: 2, redirected: 0 });
    expect(navlint(['check'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    return dir;
  };

  it('--prefer-language en: the English text goes into the shared spec; the Arabic page of the same operation stays the MDX page it is, at its URL', () =>
    preferEnglish(false));

  it('--prefer-language en: an Arabic page with no English twin stays the MDX page it is too, with no --skip-unresolved', () =>
    preferEnglish(true));

  it('a second run writes no Arabic text over the English text the spec holds; once "ar" has its own spec, the Arabic text goes there', () => {
    const dir = preferEnglish(true);
    const migrated = snapshot(dir);
    const shared = (page: string) =>
      `  ${page}: its text is in "ar" and openapi.yaml would also get the text of "en" (entry "GET /users"): one spec holds one language; give "ar" its own spec (ar/openapi.yaml), or choose one with --prefer-language\n`;
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr: `navlint: cannot migrate; nothing was changed:\n${shared('ar/list.mdx')}${shared('ar/health.mdx')}(--skip-unresolved migrates the other pages and leaves these as they are)\n`,
    });
    expect(navlint(['migrate-mdx', '--prefer-language', 'en'], { cwd: dir })).toEqual({
      code: 0,
      stdout: `Kept as MDX pages (--prefer-language en):\n${keptLine('ar/list.mdx')}${keptHealth}No MDX endpoint pages can be migrated: nothing to migrate.\n`,
      stderr: '',
    });
    expect(snapshot(dir)).toEqual(migrated);

    fs.writeFileSync(path.join(dir, 'ar/openapi.yaml'), spec('ar', 'v1'));
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'note: ar/list.mdx is in "ar": its text goes to ar/openapi.yaml, not openapi.yaml\n' +
        'note: ar/health.mdx is in "ar": its text goes to ar/openapi.yaml, not openapi.yaml\n' +
        'Migrated 2 endpoints from 2 MDX pages; updated ar/openapi.yaml, docs.json; deleted 2 files.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8')).toBe(migrated['openapi.yaml']);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toContain(
      '{ "language": "ar", "pages": ["ar/openapi.yaml GET /users", "ar/openapi.yaml GET /health"] }',
    );
    expect(navlint(['check'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('an Arabic page alone on a spec whose path says "en": refused with why, or kept with --prefer-language en; never an internal error', () => {
    const dir = site({
      'en/openapi.yaml': spec('en', 'v1'),
      'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
      'ar/list.mdx': files()['ar/list.mdx'],
      'docs.json': `{ ${requiredKeys}\n  "navigation": { "languages": [\n    { "language": "en", "pages": ["index"] },\n    { "language": "ar", "openapi": "en/openapi.yaml", "pages": ["ar/list"] }\n  ] }\n}\n`,
    });
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'navlint: cannot migrate; nothing was changed:\n  ar/list.mdx: its text is in "ar" and en/openapi.yaml holds "en" text: give "ar" its own spec (ar/openapi.yaml)\n(--skip-unresolved migrates the other pages and leaves these as they are)\n',
    });
    expect(navlint(['migrate-mdx', '--prefer-language', 'en'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'Kept as MDX pages (--prefer-language en):\n  ar/list.mdx: its text is in "ar", and en/openapi.yaml takes "en" text; give "ar" its own spec (ar/openapi.yaml) to migrate it\nNo MDX endpoint pages can be migrated: nothing to migrate.\n',
      stderr: '',
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it("migrates each language into its own spec when the site has one (a spec's name says its language)", () => {
    const dir = site({
      ...files(),
      'openapi.yaml': '',
      'api.en.yaml': spec('en', 'v1'),
      'api.ar.yaml': spec('ar', 'v1'),
    });
    fs.rmSync(path.join(dir, 'openapi.yaml'));
    fs.writeFileSync(
      path.join(dir, 'docs.json'),
      fs.readFileSync(path.join(dir, 'docs.json'), 'utf8').replace('"openapi.yaml"', '"api.en.yaml"'),
    );
    const before = survey(dir);
    const result = navlint(['migrate-mdx'], { cwd: dir });
    expect(result.stdout).toBe(
      'note: ar/list.mdx is in "ar": its text goes to api.ar.yaml, not api.en.yaml\n' +
        'note: ar/health.mdx is in "ar": its text goes to api.ar.yaml, not api.en.yaml\n' +
        'Migrated 4 endpoints from 4 MDX pages; updated api.en.yaml, api.ar.yaml, docs.json; deleted 4 files.\n',
    );
    verify(dir, before, { migrated: 4, redirected: 0 });
  });
});

describe('bad input', () => {
  it('a --prefer-language the site does not have, and --dry-run with a listing: a message and a non-zero exit, nothing written', () => {
    const dir = apiSite(
      { 'api/list.mdx': mdx('GET /users', 'List', 'All.') },
      '{ "openapi": "openapi.yaml", "pages": ["api/list"] }',
    );
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx', '--prefer-language', 'fr'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'navlint: --prefer-language fr: the site has no such language (it has none)\n',
    });
    expect(navlint(['migrate-mdx', '--dry-run', '--list-unreached'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: use --dry-run or --list-unreached, not both\n',
    });
    expect(navlint(['migrate-mdx', '--prefer-language'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: "navlint: Option '--prefer-language <value>' argument missing; run navlint migrate-mdx --help\n",
    });
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('a group root', () => {
  it('--skip-unresolved leaves a page that is also a group root as a page, and migrates the others', () => {
    const dir = apiSite(
      { 'api/list.mdx': mdx('GET /users', 'List', 'All.'), 'api/get.mdx': mdx('GET /users/{id}', 'Get', 'One.') },
      '{ "openapi": "openapi.yaml", "groups": [{ "group": "Users", "root": "api/list", "pages": ["api/list", "api/get"] }] }',
    );
    const before = survey(dir);
    expect(navlint(['migrate-mdx', '--skip-unresolved'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'Left as they are (--skip-unresolved):\n' +
        '  api/list.mdx: it is the root of group "Users", which must be a page: migrating would delete it; make another page the root, or leave this one as a page (--skip-unresolved)\n' +
        'Migrated 1 endpoint from 1 MDX page; updated openapi.yaml, docs.json; deleted 1 file.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toContain(
      '"root": "api/list", "pages": ["api/list", "GET /users/{id}"]',
    );
    verify(dir, before, { migrated: 1, redirected: 0 });
  });
});

describe('versions', () => {
  it('refuses pages of two versions documenting one operation of one spec: one generated page has one URL', () => {
    const dir = apiSite(
      { 'v1/list.mdx': mdx('GET /users', 'List (v1)', 'Old.'), 'v2/list.mdx': mdx('GET /users', 'List (v2)', 'New.') },
      '{ "openapi": "openapi.yaml", "versions": [{ "version": "v1", "pages": ["v1/list"] }, { "version": "v2", "pages": ["v2/list"] }] }',
    );
    const message =
      'v1/list.mdx (version "v1"), v2/list.mdx (version "v2") document one operation, GET /users, of one spec: its generated page has one URL; give each version its own spec';
    expect(navlint(['migrate-mdx'], { cwd: dir }).stderr).toBe(
      `navlint: cannot migrate; nothing was changed:\n  v1/list.mdx: ${message}\n  v2/list.mdx: ${message}\n(--skip-unresolved migrates the other pages and leaves these as they are)\n`,
    );
  });
});

describe('an existing extension', () => {
  it('keeps its other keys; an href it has is kept, and the old URL redirects to it', () => {
    const dir = site({
      'openapi.yaml':
        'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      summary: A\n      x-mint:\n        mcp:\n          enabled: true\n        metadata:\n          title: Old\n        href: /reference/a\n',
      'a.mdx': mdx('GET /a', 'New', 'Body.'),
      'docs.json': '{\n  "navigation": { "openapi": "openapi.yaml", "pages": ["a"] }\n}\n',
    });
    const before = survey(dir);
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'note: openapi.yaml GET /a: its x-mint keeps mcp, href; only metadata and content are replaced\nMigrated 1 endpoint from 1 MDX page; updated openapi.yaml, docs.json; deleted 1 file; added 1 redirect.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8')).toBe(
      'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      summary: A\n      x-mint:\n        mcp:\n          enabled: true\n        metadata:\n          title: New\n        href: /reference/a\n        content: Body.\n',
    );
    verify(dir, before, { migrated: 0, redirected: 1 });
  });
});

describe('finding the site', () => {
  it('check and migrate-mdx without DIR walk up from a subfolder to the nearest docs.json', () => {
    const dir = apiSite(
      { 'api/list.mdx': mdx('GET /users', 'List', 'All.') },
      '{ "openapi": "openapi.yaml", "pages": ["api/list"] }',
    );
    const sub = path.join(dir, 'api');
    expect(navlint(['check'], { cwd: sub })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(navlint(['migrate-mdx', '--check'], { cwd: sub })).toEqual({
      code: 1,
      stdout: 'Endpoints whose pages are still MDX:\n  api/list.mdx: GET /users\n',
      stderr: '',
    });
    expect(navlint(['migrate-mdx'], { cwd: sub })).toEqual({
      code: 0,
      stdout: 'Migrated 1 endpoint from 1 MDX page; updated ../openapi.yaml, ../docs.json; deleted 1 file.\n',
      stderr: '',
    });
  });

  it('says where it looked when no folder up has a docs.json', () => {
    const dir = site({ 'a/b.txt': '' });
    for (const command of ['check', 'migrate-mdx']) {
      expect(navlint([command], { cwd: path.join(dir, 'a') })).toEqual({
        code: 2,
        stdout: '',
        stderr: `navlint: no docs.json found in ${path.join(dir, 'a')} or any folder above it, nor in docs/, packages/docs/ or apps/docs/ in it\n`,
      });
    }
  });
});

describe('--list-unreached', () => {
  it('says a spec that is a URL is not read, instead of calling every operation reached', () => {
    const dir = site({
      'docs.json': '{\n  "navigation": { "openapi": "https://example.com/openapi.json", "pages": ["GET /users"] }\n}\n',
    });
    expect(navlint(['migrate-mdx', '--list-unreached'], { cwd: dir })).toEqual({
      code: 0,
      stdout:
        'Specs that are URLs, not read (their operations are unknown):\n  https://example.com/openapi.json\nEvery operation of the specs read is reached.\n',
      stderr: '',
    });
    expect(navlint(['migrate-mdx', '--check'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'No MDX endpoint pages are left to migrate.\n',
      stderr: '',
    });
  });
});

const corpus = sharedPath('corpus', 'migrate-mdx on copies of real sites') ?? '';
const sites: [string, string[], { migrated: number; redirected: number }][] = [
  // The vendor's own docs: 96 MDX endpoint pages over four languages with per-language specs; 12
  // translated analytics pages name operations their language's spec lacks (check reports them too).
  ['mintlify__docs', ['--skip-unresolved'], { migrated: 84, redirected: 0 }],
  // The same with new URLs: 84 redirects appended to its redirects.json (a $ref).
  ['mintlify__docs', ['--skip-unresolved', '--new-urls'], { migrated: 0, redirected: 84 }],
  // 62 pages naming specs by their stem (v3-openapi PUT /api/v1/...).
  ['triggerdotdev__trigger.dev', [], { migrated: 62, redirected: 0 }],
];
describe.skipIf(!corpus)('real sites with MDX endpoint pages (copies of ../shared/corpus)', () => {
  for (const [name, args, expected] of sites) {
    it(`${name} ${args.join(' ')}: every old URL resolves, one generated page per page, no text in another language's spec, nothing new from check`, () => {
      const dir = copy(path.join(corpus, name));
      const before = survey(dir);
      const result = navlint(['migrate-mdx', ...args], { cwd: dir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const pages = expected.migrated + expected.redirected;
      expect(result.stdout).toMatch(
        new RegExp(
          `^Migrated ${pages} endpoints from ${pages} MDX pages;.*; deleted ${pages} files${expected.redirected ? `; added ${pages} redirects` : ''}\\.$`,
          'm',
        ),
      );
      verify(dir, before, expected);
      // --check answers one question: are MDX endpoint pages left (the skipped ones, if any)?
      const left = navlint(['migrate-mdx', '--check'], { cwd: dir });
      expect(left.code).toBe(args.includes('--skip-unresolved') ? 1 : 0);
      expect(left.stdout).not.toContain('reach');
    });
  }
});
describe.skipIf(!fs.existsSync(corpus))('a real site whose MDX endpoint pages are in no navigation (calibrate)', () => {
  it('has nothing to migrate, writes nothing, and --check agrees', () => {
    const dir = copy(path.join(corpus, 'ARTPARK-SAHAI-ORG__calibrate'));
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'No MDX endpoint pages in the navigation: nothing to migrate.\n',
      stderr: '',
    });
    expect(navlint(['migrate-mdx', '--check'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'No MDX endpoint pages are left to migrate.\n',
      stderr: '',
    });
    expect(snapshot(dir)).toEqual(before);
  });
});
