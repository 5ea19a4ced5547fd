import * as fs from 'node:fs';
import * as path from 'node:path';
import { isInside } from '../common/paths';

/**
 * Every read of a site's files goes through this: the disk, the disk under an editor's unsaved
 * texts (the language server), or a table of texts in memory (rule tests). Paths are absolute.
 */
export interface SiteFiles {
  /** The whole text; throws when there is no such file. */
  readText(file: string): string;
  /**
   * Where another thread can read the file's text itself, as `readText` would give it (and noted as
   * read, as `readText` notes it): the path when its text is the file on disk; undefined when it is
   * another (an unsaved text, a text in memory) or there is none to read.
   */
  textOnDisk(file: string): string | undefined;
  /** The first `bytes` bytes as text ('' when unreadable): a page's frontmatter, or enough to tell a spec from other JSON. */
  head(file: string, bytes: number): string;
  /**
   * `head`, with the file's stamp (undefined when it has none for caches) taken from the same open
   * file: a page read for a cache costs no second lookup of its path.
   */
  headStamped(file: string, bytes: number): { head: string; stamp: string | undefined };
  /** What is at a path, without reading it. */
  kind(file: string): 'file' | 'folder' | undefined;
  /** Size in bytes (undefined when missing). */
  size(file: string): number | undefined;
  /** Size, modification and change time and inode, for caches keyed by a file's identity; undefined when there is none. */
  stamp(file: string): string | undefined;
  /** Where a path really points after symbolic links (itself when it cannot be resolved). */
  realpath(file: string): string;
  /**
   * What a symbolic link at a path names, as the link writes it, when it points to nothing (for
   * findings that say so rather than "no such file"); undefined otherwise. Files without links (a
   * table of texts) leave it out.
   */
  brokenLink?(file: string): string | undefined;
  /**
   * The files below `root` as paths relative to it with `/` separators; a symbolic link to a file
   * inside `root` is one of them (the platform reads through it), a link to a folder is not walked;
   * `visible` prunes folders and files by relative path and name (dot names included: the platform
   * reads `.hidden/a.mdx`). `entering` is told each folder (absolute) before it is listed.
   */
  walk(
    root: string,
    visible: (relative: string, name: string, folder: boolean) => boolean,
    wanted: (name: string) => boolean,
    entering?: (folder: string) => void,
  ): string[];
}

/**
 * A file or folder of the docs folder that is there but cannot be read (its permissions): the site
 * cannot be checked whole, and a check says so rather than pass what it could not read.
 */
export class UnreadableError extends Error {
  constructor(
    readonly file: string,
    readonly code: string | undefined,
    cause: Error,
  ) {
    super(cause.message);
  }
}

/** Whether a read's error is that of a file that is there but cannot be read. */
export const isUnreadable = (error: unknown) =>
  ['EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/** Whether a folder's entries can be listed (a walk that must not stop at one that cannot asks first). */
export function canList(folder: string): boolean {
  try {
    fs.accessSync(folder, fs.constants.R_OK | fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What to say of a file or folder that cannot be read. */
export const unreadableMessage = (error: UnreadableError, shown: string) =>
  `cannot read ${shown}: ${isUnreadable(error) ? 'permission denied' : error.message}; the site is not checked`;

let headBuffer = Buffer.allocUnsafe(0);
// The change time too: an edit that keeps the size and puts the old modification time back (`touch
// -r`, `cp -p`, `rsync -t`) still moves it, and nothing but the system sets it.
const stampOf = (stat: fs.Stats) => `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;

function readHead(fd: number, bytes: number): string {
  // One buffer for every head (reads are synchronous): a buffer per page costs allocation and
  // garbage collection on a site of thousands of pages.
  if (headBuffer.length < bytes) headBuffer = Buffer.allocUnsafe(bytes);
  return headBuffer.toString('utf8', 0, fs.readSync(fd, headBuffer, 0, bytes, 0));
}

/**
 * The first `bytes` of a file, and its stamp when asked (from the open file: no second lookup of its
 * path; taken before the read, so that a change while reading shows as a new stamp next time).
 * Nothing readable is '' with no stamp; a failing close loses nothing that was read.
 */
function openHead(file: string, bytes: number, stamped: boolean): { head: string; stamp: string | undefined } {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { head: '', stamp: undefined };
  }
  let read: { head: string; stamp: string | undefined };
  try {
    const stamp = stamped ? stampOf(fs.fstatSync(fd)) : undefined;
    read = { head: readHead(fd, bytes), stamp };
  } catch {
    read = { head: '', stamp: undefined };
  }
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to lose
  }
  return read;
}

export const diskFiles: SiteFiles = {
  readText: (file) => fs.readFileSync(file, 'utf8'),
  textOnDisk: (file) => file,
  head: (file, bytes) => openHead(file, bytes, false).head,
  headStamped: (file, bytes) => openHead(file, bytes, true),
  kind(file) {
    try {
      const stat = fs.statSync(file);
      return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : undefined;
    } catch {
      return undefined;
    }
  },
  size(file) {
    try {
      return fs.statSync(file).size;
    } catch {
      return undefined;
    }
  },
  stamp(file) {
    try {
      const stat = fs.statSync(file, { throwIfNoEntry: false }); // no error object made for a missing file
      return stat && stampOf(stat);
    } catch {
      return undefined;
    }
  },
  realpath(file) {
    try {
      return fs.realpathSync.native(file); // one call; the JS realpathSync stats every folder on the way
    } catch {
      return file;
    }
  },
  brokenLink(file) {
    try {
      if (!fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() || fs.existsSync(file)) return undefined;
      return fs.readlinkSync(file);
    } catch {
      return undefined;
    }
  },
  walk(root, visible, wanted, entering) {
    // readdir with file types, folder by folder, and plain filters: fast-glob's walker
    // (@nodelib/fs.walk) made an entry object per name and took twice as long on a cold start, and
    // the page scan is on every run. A link to a file is a file to the platform's walk, which reads
    // through it; one that leaves the docs folder is not listed, as nothing outside it is read.
    const found: string[] = [];
    let rootReal: string | undefined;
    const linksToFileInside = (file: string) => {
      try {
        if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
        rootReal ??= fs.realpathSync.native(root);
        return isInside(rootReal, fs.realpathSync.native(file));
      } catch {
        return false;
      }
    };
    const visit = (folder: string, prefix: string) => {
      entering?.(folder);
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(folder, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return; // gone meanwhile, as fast-glob
        throw new UnreadableError(folder, code, error as Error);
      }
      for (const entry of entries) {
        const name = entry.name;
        const relative = prefix + name;
        if (entry.isDirectory()) {
          if (visible(relative, name, true)) visit(`${folder}/${name}`, `${relative}/`);
        } else if (
          (entry.isFile() || entry.isSymbolicLink()) &&
          wanted(name) &&
          visible(relative, name, false) &&
          (entry.isFile() || linksToFileInside(`${folder}/${name}`))
        ) {
          found.push(relative);
        }
      }
    };
    visit(root, '');
    return found;
  },
};

/**
 * The disk with some files' texts replaced (an editor's unsaved buffers, the passes of --fix) and,
 * for a planned change, some files gone. `held` lists the files given a text (absolute paths): one
 * gone from the disk is still a file, as an editor that holds it shows it.
 */
export function overlayFiles(
  base: SiteFiles,
  textOf: (file: string) => string | undefined,
  deleted: ReadonlySet<string> = new Set(),
  held: () => Iterable<string> = () => [],
): SiteFiles {
  const missing = (file: string) =>
    Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
  return {
    ...base,
    readText: (file) => {
      if (deleted.has(file)) throw missing(file);
      return textOf(file) ?? base.readText(file);
    },
    textOnDisk: (file) => (deleted.has(file) || textOf(file) !== undefined ? undefined : base.textOnDisk(file)),
    head: (file, bytes) => (deleted.has(file) ? '' : (textOf(file)?.slice(0, bytes) ?? base.head(file, bytes))),
    headStamped(file, bytes) {
      if (deleted.has(file)) return { head: '', stamp: undefined };
      const text = textOf(file);
      return text === undefined ? base.headStamped(file, bytes) : { head: text.slice(0, bytes), stamp: undefined };
    },
    kind: (file) => (deleted.has(file) ? undefined : textOf(file) !== undefined ? 'file' : base.kind(file)),
    size(file) {
      if (deleted.has(file)) return undefined;
      const text = textOf(file);
      return text === undefined ? base.size(file) : Buffer.byteLength(text);
    },
    // An unsaved text is not what a cache keyed by the file on disk describes.
    stamp: (file) => (textOf(file) === undefined && !deleted.has(file) ? base.stamp(file) : undefined),
    brokenLink: (file) => (deleted.has(file) || textOf(file) !== undefined ? undefined : base.brokenLink?.(file)),
    walk(root, visible, wanted, entering) {
      const found = base
        .walk(root, visible, wanted, entering)
        .filter((relative) => !deleted.has(path.join(root, relative)));
      const listed = new Set(found);
      for (const file of held()) {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (relative.startsWith('../') || path.isAbsolute(relative) || listed.has(relative) || deleted.has(file))
          continue;
        if (isWalked(relative, visible, wanted)) found.push(relative);
      }
      return found;
    },
  };
}

/** Whether a walk that `visible` and `wanted` prune lists a file at this relative path. */
function isWalked(
  relative: string,
  visible: (relative: string, name: string, folder: boolean) => boolean,
  wanted: (name: string) => boolean,
): boolean {
  const names = relative.split('/');
  const name = names[names.length - 1];
  for (let depth = 1; depth < names.length; depth++)
    if (!visible(names.slice(0, depth).join('/'), names[depth - 1], true)) return false;
  return wanted(name) && visible(relative, name, false);
}

/**
 * A site held in memory: relative path → text, below `root`. No caches apply (no stamps). `brokenLinks`
 * are symbolic links to nothing: relative path → what the link names.
 */
export function memoryFiles(
  root: string,
  texts: Record<string, string>,
  brokenLinks: Record<string, string> = {},
): SiteFiles {
  const byPath = new Map(Object.entries(texts).map(([name, text]) => [path.join(root, name), text]));
  const linkAt = new Map(Object.entries(brokenLinks).map(([name, target]) => [path.join(root, name), target]));
  const folders = new Set<string>();
  for (const file of byPath.keys())
    for (let dir = path.dirname(file); dir.length > 1 && !folders.has(dir); dir = path.dirname(dir)) folders.add(dir);
  const missing = (file: string) =>
    Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
  return {
    readText(file) {
      const text = byPath.get(file);
      if (text === undefined) throw missing(file);
      return text;
    },
    textOnDisk: () => undefined,
    head: (file, bytes) => byPath.get(file)?.slice(0, bytes) ?? '',
    headStamped: (file, bytes) => ({ head: byPath.get(file)?.slice(0, bytes) ?? '', stamp: undefined }),
    kind: (file) => (byPath.has(file) ? 'file' : folders.has(file) ? 'folder' : undefined),
    size: (file) => (byPath.has(file) ? Buffer.byteLength(byPath.get(file)!) : undefined),
    stamp: () => undefined,
    realpath: (file) => file,
    brokenLink: (file) => (byPath.has(file) ? undefined : linkAt.get(file)),
    walk(walkRoot, visible, wanted) {
      const found: string[] = [];
      for (const file of byPath.keys()) {
        const relative = path.relative(walkRoot, file).split(path.sep).join('/');
        if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
        const parts = relative.split('/');
        // Every folder on the way and the file itself must be shown, as the disk walker prunes.
        const shown = parts.every((name, i) => visible(parts.slice(0, i + 1).join('/'), name, i < parts.length - 1));
        if (shown && wanted(parts[parts.length - 1])) found.push(relative);
      }
      return found;
    },
  };
}

/**
 * What a run saw of the disk, by path: its stamp then ('' when missing; a folder's changes when an
 * entry is added, removed or renamed in it) and where a link it resolved pointed. Whatever was
 * worked out from those files holds while every one is the same.
 */
export type Observed = Map<string, Seen>;
export interface Seen {
  stamp?: string;
  real?: string;
  /** A folder the walk listed. */
  listed?: true;
}

/**
 * The disk, noting each path read, looked at or listed: for a cache of a whole lint's result. A path
 * is stamped once per run (a page's caches ask for its stamp each, and a run sees one disk); `known`
 * holds stamps already taken this run.
 */
export function observingFiles(
  base: SiteFiles = diskFiles,
  known: ReadonlyMap<string, string> = new Map(),
): { files: SiteFiles; observed: Observed } {
  const observed: Observed = new Map();
  const seen = (file: string) => {
    let entry = observed.get(file);
    if (!entry) observed.set(file, (entry = known.has(file) ? { stamp: known.get(file) } : {}));
    return entry;
  };
  // Stamped before it is read: a change while reading then shows as a new stamp on the next run.
  const note = (file: string) => {
    const entry = seen(file);
    entry.stamp ??= base.stamp(file) ?? '';
  };
  const files: SiteFiles = {
    readText: (file) => {
      note(file);
      return base.readText(file);
    },
    textOnDisk: (file) => {
      note(file);
      return base.textOnDisk(file);
    },
    head: (file, bytes) => {
      note(file);
      return base.head(file, bytes);
    },
    headStamped(file, bytes) {
      const entry = seen(file);
      if (entry.stamp !== undefined) return { head: base.head(file, bytes), stamp: entry.stamp || undefined };
      const read = base.headStamped(file, bytes);
      // A file that opens but has no stamp (an unsaved text) is stamped as note() would have it.
      entry.stamp = read.stamp ?? base.stamp(file) ?? '';
      return read;
    },
    kind: (file) => {
      note(file);
      return base.kind(file);
    },
    size: (file) => {
      note(file);
      return base.size(file);
    },
    stamp(file) {
      const entry = seen(file);
      entry.stamp ??= base.stamp(file) ?? '';
      return entry.stamp || undefined;
    },
    realpath(file) {
      const real = base.realpath(file);
      seen(file).real = real;
      return real;
    },
    brokenLink: (file) => {
      note(file);
      return base.brokenLink?.(file);
    },
    walk: (root, visible, wanted, entering) =>
      base.walk(root, visible, wanted, (folder) => {
        note(folder);
        seen(folder).listed = true;
        entering?.(folder);
      }),
  };
  return { files, observed };
}

/**
 * How far a file's times may trail the clock: a change made in the same tick of a coarse clock
 * (FAT's 2 s, some network disks' 1 s) can look older than it is. A file newer than a run's start
 * less this may have changed during the run (git's "racily clean" index entries).
 */
export const clockSlackMs = 2000;

/**
 * Whether a path seen was modified at or after `time` (ms), for telling a change that a stamp could
 * miss; the first such path ends the search (docs.json, just saved, is one of the first seen). Not
 * the change time: a chmod or a copy with `cp -p` would then keep any result from being kept for
 * two seconds, and an edit moves the modification time anyway (one that puts it back moves the
 * change time, which the stamp holds).
 */
export function modifiedSince(observed: Observed, time: number): boolean {
  for (const { stamp } of observed.values()) {
    if (!stamp) continue;
    const modified = stamp.indexOf(':') + 1; // size:mtime:ctime:inode
    if (Number(stamp.slice(modified, stamp.indexOf(':', modified))) >= time) return true;
  }
  return false;
}
