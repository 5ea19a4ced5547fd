import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { fnv1a } from '../common/hash';
import { nodeCrypto } from '../common/lazy';
import { pageParseVersion, type PageParse } from '../parsers/page-parse';
import type { SiteFiles } from './files';
import { parseAll, parseAllInBackground, type ParseJob } from './parallel-parse';

declare const NAVLINT_PARSER_ID: string | undefined;

/**
 * The parser a cached parse was made by: the build sets a hash of the parser's bundle (the platform's
 * stack and navlint's reading of it); run from source (the tests), the shape of a parse alone.
 */
const parserKey = `${pageParseVersion}:${typeof NAVLINT_PARSER_ID === 'string' ? NAVLINT_PARSER_ID : 'source'}`;

/** Markdown files the platform leaves out of a site (by name, any case, `.md` only). */
const excludedMarkdown = new Set(['readme', 'license', 'contributing', 'contribute', 'changelog']);

/** Whether the platform parses a file the site's page walk found (`.mdx` and `.md`, less README.md and the like). */
export function isParsedPage(file: string): boolean {
  if (file.endsWith('.mdx')) return true;
  const base = file.slice(file.lastIndexOf('/') + 1, -'.md'.length).toLowerCase();
  return !excludedMarkdown.has(base);
}

/** Parses by the hash of their text, for the life of the process; the oldest go first past the limit. */
const parsedInProcess = new Map<string, PageParse>();
const parsedInProcessLimit = 100_000;

/** A page whose parse no cache has. */
interface Unparsed {
  text: string;
  hash: string;
  stamp: string | undefined;
}

/** The parses kept in the cache folder, at most (about 50 bytes each for the pages that parse). */
const storedParsesLimit = 500_000;

interface Stored {
  /** File → its stamp and the hash of its text, when last read. */
  files: Record<string, [stamp: string, hash: string]>;
  /** Hash of a text → its parse. */
  parses: Record<string, PageParse>;
}

/**
 * The parses of a site's pages, each made once per content: a page whose identity (stamp) is as an
 * earlier run left it is not read; one that is read is looked up by the hash of its text before it
 * is parsed (a fresh checkout whose cache folder was restored parses only what changed).
 */
export class PageParses {
  private readonly made = new Map<string, PageParse>();
  /**
   * Bumped when a file's parse is forgotten (`forget`), or all are (`forgetAll`): a parse made in the
   * background from a text read before is not kept for it.
   */
  private readonly forgotten = new Map<string, number>();
  private allForgotten = 0;
  private inBackground: Promise<void> | undefined;
  private stored: Stored | undefined;
  private dirty = false;

  constructor(
    private readonly root: string,
    private readonly files: SiteFiles,
    private readonly parse: (text: string) => PageParse,
    private readonly cacheDir: string | undefined,
    private readonly onParsed?: (parsed: number, total: number) => void,
  ) {}

  /** A page's parse; the first call parses every page of `all` not yet parsed, on every core. */
  get(file: string, all: () => readonly string[]): PageParse {
    if (!this.made.has(file)) this.prepare(all().includes(file) ? all() : [file]);
    return this.made.get(file)!;
  }

  /**
   * Parses every page of `files` not yet parsed, on the workers, without blocking the event loop (a
   * language server answers meanwhile): `get` then finds them. `stop` is asked between batches.
   */
  async prepareInBackground(files: readonly string[], stop?: () => boolean): Promise<void> {
    // One at a time: a run asked to stop finishes its batches in flight before the next one starts.
    while (this.inBackground) await this.inBackground;
    const run = parseAllInBackground(this.jobsFor(files), this.parse, stop);
    this.inBackground = run;
    try {
      await run;
    } finally {
      this.inBackground = undefined;
    }
  }

  /** Forgets a page's parse (its file changed). */
  forget(file: string): void {
    this.made.delete(file);
    this.forgotten.set(file, (this.forgotten.get(file) ?? 0) + 1);
  }

  /** Forgets every page's parse (a folder moved, the ignore rules changed). */
  forgetAll(): void {
    this.made.clear();
    this.allForgotten++;
  }

  /**
   * Parses the files not yet parsed: those whose stamp the cache knows are taken from it; the rest
   * are read one batch at a time as they are parsed (memory stays flat in the number of pages), and
   * a text the caches have by its content is not parsed again.
   */
  private prepare(files: readonly string[]): void {
    const jobs = this.jobsFor(files);
    const onParsed = this.onParsed;
    parseAll(jobs, this.parse, onParsed && ((parsed) => onParsed(parsed, jobs.length)));
  }

  /** The jobs that parse the files not yet parsed, once those whose stamp the cache knows are taken from it. */
  private jobsFor(files: readonly string[]): ParseJob[] {
    const jobs: ParseJob[] = [];
    for (const file of files) {
      if (this.made.has(file)) continue;
      const known = this.knownByStamp(file);
      if ('parse' in known) {
        this.made.set(file, known.parse);
        continue;
      }
      // What was forgotten when the text was read: a parse of a text since replaced is not kept.
      let asOf: [number, number | undefined] = [0, undefined];
      let unparsed: Unparsed | undefined;
      jobs.push({
        text: () => {
          asOf = [this.allForgotten, this.forgotten.get(file)];
          const found = this.read(file, known.stamp);
          if ('parse' in found) return undefined;
          unparsed = found;
          return found.text;
        },
        done: (parse) => {
          if (asOf[0] === this.allForgotten && asOf[1] === this.forgotten.get(file)) this.record(file, unparsed!, parse);
        },
      });
    }
    return jobs;
  }

  /** A page's parse when its stamp is as the cache has it; else its stamp, for reading it (none without a cache). */
  private knownByStamp(file: string): { parse: PageParse } | { stamp: string | undefined } {
    const stored = this.cacheDir ? this.load() : undefined;
    if (!stored) return { stamp: undefined };
    const stamp = this.files.stamp(path.join(this.root, file));
    const known = stored.files[file];
    if (known && stamp !== undefined && known[0] === stamp && stored.parses[known[1]]) return { parse: stored.parses[known[1]] };
    return { stamp };
  }

  /** A page's text to parse (with its stamp and hash, for the cache), or its parse when a cache has it by its content; settles it then. */
  private read(file: string, stamp: string | undefined): { parse: PageParse } | Unparsed {
    let text: string;
    try {
      text = this.files.readText(path.join(this.root, file));
    } catch {
      this.made.set(file, {}); // gone since the walk: nothing to parse
      return { parse: {} };
    }
    const hash = nodeCrypto().createHash('sha1').update(text).digest('hex');
    const parse = this.stored?.parses[hash] ?? parsedInProcess.get(hash);
    if (parse) {
      this.record(file, { text, hash, stamp }, parse);
      return { parse };
    }
    return { text, hash, stamp };
  }

  private record(file: string, { hash, stamp }: Unparsed, parse: PageParse): void {
    this.made.set(file, parse);
    if (!parsedInProcess.has(hash)) {
      if (parsedInProcess.size >= parsedInProcessLimit) parsedInProcess.delete(parsedInProcess.keys().next().value!);
      parsedInProcess.set(hash, parse);
    }
    const stored = this.cacheDir ? this.load() : undefined;
    if (stored && stamp !== undefined) {
      stored.parses[hash] = parse;
      stored.files[file] = [stamp, hash];
      this.dirty = true;
    }
  }

  /**
   * Writes what this run learnt: the site's stamps, and its parses into the store every site shares
   * (a copy of a site, a fresh checkout in another folder, hit it by content), merged with what
   * other runs wrote there since. A read-only cache folder only means parsing again.
   */
  persist(): void {
    if (!this.dirty || !this.stored || !this.cacheDir) return;
    try {
      const folder = this.cacheFolder();
      fs.mkdirSync(folder, { recursive: true });
      const shared = { ...readRecord(path.join(folder, 'parses.json')), ...this.stored.parses };
      const names = Object.keys(shared);
      // The oldest go first past the limit (a record keeps its keys in the order they were added).
      for (const hash of names.slice(0, Math.max(0, names.length - storedParsesLimit))) delete shared[hash];
      writeFileAtomic(path.join(folder, 'parses.json'), JSON.stringify(shared), false);
      writeFileAtomic(path.join(folder, `${fnv1a(this.root)}.json`), JSON.stringify({ root: this.root, files: this.stored.files }), false);
      this.dirty = false;
    } catch {
      // the next run parses again
    }
  }

  private cacheFolder(): string {
    return path.join(this.cacheDir!, 'page-parses', fnv1a(parserKey));
  }

  private load(): Stored {
    if (!this.stored) {
      const folder = this.cacheFolder();
      const site = readRecord(path.join(folder, `${fnv1a(this.root)}.json`));
      const files = site.root === this.root && typeof site.files === 'object' && site.files ? (site.files as Stored['files']) : {};
      this.stored = { files, parses: readRecord(path.join(folder, 'parses.json')) as Stored['parses'] };
    }
    return this.stored;
  }
}

/** A JSON object from a cache file; an empty one when there is none or it is damaged. */
function readRecord(file: string): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
