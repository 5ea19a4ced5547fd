import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CodeActionKind,
  type Connection,
  createConnection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { cacheFolder } from '../common/cache-folder';
import { isInside } from '../common/paths';
import { type Config, ConfigError, configCandidates, defaultConfig, loadConfig } from '../engine/config';
import type { LintResult } from '../engine/lint';
import { clockSlackMs, diskFiles } from '../site/files';
import { codeActions } from './code-actions';
import { type CompletionClient, complete } from './completion';
import { documentJson } from './document-json';
import { DocumentStore, pathOf } from './documents';
import { completeLink } from './link-completion';
import { definitionOf, hoverOf, type StringAt, stringAt } from './lookups';
import { isPageText } from './page-changes';
import { Publisher } from './publisher';
import { Scheduler } from './scheduler';
import { type SiteLint, SiteLinter } from './site-linter';
import { changedSince, SiteWatcher } from './site-watcher';

/** What the editor may set, in initializationOptions or the "navlint" section of workspace/configuration. */
interface ServerSettings {
  /** A config file to use instead of the one found walking up from each docs folder. */
  configFile?: string;
  /** Lint while typing (debounced), or only on open and save. */
  run: 'onType' | 'onSave';
}

/** One docs site the server watches: its docs.json, what lints it, and when. */
interface SiteState {
  docsFile: string;
  linter: SiteLinter;
  scheduler: Scheduler<SiteLint>;
}

/**
 * How long the start waits for the didOpen that editors send with `initialized` before it lints the
 * workspace's sites from disk: reading a 2 MB docs.json off the pipe takes a good part of it. A site
 * opened meanwhile is linted once, with the document's version; nobody waits on the others.
 */
const openSettleMs = 250;

export function startLanguageServer(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Connection {
  const connection = createConnection(ProposedFeatures.all, input, output);
  const documents = new DocumentStore();
  const states = new Map<string, SiteState>();
  const watchers: SiteWatcher[] = [];
  let settings: ServerSettings = { run: 'onType' };
  let roots: string[] = [];
  let clientWatchesFiles = false;
  let clientHasConfiguration = false;
  let completionClient: CompletionClient = {};
  const configWarnings = new Set<string>();

  connection.onInitialize((params: InitializeParams) => {
    const folders =
      params.workspaceFolders?.map((f) => pathOf(f.uri)) ??
      (params.rootUri ? [pathOf(params.rootUri)] : params.rootPath ? [params.rootPath] : []);
    roots = folders;
    settings = { ...settings, ...(params.initializationOptions as Partial<ServerSettings> | undefined) };
    clientWatchesFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    clientHasConfiguration = params.capabilities.workspace?.configuration === true;
    // Neovim's omnifunc applies a completion from the edit's start to the cursor; completion
    // plugins that apply whole edits (nvim-cmp) announce insertReplaceSupport.
    completionClient = {
      editEndsAtCursor:
        params.clientInfo?.name === 'Neovim' &&
        !params.capabilities.textDocument?.completion?.completionItem?.insertReplaceSupport,
    };
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: ['"', '/', '(', '#'] },
        definitionProvider: true,
        hoverProvider: true,
      },
      serverInfo: { name: 'navlint' },
    };
  });

  connection.onInitialized(async () => {
    if (clientHasConfiguration) await pullConfiguration();
    if (clientWatchesFiles) {
      await connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{json,mdx,md,yaml,yml}' }, { globPattern: '**/.mintignore' }],
      });
    }
    // A moment later, not here: an editor that opens docs.json sends didOpen with initialized, and
    // that lint, with the document's version, is then the first and only one (one publish, not two).
    setTimeout(() => {
      for (const root of roots) {
        // The docs.json files of the workspace, four folders deep at most (no dot folders, no
        // node_modules): one readdir per folder. fast-glob matched every name of a 25,000-page
        // site against its pattern, 0.9 s before the first lint could start.
        const shallow = (relative: string, name: string) =>
          name !== 'node_modules' && name.charCodeAt(0) !== 46 /* . */ && relative.split('/').length <= 4;
        for (const relative of diskFiles.walk(root, shallow, (name) => name === 'docs.json').sort()) {
          const { scheduler } = stateFor(path.join(root, relative));
          if (!scheduler.lastLint) scheduler.lintNow();
        }
      }
    }, openSettleMs);
  });

  connection.onDidChangeConfiguration(async () => {
    if (clientHasConfiguration) await pullConfiguration();
    for (const { scheduler } of states.values()) {
      scheduler.changed({ kind: 'other' });
      scheduler.lintNow();
    }
  });

  async function pullConfiguration(): Promise<void> {
    try {
      const section = (await connection.workspace.getConfiguration('navlint')) as Partial<ServerSettings> | null;
      if (section) settings = { ...settings, ...section };
    } catch {
      // A client that announces configuration but cannot answer keeps the initialization options.
    }
  }

  function stateFor(docsFile: string): SiteState {
    const existing = states.get(docsFile);
    if (existing) return existing;
    const publisher = new Publisher((params) => void connection.sendDiagnostics(params));
    const linter = new SiteLinter(docsFile, {
      files: documents.files,
      isOpen: (file) => documents.isOpen(file),
      versions: () => documents.versions(),
      config: (root) => configOf(root),
      cacheDir: cacheFolder(),
      publish: (lint, versions, complete) => publisher.publish(lint, versions, complete),
      clear: () => publisher.clear(),
    });
    const state: SiteState = {
      docsFile,
      linter,
      scheduler: new Scheduler<SiteLint>(
        {
          lintDocs: (previous) => {
            const lint = linter.lintDocs(previous);
            if (lint === 'gone' && states.get(docsFile) === state) states.delete(docsFile);
            return lint;
          },
          parsePages: (stop) => linter.parsePages(stop),
          checkPages: (lint, since) => linter.checkPages(lint, since),
          startWatcher: (since) => startWatcher(state, since),
          failed: (error) => connection.console.error(`navlint: ${(error as Error).stack ?? error}`),
        },
        () => clientWatchesFiles,
      ),
    };
    states.set(docsFile, state);
    return state;
  }

  /** The sites a file belongs to: its own docs.json, sites whose last lint read it, or the nearest docs.json above it. */
  function statesOf(file: string): SiteState[] {
    if (path.basename(file) === 'docs.json') return [stateFor(file)];
    const owners = [...states.values()].filter(
      ({ docsFile, scheduler }) =>
        scheduler.lastLint?.result.files.some((f) => f.path === file) || isInside(path.dirname(docsFile), file),
    );
    if (owners.length > 0) return owners;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'docs.json');
      if (fs.existsSync(candidate)) return [stateFor(candidate)];
      if (path.dirname(dir) === dir || !roots.some((root) => isInside(root, dir))) return [];
    }
  }

  function configOf(root: string): Config {
    try {
      return loadConfig(root, settings.configFile);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!configWarnings.has(error.message)) {
        configWarnings.add(error.message);
        // A notification: showWarningMessage sends a request, whose refusal by a client would end the server as an unhandled rejection.
        void connection.sendNotification(ShowMessageNotification.type, {
          type: MessageType.Warning,
          message: `navlint: ${error.message}; using the defaults`,
        });
      }
      return defaultConfig;
    }
  }

  /** The last lint of a document's site, linted first if the document changed since. */
  function freshResult(uri: string): { state: SiteState; result: LintResult } | undefined {
    const state = statesOf(pathOf(uri))[0];
    if (!state) return undefined;
    const document = documents.get(uri);
    const last = state.scheduler.lastLint;
    if (!last || (document && last.versions.get(uri) !== document.version)) state.scheduler.lintNow();
    const lint = state.scheduler.lastLint;
    return lint ? { state, result: lint.result } : undefined;
  }

  const lintSitesOf = (file: string) => {
    for (const { scheduler } of statesOf(file)) scheduler.lintNow();
  };
  documents.onOpen(lintSitesOf);
  documents.onSave(lintSitesOf);
  documents.onChange((file) => {
    for (const { linter, scheduler } of statesOf(file)) {
      linter.site.fileChanged(file, 'changed');
      scheduler.changed(isPageText(file) ? { kind: 'typed', file } : { kind: 'other' });
      if (settings.run === 'onType') scheduler.schedule();
    }
  });
  documents.onClose((file) => {
    // The editor's unsaved text is gone; what counts now is the file on disk.
    for (const { linter, scheduler } of statesOf(file)) {
      linter.site.fileChanged(file, 'changed');
      scheduler.changed({ kind: 'other' });
      scheduler.schedule();
    }
  });

  function fileChanged(file: string, change: 'created' | 'changed' | 'deleted'): void {
    for (const { docsFile, linter, scheduler } of [...states.values()]) {
      if (file !== docsFile && !isInside(path.dirname(docsFile), file)) continue;
      linter.site.fileChanged(file, change);
      scheduler.changed({ kind: 'other' });
      scheduler.schedule();
    }
  }

  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const change of changes) {
      fileChanged(
        pathOf(change.uri),
        change.type === FileChangeType.Created
          ? 'created'
          : change.type === FileChangeType.Deleted
            ? 'deleted'
            : 'changed',
      );
    }
  });

  /**
   * Sets up a site's own watcher. What changed on disk since its first lint began (a folder's
   * listing, a file that lint read) has the site's indexes start over: a second lint of everything,
   * which a site left alone is spared. Times are compared with the system clock, with the slack the
   * cache of results allows (a mount whose clock lags more needs a client that watches files).
   */
  function startWatcher(state: SiteState, firstLintBegan: number): 'changed' | 'unchanged' {
    const since = firstLintBegan - clockSlackMs;
    const root = path.dirname(state.docsFile);
    const watcher = new SiteWatcher(root, fileChanged);
    watchers.push(watcher);
    const changedFolders = watcher.start(since);
    // Besides the pages (their folders' listings say whether they are there): the files the lint
    // read, and every file the config may come from (one that did not parse or had no "navlint" key too).
    const read = [...state.linter.filesRead(state.scheduler.lastLint), ...configCandidates(root, settings.configFile)];
    if (changedFolders || changedSince(read, since)) {
      connection.tracer.log(
        `navlint: own file watcher up; ${root} changed since its first lint began: its indexes start over`,
      );
      state.linter.site.fileChanged(root, 'changed');
      return 'changed';
    }
    connection.tracer.log(
      `navlint: own file watcher up; ${root} unchanged since its first lint began: its pages are read once`,
    );
    return 'unchanged';
  }

  connection.onCodeAction(async ({ textDocument, range, context }) => {
    const file = pathOf(textDocument.uri);
    const fresh = freshResult(textDocument.uri);
    if (!fresh) return [];
    const result = fresh.result;
    // A code action in a page needs the findings of the rules that read the pages; docs.json's has them.
    if (!result.files.some((f) => f.path === file)) await fresh.state.scheduler.pagesChecked();
    const own = result.findings.filter((f) => f.file.path === file);
    return codeActions(own, textDocument.uri, range, context?.diagnostics);
  });

  connection.onCompletion(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const fresh = document && freshResult(textDocument.uri);
    if (!document || !fresh) return [];
    const file = pathOf(textDocument.uri);
    if (/\.mdx?$/i.test(file)) {
      const root = fresh.state.linter.site.root;
      return completeLink(
        document,
        document.offsetAt(position),
        path.relative(root, file).split(path.sep).join('/'),
        fresh.result,
      );
    }
    return complete(
      document,
      documentJson(document.getText(), file, fresh.result.model),
      document.offsetAt(position),
      file,
      fresh.result,
      completionClient,
    );
  });

  /** The string at an offset of a document, read from the editor's text or the disk's. */
  function found(uri: string, offset: number): StringAt | undefined {
    const fresh = freshResult(uri);
    if (!fresh) return undefined;
    const file = pathOf(uri);
    const text = documents.get(uri)?.getText() ?? documents.files.readText(file);
    return stringAt(text, file, offset, fresh.result);
  }

  connection.onDefinition(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const at = found(textDocument.uri, document ? document.offsetAt(position) : 0);
    return at ? definitionOf(at, pathOf(textDocument.uri)) : null;
  });

  connection.onHover(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const at = document && found(textDocument.uri, document.offsetAt(position));
    return at ? hoverOf(at) : null;
  });

  connection.onShutdown(() => {
    for (const watcher of watchers) watcher.close();
    for (const { scheduler } of states.values()) scheduler.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
