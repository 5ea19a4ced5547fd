import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { applyPlan } from '../src/migrate/apply';
import { planMigration } from '../src/migrate/migrate';
import { MigrationError } from '../src/migrate/types';
import { failingAt } from './failing-writer';
import { docsWith, makeSite, navlint, repo } from './helpers';
import { page, requiredKeys, usersSpec } from './sites';

/** Every file of a folder, relative path → content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

function copyOf(fixture: string): string {
  const dir = makeSite({});
  fs.cpSync(path.join(repo, 'fixtures', fixture), dir, { recursive: true });
  return dir;
}

const endpointPage = (openapi: string, title: string, body: string) =>
  `---\ntitle: "${title}"\nopenapi: ${openapi}\n---\n\n${body}\n`;

describe('navlint migrate-mdx on a realistic site (26 MDX endpoint pages, three specs)', () => {
  it('produces every expected file byte for byte, deletes the MDX endpoint pages and their empty folders', () => {
    const dir = copyOf('migrate-site');
    const result = navlint(['migrate-mdx', '.'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      "note: api/users/get-legacy.mdx also documents GET /users/{id}; api/users/get.mdx wins, and api/users/get-legacy.mdx's URL redirects to it\n" +
        'Migrated 25 endpoints from 26 MDX pages; updated specs/users.yaml, specs/billing.json, specs/admin.json, docs.json, admin-tab.json; deleted 26 files; added 1 redirect.\n',
    );
    expect(result.code).toBe(0);
    expect(snapshot(dir)).toEqual(snapshot(path.join(repo, 'fixtures/migrate-site.expected')));
    expect(fs.readdirSync(dir).sort()).toEqual(['admin-tab.json', 'docs.json', 'index.mdx', 'specs']);
    // Nothing but what the site had before: its $ref tab file has a top-level "openapi" key, which the
    // platform reads as a spec and refuses (`mint validate` fails on the fixture, before and after).
    const findings = JSON.parse(navlint(['check', dir, '--format', 'json']).stdout) as {
      filePath: string;
      messages: { ruleId: string; line: number; column: number }[];
    }[];
    expect(
      findings.flatMap((f) =>
        f.messages.map((m) => `${path.relative(dir, f.filePath)} ${m.line}:${m.column} ${m.ruleId}`),
      ),
    ).toEqual(['admin-tab.json 3:14 openapi-spec']);
  });

  it('--dry-run prints the diff of docs.json, the $ref file and every spec, and the files to delete, writing nothing', () => {
    const dir = copyOf('migrate-site');
    const before = snapshot(dir);
    const { code, stdout } = navlint(['migrate-mdx', '--dry-run'], { cwd: dir });
    expect(code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
    expect(stdout.match(/^\+\+\+ b\/.*$/gm)).toEqual([
      '+++ b/specs/users.yaml',
      '+++ b/specs/billing.json',
      '+++ b/specs/admin.json',
      '+++ b/docs.json',
      '+++ b/admin-tab.json',
    ]);
    expect(stdout).toContain(
      '-          title: Old title\n-        content: Old content that the MDX page overwrites.\n+          title: Create a user\n',
    );
    expect(stdout).toContain('Would delete:\n  api/users/list.mdx\n');
    expect(stdout.match(/^ {2}api\/.*\.mdx$/gm)).toHaveLength(26);
    expect(stdout.endsWith('Dry run: nothing was written.\n')).toBe(true);
  });

  it('--check answers whether MDX endpoint pages are left; --list-unreached lists the operations no entry reaches', () => {
    const dir = copyOf('migrate-site');
    const pending = navlint(['migrate-mdx', '--check'], { cwd: dir });
    expect(pending.code).toBe(1);
    expect(pending.stdout.split('\n').slice(0, 3)).toEqual([
      'Endpoints whose pages are still MDX:',
      '  api/users/list.mdx: GET /users',
      '  api/users/create.mdx: POST /users',
    ]);
    expect(pending.stdout).not.toContain('reach');
    navlint(['migrate-mdx'], { cwd: dir });
    expect(navlint(['migrate-mdx', '--check'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'No MDX endpoint pages are left to migrate.\n',
      stderr: '',
    });
    // x-hidden /internal/metrics is left alone.
    expect(navlint(['migrate-mdx', '--list-unreached'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'Operations no navigation entry or page reaches:\n  specs/users.yaml: GET /plans/{id}\n',
      stderr: '',
    });
  });
});

describe('the rules of spec 2.6', () => {
  it('the page listed last wins when several pages with different content map to one endpoint; both places keep the endpoint', () => {
    const dir = makeSite({
      'users.yaml': usersSpec,
      'a.mdx': endpointPage('GET /users', 'First', 'First body.'),
      'b.mdx': endpointPage('GET /users', 'Second', 'Second body.'),
      'docs.json': docsWith(
        `{ "openapi": "users.yaml", "tabs": [{ "tab": "A", "pages": ["a"] }, { "tab": "B", "pages": ["b"] }] }`,
      ),
    });
    const plan = planMigration({ ruleSet, docsFile: path.join(dir, 'docs.json'), extensionKey: 'x-mint' });
    expect(plan.overridden).toEqual([{ file: 'a.mdx', winner: 'b.mdx', endpoint: 'GET /users' }]);
    applyPlan(plan);
    expect(fs.readFileSync(path.join(dir, 'users.yaml'), 'utf8')).toContain(
      '      x-mint:\n        metadata:\n          title: Second\n        content: Second body.\n        href: /b\n    post:',
    );
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(
      `{ ${requiredKeys}\n  "navigation": { "openapi": "users.yaml", "tabs": [{ "tab": "A", "pages": ["GET /users"] }, { "tab": "B", "pages": ["GET /users"] }] },\n  "redirects": [\n    {\n      "source": "/a",\n      "destination": "/b"\n    }\n  ]\n}\n`,
    );
  });

  it('sets "openapi" on a one-line group without rewriting it, so its entries are replaced too', () => {
    const dir = makeSite({
      'users.yaml': usersSpec,
      'a.mdx': endpointPage('GET /users', 'A', 'x'),
      'b.mdx': endpointPage('POST /users', 'B', 'y'),
      'docs.json': docsWith(`{ "groups": [{ "group": "API", "pages": ["a", "b"] }] }`),
    });
    expect(navlint(['migrate-mdx', dir]).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(
      docsWith(`{ "groups": [{ "group": "API", "pages": ["GET /users", "POST /users"], "openapi": "users.yaml" }] }`),
    );
  });

  it('writes the extension key of --extension-key, and a JSON spec with tabs and CRLF keeps them', () => {
    const spec = `${JSON.stringify(
      { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { summary: 'A' } } } },
      null,
      '\t',
    ).replace(/\n/g, '\r\n')}\r\n`;
    const dir = makeSite({
      'spec.json': spec,
      'a.mdx': endpointPage('GET /a', 'A', 'Body.'),
      'docs.json': docsWith(`{ "openapi": "spec.json", "pages": ["a"] }`),
    });
    expect(navlint(['migrate-mdx', '--extension-key', 'x-acme'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'Migrated 1 endpoint from 1 MDX page; updated spec.json, docs.json; deleted 1 file.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'spec.json'), 'utf8')).toBe(
      '{\r\n\t"openapi": "3.0.0",\r\n\t"info": {\r\n\t\t"title": "t",\r\n\t\t"version": "1"\r\n\t},\r\n\t"paths": {\r\n\t\t"/a": {\r\n\t\t\t"get": {\r\n\t\t\t\t"summary": "A",\r\n\t\t\t\t"x-acme": {\r\n\t\t\t\t\t"metadata": {\r\n\t\t\t\t\t\t"title": "A"\r\n\t\t\t\t\t},\r\n\t\t\t\t\t"content": "Body.",\r\n\t\t\t\t\t"href": "/a"\r\n\t\t\t\t}\r\n\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\n',
    );
  });

  it("with extensionKey in the config, the page keeps its URL through that extension's href, and the lints before and after read it", () => {
    const spec = 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      summary: A\n';
    const dir = makeSite({
      'spec.yaml': spec,
      'api/a.mdx': endpointPage('GET /a', 'A', 'Body.'),
      'navlint.config.json': '{ "extensionKey": "x-acme" }',
      'docs.json': docsWith(`{ "openapi": "spec.yaml", "pages": ["api/a"] }`).replace(
        '"navigation"',
        '"navbar": { "links": [{ "label": "A", "href": "/api/a" }] },\n  "navigation"',
      ),
    });
    expect(navlint(['migrate-mdx'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'Migrated 1 endpoint from 1 MDX page; updated spec.yaml, docs.json; deleted 1 file.\n',
      stderr: '',
    });
    expect(fs.readFileSync(path.join(dir, 'spec.yaml'), 'utf8')).toBe(
      `${spec}      x-acme:\n        metadata:\n          title: A\n        content: Body.\n        href: /api/a\n`,
    );
    expect(navlint(['check'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a YAML operation written as a flow mapping is updated through the yaml document', () => {
    const dir = makeSite({
      'spec.yaml': 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get: { summary: A }\n',
      'a.mdx': endpointPage('GET /a', 'A', 'Body.'),
      'docs.json': docsWith(`{ "openapi": "spec.yaml", "pages": ["a"] }`),
    });
    expect(navlint(['migrate-mdx', dir]).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'spec.yaml'), 'utf8')).toBe(
      'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get: { summary: A, x-mint: { metadata: { title: A }, content: Body., href: /a } }\n',
    );
  });

  const skipHint = '(--skip-unresolved migrates the other pages and leaves these as they are)\n';
  it("an endpoint page whose path differs from the spec's by a trailing slash is migrated, its entry spelled as the spec spells it", () => {
    const dir = makeSite({
      'spec.yaml':
        'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /v1/exports/get/:\n    post:\n      summary: Get\n',
      'a.mdx': endpointPage('POST /v1/exports/get', 'A', 'Body.'),
      'docs.json': docsWith(`{ "openapi": "spec.yaml", "pages": ["a"] }`),
    });
    const plan = planMigration({ ruleSet, docsFile: path.join(dir, 'docs.json'), extensionKey: 'x-mint' });
    expect([plan.migrated, plan.deletes]).toEqual([1, [path.join(dir, 'a.mdx')]]);
    applyPlan(plan);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(
      docsWith(`{ "openapi": "spec.yaml", "pages": ["POST /v1/exports/get/"] }`),
    );
  });

  const refusals: [string, Record<string, string>, string][] = [
    [
      'an endpoint in two specs in scope, with no spec named',
      {
        'users.yaml': usersSpec,
        'copy.yaml': usersSpec,
        'a.mdx': endpointPage('GET /users', 'A', 'x'),
        'docs.json': docsWith(`{ "openapi": ["users.yaml", "copy.yaml"], "pages": ["a"] }`),
      },
      'navlint: cannot migrate; nothing was changed:\n  a.mdx: "GET /users" names no spec and is in several: users.yaml, copy.yaml; name one ("users.yaml GET /users")\n' +
        skipHint,
    ],
    [
      'an endpoint the spec does not have',
      {
        'users.yaml': usersSpec,
        'a.mdx': endpointPage('GET /nope', 'A', 'x'),
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a"] }`),
      },
      `navlint: cannot migrate; nothing was changed:\n  a.mdx: "GET /nope" is not in users.yaml\n${skipHint}`,
    ],
    [
      // "…/visitors" is not a typo of "…/assistant": two operations of one path differ by their last word.
      'an endpoint the spec lacks, with no did-you-mean of another operation that differs by its last word',
      {
        'analytics.yaml':
          'openapi: 3.1.0\ninfo:\n  title: Analytics\n  version: "1"\npaths:\n  /v1/analytics/{projectId}/assistant:\n    get:\n      summary: Assistant\n  /v1/analytics/{projectId}/feedback:\n    get:\n      summary: Feedback\n',
        'a.mdx': endpointPage('GET /v1/analytics/{projectId}/visitors', 'A', 'x'),
        'docs.json': docsWith(`{ "openapi": "analytics.yaml", "pages": ["a"] }`),
      },
      `navlint: cannot migrate; nothing was changed:\n  a.mdx: "GET /v1/analytics/{projectId}/visitors" is not in analytics.yaml\n${skipHint}`,
    ],
    [
      'an endpoint written with a trailing slash, with the did-you-mean of check',
      {
        'users.yaml': usersSpec,
        'a.mdx': endpointPage('GET /users/{id}/', 'A', 'x'),
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a"] }`),
      },
      'navlint: cannot migrate; nothing was changed:\n  a.mdx: "GET /users/{id}/" is not in users.yaml; did you mean "GET /users/{userId}"?\n' +
        skipHint,
    ],
    [
      'a page that is also a group root (the migration would delete the root)',
      {
        'users.yaml': usersSpec,
        'a.mdx': endpointPage('GET /users', 'A', 'x'),
        'b.mdx': page(),
        'docs.json': docsWith(
          `{ "openapi": "users.yaml", "groups": [{ "group": "G", "root": "a", "pages": ["a", "b"] }] }`,
        ),
      },
      'navlint: cannot migrate; nothing was changed:\n  a.mdx: it is the root of group "G", which must be a page: migrating would delete it; make another page the root, or leave this one as a page (--skip-unresolved)\n' +
        skipHint,
    ],
    [
      'a spec that is a URL',
      {
        'a.mdx': endpointPage('GET /users', 'A', 'x'),
        'docs.json': docsWith(`{ "openapi": "https://example.com/openapi.json", "pages": ["a"] }`),
      },
      'navlint: cannot migrate; nothing was changed:\n  a.mdx: its spec https://example.com/openapi.json is a URL; navlint can only write into a spec file of the site\n' +
        skipHint,
    ],
    [
      "a page whose frontmatter is not YAML, with YAML's words",
      {
        'users.yaml': usersSpec,
        'a.mdx': endpointPage('GET /users', 'A', 'x').replace('---\n', '---\nsummary: [unclosed\n'),
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a"] }`),
      },
      `navlint: cannot migrate; nothing was changed:\n  a.mdx: its frontmatter is not YAML (3:1: missed comma between flow collection entries)\n${skipHint}`,
    ],
    [
      'a page that does not parse as MDX (its text would go where nothing checks it)',
      {
        'users.yaml': usersSpec,
        'a.mdx': endpointPage('GET /users', 'A', 'Answers in <5 ms.'),
        'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a"] }`),
      },
      "navlint: cannot migrate; nothing was changed:\n  a.mdx: it does not parse as MDX (6:13: Unexpected character `5` (U+0035) before name, expected a character that can start a name, such as a letter, `$`, or `_`): fix it first, as the spec's text is rendered as MDX too\n" +
        skipHint,
    ],
  ];
  for (const [name, files, message] of refusals) {
    it(`refuses ${name}, naming the page, before writing anything`, () => {
      const dir = makeSite(files);
      const before = snapshot(dir);
      expect(navlint(['migrate-mdx', dir])).toEqual({ code: 1, stdout: '', stderr: message });
      expect(snapshot(dir)).toEqual(before);
    });
  }

  it('--dry-run shows the diff of what it can migrate, says what the real run refuses, and exits 1', () => {
    const dir = makeSite({
      'users.yaml': usersSpec,
      'a.mdx': endpointPage('GET /users', 'A', 'x'),
      'b.mdx': endpointPage('GET /nope', 'B', 'y'),
      'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a", "b"] }`),
    });
    const before = snapshot(dir);
    const dryRun = navlint(['migrate-mdx', dir, '--dry-run', '--no-color']);
    expect(dryRun.code).toBe(1);
    expect(dryRun.stderr).toBe(
      `navlint: cannot migrate; nothing was changed:\n  b.mdx: "GET /nope" is not in users.yaml\n${skipHint}`,
    );
    // The real run of --skip-unresolved, previewed: a.mdx migrated, b.mdx left as it is.
    const skipping = navlint(['migrate-mdx', dir, '--dry-run', '--no-color', '--skip-unresolved']);
    expect(skipping.code).toBe(0);
    expect(dryRun.stdout).toBe(skipping.stdout);
    expect(dryRun.stdout).toContain('Would delete:\n  ');
    expect(dryRun.stdout).toContain('b.mdx: "GET /nope" is not in users.yaml');
    expect(dryRun.stdout).toMatch(/Dry run: nothing was written\.\n$/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a page that is not UTF-8, whose text would not move as it is', () => {
    const dir = makeSite({
      'users.yaml': usersSpec,
      'docs.json': docsWith(`{ "openapi": "users.yaml", "pages": ["a"] }`),
    });
    fs.writeFileSync(
      path.join(dir, 'a.mdx'),
      Buffer.from(endpointPage('GET /users', 'A', 'Caf\xe9 na\xefve'), 'latin1'),
    );
    const before = snapshot(dir);
    expect(navlint(['migrate-mdx', dir])).toEqual({
      code: 1,
      stdout: '',
      stderr: `navlint: cannot migrate; nothing was changed:\n  a.mdx: it is not UTF-8 text: its text would not move into the spec as it is\n${skipHint}`,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('writes nothing, dry run or not, when the migrated site would have errors it does not have now', () => {
    // The page documents an x-hidden operation: its entry would be hidden, an error under this config.
    const dir = makeSite({
      'users.yaml': usersSpec,
      'a.mdx': endpointPage('DELETE /users/{userId}', 'A', 'x'),
      'navlint.config.json': '{ "rules": { "endpoint-hidden": "error" } }',
      'docs.json': docsWith(`{ "openapi": "users.yaml", "groups": [{ "group": "G", "pages": ["a"] }] }`),
    });
    const before = snapshot(dir);
    for (const args of [['migrate-mdx', '--dry-run'], ['migrate-mdx']]) {
      const { code, stdout } = navlint(args, { cwd: dir });
      expect(code).toBe(1);
      expect(stdout).toContain(
        'The migrated site would have errors it does not have now:\ndocs.json\n  2:81  error    endpoint "DELETE /users/{userId}" is marked x-hidden in users.yaml  endpoint-hidden\n',
      );
      expect(snapshot(dir)).toEqual(before);
    }
  });
});

describe('nothing is lost when writing fails', () => {
  it('a failure at any write or rename leaves every file as it was, and no temporary file behind', () => {
    // 5 files are written: 5 temporary writes, 5 renames. Try a failure at each of the 10 steps.
    for (let step = 0; step < 10; step++) {
      const dir = copyOf('migrate-site');
      const before = snapshot(dir);
      const plan = planMigration({ ruleSet, docsFile: path.join(dir, 'docs.json'), extensionKey: 'x-mint' });
      expect(() => applyPlan(plan, failingAt(step))).toThrow(MigrationError);
      expect(snapshot(dir), `failure at step ${step}`).toEqual(before);
    }
  });

  it('says so: an unwritable spec, and a docs.json whose rename fails', () => {
    const dir = copyOf('migrate-site');
    const plan = planMigration({ ruleSet, docsFile: path.join(dir, 'docs.json'), extensionKey: 'x-mint' });
    expect(() =>
      applyPlan(
        plan,
        failingAt(0, (op, file) => op === 'writeTemporary' && file.endsWith('billing.json')),
      ),
    ).toThrow(
      `cannot write ${path.join(dir, 'specs/billing.json')}: permission denied (injected in writeTemporary); nothing was changed`,
    );
    expect(() =>
      applyPlan(
        plan,
        failingAt(0, (op, file) => op === 'rename' && file.endsWith('docs.json')),
      ),
    ).toThrow(
      `writing failed (EACCES: permission denied (injected in rename), open '${path.join(dir, 'docs.json')}.navlint-1.tmp'); every file was put back as it was, nothing was changed`,
    );
    expect(snapshot(dir)).toEqual(snapshot(path.join(repo, 'fixtures/migrate-site')));
  });
});
