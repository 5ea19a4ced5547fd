import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docsWith, makeSite } from './helpers';
import { Client, type Diagnostic } from './lsp-client';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) if (client.process.exitCode === null) client.process.kill();
});

const docs = docsWith('{ "pages": ["index", "notes"] }');
const brief = (list: Diagnostic[]) =>
  list.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`);

async function serverOn(files: Record<string, string>): Promise<Client> {
  const client = new Client(makeSite({ 'docs.json': docs, 'index.mdx': '# Home\n', ...files }));
  clients.push(client);
  await client.initialize();
  await client.open('docs.json', fs.readFileSync(path.join(client.root, 'docs.json'), 'utf8'));
  await client.diagnostics('docs.json', 0);
  return client;
}

describe('the language server honours suppressions as a page is typed', () => {
  it('a directive typed turns the finding off; "Disable page-link for this line" writes one that does', async () => {
    const client = await serverOn({ 'notes.mdx': '# Notes\n\n[status](/status)\n' });
    let mark = client.published.length;
    await client.open('notes.mdx', '# Notes\n\n[status](/status)\n', 1);
    const found = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    expect(brief(found)).toEqual(['page-link 3:10']);

    const actions = await client.codeActions('notes.mdx', found[0].range, found);
    const disable = actions.find((a) => a.title === 'Disable page-link for this line');
    expect(disable?.edit?.changes?.[client.uri('notes.mdx')]).toEqual([
      {
        range: { start: { line: 2, character: 17 }, end: { line: 2, character: 17 } },
        newText: ' {/* navlint-disable-line page-link */}',
      },
    ]);
    expect(actions.map((a) => a.title).indexOf('Disable page-link for this line')).toBe(actions.length - 1);

    mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\n[status](/status) {/* navlint-disable-line page-link */}\n', 2);
    expect(await client.diagnostics('notes.mdx', mark, (d) => d.length === 0)).toEqual([]);
    // Typed away again: the finding is back, and the directive, which turns nothing off then, gone with it.
    mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\n[status](/status)\n', 3);
    expect(brief(await client.diagnostics('notes.mdx', mark, (d) => d.length === 1))).toEqual(['page-link 3:10']);
    await client.stop();
  });

  it("inside a tag's attributes, where no comment can go, it offers no such action", async () => {
    const page = '# Notes\n\n<Card\n  title="Status"\n  href="/status"\n/>\n';
    const client = await serverOn({ 'notes.mdx': page });
    const mark = client.published.length;
    await client.open('notes.mdx', page, 1);
    const [link] = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    const actions = await client.codeActions('notes.mdx', link.range, [link]);
    expect(actions.find((a) => a.title === 'Disable page-link for this line')).toBeUndefined();
    await client.stop();
  });

  it('the suppressions file keeps its findings from being published, in docs.json and in pages; a new one is', async () => {
    const withGone = docsWith('{ "pages": ["index", "notes", "gone"] }');
    const root = makeSite({
      'docs.json': withGone,
      'index.mdx': '# Home\n',
      'notes.mdx': '# Notes\n\n[status](/status)\n',
      'navlint-suppressions.json': JSON.stringify({
        'docs.json': { 'page-exists': { count: 1 } },
        'notes.mdx': {
          'page-link': {
            count: 1,
            messages: { 'link "/status" lands on no page, generated endpoint page, redirect or file': 1 },
          },
        },
      }),
    });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', withGone);
    expect(await client.diagnostics('docs.json', 0)).toEqual([]);
    let mark = client.published.length;
    await client.open('notes.mdx', '# Notes\n\n[status](/status)\n\n[other](/other)\n', 1);
    expect(brief(await client.diagnostics('notes.mdx', mark, (d) => d.length === 1))).toEqual(['page-link 5:9']);
    mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\n[status](/status)\n', 2);
    expect(await client.diagnostics('notes.mdx', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });

  it('the config by file holds in the editor: ignores leaves a file out, overrides set its rules', async () => {
    const client = await serverOn({
      'notes.mdx': '# Notes\n\n[status](/status)\n',
      'drafts/wip.mdx': 'In <200ms.\n',
      'navlint.config.json': JSON.stringify({
        ignores: ['drafts/**'],
        overrides: [{ files: ['notes.mdx'], rules: { 'page-link': 'warn' } }],
      }),
    });
    await client.open('drafts/wip.mdx', 'In <200ms.\n', 1);
    const mark = client.published.length;
    await client.open('notes.mdx', '# Notes\n\n[status](/status)\n', 1);
    // A warning (LSP's 2) by the override, in a lint that read the draft too, in which nothing is reported.
    const [link] = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    expect([link.code, link.severity]).toEqual(['page-link', 2]);
    expect(client.published.filter((p) => p.uri === client.uri('drafts/wip.mdx') && p.diagnostics.length > 0)).toEqual(
      [],
    );
    await client.stop();
  });
});
