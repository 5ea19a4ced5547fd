import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import type { Finding } from '../src/engine/lint';
import { startLanguageServer, type WorkspaceCalls } from '../src/lsp/server';
import type { SiteSession, WorkspaceHost } from '../src/lsp/workspace';
import { SourceFile } from '../src/parsers/source';

/**
 * The protocol wiring alone: a server in this process whose workspace is a fake that writes down
 * each call, and a client that speaks to it over a pipe. Every wait is for a message or a call.
 */

const root = '/site';
const uri = (file: string) => pathToFileURL(path.join(root, file)).href;

/** A workspace that writes its calls down, with `fresh` answering what the test says. */
function fakeWorkspace() {
  const calls: string[] = [];
  const waiters: { test: (call: string) => boolean; resolve: () => void }[] = [];
  let host: WorkspaceHost | undefined;
  let fresh: ReturnType<WorkspaceCalls['fresh']>;
  const note = (call: string) => {
    calls.push(call);
    for (const waiter of waiters.filter((w) => w.test(call))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const relative = (file: string) => path.relative(root, file);
  let lintFolders = () => note('lintFolders');
  const workspace: WorkspaceCalls = {
    lintFolders: () => lintFolders(),
    lintSitesOf: (file) => note(`lintSitesOf ${relative(file)}`),
    edited: (file) => note(`edited ${relative(file)}`),
    closed: (file) => note(`closed ${relative(file)}`),
    fileChanged: (file, change) => note(`fileChanged ${relative(file)} ${change}`),
    moved: (from, to) => note(`moved ${relative(from)} ${relative(to)}`),
    configurationChanged: () => note(`configurationChanged ${JSON.stringify(host?.settings())}`),
    fresh: (of) => {
      note(`fresh ${relative(new URL(of).pathname)}`);
      return fresh;
    },
    dispose: () => note('dispose'),
  };
  return {
    calls,
    make: (given: WorkspaceHost) => {
      host = given;
      return workspace;
    },
    host: () => host!,
    answer: (value: typeof fresh) => void (fresh = value),
    /** What lintFolders does instead of writing its call down. */
    onLintFolders: (instead: () => void) => void (lintFolders = instead),
    /** Resolves once a call that `test` accepts is (or was) made. */
    called: (test: (call: string) => boolean) =>
      calls.some(test) ? Promise.resolve() : new Promise<void>((resolve) => void waiters.push({ test, resolve })),
  };
}

const connections: MessageConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) {
    await connection.sendRequest('shutdown');
    connection.dispose();
  }
});

/** A server with a fake workspace, and a client (which answers workspace/configuration with `settings`) connected to it. */
function start(settings: object | null | Promise<object | null> = { run: 'onSave' }) {
  const fake = fakeWorkspace();
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  // How many writes the server made to the client so far.
  let writes = 0;
  const write = toClient.write.bind(toClient) as (...args: unknown[]) => boolean;
  toClient.write = ((...args: unknown[]) => {
    writes++;
    return write(...args);
  }) as typeof toClient.write;
  startLanguageServer(toServer, toClient, fake.make);
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  connections.push(connection);
  const notes: string[] = [];
  const registered: unknown[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params) => void notes.push(JSON.stringify(params)));
  connection.onNotification('window/showMessage', (params) => void notes.push(JSON.stringify(params)));
  connection.onRequest('client/registerCapability', (params) => void registered.push(params));
  connection.onRequest('workspace/configuration', async () => [await settings]);
  connection.listen();
  const initialize = (capabilities: object, initializationOptions?: object, clientInfo?: object) =>
    connection.sendRequest('initialize', {
      processId: null,
      rootUri: pathToFileURL(root).href,
      capabilities,
      initializationOptions,
      clientInfo,
    });
  return { fake, connection, notes, registered, initialize, writes: () => writes };
}

/** The files and folders whose moves the server answers: pages, and folders that may hold them. */
const moved = [
  { scheme: 'file', pattern: { glob: '**/*.{mdx,md}', matches: 'file' } },
  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
];

describe('the protocol wiring', () => {
  it('answers initialize with its capabilities, and lints the folders a moment after initialized', async () => {
    const { fake, connection, initialize } = start();
    expect(await initialize({})).toEqual({
      capabilities: {
        textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.navlint'] },
        completionProvider: { triggerCharacters: ['"', '/', '(', '#'] },
        definitionProvider: true,
        hoverProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        workspace: { fileOperations: { willRename: { filters: moved }, didRename: { filters: moved } } },
      },
      serverInfo: { name: 'navlint' },
    });
    expect(fake.host().roots()).toEqual([root]);
    expect(fake.host().clientWatchesFiles()).toBe(false);
    await connection.sendNotification('initialized', {});
    await fake.called((call) => call === 'lintFolders');
    expect(fake.calls).toEqual(['lintFolders']);
  });

  describe('the start: the folders are linted once the documents opened with initialized are', () => {
    // Only setTimeout is faked: the server's set moment passes only when the test says so.
    beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => void vi.useRealTimers());
    const docsJson = { uri: uri('docs.json'), languageId: 'json', version: 1, text: '{}' };
    /** Every message sent before it has been handled: the server answers requests in order. */
    const handled = (connection: MessageConnection) =>
      connection.sendRequest('textDocument/hover', {
        textDocument: { uri: uri('elsewhere.mdx') },
        position: { line: 0, character: 0 },
      });

    it('at once, when the client lists none: after the answer to initialize, not waiting for initialized', async () => {
      const { fake, connection, initialize } = start();
      await initialize({}, { openAtStart: [] });
      await fake.called((call) => call === 'lintFolders');
      expect(fake.calls).toEqual(['lintFolders']);
      expect(fake.host().settings()).toEqual({ run: 'onType' });
      // initialized, when it comes, lints nothing again.
      await connection.sendNotification('initialized', {});
      await handled(connection);
      expect(fake.calls.filter((call) => !call.startsWith('fresh'))).toEqual(['lintFolders']);
    });

    it('the answer to initialize written before that lint starts', async () => {
      const { fake, initialize, writes } = start();
      let writtenAtLint = -1;
      const linted = new Promise<void>((resolve) =>
        fake.onLintFolders(() => {
          writtenAtLint = writes();
          resolve();
        }),
      );
      await initialize({}, { openAtStart: [] });
      await linted;
      expect(writtenAtLint).toBeGreaterThan(0);
    });

    it('a first lint that throws is said in the log, and the server goes on', async () => {
      const { fake, connection, initialize } = start();
      fake.onLintFolders(() => {
        throw new Error('EACCES: permission denied, scandir /site/locked');
      });
      const logged = new Promise<string>((resolve) =>
        connection.onNotification('window/logMessage', (params: { message: string }) => resolve(params.message)),
      );
      await initialize({}, { openAtStart: [] });
      expect(await logged).toBe(
        "the workspace's sites could not be linted: Error: EACCES: permission denied, scandir /site/locked",
      );
      await connection.sendNotification('initialized', {});
      expect(await handled(connection)).toBeNull();
    });

    it('once the listed documents are open, not before', async () => {
      const { fake, connection, initialize } = start();
      await initialize({}, { openAtStart: [docsJson.uri] });
      await connection.sendNotification('initialized', {});
      await handled(connection);
      expect(fake.calls).not.toContain('lintFolders');
      await connection.sendNotification('textDocument/didOpen', { textDocument: docsJson });
      await fake.called((call) => call === 'lintFolders');
      expect(fake.calls.filter((call) => !call.startsWith('fresh'))).toEqual([
        'lintSitesOf docs.json',
        'edited docs.json',
        'lintFolders',
      ]);
    });

    it('without waiting for the configuration, linting again when it changes a setting', async () => {
      for (const [section, again] of [
        [{ run: 'onSave', enable: true }, true],
        [{ enable: true }, false],
      ] as const) {
        let answer = (_: object) => {};
        const { fake, connection, initialize } = start(new Promise((resolve) => (answer = resolve)));
        await initialize({ workspace: { configuration: true } }, { openAtStart: [] });
        await connection.sendNotification('initialized', {});
        await fake.called((call) => call === 'lintFolders');
        expect(fake.host().settings()).toEqual({ run: 'onType' });
        answer(section);
        // The answer taken in: the server would have called configurationChanged by then.
        while (!('enable' in fake.host().settings())) await new Promise((resolve) => setImmediate(resolve));
        expect(fake.calls.filter((call) => !call.startsWith('fresh'))).toEqual([
          'lintFolders',
          ...(again ? ['configurationChanged {"run":"onSave","enable":true}'] : []),
        ]);
      }
    });

    it('a moment after initialized, when the client lists nothing, or a document it never opens', async () => {
      for (const options of [undefined, { openAtStart: [docsJson.uri] }]) {
        const { fake, connection, initialize } = start();
        await initialize({}, options);
        await connection.sendNotification('initialized', {});
        await handled(connection);
        expect(fake.calls).not.toContain('lintFolders');
        await vi.advanceTimersByTimeAsync(250);
        await fake.called((call) => call === 'lintFolders');
        expect(fake.calls.filter((call) => !call.startsWith('fresh'))).toEqual(['lintFolders']);
      }
    });
  });

  it('takes the settings from the initialization options, then from workspace/configuration, and registers for file changes', async () => {
    const { fake, connection, registered, initialize } = start({ configFile: 'strict.json' });
    await initialize(
      { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } },
      { run: 'onSave' },
    );
    expect(fake.host().settings()).toEqual({ run: 'onSave' });
    expect(fake.host().clientWatchesFiles()).toBe(true);
    await connection.sendNotification('initialized', {});
    await fake.called((call) => call === 'lintFolders');
    expect(fake.host().settings()).toEqual({ run: 'onSave', configFile: 'strict.json' });
    expect(registered).toEqual([
      {
        registrations: [
          {
            id: expect.any(String),
            method: 'workspace/didChangeWatchedFiles',
            registerOptions: {
              watchers: [{ globPattern: '**/*.{json,mdx,md,yaml,yml}' }, { globPattern: '**/.mintignore' }],
            },
          },
        ],
      },
    ]);
    await connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await fake.called((call) => call.startsWith('configurationChanged'));
    expect(fake.calls.at(-1)).toBe('configurationChanged {"run":"onSave","configFile":"strict.json"}');
  });

  it('hands each document and file notification to the workspace, with the path of its file', async () => {
    const { fake, connection, initialize } = start();
    await initialize({});
    const doc = { uri: uri('a.mdx'), languageId: 'mdx', version: 1, text: '# A\n' };
    await connection.sendNotification('textDocument/didOpen', { textDocument: doc });
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: doc.uri, version: 2 },
      contentChanges: [{ text: '# B\n' }],
    });
    await connection.sendNotification('textDocument/didSave', { textDocument: { uri: doc.uri } });
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
    await connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: uri('b.mdx'), type: 1 },
        { uri: uri('docs.json'), type: 2 },
        { uri: uri('c.mdx'), type: 3 },
      ],
    });
    await connection.sendNotification('workspace/didRenameFiles', {
      files: [
        { oldUri: uri('d.mdx'), newUri: uri('guides/d.mdx') },
        { oldUri: uri('old'), newUri: uri('new') },
      ],
    });
    await fake.called((call) => call.startsWith('moved old'));
    expect(fake.calls).toEqual([
      'lintSitesOf a.mdx',
      'edited a.mdx',
      'edited a.mdx',
      'lintSitesOf a.mdx',
      'closed a.mdx',
      'fileChanged b.mdx created',
      'fileChanged docs.json changed',
      'fileChanged c.mdx deleted',
      'moved d.mdx guides/d.mdx',
      'moved old new',
    ]);
  });

  it('sends what the workspace publishes and says: diagnostics, and a warning as a notification', async () => {
    const { fake, notes, initialize, connection } = start();
    await initialize({});
    fake.host().sendDiagnostics({ uri: uri('docs.json'), version: 3, diagnostics: [] });
    fake.host().warn('navlint: bad config; using the defaults');
    // A request answered after both: they arrived before it.
    await connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('docs.json') },
      position: { line: 0, character: 0 },
    });
    expect(notes).toEqual([
      JSON.stringify({ uri: uri('docs.json'), version: 3, diagnostics: [] }),
      JSON.stringify({ type: 2, message: 'navlint: bad config; using the defaults' }),
    ]);
  });

  it('answers the requests on a file of no site with nothing', async () => {
    const { connection, initialize } = start();
    await initialize({});
    const at = { textDocument: { uri: uri('docs.json') }, position: { line: 0, character: 0 } };
    expect(await connection.sendRequest('textDocument/hover', at)).toBeNull();
    expect(await connection.sendRequest('textDocument/definition', at)).toBeNull();
    expect(await connection.sendRequest('textDocument/completion', at)).toEqual([]);
    const range = { start: at.position, end: at.position };
    expect(
      await connection.sendRequest('textDocument/codeAction', { ...at, range, context: { diagnostics: [] } }),
    ).toEqual([]);
  });

  it("waits for the pages' findings before it answers a code action in a page, not in docs.json", async () => {
    const { fake, connection, initialize } = start();
    await initialize({});
    const docs = new SourceFile(path.join(root, 'docs.json'), '{}');
    const page = new SourceFile(path.join(root, 'a.mdx'), '# A\n\n[x](/nowhere)\n');
    const result = { files: [docs], findings: [] as Finding[] };
    let checks = 0;
    const session = {
      // A site where the page parses whatever is written in it: "Disable" can go at the line's end.
      linter: { site: { root, parseErrorAfter: () => undefined } },
      scheduler: {
        // The pages' rules run: their finding comes in.
        pagesChecked: async () => {
          checks++;
          result.findings.push({
            ruleId: 'page-link',
            severity: 1,
            message: 'link "/nowhere" lands on no page',
            file: page,
            offset: 5,
            length: 13,
            line: 0,
            column: 0,
            endLine: 0,
            endColumn: 0,
            suggestions: [{ desc: 'Use "/"', fix: { range: [9, 17], text: '/' } }],
          });
        },
      },
    } as unknown as SiteSession;
    fake.answer({ session, lint: { result, options: {}, versions: new Map() } as never });
    const range = { start: { line: 2, character: 3 }, end: { line: 2, character: 3 } };
    const ask = (file: string) =>
      connection.sendRequest<{ title: string }[]>('textDocument/codeAction', {
        textDocument: { uri: uri(file) },
        range,
        context: { diagnostics: [] },
      });
    expect((await ask('a.mdx')).map((a) => a.title)).toEqual(['Use "/"', 'Disable page-link for this line']);
    expect(checks).toBe(1);
    expect(await ask('docs.json')).toEqual([]);
    expect(checks).toBe(1);
  });

  it('disposes of the workspace on shutdown', async () => {
    const { fake, connection, initialize } = start();
    await initialize({});
    await connection.sendRequest('shutdown');
    expect(fake.calls).toEqual(['dispose']);
  });
});
