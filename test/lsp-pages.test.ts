import { afterEach, describe, expect, it } from 'vitest';
import { docsWith, makeSite } from './helpers';
import { Client } from './lsp-client';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) if (client.process.exitCode === null) client.process.kill();
});

describe('the language server checks a page as it is typed', () => {
  it('publishes a page\'s parse error from its unsaved text, offers the fix as a quick fix, and clears it when the text parses', async () => {
    const root = makeSite({ 'docs.json': docsWith('{ "pages": ["index", "notes"] }'), 'index.mdx': '# Home\n', 'notes.mdx': '# Notes\n\nFine on disk.\n' });
    const client = new Client(root);
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docsWith('{ "pages": ["index", "notes"] }'));
    await client.diagnostics('docs.json', 0);
    let mark = client.published.length;
    await client.open('notes.mdx', '# Notes\n\nLoads in <100 ms.\n', 1);
    const found = await client.diagnostics('notes.mdx', mark, (d) => d.length === 1);
    expect(found.map((d) => ({ range: d.range, code: d.code, severity: d.severity }))).toEqual([
      { range: { start: { line: 2, character: 10 }, end: { line: 2, character: 10 } }, code: 'mdx-syntax', severity: 1 },
    ]);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('notes.mdx') },
      range: found[0].range,
      context: { diagnostics: found },
    })) as { title: string; edit?: { changes?: Record<string, { range: unknown; newText: string }[]> } }[];
    const fix = actions.find((a) => a.edit?.changes?.[client.uri('notes.mdx')]?.some((e) => e.newText === '&lt;'));
    expect(fix, JSON.stringify(actions)).toBeDefined();
    mark = client.published.length;
    await client.change('notes.mdx', '# Notes\n\nLoads in &lt;100 ms.\n', 2);
    expect(await client.diagnostics('notes.mdx', mark, (d) => d.length === 0)).toEqual([]);
    await client.stop();
  });
});
