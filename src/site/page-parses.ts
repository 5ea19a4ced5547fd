import * as path from 'node:path';
import { CacheNamespace, isJsonObject } from '../common/cache-store';
import { cacheKeyHash } from '../common/key-hash';
import {
  type PackedParse,
  type PageParse,
  type ParseOptions,
  pageParseVersion,
  unpackParse,
} from '../parsers/page-parse';
import { textKeysOf } from '../parsers/parse-messages';
import type { ContentIds } from './content-ids';
import { isUnreadable, type SiteFiles, UnreadableError } from './files';
import { type ParseJob, parseAll, parseAllInBackground } from './parallel-parse';
import { ParseStore, storeLayout } from './parse-store';

declare const NAVLINT_PARSER_ID: string | undefined;

/**
 * The parser a cached parse was made by: the build sets a hash of the parser's bundle (the platform's
 * stack and navlint's reading of it); run from source (the tests), the shape of a parse alone. And
 * the store's layout.
 */
const parserKey = `${pageParseVersion}:${typeof NAVLINT_PARSER_ID === 'string' ? NAVLINT_PARSER_ID : 'source'}:${storeLayout}`;

/** Markdown files the platform does not parse, by name (any case, `.md` only, outside `snippets/`): getFileCategory's. */
const excludedMarkdown = new Set(['readme', 'license', 'contributing', 'contribute']);

/**
 * Whether the platform parses an .mdx or .md file its walk found (@mintlify/common's getFileCategory
 * says "page" or "snippet-v2"): not the old snippets of `_snippets/`, not `SKILL.md` at the top or in
 * `.mintlify/skills/` (skill files), not README.md and the like outside `snippets/`. The walk has
 * already left out what the platform ignores (`.mintignore` and its defaults).
 */
export function isParsedPage(file: string): boolean {
  const lower = file.toLowerCase();
  if (lower.startsWith('_snippets/') || isSkillFile(file)) return false;
  if (lower.startsWith('snippets/') || lower.endsWith('.mdx')) return true;
  return !excludedMarkdown.has(lower.slice(lower.lastIndexOf('/') + 1, -'.md'.length));
}

/** An agent skill's file (`SKILL.md` at the top or in `.mintlify/skills/`): the platform neither parses it nor makes it a page. */
function isSkillFile(file: string): boolean {
  const lower = file.toLowerCase();
  return lower === 'skill.md' || (lower.startsWith('.mintlify/skills/') && lower.endsWith('/skill.md'));
}

/**
 * A file of the platform's walk that is neither a page nor a snippet to it (getFileCategory has no
 * category for it): a skill file, contribute.md, or README.md and the like that .mintignore brought back.
 */
export function isNeitherPageNorSnippet(file: string): boolean {
  return !isParsedPage(file) && !file.toLowerCase().startsWith('_snippets/');
}

/** Whether the platform parses a .jsx or .tsx file its walk found: every one but those of `_snippets/`. */
export function isParsedScript(file: string): boolean {
  return !file.toLowerCase().startsWith('_snippets/');
}

/** A file to parse, and how. */
export interface ParseRequest {
  file: string;
  options?: ParseOptions;
}

/** Parses by their key (the hash of their text, and how they were parsed), for the life of the process; the oldest go first past the limit. */
const parsedInProcess = new Map<string, PageParse | PackedParse>();
const parsedInProcessLimit = 100_000;

/** What a file's parse is kept under. */
interface ParseKeys {
  hash: string;
  stamp: string | undefined;
  /** Its text has `{{`, where docs.json's variables may go. */
  braces: boolean;
  key: string;
}

/** A file whose parse no cache has, read on this thread. */
interface Unparsed extends ParseKeys {
  text: string;
}

/**
 * From this many files to parse, those whose text is the file on disk are read by the workers
 * themselves when no cache could have their parse by content (a cold run): their texts then never
 * fill this thread's heap, which holds every page's parse meanwhile.
 */
const readByWorkersFrom = 64;

interface Stored {
  /** File → its stamp, the hash of its text and whether that text has `{{` (1) or not (0), when last read. */
  files: Record<string, [stamp: string, hash: string, braces: 0 | 1]>;
  /** The parses every site of the cache folder shares, by key (the hash of a text and how it was parsed). */
  parses: ParseStore;
}

/** Hashes of docs.json `variables`, by the object the site holds. */
const variablesKeys = new WeakMap<Record<string, string>, string>();
function variablesKey(variables: Record<string, string>): string {
  let key = variablesKeys.get(variables);
  if (key === undefined) variablesKeys.set(variables, (key = cacheKeyHash(JSON.stringify(Object.entries(variables)))));
  return key;
}

/** Which of a file's parses: how it is parsed (variables only count when its text has `{{`, which is not known before it is read). */
const variantOf = (options: ParseOptions | undefined) =>
  `${options?.script ?? ''}|${options?.variables ? variablesKey(options.variables) : ''}`;

/** The key a parse is kept under: its text's hash, and how it was parsed when that changes anything. */
function parseKey(hash: string, options: ParseOptions | undefined, braces: boolean): string {
  const script = options?.script ? `:${options.script}` : '';
  return options?.variables && braces ? `${hash}${script}:${variablesKey(options.variables)}` : `${hash}${script}`;
}

/**
 * The parses of a site's files, each made once per content and way of parsing it: a file whose
 * identity (stamp) is as an earlier run left it is not read; one that is read is looked up by the
 * hash of its text before it is parsed (a fresh checkout whose cache folder was restored parses only
 * what changed).
 */
export class PageParses {
  /** File → its parses, by how each was made (see variantOf); one made on a worker stays packed until it is read. */
  private readonly made = new Map<string, Map<string, PageParse | PackedParse>>();
  /**
   * Bumped when a file's parses are forgotten (`forget`), or all are (`forgetAll`): a parse made in
   * the background from a text read before is not kept for it.
   */
  private readonly forgotten = new Map<string, number>();
  private allForgotten = 0;
  private inBackground: Promise<void> | undefined;
  private stored: Stored | undefined;
  private dirty = false;
  /** The cache folder's page parses and the sites' stamps, for this parser. */
  private readonly store: CacheNamespace | undefined;

  constructor(
    private readonly root: string,
    private readonly files: SiteFiles,
    private readonly parse: (text: string, options?: ParseOptions) => PageParse,
    cacheDir: string | undefined,
    private readonly contentIds: ContentIds,
    private readonly onParsed?: (parsed: number, total: number) => void,
  ) {
    this.store = cacheDir
      ? new CacheNamespace(cacheDir, 'page-parses', parserKey, { maxEntries: docsFoldersKept })
      : undefined;
  }

  /** A file's parse, made with `options`; the first call parses every file of `all` not yet parsed, on every core. */
  get(file: string, options: ParseOptions | undefined, all: () => readonly ParseRequest[]): PageParse {
    const variant = variantOf(options);
    if (!this.made.get(file)?.has(variant)) {
      const listed = all();
      const among = listed.some((request) => request.file === file && variantOf(request.options) === variant);
      this.prepare(among ? listed : [{ file, options }]);
    }
    const parses = this.made.get(file)!;
    const parse = parses.get(variant)!;
    if (typeof parse !== 'string') return parse;
    const unpacked = unpackParse(parse);
    parses.set(variant, unpacked);
    return unpacked;
  }

  /** A file's parse when it is made already; undefined, and nothing parsed, when it is not. */
  peek(file: string, options: ParseOptions | undefined): PageParse | undefined {
    const parses = this.made.get(file);
    const variant = variantOf(options);
    return parses?.has(variant) ? this.get(file, options, () => []) : undefined;
  }

  /** Parses each of these that is not parsed yet, together (on every core). */
  parseEach(requests: readonly ParseRequest[]): void {
    this.prepare(requests);
  }

  /**
   * Parses each of these not yet parsed, on the workers, without blocking the event loop (a language
   * server answers meanwhile): `get` then finds them. `stop` is asked between batches.
   */
  async parseInBackground(requests: readonly ParseRequest[], stop?: () => boolean): Promise<void> {
    // One at a time: a run asked to stop finishes its batches in flight before the next one starts.
    while (this.inBackground) await this.inBackground;
    const run = parseAllInBackground(this.jobsFor(requests), this.parse, stop);
    this.inBackground = run;
    try {
      await run;
    } finally {
      this.inBackground = undefined;
    }
  }

  /** Forgets a file's parses (it changed). */
  forget(file: string): void {
    this.made.delete(file);
    this.forgotten.set(file, (this.forgotten.get(file) ?? 0) + 1);
  }

  /** Forgets every file's parses (a folder moved, the ignore rules changed). */
  forgetAll(): void {
    this.made.clear();
    this.allForgotten++;
  }

  /**
   * Parses the files not yet parsed: those whose stamp the cache knows are taken from it; the rest
   * are read one batch at a time as they are parsed (memory stays flat in the number of pages), and
   * a text the caches have by its content is not parsed again.
   */
  private prepare(requests: readonly ParseRequest[]): void {
    const jobs = this.jobsFor(requests);
    const onParsed = this.onParsed;
    parseAll(jobs, this.parse, onParsed && ((parsed) => onParsed(parsed, jobs.length)));
  }

  /** The jobs that parse the files not yet parsed, once those whose stamp the cache knows are taken from it. */
  private jobsFor(requests: readonly ParseRequest[]): ParseJob[] {
    const jobs: ParseJob[] = [];
    const unread: string[] = [];
    for (const { file, options } of requests) {
      const variant = variantOf(options);
      if (this.made.get(file)?.has(variant)) continue;
      const known = this.knownByStamp(file, options);
      if ('parse' in known) {
        this.keep(file, variant, known.parse);
        continue;
      }
      // What was forgotten when the text was read (a worker reads it after the job is made): a parse of a text since replaced is not kept.
      let asOf: [number, number | undefined] = [this.allForgotten, this.forgotten.get(file)];
      let unparsed: ParseKeys | undefined;
      unread.push(file);
      jobs.push({
        text: () => {
          asOf = [this.allForgotten, this.forgotten.get(file)];
          const found = this.read(file, options, known.stamp);
          if ('parse' in found) return undefined;
          unparsed = found;
          return found.text;
        },
        ...(options ? { options } : {}),
        done: (parse, read) => {
          if (read) unparsed = { ...read, stamp: known.stamp, key: parseKey(read.hash, options, read.braces) };
          if (asOf[0] === this.allForgotten && asOf[1] === this.forgotten.get(file))
            this.record(file, variant, unparsed!, parse);
          unparsed = undefined; // its text: the job lives on in the list until every job is done
        },
      });
    }
    if (jobs.length >= readByWorkersFrom && !this.couldKnowByContent())
      for (const [i, job] of jobs.entries()) job.file = this.files.textOnDisk(path.join(this.root, unread[i]));
    return jobs;
  }

  /** Whether a cache could have a parse by its text's content: this process made some, or the cache folder has some. */
  private couldKnowByContent(): boolean {
    return parsedInProcess.size > 0 || (this.store !== undefined && this.load().parses.hasAny());
  }

  private keep(file: string, variant: string, parse: PageParse | PackedParse): void {
    let parses = this.made.get(file);
    if (!parses) this.made.set(file, (parses = new Map()));
    parses.set(variant, parse);
  }

  /** A file's parse when its stamp is as the cache has it; else its stamp, for reading it (none without a cache). */
  private knownByStamp(
    file: string,
    options: ParseOptions | undefined,
  ): { parse: PageParse | PackedParse } | { stamp: string | undefined } {
    const stored = this.store ? this.load() : undefined;
    if (!stored) return { stamp: undefined };
    const absolute = path.join(this.root, file);
    const stamp = this.files.stamp(absolute);
    const parse = this.contentIds.findKnown(
      absolute,
      stamp,
      (at) => {
        const known = stored.files[file];
        return known && known[0] === at ? stored.parses.get(parseKey(known[1], options, known[2] === 1)) : undefined;
      },
      // Not with variables, which count only when the text (unread) has `{{`.
      (content) =>
        options?.variables
          ? undefined
          : (stored.parses.get(parseKey(content, options, false)) ??
            parsedInProcess.get(parseKey(content, options, false))),
    );
    return parse ? { parse } : { stamp };
  }

  /** A file's text to parse (with its stamp and hash, for the cache), or its parse when a cache has it by its content; settles it then. */
  private read(
    file: string,
    options: ParseOptions | undefined,
    stamp: string | undefined,
  ): { parse: PageParse | PackedParse } | Unparsed {
    let text: string;
    try {
      text = this.files.readText(path.join(this.root, file));
    } catch (error) {
      if (isUnreadable(error))
        throw new UnreadableError(path.join(this.root, file), (error as NodeJS.ErrnoException).code, error as Error);
      this.keep(file, variantOf(options), {}); // gone since the walk: nothing to parse
      return { parse: {} };
    }
    const { hash, braces } = textKeysOf(text);
    const key = parseKey(hash, options, braces);
    const unparsed: Unparsed = { text, hash, stamp, braces, key };
    const parse = this.stored?.parses.get(key) ?? parsedInProcess.get(key);
    if (parse) {
      this.record(file, variantOf(options), unparsed, parse);
      return { parse };
    }
    return unparsed;
  }

  private record(
    file: string,
    variant: string,
    { hash, stamp, braces, key }: ParseKeys,
    parse: PageParse | PackedParse,
  ): void {
    this.keep(file, variant, parse);
    if (!parsedInProcess.has(key)) {
      if (parsedInProcess.size >= parsedInProcessLimit) parsedInProcess.delete(parsedInProcess.keys().next().value!);
      parsedInProcess.set(key, parse);
    }
    const stored = this.store ? this.load() : undefined;
    if (stored && stamp !== undefined) {
      stored.parses.add(key, parse);
      stored.files[file] = [stamp, hash, braces ? 1 : 0];
      this.dirty = true;
    }
  }

  /**
   * Writes what this run learnt: the site's stamps, and its parses into the store every site shares
   * (a copy of a site, a fresh checkout in another folder, hit it by content), merged with what
   * other runs wrote there since. A read-only cache folder only means parsing again.
   */
  persist(): void {
    if (!this.dirty || !this.stored || !this.store) return;
    try {
      this.stored.parses.save();
    } catch {
      return; // the next run parses again
    }
    if (this.store.setJson(this.root, this.stored.files)) this.dirty = false;
  }

  private load(): Stored {
    this.stored ??= {
      files: this.store!.getJson(this.root, isJsonObject) ?? {},
      parses: new ParseStore(this.store!.file('shards')),
    };
    return this.stored;
  }
}

/** Docs folders whose files' stamps a cache folder keeps, the most recently written. */
const docsFoldersKept = 64;
