import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkSync, type Entry } from '@nodelib/fs.walk';
import picomatch from 'picomatch';
import { parseEndpoint, type EndpointRef } from '../parsers/endpoint-entry';
import type { SpecIndex } from '../parsers/openapi';
import type { EndpointResolution } from './endpoints';
import { fnv1a, indexSpecFile } from './spec-cache';
import { writeFileAtomic } from '../common/atomic';
import { version } from '../common/version';
import { fastGlob, grayMatter } from '../parsers/lazy';
import { isInside } from '../common/paths';
import { realpathOr } from '../parsers/json';
import { SourceFile, type Span } from '../parsers/source';

/** A page entry resolved against the files of the site. */
export interface PageLookup {
  /** The entry as the platform reads it: no leading slash. */
  normalized: string;
  /** Path of the page file relative to the docs folder, when there is one. */
  file?: string;
  /** The entry leaves the docs folder. */
  outside?: boolean;
}

/**
 * What a run learnt of a page's frontmatter, valid while the page's size and modification time
 * ("stamp") stay: [stamp] when it has no openapi key; when it has one, its value, 1 if that is an
 * endpoint, and where the key is, so that later runs need neither the page nor a YAML parser.
 */
type FrontmatterVerdict = [stamp: string] | [stamp: string, value: string, isEndpoint: 0 | 1, offset: number, length: number];

interface FrontmatterCache {
  file: string;
  entries: Record<string, FrontmatterVerdict>;
  dirty: boolean;
}

/** A spec named by an `openapi` value, a `spec METHOD /path` entry or frontmatter. */
export interface SpecLookup {
  /** As written. */
  source: string;
  /** http(s) URL: not fetched; its endpoints are unknown. */
  remote?: boolean;
  /** Why the spec cannot be used (missing, outside the docs folder, does not parse, not OpenAPI). */
  problem?: string;
  spec?: SpecIndex;
}

/** The `openapi:` frontmatter of an MDX page, when it has one. */
export interface PageFrontmatter {
  file: SourceFile;
  /** The whole `openapi:` entry (key and value, all its lines). */
  span: Span;
  value: string;
  endpoint?: EndpointRef;
}

const specExtensions = ['.json', '.yaml', '.yml'];

/**
 * What navlint knows of the files of a docs folder. Everything is read on first use and kept, so a
 * rule that is off costs nothing and a long-lived caller (the LSP) reads each file once.
 */
export class Site {
  private pageIndex: Map<string, string> | undefined;
  private readonly specs = new Map<string, SpecLookup>();
  private readonly frontmatters = new Map<string, PageFrontmatter | undefined>();
  private discovered: string[] | undefined;
  private rootReal: string | undefined;
  private readonly lookups = new Map<string, SpecLookup>();
  /** Endpoint entries resolved against these specs (src/resolve.ts), forgotten with them. */
  readonly endpointResolutions = new Map<string, EndpointResolution>();
  /** Counts the times they were forgotten: an element's own copy is good for one epoch. */
  resolutionEpoch = 0;
  /** The frontmatter verdicts cached from earlier runs. */
  private frontmatterCache: FrontmatterCache | undefined;

  private readonly readText: (file: string) => string;

  constructor(
    readonly root: string,
    /** A reader of its own (the LSP's, with editors' unsaved text) is used for everything. */
    readText?: (file: string) => string,
    /** Where spec indexes are cached across runs (undefined: no cache). */
    private readonly cacheDir?: string,
  ) {
    // Whole pages: readFileSync costs less than opening a file and reading just its head.
    this.readText = readText ?? ((file) => fs.readFileSync(file, 'utf8'));
  }

  /** The whole text of a page (relative path), for whoever needs more than its frontmatter. */
  readPage(file: string): string {
    return this.readText(path.join(this.root, file));
  }

  /** Every page of the site, relative path without extension → relative file path. */
  pages(): Map<string, string> {
    if (!this.pageIndex) {
      // fast-glob's own walker with plain filters: matching every name against glob patterns made
      // fast-glob take twice as long, and this scan is on every run. The same rules as fast-glob's
      // **/*.{md,mdx} with dot: false: no dot files or folders, no symbolic links followed.
      const ignored = picomatch(this.ignoredGlobs());
      const visible = (entry: Entry) => entry.name.charCodeAt(0) !== 46 /* . */ && !ignored(entry.path);
      const files = walkSync(this.root, {
        basePath: '',
        pathSegmentSeparator: '/',
        deepFilter: visible,
        entryFilter: (entry) => entry.dirent.isFile() && /\.mdx?$/.test(entry.name) && visible(entry),
        errorFilter: (error) => (error as NodeJS.ErrnoException).code === 'ENOENT', // as fast-glob
      }).map((entry) => entry.path);
      files.sort(); // .mdx before .md for the same page, and a stable order
      this.pageIndex = new Map();
      for (const file of files) {
        const key = file.replace(/\.mdx?$/, '');
        const existing = this.pageIndex.get(key);
        if (!existing || (existing.endsWith('.md') && file.endsWith('.mdx'))) this.pageIndex.set(key, file);
      }
    }
    return this.pageIndex;
  }

  /** Resolves a page entry (`guides/auth`, `/cloud`) to its file. */
  resolvePage(entry: string): PageLookup {
    const normalized = entry.replace(/^\/+/, '');
    // Most entries are plain "a/b/c": no resolving needed to know they stay inside.
    if (!/(^|\/)\.\.?(\/|$)|\/\/|\\|^[A-Za-z]:/.test(normalized)) return { normalized, file: this.pages().get(normalized) };
    const resolved = path.posix.normalize(normalized);
    if (resolved.startsWith('../') || resolved === '..' || path.isAbsolute(normalized) || !isInside(this.root, path.resolve(this.root, normalized))) {
      return { normalized, outside: true };
    }
    return { normalized, file: normalized === resolved ? this.pages().get(resolved) : undefined };
  }

  /**
   * Loads the spec a value names, once. Paths are relative to the docs folder, with or without a
   * leading slash; `relativeTo` (an MDX file's folder) is tried first for `./` and `../` paths, and a
   * name without extension (`v3-openapi`) is looked up by its stem.
   */
  spec(source: string, relativeTo?: string): SpecLookup {
    // Thousands of endpoint entries name the same few specs: resolve each name once.
    const key = /^\.\.?\//.test(source) && relativeTo ? `${relativeTo}\u0000${source}` : source;
    let lookup = this.lookups.get(key);
    if (!lookup) {
      lookup = this.lookupSpec(source, relativeTo);
      this.lookups.set(key, lookup);
    }
    return lookup;
  }

  private lookupSpec(source: string, relativeTo?: string): SpecLookup {
    if (/^https?:\/\//i.test(source)) return { source, remote: true };
    const candidates = this.specCandidates(source, relativeTo).filter((file) => isInside(this.root, file));
    if (candidates.length === 0) return { source, problem: 'points outside the docs folder' };
    const file = candidates.find((f) => this.isFile(f));
    if (!file) return { source, problem: 'file not found' };
    const cached = this.specs.get(file);
    if (cached) return { ...cached, source };
    let lookup: SpecLookup;
    this.rootReal ??= realpathOr(this.root);
    if (!isInside(this.rootReal, realpathOr(file))) {
      lookup = { source, problem: 'is a link that points outside the docs folder' };
    } else {
      try {
        const spec = indexSpecFile(file, this.readText, this.cacheDir);
        lookup = { source, spec, problem: spec.problem };
      } catch (error) {
        lookup = { source, problem: `cannot be read: ${(error as Error).message}` };
      }
    }
    this.specs.set(file, lookup);
    return lookup;
  }

  private specCandidates(source: string, relativeTo?: string): string[] {
    const rooted = path.resolve(this.root, source.replace(/^\/+/, ''));
    const files = /^\.\.?\//.test(source) && relativeTo ? [path.resolve(relativeTo, source), rooted] : [rooted];
    if (path.extname(source) === '' || !specExtensions.includes(path.extname(source).toLowerCase())) {
      for (const base of [...files]) files.push(...specExtensions.map((ext) => base + ext));
    }
    return files;
  }

  private isFile(file: string): boolean {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  }

  /** OpenAPI documents anywhere in the site, for frontmatter that names no spec when docs.json names none either. */
  discoverSpecs(): string[] {
    if (!this.discovered) {
      const files = fastGlob().sync('**/*.{json,yaml,yml}', { cwd: this.root, ignore: this.ignoredGlobs(), followSymbolicLinks: false, dot: false });
      this.discovered = files.filter((file) => {
        if (file === 'docs.json' || file.endsWith('package.json') || file.endsWith('-lock.json')) return false;
        try {
          const fd = fs.openSync(path.join(this.root, file), 'r');
          const head = Buffer.alloc(2048);
          const read = fs.readSync(fd, head, 0, head.length, 0);
          fs.closeSync(fd);
          return /(^|[\s{,])["']?(openapi|swagger)["']?\s*:/m.test(head.subarray(0, read).toString('utf8'));
        } catch {
          return false;
        }
      }).sort();
    }
    return this.discovered;
  }

  /**
   * Tells the site that a file was created, changed or deleted (on disk or in an editor), so that only
   * what depends on it is read again: its page index entry, its frontmatter, or its spec.
   */
  fileChanged(absolute: string, change: 'created' | 'changed' | 'deleted'): void {
    const relative = path.relative(this.root, absolute).split(path.sep).join('/');
    if (relative.startsWith('../') || path.isAbsolute(relative)) return;
    const extension = path.extname(relative).toLowerCase();
    if (relative === '.mintignore' || extension === '') {
      // Ignore rules, or a whole folder, changed: start the indexes over.
      this.pageIndex = undefined;
      this.specs.clear();
      this.lookups.clear();
      this.forgetResolutions();
      this.frontmatters.clear();
      this.discovered = undefined;
      return;
    }
    if (extension === '.mdx' || extension === '.md') {
      this.frontmatters.delete(relative);
      if (this.pageIndex && change !== 'changed') this.reindexPage(relative.replace(/\.mdx?$/, ''));
    }
    if (specExtensions.includes(extension)) {
      // An edit of a file that no lookup read (docs.json itself, on every keystroke) changes no lookup.
      const wasRead = this.specs.delete(absolute);
      if (wasRead || change !== 'changed') {
        this.lookups.clear();
        this.forgetResolutions();
      }
      if (change !== 'changed') this.discovered = undefined;
    }
  }

  private forgetResolutions(): void {
    this.endpointResolutions.clear();
    this.resolutionEpoch++;
  }

  private reindexPage(key: string): void {
    const candidates = ['.mdx', '.md'].map((ext) => key + ext).filter((file) => this.isFile(path.join(this.root, file)));
    if (candidates.length > 0) this.pageIndex!.set(key, candidates[0]);
    else this.pageIndex!.delete(key);
  }

  /** The `openapi:` frontmatter of a page file (relative path), if it has one. */
  frontmatter(file: string): PageFrontmatter | undefined {
    if (this.frontmatters.has(file)) return this.frontmatters.get(file);
    // Most pages have no openapi key: the cache says so without opening them, and holds the value of
    // those that have one.
    const cache = this.cacheDir ? this.openFrontmatterCache() : undefined;
    const stamp = cache ? this.stampOf(file) : undefined;
    const known = stamp !== undefined ? cache!.entries[file] : undefined;
    const verdict = isVerdict(known, stamp) ? known : undefined;
    const result = verdict ? this.knownFrontmatter(file, verdict) : this.readFrontmatter(file);
    this.frontmatters.set(file, result);
    if (cache && stamp && !verdict) {
      cache.entries[file] = result ? [stamp, result.value, result.endpoint ? 1 : 0, result.span.offset, result.span.length] : [stamp];
      cache.dirty = true;
    }
    return result;
  }

  /** The frontmatter a cached verdict describes; the page is read only if a finding needs its lines. */
  private knownFrontmatter(file: string, verdict: FrontmatterVerdict): PageFrontmatter | undefined {
    if (verdict.length === 1) return undefined;
    const [, value, isEndpoint, offset, length] = verdict;
    const absolute = path.join(this.root, file);
    const source = new SourceFile(absolute, () => {
      try {
        return this.readText(absolute);
      } catch {
        return ''; // gone since: the finding points at its start
      }
    });
    return { file: source, span: { file: source, offset, length }, value, endpoint: isEndpoint ? endpointOf(value) : undefined };
  }

  /** A page's size and modification time: a stat costs far less than opening and reading it. */
  private stampOf(file: string): string | undefined {
    try {
      const stat = fs.statSync(`${this.root}/${file}`); // file is a relative path from the page index: no join needed
      return `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined;
    }
  }

  private openFrontmatterCache(): FrontmatterCache | undefined {
    if (!this.frontmatterCache) {
      const file = path.join(this.cacheDir!, 'frontmatter', `${fnv1a(`${version}\u0000${this.root}`)}.json`);
      let entries: Record<string, FrontmatterVerdict> = {};
      try {
        const data = JSON.parse(fs.readFileSync(file, 'utf8'));
        if (data.version === version && data.root === this.root && typeof data.entries === 'object' && data.entries) entries = data.entries;
      } catch {
        // no cache yet
      }
      this.frontmatterCache = { file, entries, dirty: false };
    }
    return this.frontmatterCache;
  }

  /** Writes what this run learnt to the cache (the engine calls it after a lint). */
  persist(): void {
    const cache = this.frontmatterCache;
    if (!cache?.dirty) return;
    try {
      fs.mkdirSync(path.dirname(cache.file), { recursive: true });
      writeFileAtomic(cache.file, JSON.stringify({ version, root: this.root, entries: cache.entries }), false);
      cache.dirty = false;
    } catch {
      // a read-only cache folder: next run reads the pages again
    }
  }

  private readFrontmatter(file: string): PageFrontmatter | undefined {
    let text: string;
    try {
      text = this.readText(path.join(this.root, file));
    } catch {
      return undefined;
    }
    const block = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
    // Most pages are not API pages: skip the YAML parse unless an openapi key is there.
    const key = block ? /^openapi[ \t]*:.*(?:\r?\n[ \t]+\S.*)*/m.exec(block[1]) : null;
    if (!block || !key) return undefined;
    const source = new SourceFile(path.join(this.root, file), text);
    const offset = block.index + block[0].indexOf(block[1]) + key.index;
    const span = { file: source, offset, length: key[0].trimEnd().length };
    let value: unknown;
    try {
      value = grayMatter()(block[0], {}).data.openapi; // options given: gray-matter caches nothing then
    } catch {
      return { file: source, span, value: '', endpoint: undefined };
    }
    if (typeof value !== 'string') return { file: source, span, value: String(value ?? ''), endpoint: undefined };
    return { file: source, span, value, endpoint: endpointOf(value) };
  }

  private ignoredGlobs(): string[] {
    const ignored = ['**/node_modules/**']; // .git and other dot folders: both scans skip dot names
    let text = '';
    try {
      text = this.readText(path.join(this.root, '.mintignore'));
    } catch {
      return ignored;
    }
    // .mintignore uses .gitignore syntax; this covers its common forms (names, folders, globs, anchored paths).
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || line.startsWith('!')) continue;
      const anchored = line.startsWith('/') || line.slice(0, -1).includes('/');
      const pattern = line.replace(/^\/+/, '').replace(/\/+$/, '');
      const base = anchored ? pattern : `**/${pattern}`;
      ignored.push(base, `${base}/**`);
    }
    return ignored;
  }
}

/** The endpoint a frontmatter openapi value names, its line breaks (a folded value) read as spaces. */
function endpointOf(value: string): EndpointRef | undefined {
  return parseEndpoint(value.replace(/\s+/g, ' '));
}

/** A cache entry of this shape, for this stamp (the cache is a file anyone could have edited). */
function isVerdict(entry: unknown, stamp: string | undefined): entry is FrontmatterVerdict {
  if (!Array.isArray(entry) || entry[0] !== stamp) return false;
  const [, value, isEndpoint, offset, length] = entry;
  return entry.length === 1 || (entry.length === 5 && typeof value === 'string' && (isEndpoint === 0 || isEndpoint === 1) && Number.isInteger(offset) && Number.isInteger(length));
}
