import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import { movesOf, planMove } from '../src/engine/page-moves';
import { applyPlan, WriteError } from '../src/migrate/apply';
import { writePlanOf } from '../src/migrate/move-command';
import { failingAt } from './failing-writer';
import { makeSite, navlint, repo } from './helpers';
import { page, requiredKeys } from './sites';

/** Every file of a folder (but git's), relative path → content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !path.relative(dir, full).startsWith('.git'))
      files[path.relative(dir, full)] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

/** What changed between two snapshots: each file's new text, null for a file gone. */
function changes(before: Record<string, string>, after: Record<string, string>): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const file of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (before[file] !== after[file]) changed[file] = after[file] ?? null;
  return changed;
}

function copyOf(fixture: string): string {
  const dir = makeSite({});
  fs.cpSync(path.join(repo, 'fixtures', fixture), dir, { recursive: true });
  return dir;
}

/** Runs navlint mv in a copy of the move-site fixture; its result, what changed, and whether the site checks clean after. */
function moved(args: string[], dir = copyOf('move-site')) {
  const before = snapshot(dir);
  const result = navlint(['mv', ...args], { cwd: dir });
  const check = navlint(['check', '.'], { cwd: dir });
  return { ...result, changed: changes(before, snapshot(dir)), clean: check.code === 0 && check.stdout === '', dir };
}

const fixture = (file: string) => fs.readFileSync(path.join(repo, 'fixtures/move-site', file), 'utf8');

describe('navlint mv on the move-site fixture: every place that names a page follows it', () => {
  it('moves a page to another folder: entries, links (absolute, relative, with a query or anchor), component hrefs, the navbar, a snippet; an old redirect pointed at the new URL, a new one added', () => {
    const run = moved(['guides/setup', 'tutorials/setup']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      'note: the redirect from /start now goes to /tutorials/setup#install (it went to /guides/setup#install)\n' +
        'note: added the redirect /guides/setup → /tutorials/setup\n' +
        'Moved guides/setup.mdx to tutorials/setup.mdx; updated docs.json, guides/deploy.mdx, guides/index.mdx, index.mdx, quickstart.mdx, snippets/steps.mdx; added 1 redirect.\n',
    );
    const docs = fixture('docs.json')
      .replace('"guides/index", "guides/setup"', '"guides/index", "tutorials/setup"')
      .replace('"href": "/guides/setup"', '"href": "/tutorials/setup"')
      .replace('"/guides/setup#install"', '"/tutorials/setup#install"')
      .replace(
        '{ "source": "/old-deploy", "destination": "/guides/deploy" }',
        '{ "source": "/old-deploy", "destination": "/guides/deploy" },\n    { "source": "/guides/setup", "destination": "/tutorials/setup" }',
      );
    expect(run.changed).toEqual({
      'docs.json': docs,
      'guides/setup.mdx': null,
      // Its own relative links and image, read from its new folder; the snippet's import lands as it did.
      'tutorials/setup.mdx': fixture('guides/setup.mdx')
        .replace('(./deploy#checklist)', '(../guides/deploy#checklist)')
        .replace('"./images/setup.png"', '"../guides/images/setup.png"'),
      'guides/deploy.mdx': fixture('guides/deploy.mdx').replace(
        '(/guides/setup#install)',
        '(/tutorials/setup#install)',
      ),
      'guides/index.mdx': fixture('guides/index.mdx').replace('(./setup)', '(../tutorials/setup)'),
      'index.mdx': fixture('index.mdx').replace('(/guides/setup#install)', '(/tutorials/setup#install)'),
      'quickstart.mdx': fixture('quickstart.mdx').replace(
        '(guides/setup?from=quickstart)',
        '(tutorials/setup?from=quickstart)',
      ),
      'snippets/steps.mdx': fixture('snippets/steps.mdx').replace(
        '(/guides/setup#install)',
        '(/tutorials/setup#install)',
      ),
    });
    expect(run.clean).toBe(true);
  });

  it('moves a folder of pages: its index page, its URL as a folder, the files that are not pages left where they are', () => {
    const run = moved(['guides', 'tutorials']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      'note: the redirect from /start now goes to /tutorials/setup#install (it went to /guides/setup#install)\n' +
        'note: the redirect from /old-deploy now goes to /tutorials/deploy (it went to /guides/deploy)\n' +
        'note: added the redirect /guides/deploy → /tutorials/deploy\n' +
        'note: added the redirect /guides → /tutorials\n' +
        'note: added the redirect /guides/setup → /tutorials/setup\n' +
        'note: left where they are, not being pages: guides/images/flow.png, guides/images/setup.png\n' +
        'Moved 3 pages from guides to tutorials; updated docs.json, index.mdx, quickstart.mdx, snippets/steps.mdx; added 3 redirects.\n',
    );
    expect(Object.keys(run.changed).sort()).toEqual([
      'docs.json',
      'guides/deploy.mdx',
      'guides/index.mdx',
      'guides/setup.mdx',
      'index.mdx',
      'quickstart.mdx',
      'snippets/steps.mdx',
      'tutorials/deploy.mdx',
      'tutorials/index.mdx',
      'tutorials/setup.mdx',
    ]);
    // `./setup` still lands from the moved index page; `guides/deploy` is read from its URL (/guides, now /tutorials).
    expect(run.changed['tutorials/index.mdx']).toBe(
      fixture('guides/index.mdx')
        .replace('(guides/deploy#checklist)', '(tutorials/deploy#checklist)')
        .replace('(./images/flow.png)', '(../guides/images/flow.png)'),
    );
    expect(run.changed['index.mdx']).toBe(
      fixture('index.mdx')
        .replace('(/guides/setup#install)', '(/tutorials/setup#install)')
        .replace('"/guides/deploy"', '"/tutorials/deploy"')
        .replace('(/guides)', '(/tutorials)'),
    );
    expect(run.changed['docs.json']).toContain('"pages": ["tutorials/index", "tutorials/setup", "/tutorials/deploy"]');
    expect(fs.readdirSync(path.join(run.dir, 'guides'))).toEqual(['images']);
    expect(run.clean).toBe(true);
  });

  it("moves a translated tree (es/, listed in a $ref file): the language's entries and its pages' links; the folder's URL redirected", () => {
    const run = moved(['es/guides', 'es/guias']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.changed).toEqual({
      'es.json': fixture('es.json').replace(
        '"es/guides/setup", "es/guides/deploy"',
        '"es/guias/setup", "es/guias/deploy"',
      ),
      'es/index.mdx': fixture('es/index.mdx')
        .replace('(/es/guides/setup#instalar)', '(/es/guias/setup#instalar)')
        .replace('(./guides/deploy)', '(./guias/deploy)'),
      'es/guides/setup.mdx': null,
      'es/guides/deploy.mdx': null,
      'es/guias/setup.mdx': fixture('es/guides/setup.mdx'),
      'es/guias/deploy.mdx': fixture('es/guides/deploy.mdx'),
      'docs.json': fixture('docs.json').replace(
        '{ "source": "/old-deploy", "destination": "/guides/deploy" }',
        '{ "source": "/old-deploy", "destination": "/guides/deploy" },\n' +
          '    { "source": "/es/guides/deploy", "destination": "/es/guias/deploy" },\n' +
          '    { "source": "/es/guides/setup", "destination": "/es/guias/setup" },\n' +
          '    { "source": "/es/guides", "destination": "/es/guias" }',
      ),
    });
    expect(run.clean).toBe(true);
  });

  it('names a page with its extension, and a folder to move it into with a trailing slash: its links from the root stay, relative ones are recomputed', () => {
    const run = moved(['quickstart.mdx', 'tutorials/']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.changed['tutorials/quickstart.mdx']).toBe(
      fixture('quickstart.mdx').replace('(guides/setup?from=quickstart)', '(../guides/setup?from=quickstart)'),
    );
    expect(run.changed['index.mdx']).toBe(fixture('index.mdx').replace('(quickstart)', '(tutorials/quickstart)'));
    expect(run.clean).toBe(true);
  });

  it('--dry-run prints the whole change as a diff, the moved page from its old path to its new one, and writes nothing; --no-redirect adds none', () => {
    const run = moved(['es/guides/deploy', 'es/deploy', '--dry-run', '--no-redirect']);
    expect([run.code, run.stderr, run.changed]).toEqual([0, '', {}]);
    expect(run.stdout).toBe(`rename es/guides/deploy.mdx → es/deploy.mdx
--- a/es/guides/deploy.mdx
+++ b/es/deploy.mdx
@@ -2,4 +2,4 @@
 title: Despliegue
 ---
 
-Vuelve a [la configuración](setup#instalar).
+Vuelve a [la configuración](guides/setup#instalar).
--- a/es.json
+++ b/es.json
@@ -1,4 +1,4 @@
 {
   "language": "es",
-  "groups": [{ "group": "Guías", "pages": ["es/index", "es/guides/setup", "es/guides/deploy"] }]
+  "groups": [{ "group": "Guías", "pages": ["es/index", "es/guides/setup", "es/deploy"] }]
 }
--- a/es/guides/setup.mdx
+++ b/es/guides/setup.mdx
@@ -4,4 +4,4 @@
 
 ## Instalar
 
-Después, [despliega](./deploy).
+Después, [despliega](../deploy).
--- a/es/index.mdx
+++ b/es/index.mdx
@@ -2,4 +2,4 @@
 title: Inicio
 ---
 
-Empieza por [la configuración](/es/guides/setup#instalar) y [el despliegue](./guides/deploy).
+Empieza por [la configuración](/es/guides/setup#instalar) y [el despliegue](./deploy).
Dry run: nothing was written.
`);
    const written = moved(['es/guides/deploy', 'es/deploy', '--no-redirect']);
    expect(written.changed['docs.json']).toBeUndefined();
    expect(written.stdout).toBe(
      'Moved es/guides/deploy.mdx to es/deploy.mdx; updated es.json, es/guides/setup.mdx, es/index.mdx; added 0 redirects.\n',
    );
  });

  it.each([
    [
      ['guides/setup', 'quickstart'],
      'navlint: quickstart.mdx exists: navlint mv moves to a new path only; nothing was changed\n',
    ],
    [['guides', 'es'], 'navlint: es exists: navlint mv moves to a new path only; nothing was changed\n'],
    [['guides', 'guides/old'], 'navlint: cannot move the folder guides into itself; nothing was changed\n'],
    [['nowhere', 'x'], 'navlint: nowhere is no page: no nowhere.mdx or nowhere.md; nothing was changed\n'],
    [
      ['guides/setup.mdx', 'setup.md'],
      "navlint: setup.md changes the page's extension (.mdx to .md): navlint mv moves pages, it does not convert them; nothing was changed\n",
    ],
    [
      ['snippets/steps.mdx', 'steps.mdx'],
      'navlint: snippets/steps.mdx is under snippets/: navlint mv moves pages, not snippets; nothing was changed\n',
    ],
    [
      ['quickstart', 'start'],
      'navlint: cannot move; nothing was changed:\n  start.mdx: /start is the source of a redirect (to /guides/setup#install), which would hide the page there\n',
    ],
    [
      ['quickstart', 'api-reference/list-users'],
      'navlint: cannot move; nothing was changed:\n  api-reference/list-users.mdx: /api-reference/list-users is a page generated from an OpenAPI operation\n',
    ],
    [
      ['index', 'home'],
      'navlint: cannot move; nothing was changed:\n  index.mdx is the home page (/): navlint mv does not move pages to or from it\n',
    ],
  ])('refuses %j, changing nothing', (args, stderr) => {
    const run = moved(args);
    expect([run.code, run.stdout, run.stderr, run.changed]).toEqual([1, '', stderr, {}]);
  });
});

/** A site of pages (title and body each), listed in one group, with these redirects. */
function siteOf(pages: Record<string, string>, redirects: string[] = [], extra: Record<string, string> = {}) {
  const entries = Object.keys(pages).map((file) => JSON.stringify(file.replace(/\.mdx$/, '')));
  const docs = `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "All", "pages": [${entries.join(', ')}] }] },\n  "redirects": [${redirects.join(', ')}]\n}\n`;
  const files = Object.fromEntries(Object.entries(pages).map(([file, body]) => [file, `${page()}\n${body}\n`]));
  return makeSite({ 'docs.json': docs, ...files, ...extra });
}

describe('navlint mv: snippets, redirects, git', () => {
  it("a snippet's relative link, rendered by pages in two folders, is written once for both when one of them moves; refused when no one URL lands right from both", () => {
    const snippet = "import Shared from '/snippets/shared.mdx';\n\n<Shared />";
    const dir = siteOf(
      { 'index.mdx': '', 'guides/a.mdx': snippet, 'guides/b.mdx': snippet, 'guides/intro.mdx': '', 'api/c.mdx': '' },
      [],
      { 'snippets/shared.mdx': 'Read [the intro](./intro) first.\n' },
    );
    const run = moved(['guides/a', 'other/a'], dir);
    expect([run.code, run.stderr]).toEqual([0, '']);
    // From guides/b.mdx and from other/a.mdx alike, `../guides/intro` is /guides/intro.
    expect(run.changed['snippets/shared.mdx']).toBe('Read [the intro](../guides/intro) first.\n');
    expect(run.clean).toBe(true);

    // Rendered on guides/a.mdx (/guides/intro) and api/c.mdx (/api/intro), `./intro` means two pages.
    const split = siteOf(
      { 'index.mdx': '', 'guides/a.mdx': snippet, 'guides/intro.mdx': '', 'api/c.mdx': snippet, 'api/intro.mdx': '' },
      [],
      { 'snippets/shared.mdx': 'Read [the intro](./intro) first.\n' },
    );
    const refused = moved(['guides/intro', 'guides/start'], split);
    expect([refused.code, refused.stderr, refused.changed]).toEqual([
      1,
      'navlint: cannot move; nothing was changed:\n  snippets/shared.mdx: the link "./intro" cannot be written to land where it did from each page that renders it, /api/intro from api/c.mdx, /guides/start from guides/a.mdx after the move\n',
      {},
    ]);
  });

  it('keeps a redirect docs.json has from the old URL to the new one; refuses one to elsewhere, which the page hid, and one that a pattern takes first', () => {
    const same = siteOf({ 'index.mdx': '', 'a.mdx': '' }, ['{ "source": "/a", "destination": "/b" }']);
    const kept = moved(['a', 'b'], same);
    expect([kept.code, kept.stderr, kept.stdout]).toEqual([
      0,
      '',
      'Moved a.mdx to b.mdx; updated docs.json; added 0 redirects.\n',
    ]);
    const elsewhere = siteOf({ 'index.mdx': '', 'a.mdx': '' }, ['{ "source": "/a", "destination": "/index" }']);
    expect(moved(['a', 'b'], elsewhere).stderr).toBe(
      'navlint: cannot move; nothing was changed:\n  docs.json redirects /a to /index, which the page at that URL hides today: once it moves, its readers would go there, not to /b (--no-redirect leaves the redirects as they are)\n',
    );
    const pattern = siteOf({ 'index.mdx': '', 'docs/a.mdx': '' }, [
      '{ "source": "/docs/:slug*", "destination": "/index" }',
    ]);
    expect(moved(['docs/a', 'b'], pattern).stderr).toBe(
      'navlint: cannot move; nothing was changed:\n  docs/a.mdx: its old URL /docs/a would not land on b.mdx through the redirects: the redirect from /docs/:slug* takes it first, to /index\n',
    );
  });

  it("a link to a redirect's source that goes to the moved page still lands, through the redirect pointed at it", () => {
    const dir = siteOf(
      {
        'index.mdx': 'See [the backend](/backend) and [more](/backend#subscribe).',
        'backend/overview.mdx': '## Subscribe',
      },
      ['{ "source": "/backend", "destination": "/backend/overview" }'],
    );
    const run = moved(['backend', 'server'], dir);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.changed['index.mdx']).toBeUndefined();
    expect(run.changed['docs.json']).toContain('{ "source": "/backend", "destination": "/server/overview" }');
    // As it warned before: the links go through the redirect, now to the page where it is.
    expect(navlint(['check', '.'], { cwd: dir }).stdout).toContain(
      'link "/backend#subscribe" goes through a redirect to "/server/overview": link to it directly  page-link',
    );
  });

  it("moves a page that a broken link's did-you-mean names: the link is as broken as before (its did-you-mean gone), not a new error", () => {
    const dir = siteOf({ 'index.mdx': 'See [setup](/guides/setpu).', 'guides/setup.mdx': '' });
    const run = moved(['guides/setup', 'tutorials/setup'], dir);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(navlint(['check', '.'], { cwd: dir }).stdout).toContain(
      'link "/guides/setpu" lands on no page, generated endpoint page, redirect or file  page-link',
    );
  });

  it("a group's root, a .md page, an href written as an expression, a destination in angle brackets, an import of the moved page", () => {
    const docs = `{ ${requiredKeys}\n  "navigation": { "groups": [{ "group": "Guides", "root": "guides/overview", "pages": ["index", "guides/notes", "parts/intro"] }] }\n}\n`;
    const index = `${page('Home')}\nimport Intro from "/parts/intro.mdx";\n\n<Intro />\n\n<Card title="O" href={"/guides/overview"}>o</Card> and [notes](</guides/notes>).\n`;
    const files = {
      'docs.json': docs,
      'index.mdx': index,
      'guides/overview.mdx': `${page('Overview')}\nSee [notes](notes.md).\n`,
      'guides/notes.md': `${page('Notes')}\nBack to [overview](./overview).\n`,
      'parts/intro.mdx': `${page('Intro')}\nIntro text, [notes](/guides/notes).\n`,
    };
    const root = moved(['guides/overview', 'start/overview'], makeSite(files));
    expect(root.changed['start/overview.mdx']).toBe(`${page('Overview')}\nSee [notes](../guides/notes.md).\n`);
    expect(root.changed['guides/notes.md']).toBe(`${page('Notes')}\nBack to [overview](../start/overview).\n`);
    expect(root.changed['index.mdx']).toBe(index.replace('{"/guides/overview"}', '{"/start/overview"}'));
    expect(root.changed['docs.json']).toContain('"root": "start/overview"');
    const md = moved(['guides/notes.md', 'start/'], makeSite(files));
    expect(md.changed['start/notes.md']).toBe(`${page('Notes')}\nBack to [overview](../guides/overview).\n`);
    expect(md.changed['index.mdx']).toBe(index.replace('(</guides/notes>)', '(</start/notes>)'));
    const imported = moved(['parts/intro', 'shared/intro'], makeSite(files));
    expect(imported.changed['index.mdx']).toBe(index.replace('"/parts/intro.mdx"', '"/shared/intro.mdx"'));
    expect([root.clean, md.clean, imported.clean]).toEqual([true, true, true]);
  });

  it('moves a page git tracks with git mv: the rename staged, the rewritten links left to stage', () => {
    const dir = copyOf('move-site');
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: dir,
        encoding: 'utf8',
      });
    if (git('--version').status !== 0) {
      process.stderr.write('note: the git mv case of test/mv.test.ts skipped: git is not installed\n');
      return;
    }
    git('init', '-q', '.');
    git('add', '-A');
    git('commit', '-qm', 'site');
    const run = navlint(['mv', 'guides/setup', 'tutorials/setup'], { cwd: dir });
    expect(run.stdout).toContain('Moved guides/setup.mdx to tutorials/setup.mdx (git mv);');
    expect(git('status', '--porcelain').stdout).toBe(
      [
        ' M docs.json',
        ' M guides/deploy.mdx',
        ' M guides/index.mdx',
        ' M index.mdx',
        ' M quickstart.mdx',
        ' M snippets/steps.mdx',
        'RM guides/setup.mdx -> tutorials/setup.mdx',
        '',
      ].join('\n'),
    );
  });

  it('refuses, changing nothing, when a folder cannot be made, a file cannot be written or a page cannot be moved, at any step', () => {
    const base = copyOf('move-site');
    const plan = () => {
      const { model, site } = lint({ ruleSet, docsFile: path.join(base, 'docs.json'), persistCaches: false });
      return planMove(model, site, movesOf(site, 'guides', 'deep/tutorials'), { redirects: true });
    };
    const written = writePlanOf(plan());
    // 2 folders made, 7 files written, 7 renamed into place, 3 pages moved.
    const steps = 2 + 2 * written.writes.size + written.moves.length;
    expect(steps).toBe(19);
    const before = snapshot(base);
    for (let step = 0; step < steps; step++) {
      const writer = failingAt(step);
      expect(() => applyPlan(writePlanOf(plan()), writer), `failure at step ${step}`).toThrow(WriteError);
      expect(snapshot(base), `failure at step ${step}`).toEqual(before);
      expect(fs.existsSync(path.join(base, 'deep')), `failure at step ${step}`).toBe(false);
    }
    expect(() =>
      applyPlan(
        writePlanOf(plan()),
        failingAt(0, (op) => op === 'writeTemporary'),
      ),
    ).toThrow(
      `cannot write ${path.join(base, 'docs.json')}: permission denied (injected in writeTemporary); nothing was changed`,
    );
  });
});
