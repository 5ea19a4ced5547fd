import * as path from 'node:path';
import {
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  type Connection,
  createConnection,
  DefinitionRequest,
  DidChangeWatchedFilesNotification,
  DidRenameFilesNotification,
  FileChangeType,
  type FileOperationRegistrationOptions,
  HoverRequest,
  type InitializeParams,
  type InitializeResult,
  MessageType,
  PrepareRenameRequest,
  ProposedFeatures,
  ReferencesRequest,
  RenameRequest,
  ShowMessageNotification,
  TextDocumentSyncKind,
  WillRenameFilesRequest,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { cacheFolder } from '../common/cache-folder';
import { asksForFixAll, codeActions, fixAllAction, fixAllKind } from './code-actions';
import { type CompletionClient, complete } from './completion';
import { disableEditFor } from './disable-action';
import { documentJson } from './document-json';
import { DocumentStore, pathOf } from './documents';
import { completeLink } from './link-completion';
import { definitionOf, hoverOf, stringAt } from './lookups';
import { prepareRename, referencesAt, renameEdit, willRenameEdit } from './page-moves';
import { codeActionParams, positionParams, referenceParams, renameFilesParams, renameParams } from './request-params';
import { type ServerSettings, Workspace, type WorkspaceHost } from './workspace';

/**
 * How long the start waits for the didOpen that editors send with `initialized` before it lints the
 * workspace's sites from disk: reading a large docs.json off the pipe takes a good part of it. A site
 * opened meanwhile is linted once, with the document's version; nobody waits on the others. A client
 * that lists, in `initializationOptions.openAtStart`, the documents it opens with `initialized`
 * (navlint's VS Code extension) is waited for only until those are open.
 */
const openSettleMs = 250;

/** What the server learnt of the client at initialize, and the settings it has now. */
interface ClientState {
  settings: ServerSettings;
  roots: string[];
  watchesFiles: boolean;
  hasConfiguration: boolean;
  completion: CompletionClient;
  /** The files of the documents the client said it opens with `initialized`, when it said. */
  openAtStart?: ReadonlySet<string>;
  /** The client applies a workspace edit that renames files (textDocument/rename of a page entry needs it). */
  renamesFiles: boolean;
}

/** What the wiring calls of the workspace (a fake in tests). */
export type WorkspaceCalls = Pick<
  Workspace,
  | 'lintFolders'
  | 'lintSitesOf'
  | 'edited'
  | 'closed'
  | 'fileChanged'
  | 'moved'
  | 'configurationChanged'
  | 'fresh'
  | 'dispose'
>;

/**
 * `navlint lsp --stdio`: the server over stdin and stdout, until the client's exit notification or
 * the end of stdin. An editor that goes away ends its server with SIGTERM (code-server's window, a
 * killed extension host): an orderly exit then (128 + 15, as a shell reports it), so that the code
 * cache is written for the next start (bin/navlint.cjs).
 */
export function serveStdio(): void {
  startLanguageServer();
  process.once('SIGTERM', () => process.exit(143));
}

/** The language server over a connection: its requests and notifications, each handed to the part that does it. */
export function startLanguageServer(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
  makeWorkspace: (host: WorkspaceHost) => WorkspaceCalls = (host) => new Workspace(host),
): Connection {
  const connection = createConnection(ProposedFeatures.all, input, output);
  const documents = new DocumentStore();
  const client: ClientState = {
    settings: { run: 'onType' },
    roots: [],
    watchesFiles: false,
    hasConfiguration: false,
    completion: {},
    renamesFiles: false,
  };
  const workspace = makeWorkspace({
    documents,
    settings: () => client.settings,
    roots: () => client.roots,
    clientWatchesFiles: () => client.watchesFiles,
    sendDiagnostics: (params) => void connection.sendDiagnostics(params),
    // A notification: showWarningMessage sends a request, whose refusal by a client would end the server as an unhandled rejection.
    warn: (message) =>
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message }),
    trace: (message) => connection.tracer.log(message),
    error: (message) => connection.console.error(message),
  });
  wireLifecycle(connection, documents, client, workspace);
  wireDocuments(connection, documents, workspace);
  wireRequests(connection, documents, workspace, client);
  documents.listen(connection);
  connection.listen();
  return connection;
}

function wireLifecycle(
  connection: Connection,
  documents: DocumentStore,
  client: ClientState,
  workspace: WorkspaceCalls,
): void {
  /**
   * The first lint of the workspace's sites from disk: once, whichever of the two starts below comes
   * first. It never rejects: a folder that cannot be read is said in the log, and the server goes on.
   */
  let firstLint: Promise<void> | undefined;
  const lintAtStart = (settled: Promise<void>) =>
    (firstLint ??= settled
      .then(() => workspace.lintFolders())
      .catch((error) => connection.console.error(`the workspace's sites could not be linted: ${String(error)}`)));

  connection.onInitialize((params) => {
    const result = initialize(client, params);
    // A client that opens nothing at the start and gave its settings here has nothing more to send
    // before the lint, which then starts without waiting for `initialized` (a busy editor sends it
    // late). Two turns of the event loop later: the connection writes this answer on the next one,
    // and the client gets on with its own start meanwhile (were it later, the answer would still
    // go first: the connection writes in order).
    if (client.openAtStart?.size === 0) setImmediate(() => setImmediate(() => lintAtStart(Promise.resolve())));
    return result;
  });

  /** Asks for the `navlint` section; whether it changed a setting a lint reads. */
  const pullConfiguration = async (): Promise<boolean> => {
    const read = ({ configFile, run }: ServerSettings) => JSON.stringify([configFile, run]);
    const before = read(client.settings);
    try {
      const section = (await connection.workspace.getConfiguration('navlint')) as Partial<ServerSettings> | null;
      if (section) client.settings = { ...client.settings, ...section };
    } catch {
      // A client that announces configuration but cannot answer keeps the initialization options.
    }
    return read(client.settings) !== before;
  };

  connection.onInitialized(async () => {
    // A moment later, not here: an editor that opens docs.json sends didOpen with initialized, and
    // that lint, with the document's version, is then the first and only one (one publish, not two).
    // The settings are asked for meanwhile; the watchers' registration waits for nothing (a busy
    // editor answers each request late, and the first diagnostics would wait for both answers).
    const settled = openedOrAfter(documents, client.openAtStart, openSettleMs);
    if (client.watchesFiles)
      connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/*.{json,mdx,md,yaml,yml}' }, { globPattern: '**/.mintignore' }],
        })
        .catch(() => {
          // Sites opened from now on get navlint's own watcher.
          client.watchesFiles = false;
          connection.console.warn("the editor did not take navlint's file watchers");
        });
    // A client that lists what it opens at the start gives its settings with initialize too: its
    // sites are linted without waiting for the section (a busy editor answers late), and again
    // should the section change a setting.
    const pulled = client.hasConfiguration ? pullConfiguration() : Promise.resolve(false);
    if (client.openAtStart) void pulled.then((changed) => changed && workspace.configurationChanged());
    else await pulled;
    await lintAtStart(settled);
  });

  connection.onDidChangeConfiguration(async () => {
    if (client.hasConfiguration) await pullConfiguration();
    workspace.configurationChanged();
  });

  connection.onShutdown(() => workspace.dispose());
}

/** The files and folders whose moves navlint answers: pages, and folders that may hold them. */
const movedFiles: FileOperationRegistrationOptions['filters'] = [
  { scheme: 'file', pattern: { glob: '**/*.{mdx,md}', matches: 'file' } },
  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
];

function initialize(client: ClientState, params: InitializeParams): InitializeResult {
  client.roots =
    params.workspaceFolders?.map((f) => pathOf(f.uri)) ??
    (params.rootUri ? [pathOf(params.rootUri)] : params.rootPath ? [params.rootPath] : []);
  const { openAtStart, ...settings } = (params.initializationOptions ?? {}) as Partial<ServerSettings> & {
    openAtStart?: unknown;
  };
  client.settings = { ...client.settings, ...settings };
  client.openAtStart = Array.isArray(openAtStart)
    ? new Set(openAtStart.filter((uri): uri is string => typeof uri === 'string').map(pathOf))
    : undefined;
  client.watchesFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
  const workspaceEdit = params.capabilities.workspace?.workspaceEdit;
  client.renamesFiles =
    workspaceEdit?.documentChanges === true && !!workspaceEdit.resourceOperations?.includes('rename');
  client.hasConfiguration = params.capabilities.workspace?.configuration === true;
  // Neovim's omnifunc applies a completion from the edit's start to the cursor; completion
  // plugins that apply whole edits (nvim-cmp) announce insertReplaceSupport.
  client.completion = {
    editEndsAtCursor:
      params.clientInfo?.name === 'Neovim' &&
      !params.capabilities.textDocument?.completion?.completionItem?.insertReplaceSupport,
  };
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, fixAllKind] },
      completionProvider: { triggerCharacters: ['"', '/', '(', '#'] },
      definitionProvider: true,
      hoverProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      // A page or a folder moved in the explorer: the same edit as navlint mv's, before the move.
      // and once it is made, what moved (a watcher may report a new folder, not the page moved into it).
      workspace: { fileOperations: { willRename: { filters: movedFiles }, didRename: { filters: movedFiles } } },
    },
    serverInfo: { name: 'navlint' },
  };
}

/** Resolves once every file of `expected` is open (after `ms` at most), or after `ms` when there is no such list. */
function openedOrAfter(documents: DocumentStore, expected: ReadonlySet<string> | undefined, ms: number): Promise<void> {
  if (!expected) return new Promise((resolve) => setTimeout(resolve, ms));
  const waiting = new Set([...expected].filter((file) => !documents.isOpen(file)));
  if (waiting.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    // A client that lists a document but never opens it is not waited for past the usual moment.
    const timer = setTimeout(() => done(), ms);
    const opening = documents.onOpen((file) => {
      waiting.delete(file);
      if (waiting.size === 0) done();
    });
    const done = () => {
      clearTimeout(timer);
      opening.dispose();
      resolve();
    };
  });
}

function wireDocuments(connection: Connection, documents: DocumentStore, workspace: WorkspaceCalls): void {
  documents.onOpen((file) => workspace.lintSitesOf(file));
  documents.onSave((file) => workspace.lintSitesOf(file));
  documents.onChange((file) => workspace.edited(file));
  documents.onClose((file) => workspace.closed(file));
  connection.onNotification(DidRenameFilesNotification.method, (params: unknown) => {
    const { files } = renameFilesParams(DidRenameFilesNotification.method, params);
    for (const { oldUri, newUri } of files) workspace.moved(pathOf(oldUri), pathOf(newUri));
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const change of changes) {
      workspace.fileChanged(
        pathOf(change.uri),
        change.type === FileChangeType.Created
          ? 'created'
          : change.type === FileChangeType.Deleted
            ? 'deleted'
            : 'changed',
      );
    }
  });
}

function wireRequests(
  connection: Connection,
  documents: DocumentStore,
  workspace: WorkspaceCalls,
  client: ClientState,
): void {
  // Registered as plain requests: the library's onCompletion and the like read the params before a handler could check them.
  connection.onRequest(CodeActionRequest.method, async (params: unknown) => {
    const { textDocument, range, context } = codeActionParams(CodeActionRequest.method, params);
    const file = pathOf(textDocument.uri);
    const fresh = workspace.fresh(textDocument.uri);
    if (!fresh) return [];
    // A code action in a page needs the findings of the rules that read the pages (of the lint they
    // ran over, which may be newer); docs.json's has them.
    const inDocs = fresh.lint.result.files.some((f) => f.path === file);
    const { result } = (inDocs ? undefined : await fresh.session.scheduler.pagesChecked()) ?? fresh.lint;
    const own = result.findings.filter((f) => f.file.path === file);
    if (asksForFixAll(context?.only)) return fixAllAction(own, textDocument.uri);
    return codeActions(own, textDocument.uri, range, context?.diagnostics, (finding) =>
      disableEditFor(finding, fresh.session.linter.site),
    );
  });

  connection.onRequest(CompletionRequest.method, (params: unknown) => {
    const { textDocument, position } = positionParams(CompletionRequest.method, params);
    const document = documents.get(textDocument.uri);
    const fresh = document && workspace.fresh(textDocument.uri);
    if (!document || !fresh) return [];
    const file = pathOf(textDocument.uri);
    const { result } = fresh.lint;
    const offset = document.offsetAt(position);
    if (/\.mdx?$/i.test(file)) {
      const page = path.relative(fresh.session.linter.site.root, file).split(path.sep).join('/');
      return completeLink(document, offset, page, result);
    }
    const json = documentJson(document.getText(), file, result.model);
    return complete(document, json, offset, file, result, client.completion);
  });

  /** The string at a position of a document, read from the editor's text or the disk's. */
  const found = (uri: string, offset: number) => {
    const fresh = workspace.fresh(uri);
    if (!fresh) return undefined;
    const file = pathOf(uri);
    const text = documents.get(uri)?.getText() ?? documents.files.readText(file);
    return stringAt(text, file, offset, fresh.lint.result);
  };

  connection.onRequest(DefinitionRequest.method, (params: unknown) => {
    const { textDocument, position } = positionParams(DefinitionRequest.method, params);
    const document = documents.get(textDocument.uri);
    const at = found(textDocument.uri, document ? document.offsetAt(position) : 0);
    return at ? definitionOf(at, pathOf(textDocument.uri)) : null;
  });

  connection.onRequest(HoverRequest.method, (params: unknown) => {
    const { textDocument, position } = positionParams(HoverRequest.method, params);
    const document = documents.get(textDocument.uri);
    const at = document && found(textDocument.uri, document.offsetAt(position));
    return at ? hoverOf(at) : null;
  });

  wireMoves(connection, documents, workspace, client);
}

/** References, renames of page entries and moves of files, once the site's pages are parsed (they read every link). */
function wireMoves(connection: Connection, documents: DocumentStore, workspace: WorkspaceCalls, client: ClientState) {
  const cacheDir = cacheFolder();
  /** The last lint of a file's site, its pages' links read. */
  const linted = async (uri: string) => {
    const fresh = workspace.fresh(uri);
    if (!fresh) return undefined;
    return ((await fresh.session.scheduler.pagesChecked()) ?? fresh.lint).result;
  };
  /** That lint, and a document's text and the offset of a position in it. */
  const atPosition = async (uri: string, position: { line: number; character: number }) => {
    const result = await linted(uri);
    if (!result) return undefined;
    const file = pathOf(uri);
    const document = documents.get(uri);
    const text = document?.getText() ?? documents.files.readText(file);
    const offset = (document ?? TextDocument.create(uri, '', 0, text)).offsetAt(position);
    return { result, at: { file, text, offset } };
  };

  connection.onRequest(ReferencesRequest.method, async (params: unknown) => {
    const { textDocument, position, context } = referenceParams(ReferencesRequest.method, params);
    const found = await atPosition(textDocument.uri, position);
    return found ? referencesAt(found.result, found.at, context?.includeDeclaration === true) : null;
  });

  connection.onRequest(PrepareRenameRequest.method, async (params: unknown) => {
    const { textDocument, position } = positionParams(PrepareRenameRequest.method, params);
    const found = await atPosition(textDocument.uri, position);
    return found ? prepareRename(found.result, found.at.file, found.at.text, found.at.offset) : null;
  });

  connection.onRequest(RenameRequest.method, async (params: unknown) => {
    const { textDocument, position, newName } = renameParams(RenameRequest.method, params);
    const found = await atPosition(textDocument.uri, position);
    if (!found) return null;
    return renameEdit({ result: found.result, cacheDir }, found.at, newName, {
      renamesFiles: client.renamesFiles,
      versionOf: (uri) => documents.get(uri)?.version ?? null,
    });
  });

  connection.onRequest(WillRenameFilesRequest.method, async (params: unknown) => {
    const { files } = renameFilesParams(WillRenameFilesRequest.method, params);
    if (files.length === 0) return null;
    const result = await linted(files[0].oldUri);
    if (!result) return null;
    const renames = files.map(({ oldUri, newUri }) => ({ from: pathOf(oldUri), to: pathOf(newUri) }));
    const answer = willRenameEdit({ result, cacheDir }, renames);
    if (answer && 'refusal' in answer) {
      // The editor moves the files anyway: the user is told why nothing else follows them.
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Warning,
        message: `navlint did not update the links to the moved pages: ${answer.refusal}`,
      });
      return null;
    }
    return answer?.edit ?? null;
  });
}
