import type {
  DidChangeTextDocumentParams,
  DidCloseTextDocumentParams,
  DidOpenTextDocumentParams,
  DidSaveTextDocumentParams,
} from 'vscode-languageserver/node';
import { type DocumentConnection, uriOf } from '../src/lsp/documents';
import type { FolderWatcher, WatchHost } from '../src/lsp/site-watcher';
import { diskFiles } from '../src/site/files';

/** Fakes for the language server's parts, shared by their tests. */

/** The sync notifications as a connection hands them to the store. */
export function fakeConnection() {
  const handlers: Record<string, (params: never) => void> = {};
  const on =
    (name: string) =>
    (handler: (params: never) => void): { dispose(): void } => {
      handlers[name] = handler;
      return { dispose: () => undefined };
    };
  const connection = {
    onDidOpenTextDocument: on('open'),
    onDidChangeTextDocument: on('change'),
    onDidCloseTextDocument: on('close'),
    onWillSaveTextDocument: on('willSave'),
    onWillSaveTextDocumentWaitUntil: on('willSaveWaitUntil'),
    onDidSaveTextDocument: on('save'),
  } as unknown as DocumentConnection;
  const send = <P>(name: string, params: P) => (handlers[name] as (params: P) => void)(params);
  return {
    connection,
    open: (file: string, text: string, version: number) =>
      send<DidOpenTextDocumentParams>('open', { textDocument: { uri: uriOf(file), languageId: 'mdx', version, text } }),
    change: (file: string, text: string, version: number) =>
      send<DidChangeTextDocumentParams>('change', {
        textDocument: { uri: uriOf(file), version },
        contentChanges: [{ text }],
      }),
    save: (file: string) => send<DidSaveTextDocumentParams>('save', { textDocument: { uri: uriOf(file) } }),
    close: (file: string) => send<DidCloseTextDocumentParams>('close', { textDocument: { uri: uriOf(file) } }),
  };
}

/** Watchers that the test fires by hand, one per folder; `fail` makes watching a folder throw (the system's limit). */
export function fakeWatchHost(fail: (folder: string) => boolean = () => false) {
  const listeners = new Map<string, (name: string | undefined) => void>();
  const closed: string[] = [];
  const errors = new Map<string, () => void>();
  const host: WatchHost = {
    files: diskFiles,
    watch: (folder, listener): FolderWatcher => {
      if (fail(folder)) throw new Error('ENOSPC');
      listeners.set(folder, listener);
      return {
        close: () => void closed.push(folder),
        on: (_event, onError) => errors.set(folder, onError),
      };
    },
  };
  return { host, listeners, closed, errors };
}
