import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { ruleSet } from '../../rules';
import { cacheFolder } from '../common/cache-folder';
import { isInside } from '../common/paths';
import { readSuppressions, type SuppressionEntries, suppressionsFileName } from '../engine/bulk-suppressions';
import { type Config, ConfigError, configCandidates, defaultConfig, loadConfig } from '../engine/config';
import { canList, clockSlackMs, diskFiles, UnreadableError, unreadableMessage } from '../site/files';
import { type DocumentStore, pathOf } from './documents';
import { isPageText } from './page-changes';
import { Publisher } from './publisher';
import { Scheduler } from './scheduler';
import { type SiteLint, SiteLinter } from './site-linter';
import { changedSince, type FileChange, SiteWatcher, type WatchHost } from './site-watcher';

/** What the editor may set, in initializationOptions or the "navlint" section of workspace/configuration. */
export interface ServerSettings {
  /** A config file to use instead of the one found walking up from each docs folder. */
  configFile?: string;
  /** Lint while typing (debounced), or only on open and save. */
  run: 'onType' | 'onSave';
}

/** What the workspace needs of the server: the documents, the client's settings and capabilities, and its ways to speak to the client. */
export interface WorkspaceHost {
  documents: DocumentStore;
  settings(): ServerSettings;
  /** The workspace's folders. */
  roots(): readonly string[];
  clientWatchesFiles(): boolean;
  sendDiagnostics(params: PublishDiagnosticsParams): void;
  /** Says something to the user (a config that does not load). */
  warn(message: string): void;
  /** Says what the server does, for a client that asked for traces. */
  trace(message: string): void;
  error(message: string): void;
  /** How the sites' own watchers watch folders (Node's fs.watch by default). */
  watchHost?: WatchHost;
}

/** One docs site: its docs.json, what lints it, when, and its own file watcher once it has one. */
export interface SiteSession {
  docsFile: string;
  linter: SiteLinter;
  scheduler: Scheduler<SiteLint>;
  watcher?: SiteWatcher;
}

/**
 * The docs sites of the workspace, one per docs.json: made when a file of theirs is first heard of,
 * dropped when their docs.json is gone. It tells each site's scheduler of the events that concern it.
 */
export class Workspace {
  private readonly sites = new Map<string, SiteSession>();
  /** The config errors already shown: each is said once. */
  private readonly configWarnings = new Set<string>();

  constructor(private readonly host: WorkspaceHost) {}

  /** The site of a docs.json, made if there is none yet. */
  siteFor(docsFile: string): SiteSession {
    const existing = this.sites.get(docsFile);
    if (existing) return existing;
    const { documents } = this.host;
    const publisher = new Publisher((params) => this.host.sendDiagnostics(params));
    const linter = new SiteLinter(docsFile, {
      files: documents.files,
      isOpen: (file) => documents.isOpen(file),
      versions: () => documents.versions(),
      config: (root) => this.config(root),
      suppressions: (root) => this.suppressions(root),
      cacheDir: cacheFolder(),
      publish: (lint, versions, complete) => publisher.publish(lint, versions, complete),
      clear: () => publisher.clear(),
    });
    const session: SiteSession = {
      docsFile,
      linter,
      scheduler: new Scheduler<SiteLint>(
        {
          lintDocs: (previous) => {
            const lint = linter.lintDocs(previous);
            if (lint === 'gone') this.drop(session);
            return lint;
          },
          parsePages: (stop) => linter.parsePages(stop),
          checkPages: (lint, since, superseded) => linter.checkPages(lint, since, superseded),
          startWatcher: (since) => this.startWatcher(session, since),
          failed: (error) =>
            this.host.error(
              `navlint: ${error instanceof UnreadableError ? unreadableMessage(error, error.file) : ((error as Error).stack ?? error)}`,
            ),
        },
        () => this.host.clientWatchesFiles(),
      ),
    };
    this.sites.set(docsFile, session);
    return session;
  }

  /** The sites a file belongs to: its own docs.json, sites whose last lint read it or whose folder holds it, or the nearest docs.json above it. */
  sitesOf(file: string): SiteSession[] {
    if (path.basename(file) === 'docs.json') return [this.siteFor(file)];
    const owners = [...this.sites.values()].filter(
      ({ docsFile, scheduler }) =>
        scheduler.lastLint?.result.files.some((f) => f.path === file) || isInside(path.dirname(docsFile), file),
    );
    if (owners.length > 0) return owners;
    const roots = this.host.roots();
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'docs.json');
      if (fs.existsSync(candidate)) return [this.siteFor(candidate)];
      if (path.dirname(dir) === dir || !roots.some((root) => isInside(root, dir))) return [];
    }
  }

  /** Lints, from disk, the sites of the workspace's folders not linted yet. */
  lintFolders(): void {
    // The docs.json files four folders deep at most (no dot folders, no node_modules): one readdir
    // per folder, not a glob that matches every name of a large site before the first lint can start.
    for (const root of this.host.roots()) {
      // A folder that cannot be listed is passed over: a site in it says so when it is linted.
      const shallow = (relative: string, name: string, folder: boolean) =>
        name !== 'node_modules' &&
        name.charCodeAt(0) !== 46 /* . */ &&
        relative.split('/').length <= 4 &&
        (!folder || canList(path.join(root, relative)));
      for (const relative of diskFiles.walk(root, shallow, (name) => name === 'docs.json').sort()) {
        const { scheduler } = this.siteFor(path.join(root, relative));
        if (!scheduler.lastLint) scheduler.lintNow();
      }
    }
  }

  /** Lints now the sites of a file (opened or saved). */
  lintSitesOf(file: string): void {
    for (const { scheduler } of this.sitesOf(file)) scheduler.lintNow();
  }

  /** A document's text changed in the editor: its sites are linted as the settings say. */
  edited(file: string): void {
    for (const { linter, scheduler } of this.sitesOf(file)) {
      linter.site.fileChanged(file, 'changed');
      scheduler.changed(
        isPageText(file) ? { kind: 'typed', file } : file === linter.docsFile ? { kind: 'docs' } : { kind: 'other' },
      );
      if (this.host.settings().run === 'onType') scheduler.schedule();
    }
  }

  /** A document closed: the editor's unsaved text is gone, and what counts now is the file on disk (if any). */
  closed(file: string): void {
    const change = this.host.documents.files.kind(file) === undefined ? 'deleted' : 'changed';
    for (const { linter, scheduler } of this.sitesOf(file)) {
      linter.site.fileChanged(file, change);
      scheduler.changed({ kind: 'other' });
      scheduler.schedule();
    }
  }

  /**
   * A file changed on disk: the sites whose folder holds it start over what they knew of it. A file
   * open in the editor is there as long as it is open, whatever happens to it on disk.
   */
  fileChanged(file: string, change: FileChange): void {
    const seen = this.host.documents.isOpen(file) ? 'changed' : change;
    for (const { docsFile, linter, scheduler } of [...this.sites.values()]) {
      if (file !== docsFile && !isInside(path.dirname(docsFile), file)) continue;
      linter.site.fileChanged(file, seen);
      scheduler.changed({ kind: 'other' });
      scheduler.schedule();
    }
  }

  /**
   * A file or folder moved (the editor says so after a move it made): the sites forget it at its old
   * path and find it at its new one, open in the editor or not; a watcher may report a folder made by
   * the move, and nothing of the file moved into it.
   */
  moved(from: string, to: string): void {
    for (const { docsFile, linter, scheduler } of [...this.sites.values()]) {
      const root = path.dirname(docsFile);
      if (!isInside(root, from) && !isInside(root, to)) continue;
      linter.site.fileChanged(from, 'deleted');
      linter.site.fileChanged(to, 'created');
      scheduler.changed({ kind: 'other' });
      scheduler.schedule();
    }
  }

  /** New settings: every site is linted again. */
  configurationChanged(): void {
    for (const { scheduler } of this.sites.values()) {
      scheduler.changed({ kind: 'other' });
      scheduler.lintNow();
    }
  }

  /** The last lint of a document's site, linted first if the document changed since. */
  fresh(uri: string): { session: SiteSession; lint: SiteLint } | undefined {
    const session = this.sitesOf(pathOf(uri))[0];
    if (!session) return undefined;
    const document = this.host.documents.get(uri);
    const last = session.scheduler.lastLint;
    if (!last || (document && last.versions.get(uri) !== document.version)) session.scheduler.lintNow();
    const lint = session.scheduler.lastLint;
    return lint ? { session, lint } : undefined;
  }

  dispose(): void {
    for (const session of this.sites.values()) {
      session.scheduler.dispose();
      session.watcher?.close();
    }
  }

  private drop(session: SiteSession): void {
    if (this.sites.get(session.docsFile) === session) this.sites.delete(session.docsFile);
    session.watcher?.close();
  }

  private config(root: string): Config {
    try {
      return loadConfig(root, this.host.settings().configFile, ruleSet);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!this.configWarnings.has(error.message)) {
        this.configWarnings.add(error.message);
        this.host.warn(`navlint: ${error.message}; using the defaults`);
      }
      return defaultConfig;
    }
  }

  private suppressions(root: string): SuppressionEntries {
    try {
      return readSuppressions(path.join(root, suppressionsFileName));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!this.configWarnings.has(error.message)) {
        this.configWarnings.add(error.message);
        this.host.warn(`navlint: ${error.message}; no finding is suppressed by it`);
      }
      return {};
    }
  }

  /**
   * Sets up a site's own watcher. What changed on disk since its first lint began (a folder's
   * listing, a file that lint read) has the site's indexes start over: a second lint of everything,
   * which a site left alone is spared. Times are compared with the system clock, with the slack the
   * cache of results allows (a mount whose clock lags more needs a client that watches files).
   */
  private startWatcher(session: SiteSession, firstLintBegan: number): 'changed' | 'unchanged' {
    const since = firstLintBegan - clockSlackMs;
    const root = path.dirname(session.docsFile);
    const watcher = new SiteWatcher(root, (file, change) => this.fileChanged(file, change), this.host.watchHost);
    session.watcher = watcher;
    const changedFolders = watcher.start(since);
    // Besides the pages (their folders' listings say whether they are there): the files the lint
    // read, and every file the config may come from (one that did not parse or had no "navlint" key too).
    const read = [
      ...session.linter.filesRead(session.scheduler.lastLint),
      ...configCandidates(root, this.host.settings().configFile),
    ];
    if (changedFolders || changedSince(read, since)) {
      this.host.trace(
        `navlint: own file watcher up; ${root} changed since its first lint began: its indexes start over`,
      );
      session.linter.site.fileChanged(root, 'changed');
      return 'changed';
    }
    this.host.trace(
      `navlint: own file watcher up; ${root} unchanged since its first lint began: its pages are read once`,
    );
    return 'unchanged';
  }
}
