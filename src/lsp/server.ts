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
import { type Finding, type LintOptions, type LintResult, runRules, sortFindings } from '../engine/lint';
import type { RuleMeta } from '../engine/rule';
import { rules } from '../engine/rules';
import { clockSlackMs, diskFiles } from '../site/files';
import { Site } from '../site/site';
import { codeActions } from './code-actions';
import { type CompletionClient, complete } from './completion';
import { documentJson } from './document-json';
import { DocumentStore, pathOf } from './documents';
import { relint } from './incremental';
import { completeLink } from './link-completion';
import { definitionOf, hoverOf, type StringAt, stringAt } from './lookups';
import { afterChange, isPageText, type PageChanges, pageChangesUnion, unchangedPages } from './page-changes';
import { Publisher } from './publisher';
import { changedSince, SiteWatcher } from './site-watcher';

/** What the editor may set, in initializationOptions or the "navlint" section of workspace/configuration. */
interface ServerSettings {
  /** A config file to use instead of the one found walking up from each docs folder. */
  configFile?: string;
  /** Lint while typing (debounced), or only on open and save. */
  run: 'onType' | 'onSave';
}

/** One docs site the server watches: its docs.json, its cached Site, and what it last published. */
interface SiteState {
  docsFile: string;
  site: Site;
  result?: LintResult;
  /** Document versions the last lint saw, to know when it is stale. */
  versions: Map<string, number>;
  /** What it last published. */
  publisher: Publisher;
  /** Set while a burst of edits is being held back; `dirty` when one came in since the last lint. */
  timer?: NodeJS.Timeout;
  dirty?: boolean;
  /** Its own file watcher (for a client that watches no files): to be set up (with the time its first lint started), or up. */
  watching?: { since: number } | 'up';
  /** The rules that read the pages, still to run over `result` (with the options of its lint) once docs.json's diagnostics are out. */
  pagesPending?: Pick<LintOptions, 'rules' | 'settings'>;
  /** Those rules running (their pages parsed in the background first), for a request that needs their findings. */
  pagesRunning?: Promise<void>;
  /** What changed since those rules last ran (./page-changes.ts), and the findings they made then. */
  pagesSince: PageChanges;
  pageFindings?: Finding[];
  /** After a run over the pages being typed only, the run over every page, once typing pauses. */
  settleTimer?: NodeJS.Timeout;
}

const debounceMs = 200;
/**
 * How long typing in pages must pause before the rules that read the pages run over every page: a
 * keystroke checks the page typed in (a few ms), and the other pages' links into it and imports of it
 * (a quarter of a second on a 25,000-page site) wait for this.
 */
const settleMs = 1000;
/**
 * How long the start waits for the didOpen that editors send with `initialized` before it lints the
 * workspace's sites from disk: reading a 2 MB docs.json off the pipe takes a good part of it. A site
 * opened meanwhile is linted once, with the document's version; nobody waits on the others.
 */
const openSettleMs = 250;
/** When a site's own file watcher starts after its first lint: once that lint's diagnostics are written (setting it up blocks). */
const watchAfterMs = 20;
/** The rules whose findings the run over the pages makes (and replaces). */
const pageRuleIds = new Set(rules.filter((rule) => rule.meta.readsPages).map((rule) => rule.meta.id));

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
          const state = stateFor(path.join(root, relative));
          if (!state.result) lintNow(state);
        }
      }
    }, openSettleMs);
  });

  connection.onDidChangeConfiguration(async () => {
    if (clientHasConfiguration) await pullConfiguration();
    for (const state of states.values()) {
      state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
      lintNow(state);
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
    let state = states.get(docsFile);
    if (!state) {
      // The disk caches (spec indexes, frontmatter verdicts) are keyed by the file on disk: an open
      // document has no such key (overlayFiles), so its unsaved text is always what is read.
      state = {
        docsFile,
        site: siteOf(docsFile, defaultConfig.extensionKey),
        versions: new Map(),
        publisher: new Publisher((params) => void connection.sendDiagnostics(params)),
        pagesSince: unchangedPages,
      };
      states.set(docsFile, state);
    }
    return state;
  }

  function siteOf(docsFile: string, extensionKey: string): Site {
    return new Site(path.dirname(docsFile), documents.files, cacheFolder(), extensionKey);
  }

  /** The sites a file belongs to: its own docs.json, sites whose last lint read it, or the nearest docs.json above it. */
  function statesOf(file: string): SiteState[] {
    if (path.basename(file) === 'docs.json') return [stateFor(file)];
    const owners = [...states.values()].filter(
      (s) => s.result?.files.some((f) => f.path === file) || isInside(path.dirname(s.docsFile), file),
    );
    if (owners.length > 0) return owners;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'docs.json');
      if (fs.existsSync(candidate)) return [stateFor(candidate)];
      if (path.dirname(dir) === dir || !roots.some((root) => isInside(root, dir))) return [];
    }
  }

  function configOf(state: SiteState): Config {
    try {
      return loadConfig(path.dirname(state.docsFile), settings.configFile);
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

  function lintNow(state: SiteState): void {
    state.dirty = false;
    const startedAt = Date.now();
    try {
      if (!documents.isOpen(state.docsFile) && !fs.existsSync(state.docsFile)) {
        // docs.json is gone: its diagnostics go with it.
        state.publisher.clear();
        states.delete(state.docsFile);
        state.result = state.pagesPending = undefined;
        return;
      }
      const config = configOf(state);
      // The previous model is patched when the edit allows (./incremental.ts), else let go first:
      // two whole models alive at once double the garbage collector's work.
      let previous = state.result;
      state.result = undefined;
      if (state.site.extensionKey !== config.extensionKey) {
        // Another extension key in the config: the specs' operations are read anew.
        state.site = siteOf(state.docsFile, config.extensionKey);
        state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
        previous = undefined;
      }
      // docs.json's diagnostics first: the rules that read every page (their frontmatter, 25,000
      // files on a large site) report in the pages, and run a moment later (completePages).
      const options = {
        rules: config.rules,
        settings: { languages: config.languages, ignorePages: config.ignorePages },
      };
      const result = relint(previous, {
        ...options,
        docsFile: state.docsFile,
        site: state.site,
        persistCaches: false,
        ruleFilter: (meta) => !meta.readsPages,
      });
      state.result = result;
      state.versions = documents.versions();
      state.pagesPending = options;
      state.publisher.publish(result, state.versions, false);
      if (clientWatchesFiles || state.watching === 'up') setImmediate(() => void completePages(state));
      else if (!state.watching) {
        // Our own watcher, for a client that watches nothing, once the first diagnostics are out
        // (setting it up blocks); the pages are read once it is up.
        state.watching = { since: startedAt };
        setTimeout(() => startWatching(state), watchAfterMs);
      }
    } catch (error) {
      connection.console.error(`navlint: ${(error as Error).stack ?? error}`);
    }
  }

  /**
   * Leading and trailing debounce: an edit after a quiet spell is linted at once (on the next tick,
   * after the other notifications already read); edits during the next 200 ms are linted once, at its end.
   */
  function schedule(state: SiteState): void {
    state.dirty = true;
    if (state.timer) return;
    const cooldown = () => {
      state.timer = setTimeout(() => {
        state.timer = undefined;
        if (state.dirty) {
          lintNow(state);
          cooldown();
        }
      }, debounceMs);
    };
    state.timer = setTimeout(() => {
      if (state.dirty) lintNow(state); // unless something linted it meanwhile (didOpen, a request)
      cooldown();
    }, 0);
  }

  /**
   * Runs the rules that read the pages over the last lint's model, adds their findings, and publishes
   * what changed; resolves when they are in (at once when there is nothing to run).
   */
  function completePages(state: SiteState): Promise<void> {
    if (!state.pagesPending || !state.result) return state.pagesRunning ?? Promise.resolve();
    const running = runPageRules(state, state.pagesPending, state.result);
    state.pagesPending = undefined;
    state.pagesRunning = running;
    void running.finally(() => {
      if (state.pagesRunning === running) state.pagesRunning = undefined;
    });
    return running;
  }

  async function runPageRules(
    state: SiteState,
    options: Pick<LintOptions, 'rules' | 'settings'>,
    result: LintResult,
  ): Promise<void> {
    const since = state.pagesSince;
    state.pagesSince = unchangedPages;
    clearTimeout(state.settleTimer);
    try {
      // The pages' parses first, on the workers, while the server answers: on a large site whose
      // cache is empty that is most of a minute. A newer lint meanwhile completes its own pages.
      const superseded = () => state.result !== result;
      await state.site.parsePagesInBackground(superseded);
      if (superseded()) {
        state.pagesSince = pageChangesUnion(since, state.pagesSince); // for the newer lint's run
        return;
      }
      // Only pages typed in since the last run over every page: those pages' findings anew, the others' kept.
      const typed =
        since.kind === 'typed' && state.pageFindings
          ? new Set([...since.files].map((file) => path.relative(state.site.root, file)))
          : undefined;
      const ruleFilter = (meta: RuleMeta) => meta.readsPages === true;
      const pages = runRules(result.model, state.site, { ...options, ruleFilter, persistCaches: false, focus: typed });
      const kept = typed
        ? state.pageFindings!.filter((finding) => !typed.has(path.relative(state.site.root, finding.file.path)))
        : [];
      state.pageFindings = [...kept, ...pages.findings];
      result.findings = sortFindings([
        ...result.findings.filter((finding) => !pageRuleIds.has(finding.ruleId)),
        ...state.pageFindings,
      ]);
      state.publisher.publish(result, state.versions, true);
      if (typed) {
        clearTimeout(state.settleTimer);
        state.settleTimer = setTimeout(() => settle(state, options), settleMs);
        return;
      }
      // The caches after the diagnostics: writing 25,000 frontmatter verdicts need not delay them.
      state.site.persist();
    } catch (error) {
      connection.console.error(`navlint: ${(error as Error).stack ?? error}`);
    }
  }

  /** The run over every page that the pages typed in wait for (settleMs). */
  function settle(state: SiteState, options: Pick<LintOptions, 'rules' | 'settings'>): void {
    state.settleTimer = undefined;
    if (states.get(state.docsFile) !== state || !state.result) return;
    state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
    state.pagesPending ??= options;
    void completePages(state);
  }

  /** The current model for a document, linting first if the document changed since. */
  function freshResult(uri: string): { state: SiteState; result: LintResult } | undefined {
    const state = statesOf(pathOf(uri))[0];
    if (!state) return undefined;
    const document = documents.get(uri);
    if (!state.result || (document && state.versions.get(uri) !== document.version)) lintNow(state);
    return state.result ? { state, result: state.result } : undefined;
  }

  const lintSitesOf = (file: string) => {
    for (const state of statesOf(file)) lintNow(state);
  };
  documents.onOpen(lintSitesOf);
  documents.onSave(lintSitesOf);
  documents.onChange((file) => {
    for (const state of statesOf(file)) {
      state.site.fileChanged(file, 'changed');
      state.pagesSince = afterChange(state.pagesSince, isPageText(file) ? { kind: 'typed', file } : { kind: 'other' });
      if (settings.run === 'onType') schedule(state);
    }
  });
  documents.onClose((file) => {
    // The editor's unsaved text is gone; what counts now is the file on disk.
    for (const state of statesOf(file)) {
      state.site.fileChanged(file, 'changed');
      state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
      schedule(state);
    }
  });

  function fileChanged(file: string, change: 'created' | 'changed' | 'deleted'): void {
    for (const state of [...states.values()]) {
      if (file !== state.docsFile && !isInside(path.dirname(state.docsFile), file)) continue;
      state.site.fileChanged(file, change);
      state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
      schedule(state);
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
   * Sets up a site's own watcher, then runs the rules that read the pages. What changed on disk since its first lint started (a folder's listing,
   * a file that lint read) has the site's indexes start over: a second lint of everything, which a
   * site left alone is spared. Times are compared with the system clock, with the slack the cache of
   * results allows (a mount whose clock lags more would need a client that watches files).
   */
  function startWatching(state: SiteState): void {
    const pending = state.watching;
    if (pending === undefined || pending === 'up' || states.get(state.docsFile) !== state) return;
    state.watching = 'up';
    const since = pending.since - clockSlackMs;
    const root = path.dirname(state.docsFile);
    const watcher = new SiteWatcher(root, fileChanged);
    watchers.push(watcher);
    const changedFolders = watcher.start(since);
    // Besides the pages (their folders' listings say whether they are there): docs.json, its $ref
    // files, its specs, .mintignore and every file the config may come from (one that did not parse
    // or had no "navlint" key too).
    const read = [
      ...(state.result?.files.map((file) => file.path) ?? []),
      ...state.site.specFiles(),
      path.join(root, '.mintignore'),
      ...configCandidates(root, settings.configFile),
    ];
    if (changedFolders || changedSince(read, since)) {
      connection.tracer.log(
        `navlint: own file watcher up; ${root} changed since its first lint began: its indexes start over`,
      );
      state.site.fileChanged(root, 'changed');
      state.pagesSince = afterChange(state.pagesSince, { kind: 'other' });
      schedule(state);
    } else {
      connection.tracer.log(
        `navlint: own file watcher up; ${root} unchanged since its first lint began: its pages are read once`,
      );
      void completePages(state);
    }
  }

  connection.onCodeAction(async ({ textDocument, range, context }) => {
    const file = pathOf(textDocument.uri);
    const fresh = freshResult(textDocument.uri);
    if (!fresh) return [];
    const result = fresh.result;
    // A code action in a page needs the findings of the rules that read the pages; docs.json's has them.
    if (!result.files.some((f) => f.path === file)) {
      startWatching(fresh.state); // no sooner than its own watcher, if it is to have one: the pages are read once
      await completePages(fresh.state);
    }
    const own = result.findings.filter((f) => f.file.path === file);
    return codeActions(own, textDocument.uri, range, context?.diagnostics);
  });

  connection.onCompletion(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const fresh = document && freshResult(textDocument.uri);
    if (!document || !fresh) return [];
    const file = pathOf(textDocument.uri);
    if (/\.mdx?$/i.test(file)) {
      const root = fresh.state.site.root;
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
    for (const state of states.values()) clearTimeout(state.timer);
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
