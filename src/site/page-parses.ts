import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { fnv1a } from '../common/hash';
import { nodeCrypto } from '../common/lazy';
import { pageParseVersion, type PageParse } from '../parsers/page-parse';
import type { SiteFiles } from './files';

/** The platform's parser stack and navlint's reading of it: a cached parse made by another is not used. */
const parserKey = `${pageParseVersion}:remark-parse@11.0.0,remark-mdx@3.1.0,remark-gfm@4.0.0,remark-frontmatter@5.0.0,remark-math@6.0.0`;

/** Markdown files the platform leaves out of a site (by name, any case, `.md` only). */
const excludedMarkdown = new Set(['readme', 'license', 'contributing', 'contribute']);

/** Whether the platform parses a file the site's page walk found (`.mdx` and `.md`, less README.md and the like). */
export function isParsedPage(file: string): boolean {
  if (file.endsWith('.mdx')) return true;
  const base = file.slice(file.lastIndexOf('/') + 1, -'.md'.length).toLowerCase();
  return !excludedMarkdown.has(base);
}

/** Parses by the hash of their text, for the life of the process; the oldest go first past the limit. */
const parsedInProcess = new Map<string, PageParse>();
const parsedInProcessLimit = 100_000;

interface Stored {
  parser: string;
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
  private stored: Stored | undefined;
  private dirty = false;

  constructor(
    private readonly root: string,
    private readonly files: SiteFiles,
    private readonly parse: (text: string) => PageParse,
    private readonly cacheDir: string | undefined,
  ) {}

  get(file: string): PageParse {
    let parse = this.made.get(file);
    if (!parse) this.made.set(file, (parse = this.lookUp(file)));
    return parse;
  }

  /** Forgets a page's parse (its file changed). */
  forget(file: string): void {
    this.made.delete(file);
  }

  private lookUp(file: string): PageParse {
    const absolute = path.join(this.root, file);
    const stored = this.cacheDir ? this.load() : undefined;
    const stamp = stored ? this.files.stamp(absolute) : undefined;
    const known = stored?.files[file];
    if (known && stamp !== undefined && known[0] === stamp && stored!.parses[known[1]]) return stored!.parses[known[1]];
    let text: string;
    try {
      text = this.files.readText(absolute);
    } catch {
      return {}; // gone since the walk: nothing to parse
    }
    const hash = nodeCrypto().createHash('sha1').update(text).digest('hex');
    const parse = stored?.parses[hash] ?? this.parseOnce(hash, text);
    if (stored && stamp !== undefined) {
      stored.parses[hash] = parse;
      stored.files[file] = [stamp, hash];
      this.dirty = true;
    }
    return parse;
  }

  /** A text's parse, made once in this process whatever site asks (a language server's sites, a test's many lints). */
  private parseOnce(hash: string, text: string): PageParse {
    let parse = parsedInProcess.get(hash);
    if (!parse) {
      parse = this.parse(text);
      if (parsedInProcess.size >= parsedInProcessLimit) parsedInProcess.delete(parsedInProcess.keys().next().value!);
      parsedInProcess.set(hash, parse);
    }
    return parse;
  }

  /** Writes what this run learnt, less the parses no page has any more; a read-only cache folder only means parsing again. */
  persist(): void {
    if (!this.dirty || !this.stored || !this.cacheDir) return;
    const used = new Set(Object.values(this.stored.files).map(([, hash]) => hash));
    for (const hash of Object.keys(this.stored.parses)) if (!used.has(hash)) delete this.stored.parses[hash];
    try {
      fs.mkdirSync(path.dirname(this.cacheFile()), { recursive: true });
      writeFileAtomic(this.cacheFile(), JSON.stringify(this.stored), false);
      this.dirty = false;
    } catch {
      // the next run parses again
    }
  }

  private cacheFile(): string {
    return path.join(this.cacheDir!, 'page-parses', `${fnv1a(`${parserKey}\u0000${this.root}`)}.json`);
  }

  private load(): Stored {
    if (!this.stored) {
      this.stored = { parser: parserKey, files: {}, parses: {} };
      try {
        const data = JSON.parse(fs.readFileSync(this.cacheFile(), 'utf8')) as Stored;
        if (data.parser === parserKey && typeof data.files === 'object' && data.files && typeof data.parses === 'object' && data.parses) this.stored = data;
      } catch {
        // no cache yet
      }
    }
    return this.stored;
  }
}
