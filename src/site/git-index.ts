import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { worktreeTop } from '../common/paths';

/** An index larger than this (a monorepo's) costs more to read than the pages it would spare. */
const indexLimitBytes = 64 * 1024 * 1024;

/** What git's index says of a file as it checked it out or last added it. */
interface IndexEntry {
  blob: string;
  size: number;
  mtimeSeconds: number;
  mtimeNanoseconds: number;
  ctimeSeconds: number;
  ctimeNanoseconds: number;
  ino: number;
}

/**
 * The blob ids git's index holds for the files of a worktree that are as git last saw them: what
 * `git status` trusts without reading a file (its size, times and inode as the index has them, and
 * not modified in the same instant the index was written: git's "racily clean" entries).
 */
export class GitIndex {
  private constructor(
    private readonly top: string,
    readonly entries: ReadonlyMap<string, IndexEntry>,
    private readonly writtenMs: number,
  ) {}

  /**
   * The index of the worktree that holds `folder`; undefined when there is none, or it cannot be read
   * as git 2.x writes it. Read once while its file keeps its stamp (a run's caches each ask for it).
   */
  static of(folder: string): GitIndex | undefined {
    try {
      const found = findGitDir(path.resolve(folder));
      if (!found) return undefined;
      const file = path.join(found.gitDir, 'index');
      const stat = fs.statSync(file);
      if (stat.size > indexLimitBytes) return undefined;
      const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}:${found.top}`;
      const known = lastRead.get(file);
      let index = known?.index;
      if (known?.stamp !== stamp) {
        const entries = readIndex(fs.readFileSync(file));
        index = entries && new GitIndex(found.top, entries, stat.mtimeMs);
        lastRead.set(file, { stamp, index });
      }
      // Asked each time: attributes and configs change without the index.
      return index && !mayConvert(found, index.entries) ? index : undefined;
    } catch {
      return undefined;
    }
  }

  /** The blob id of a file whose stamp (`size:mtimeMs:ctimeMs:ino`, from SiteFiles) is as the index has it. */
  blobOf(file: string, stamp: string): string | undefined {
    const prefix = this.top + path.sep;
    const relative = file.startsWith(prefix) ? file.slice(prefix.length) : path.relative(this.top, file);
    const entry = this.entries.get(path.sep === '/' ? relative : relative.split(path.sep).join('/'));
    if (!entry) return undefined;
    const [size, mtimeMs, ctimeMs, ino] = stamp.split(':').map(Number);
    // Modified in the instant the index was written: a later change in that instant may not show in the times.
    if (mtimeMs >= this.writtenMs) return undefined;
    const same = (ms: number, seconds: number, nanoseconds: number) =>
      Math.floor(ms / 1000) === seconds &&
      (nanoseconds === 0 || Math.abs((ms - seconds * 1000) * 1e6 - nanoseconds) < 1000);
    // The index keeps the low 32 bits of the size and the inode.
    const matches =
      entry.size === size % 2 ** 32 &&
      entry.ino === ino % 2 ** 32 &&
      same(mtimeMs, entry.mtimeSeconds, entry.mtimeNanoseconds) &&
      same(ctimeMs, entry.ctimeSeconds, entry.ctimeNanoseconds);
    return matches ? entry.blob : undefined;
  }
}

/** The index files read, by path, with the stamp they had (and the worktree's top). */
const lastRead = new Map<string, { stamp: string; index: GitIndex | undefined }>();

/**
 * Whether a checkout may write a file other than its blob (line endings converted, an `ident` or a
 * filter): attributes that convert (in a tracked or top-level .gitattributes, info/attributes, the
 * global attributes file), an attributes file set in a config, or `core.autocrlf` in a config git
 * reads. The index's ids then say nothing of the bytes.
 */
function mayConvert(found: { gitDir: string; top: string }, entries: ReadonlyMap<string, IndexEntry>): boolean {
  const home = os.homedir();
  const xdg = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const attributeFiles = [
    path.join(found.top, '.gitattributes'),
    path.join(found.gitDir, 'info/attributes'),
    path.join(xdg, 'git/attributes'), // git's global attributes file, read without any setting
  ];
  for (const name of entries.keys())
    if (name.endsWith('/.gitattributes')) attributeFiles.push(path.join(found.top, name));
  if (attributeFiles.some((file) => convertingAttributes(readIfThere(file) ?? ''))) return true;
  // A linked worktree's config is its main repository's (the folder `commondir` names).
  const common = readIfThere(path.join(found.gitDir, 'commondir'))?.trim();
  const repository = common ? path.resolve(found.gitDir, common) : found.gitDir;
  const configs = [
    path.join(repository, 'config'),
    path.join(found.gitDir, 'config.worktree'),
    process.env.GIT_CONFIG_GLOBAL ?? path.join(home, '.gitconfig'),
    path.join(xdg, 'git/config'),
    process.env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig',
  ];
  // autocrlf set true (any of git's spellings) or input, an attributes file of one's own, or a
  // config included from elsewhere (not followed: taken as converting).
  const converting =
    /^\s*autocrlf\s*(?:=\s*(?:true|yes|on|1|input)\s*(?:[#;].*)?)?$|^\s*attributesfile\s*=|^\s*\[\s*include(?:if)?\b/im;
  return configs.some((config) => converting.test(readIfThere(config) ?? ''));
}

/**
 * Whether attribute lines set what converts on checkout: `text` (and `eol`, `crlf`), `ident`, an
 * encoding, a filter. Git LFS's filter aside: its files are assets, whose bytes navlint never reads.
 */
function convertingAttributes(text: string): boolean {
  return text.split('\n').some((line) =>
    line
      .replace(/#.*/, '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .some(
        (attribute) =>
          /^(text|eol|crlf|ident|working-tree-encoding)(=|$)/.test(attribute) ||
          (attribute.startsWith('filter=') && attribute !== 'filter=lfs'),
      ),
  );
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The git folder of the worktree that holds `folder`, and the worktree's top. */
function findGitDir(folder: string): { gitDir: string; top: string } | undefined {
  const top = worktreeTop(folder);
  if (!top) return undefined;
  const dotGit = path.join(top, '.git');
  if (fs.statSync(dotGit).isDirectory()) return { gitDir: dotGit, top };
  // A linked worktree or a submodule: `gitdir: <path>`.
  const pointer = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'));
  return pointer ? { gitDir: path.resolve(top, pointer[1].trim()), top } : undefined;
}

/**
 * The entries of an index file (versions 2 to 4, SHA-1 ids), by path; undefined for what this does
 * not read (another format): the pages are then read.
 */
function readIndex(data: Buffer): Map<string, IndexEntry> | undefined {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = data.readUInt32BE(8);
  const entries = new Map<string, IndexEntry>();
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const start = at;
    if (start + 62 > data.length) return undefined;
    const flags = data.readUInt16BE(start + 60);
    const extended = version >= 3 && (flags & 0x4000) !== 0;
    let nameAt = start + 62 + (extended ? 2 : 0);
    let strip = 0;
    if (version === 4) {
      // The name is the previous one less its last `strip` bytes, then what follows up to a NUL.
      let byte: number;
      do {
        byte = data[nameAt++];
        strip = (strip << 7) | (byte & 0x7f);
        if (byte & 0x80) strip++;
      } while (byte & 0x80);
    }
    const end = data.indexOf(0, nameAt);
    if (end < 0 || strip > previous.length) return undefined;
    const name =
      version === 4
        ? Buffer.concat([previous.subarray(0, previous.length - strip), data.subarray(nameAt, end)])
        : data.subarray(nameAt, end);
    previous = name;
    // Versions 2 and 3 pad each entry with NULs to a multiple of 8 bytes; version 4 does not pad.
    at = version === 4 ? end + 1 : start + ((end - start + 8) & ~7);
    // Stage 0 only (not a conflict), and no extended flags (skip-worktree, intent-to-add): their files are read.
    if ((flags & 0x3000) !== 0 || extended) continue;
    entries.set(name.toString('utf8'), {
      ctimeSeconds: data.readUInt32BE(start),
      ctimeNanoseconds: data.readUInt32BE(start + 4),
      mtimeSeconds: data.readUInt32BE(start + 8),
      mtimeNanoseconds: data.readUInt32BE(start + 12),
      ino: data.readUInt32BE(start + 20),
      size: data.readUInt32BE(start + 36),
      blob: data.toString('hex', start + 40, start + 60),
    });
  }
  return entries;
}
