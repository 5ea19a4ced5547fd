import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWithWorkerPrefix, docsWith, makeSite } from './helpers';
import { Client } from './lsp-client';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) if (client.process.exitCode === null) client.process.kill();
});

/** A language server on a site of these pages (listed; index first) and files, once it has published docs.json's diagnostics. */
async function serverOnOnePageSite(files: Record<string, string>, listed: string[] = []): Promise<Client> {
  const docs = docsWith(JSON.stringify({ pages: ['index', ...listed] }));
  const client = new Client(makeSite({ 'docs.json': docs, 'index.mdx': '# Home\n', ...files }));
  clients.push(client);
  await client.initialize();
  await client.open('docs.json', docs);
  await client.diagnostics('docs.json', 0);
  return client;
}

describe('the language server checks a page as it is typed', () => {
  it("publishes a page's parse error from its unsaved text, offers the fix as a quick fix, and clears it when the text parses", async () => {
    const root = makeSite({
      'docs.json': docsWith('{ "pages": ["index", "notes"] }'),
      'index.mdx': '# Home\n',
      'notes.mdx': '# Notes\n\nFine on disk.\n',
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docsWith('{ "pages": ["index", "notes"] }'));
    await client.diagnostics('docs.json', 0);
    let mark = client.published.length;
    await client.open('notes.mdx', '# Notes\n\nLoads in <100 ms.\n', 1);
    const found = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    expect(found.map((d) => ({ range: d.range, code: d.code, severity: d.severity }))).toEqual([
      {
        range: { start: { line: 2, character: 9 }, end: { line: 2, character: 10 } },
        code: 'mdx-syntax',
        severity: 1,
      },
    ]);
    const actions = await client.codeActions('notes.mdx', found[0].range, found);
    const fix = actions.find((a) => a.edit?.changes?.[client.uri('notes.mdx')]?.some((e) => e.newText === '&lt;'));
    expect(fix, JSON.stringify(actions)).toBeDefined();
    // Named by what it does, not by the problem.
    expect(fix!.title).toBe('Escape "<" as "&lt;"');
    mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\nLoads in &lt;100 ms.\n', 2);
    expect(await client.diagnostics('notes.mdx', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });

  it('goes on checking an open page whose file was deleted on disk, from its text in the editor', async () => {
    const client = await serverOnOnePageSite({ 'notes.mdx': '# Notes\n' }, ['notes']);
    await client.open('notes.mdx', '# Notes\n', 1);
    fs.rmSync(path.join(client.root, 'notes.mdx'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('notes.mdx'), type: 3 }],
    });
    const mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\nLoads in <100 ms.\n', 2);
    const found = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    expect(found.map((d) => [d.range.start, d.code])).toEqual([[{ line: 2, character: 9 }, 'mdx-syntax']]);
    // Nor is docs.json's entry for it a missing page while the editor holds it; once closed, it is gone.
    expect(await client.diagnostics('docs.json', 0)).toEqual([]);
    const closedAt = client.published.length;
    await client.connection.sendNotification('textDocument/didClose', {
      textDocument: { uri: client.uri('notes.mdx') },
    });
    const after = await client.diagnostics('docs.json', closedAt, (d) => d.length === 1);
    expect(after.map((d) => [d.code, d.message])).toEqual([
      ['page-exists', 'page "notes" not found: no notes.mdx or notes.md'],
    ]);
    await client.stop();
  });

  it('forgets a page that .mintignore now leaves out of the deploy: its diagnostics go', async () => {
    const client = await serverOnOnePageSite({ 'draft.mdx': '# Draft\n\nIn <5 minutes.\n' });
    const [found] = await client.diagnostics('draft.mdx', 0, (d) => d.length === 1);
    expect(found.code).toBe('mdx-syntax');
    fs.writeFileSync(path.join(client.root, '.mintignore'), 'draft.mdx\n');
    const mark = client.published.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uri('.mintignore'), type: 1 }],
    });
    expect(await client.diagnostics('draft.mdx', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });

  it('reports a data file that does not parse in that file as it is typed, and clears it when it parses', async () => {
    const client = await serverOnOnePageSite({ 'data/plans.json': '{ "free": 0 }\n' });
    let mark = client.published.length;
    await client.open('data/plans.json', '{ "free": 0 }\n', 1);
    await client.change('data/plans.json', '{ "free": 0,\n  "free": 5 }\n', 2);
    const found = await client.diagnostics('data/plans.json', mark, (d) => d.length === 1);
    expect(found.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.message])).toEqual([
      [
        'data-syntax',
        1,
        1,
        2,
        'this file does not parse as JSON or YAML, as the platform reads it: duplicated mapping key',
      ],
    ]);
    mark = client.published.length;
    await client.change('data/plans.json', '{ "free": 0,\n  "pro": 5 }\n', 3);
    expect(await client.diagnostics('data/plans.json', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });

  it("reports what the platform's validation refuses in a spec as it is typed, with the did-you-mean as a quick fix, and clears it", async () => {
    const spec =
      'openapi: 3.1.0\ninfo:\n  title: T\npaths:\n  /users:\n    get:\n      parameters:\n        - { name: q, in: query, schema: { type: string } }\n';
    const client = await serverOnOnePageSite({ 'api/openapi.yaml': spec });
    let mark = client.published.length;
    await client.open('api/openapi.yaml', spec, 1);
    await client.change('api/openapi.yaml', spec.replace('in: query', 'in: quer'), 2);
    const found = await client.diagnostics('api/openapi.yaml', mark, (d) => d.length === 1);
    expect(
      found.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
    ).toEqual([['openapi-spec', 1, 7, 25, 29]]);
    expect(found[0].message).toMatch(
      /^"paths\.\/users\.get\.parameters\.0\.in" must be one of .*; did you mean "query"\?/,
    );
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('api/openapi.yaml') },
      range: found[0].range,
      context: { diagnostics: found },
    })) as { title: string; edit?: { changes?: Record<string, { newText: string }[]> } }[];
    expect(
      actions.flatMap((a) => a.edit?.changes?.[client.uri('api/openapi.yaml')] ?? []).map((e) => e.newText),
    ).toEqual(['"query"']);
    mark = client.published.length;
    await client.change('api/openapi.yaml', spec.replace('in: query', 'in: "query"'), 3);
    expect(await client.diagnostics('api/openapi.yaml', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });

  it("checks the page typed in at once, and the other pages' links into it once typing pauses", async () => {
    const docs = docsWith('{ "pages": ["a", "b"] }');
    const root = makeSite({
      'docs.json': docs,
      'a.mdx': '# A\n\nSee [install](/b#install) and [gone](/gone).\n',
      'b.mdx': '# B\n\n## Install\n',
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docs);
    const before = await client.diagnostics('a.mdx', 0, (d) => d.length === 1);
    expect(before.map((d) => d.code)).toEqual(['page-link']);
    await client.open('b.mdx', '# B\n\n## Install\n', 1);
    const mark = client.published.length;
    await client.change('b.mdx', '# B\n\n## Setup\n\n[c](/nowhere)\n', 2);
    const after = await client.diagnostics('a.mdx', mark, (d) => d.length === 2);
    expect(after.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
      ['page-anchor', 2, 17, 'anchor "#install" is no heading or id of "b.mdx"'],
      ['page-link', 2, 37, 'link "/gone" lands on no page, generated endpoint page, redirect or file'],
    ]);
    // The typed page's own finding came first, in a publish of its own, with the change's version.
    const events = client.published.slice(mark);
    const typed = events.findIndex((p) => p.uri === client.uri('b.mdx') && p.diagnostics.length === 1);
    const anchors = events.findIndex((p) => p.uri === client.uri('a.mdx') && p.diagnostics.length === 2);
    expect(typed).toBeGreaterThanOrEqual(0);
    expect(typed).toBeLessThan(anchors);
    expect(events[typed].version).toBe(2);
    expect(events[typed].diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['page-link', 4, 4],
    ]);
    expect(
      events
        .slice(typed)
        .filter((p) => p.uri === client.uri('b.mdx'))
        .every((p) => p.diagnostics.length === 1),
    ).toBe(true);
    await client.stop();
  });

  it("completes the paths of the site's pages in a link, and the ids of the page it leads to after #", async () => {
    const docs = docsWith('{ "pages": ["index", "guides/setup", "guides/usage"] }');
    const root = makeSite({
      'docs.json': docs,
      'index.mdx': '# Home\n',
      'guides/setup.mdx': '# Setup\n\n## Install the CLI\n\n<div id="flags">x</div>\n',
      'guides/usage.mdx': '# Usage\n',
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    const text = '# Usage\n\nSee [setup](/guides/se) and [flags](/guides/setup#in) and <Card href="#us" />.\n';
    await client.open('guides/usage.mdx', text);
    const complete = (character: number) => completionAt(client, 'guides/usage.mdx', 2, character);
    const paths = await complete(text.split('\n')[2].indexOf('/guides/se') + '/guides/se'.length);
    expect(paths.map((i) => i.label)).toEqual(['/', '/guides/setup', '/guides/usage']);
    expect(paths[1].textEdit.range).toEqual({ start: { line: 2, character: 12 }, end: { line: 2, character: 22 } });
    const ids = await complete(text.split('\n')[2].indexOf('#in') + 3);
    expect(ids.map((i) => [i.label, i.textEdit.range.start.character, i.textEdit.range.end.character])).toEqual([
      ['setup', 50, 52],
      ['install-the-cli', 50, 52],
      ['flags', 50, 52],
    ]);
    const own = await complete(text.split('\n')[2].indexOf('#us') + 3);
    expect(own.map((i) => i.label)).toEqual(['usage']);
    expect(await complete(3)).toEqual([]);
    await client.stop();
  });

  it("completes the ids after # of a ./ link on an index page where the platform renders it from the file's folder", async () => {
    const docs = docsWith('{ "pages": ["guides/index", "guides/setup"] }');
    const root = makeSite({
      'docs.json': docs,
      'guides/index.mdx': '# Guides\n',
      'guides/setup.mdx': '# Setup\n\n## Install the CLI\n',
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    // On guides/index.mdx (served at /guides), the platform makes [..](./setup) /guides/setup; a <Tile href> goes to /setup.
    const text = '# Guides\n\n[Setup](./setup#in) <Tile href="./setup#in" />\n';
    await client.open('guides/index.mdx', text);
    const complete = (character: number) => completionAt(client, 'guides/index.mdx', 2, character);
    const ids = await complete(text.split('\n')[2].indexOf('#in') + 3);
    expect(ids.map((i) => [i.label, i.detail])).toEqual([
      ['setup', '/guides/setup'],
      ['install-the-cli', '/guides/setup'],
    ]);
    expect(await complete(text.split('\n')[2].lastIndexOf('#in') + 3)).toEqual([]);
    await client.stop();
  });

  it("completes the site's files, not its pages, where a link embeds one: an image, a src", async () => {
    const root = makeSite({
      'docs.json': docsWith('{ "pages": ["index"] }'),
      'index.mdx': '# Home\n',
      'images/flow.png': '',
      'images/my flow (1).png': '',
      'videos/intro.mp4': '',
      'api.yaml': 'openapi: 3.0.0\n',
      '.mintignore': 'drafts/\n',
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    const text = '# Home\n\n![Flow](/images/f) <video src="/v" /> [Page](/in) <video poster="/i" />\n';
    await client.open('index.mdx', text);
    const complete = (character: number) => completionAt(client, 'index.mdx', 2, character);
    const images = await complete(text.split('\n')[2].indexOf('/images/f') + '/images/f'.length);
    expect(
      images.map((i) => [
        i.label,
        i.textEdit.newText,
        i.textEdit.range.start.character,
        i.textEdit.range.end.character,
      ]),
    ).toEqual([
      ['/images/flow.png', '/images/flow.png', 8, 17],
      ['/images/my flow (1).png', '</images/my flow (1).png>', 8, 17],
      ['/videos/intro.mp4', '/videos/intro.mp4', 8, 17],
    ]);
    const files = ['/images/flow.png', '/images/my flow (1).png', '/videos/intro.mp4'];
    const sources = await complete(text.split('\n')[2].indexOf('"/v') + 3);
    expect(sources.map((i) => [i.label, i.textEdit.newText])).toEqual(files.map((file) => [file, file]));
    expect((await complete(text.split('\n')[2].indexOf('"/i') + 3)).map((i) => i.label)).toEqual(files);
    // A link that leads to a page is offered pages.
    expect((await complete(text.split('\n')[2].indexOf('(/in') + 4)).map((i) => i.label)).toEqual(['/']);
    await client.stop();
  });

  it('parses the pages in the background: while a parse worker hangs, requests are answered and docs.json is linted again', async () => {
    // Enough text for worker threads (over 256 KB); one page holds up its worker for good, so the
    // pages' parse cannot end while the test runs: a server that waited for it would answer nothing.
    const hangingBin = buildWithWorkerPrefix(
      "require('node:worker_threads').workerData.port.on('message', (m) => { if (m.texts.some((t, i) => (t ?? require('node:fs').readFileSync(m.files[i], 'utf8')).startsWith('HANG'))) for (;;); });",
    );
    const pages = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`p${i}.mdx`, `# P${i}\n\n${'Some text of a page. '.repeat(150)}\n`]),
    );
    const docs = docsWith('{ "pages": ["p0", "p1"] }');
    const root = makeSite({ 'docs.json': docs, ...pages, 'p7.mdx': 'HANG\n' });
    const client = new Client(root, { run: 'onType' }, hangingBin);
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docs);
    expect(await client.diagnostics('docs.json', 0)).toEqual([]);
    const hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: client.uri('docs.json') },
      position: { line: 0, character: 3 },
    });
    expect(hover === null || typeof hover === 'object').toBe(true);
    const mark = client.published.length;
    await client.change('docs.json', docs.replace('"p1"', '"p1", "missing"'), 2);
    const found = await client.diagnostics('docs.json', mark, (d) => d.length === 1);
    expect(found.map((d) => d.code)).toEqual(['page-exists']);
    client.process.kill();
  });
});

/** The completion items at a place of a document the client has open. */
async function completionAt(client: Client, file: string, line: number, character: number) {
  return (await client.connection.sendRequest('textDocument/completion', {
    textDocument: { uri: client.uri(file) },
    position: { line, character },
  })) as {
    label: string;
    detail?: string;
    textEdit: { range: { start: { character: number }; end: { character: number } }; newText: string };
  }[];
}
