import * as fs from 'node:fs';
import * as path from 'node:path';
import { ignoredFolderName } from '../common/mint-ignore';
import { diskFiles, type SiteFiles } from '../site/files';

export type FileChange = 'created' | 'changed' | 'deleted';

/** A watcher of one folder, as fs.watch makes them. */
export interface FolderWatcher {
  close(): void;
  on(event: 'error', listener: () => void): unknown;
}

/** What the watcher needs of the system: a way to watch a folder (told the name of an entry that changed in it), and the files. */
export interface WatchHost {
  watch(folder: string, listener: (name: string | undefined) => void): FolderWatcher;
  files: SiteFiles;
  /** Whether a folder's entries can be read (one that cannot is not watched); every one when not given. */
  readable?(folder: string): boolean;
}

export const nodeWatchHost: WatchHost = {
  watch: (folder, listener) => fs.watch(folder, (_event, name) => listener(name?.toString())),
  files: diskFiles,
  readable(folder) {
    try {
      fs.accessSync(folder, fs.constants.R_OK | fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * A site's own file watcher, for a client that does not watch files for its servers. One watcher per
 * folder, not a recursive one: Node's recursive fs.watch on Linux sets up a watcher per file, and on
 * a large site the server would answer nothing meanwhile. The folders the platform never reads (.git,
 * .github, node_modules…) are left out; other dot folders hold pages it reads.
 */
export class SiteWatcher {
  private readonly watchers = new Map<string, FolderWatcher>();

  constructor(
    private readonly root: string,
    /** Told of a file that changed below the root; of the root itself when a folder came or went. */
    private readonly onChange: (file: string, change: FileChange) => void,
    private readonly host: WatchHost = nodeWatchHost,
  ) {}

  /** Watches every folder below the root. Says whether one of them changed at or after `since` (ms): an entry added, removed or renamed in it. */
  start(since: number): boolean {
    let changed = false;
    const watchFolder = (folder: string) => {
      if (this.watchers.has(folder)) return;
      let watcher: FolderWatcher;
      try {
        watcher = this.host.watch(folder, (name) => this.entryChanged(folder, name, watchBelow));
      } catch {
        changed ||= changedSince([folder], since);
        return; // gone, or no watchers left (the system's limit): edits in the editor still re-lint
      }
      // Looked at once watched: a change in between is seen by one or the other.
      changed ||= changedSince([folder], since);
      this.watchers.set(folder, watcher);
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(folder);
      });
    };
    // A folder that cannot be read is not watched (nor what is below it); the lint says it cannot read it.
    const watchBelow = (folder: string) =>
      this.host.files.walk(
        folder,
        (relative, name, isFolder) =>
          !ignoredFolderName(name) && (!isFolder || this.host.readable?.(path.join(folder, relative)) !== false),
        () => false,
        watchFolder,
      );
    watchBelow(this.root);
    return changed;
  }

  /** The folders watched, for tests. */
  folders(): string[] {
    return [...this.watchers.keys()];
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private entryChanged(folder: string, name: string | undefined, watchBelow: (folder: string) => void): void {
    if (!name || name === '.git') return;
    const file = path.join(folder, name);
    const kind = this.host.files.kind(file);
    if (kind === 'folder' && !ignoredFolderName(name)) watchBelow(file);
    // A folder that came or went (made, removed, moved with its pages: the watchers below it may
    // have said nothing) has the site's indexes start over, as a change of the root does.
    const aFile =
      kind === 'file' || (kind === undefined && /\.(mdx?|json|ya?ml)$/i.test(file)) || name === '.mintignore';
    this.onChange(aFile ? file : this.root, kind ? 'created' : 'deleted');
  }
}

/** Whether any of these paths was modified or had its status changed at or after `since` (ms); a path that is not there has not, one that cannot be looked at may have. */
export function changedSince(paths: readonly string[], since: number): boolean {
  return paths.some((file) => {
    try {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat !== undefined && Math.max(stat.mtimeMs, stat.ctimeMs) >= since;
    } catch {
      return true;
    }
  });
}
