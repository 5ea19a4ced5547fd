import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { textReads } from '../src/lsp/document-json';
import { startLanguageServer } from '../src/lsp/server';
import { makeSite } from './helpers';
import { page, requiredKeys, usersSpec } from './sites';

/**
 * Completion, hover and definition read docs.json from the tree of the last lint when that lint read
 * the document's current text, and parse it only otherwise (src/lsp/document-json.ts). The server
 * runs in this process here, so that the test can count the parses of its requests.
 */

const docs = `{ ${requiredKeys}
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [{ "group": "Start", "pages": ["index", "quickstrat", ""] }] },
      { "tab": "API", "openapi": "users.yaml", "groups": [{ "group": "Users", "pages": ["GET /users"] }] }
    ]
  }
}
`;

/** The position of the n-th character after the first match of `marker` in a text. */
function positionAfter(text: string, marker: string, n = marker.length): { line: number; character: number } {
  const before = text.slice(0, text.indexOf(marker) + n).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

const connections: MessageConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) {
    await connection.sendRequest('shutdown'); // its timers and watchers end; no exit, which would end this process
    connection.dispose();
  }
});

/** A server in this process with a client connected to it, docs.json open and its first diagnostics in. */
async function open(root: string, text: string) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startLanguageServer(toServer, toClient);
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  connections.push(connection);
  const uri = pathToFileURL(path.join(root, 'docs.json')).href;
  const published: number[] = [];
  let wake = () => {};
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number }) => {
    if (params.uri === uri) published.push(params.version ?? -1);
    wake();
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: pathToFileURL(root).href,
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  while (!published.includes(1)) await new Promise<void>((resolve) => (wake = resolve));
  const request = <T>(method: string, position: { line: number; character: number }) =>
    connection.sendRequest<T>(method, { textDocument: { uri }, position });
  return {
    request,
    labels: async (position: { line: number; character: number }) =>
      (await request<{ label: string }[]>('textDocument/completion', position)).map((i) => i.label),
    change: (next: string, version: number) =>
      connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text: next }],
      }),
  };
}

function site(): string {
  return makeSite({
    'docs.json': docs,
    'index.mdx': page(),
    'quickstart.mdx': page(),
    'guides/later.mdx': page(),
    'users.yaml': usersSpec,
  });
}

describe("the language server's requests on docs.json", () => {
  it('read the tree of the lint that published the diagnostics: completion, hover and definition parse nothing', async () => {
    const root = site();
    const server = await open(root, docs);
    textReads.count = 0;
    expect(await server.labels(positionAfter(docs, '"quickstrat", "', 15))).toEqual(['guides/later', 'quickstart']);
    const tabKeys = await server.labels(positionAfter(docs, '{ "tab', 4));
    expect(tabKeys).toEqual(expect.arrayContaining(['icon', 'hidden', 'tab']));
    expect(tabKeys).not.toContain('groups');
    expect(await server.request('textDocument/hover', positionAfter(docs, '"GET /users', 3))).toEqual({
      contents: { kind: 'markdown', value: '**GET /users**\n\nList users\n\nSpec: `users.yaml`' },
      range: { start: positionAfter(docs, '"GET /users', 0), end: positionAfter(docs, '"GET /users"') },
    });
    expect(await server.request('textDocument/definition', positionAfter(docs, '"index', 3))).toEqual({
      uri: pathToFileURL(path.join(root, 'index.mdx')).href,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
    expect(textReads.count).toBe(0);
  });

  it('answer for the text after an edit, before the debounced lint has run, still without a parse of their own', async () => {
    const server = await open(site(), docs);
    const edited = docs
      .replace('"quickstrat"', '"quickstart"')
      .replace('"group": "Users"', '"group": "Users", "icon": "user"');
    await server.change(edited, 2);
    textReads.count = 0;
    // The request lints the new text first (it has no diagnostics yet), then reads that lint's tree.
    expect(await server.labels(positionAfter(edited, '"quickstart", "', 15))).toEqual(['guides/later']);
    const groupKeys = await server.labels(positionAfter(edited, '{ "group": "Users', 3));
    expect(groupKeys).toContain('expanded');
    expect(groupKeys).not.toContain('icon');
    expect(textReads.count).toBe(0);
  });

  it('parse a text that does not parse whole, and still complete in it', async () => {
    const server = await open(site(), docs);
    const cut = docs.slice(0, docs.indexOf('"quickstrat", "') + 15);
    await server.change(cut, 2);
    textReads.count = 0;
    expect(await server.labels(positionAfter(cut, '"quickstrat", "', 15))).toEqual(['guides/later', 'quickstart']);
    expect(textReads.count).toBeGreaterThan(0);
  });
});
