import { CacheNamespace } from '../common/cache-store';
import { buildId } from '../common/version';
import { indexSpec, type Operation, readsAsYaml, type SpecIndex } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import { ContentIds } from './content-ids';
import type { SiteFiles } from './files';

/**
 * What an index holds and how specs are parsed: a change of either makes every cached index stale
 * (2: js-yaml 4, and each operation's tag and x-mint.href). The extension key read is in the key.
 */
const indexFormat = 2;

/** Specs smaller than this parse faster than their cached index is read. */
const worthCaching = 8 * 1024;

interface CachedIndex {
  problem?: string;
  operations: [string, Operation][];
  webhooks: [string, Operation][];
}

/**
 * Spec indexes kept in the cache folder, keyed by navlint's build and the file's identity (path,
 * size, modification and change time, inode), as ESLint's cache does by default: a hit reads
 * neither the spec nor parses it, and its text is read later only if something asks where an
 * operation is written. A file whose identity is new is then looked up by its content (ESLint's
 * `content` strategy, without a flag): a fresh checkout, as every CI job has, gives every file a new
 * identity, and git's index vouches for what it holds, or hashing it costs a fraction of parsing it.
 * Any cache error just means a parse.
 */
export class SpecIndexes {
  private readonly store: CacheNamespace;

  constructor(
    cacheDir: string,
    private readonly contentIds: ContentIds,
  ) {
    this.store = new CacheNamespace(cacheDir, 'specs', `${buildId}\u0000${indexFormat}`, { maxEntries: 1024 });
  }

  index(file: string, files: SiteFiles, extensionKey: string): SpecIndex {
    const readText = (name: string) => files.readText(name);
    const stamp = files.stamp(file);
    // The stamp starts with the size.
    if (!stamp || Number(stamp.slice(0, stamp.indexOf(':'))) < worthCaching)
      return indexSpec(file, readText(file), extensionKey);
    // By content, wherever the checkout is (a runner may build in another folder each time): an index
    // holds nothing of its file's path but the message of a problem, which is kept by path only, and
    // how the text was read (a YAML text in a .json file does not parse).
    const byContent = (content: string) => [extensionKey, content, readsAsYaml(file) ? 'yaml' : 'json'].join('\u0000');
    const byStamp = [extensionKey, file, stamp].join('\u0000');
    const known = this.contentIds.findKnown(
      file,
      stamp,
      () => this.read(byStamp, file, readText),
      (content) => {
        const same = this.read(byContent(content), file, readText);
        // The next run of this checkout finds it by its identity.
        if (same) this.write(byStamp, same);
        return same;
      },
    );
    if (known) return known;
    const text = readText(file);
    const contentKey = byContent(ContentIds.ofText(text));
    const same = this.read(contentKey, file, readText);
    const index = same ?? indexSpec(file, text, extensionKey);
    this.write(byStamp, index);
    if (!same && !index.problem) this.write(contentKey, index);
    return index;
  }

  /** The index an entry holds; its text is read again only if something asks where an operation is written (none is kept meanwhile). */
  private read(key: string, file: string, readText: (file: string) => string): SpecIndex | undefined {
    const cached = this.store.getJson(key, isCachedIndex);
    if (!cached) return undefined;
    const index: SpecIndex = {
      file,
      problem: cached.problem,
      operations: new Map(cached.operations),
      webhooks: new Map(cached.webhooks),
    };
    if (!cached.problem) Object.defineProperty(index, 'source', { get: lazySource(file, readText), enumerable: true });
    return index;
  }

  private write(key: string, index: SpecIndex): void {
    const data: CachedIndex = {
      problem: index.problem,
      operations: [...index.operations],
      webhooks: [...index.webhooks],
    };
    this.store.setJson(key, data);
  }
}

const isCachedIndex = (value: unknown): value is CachedIndex =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as CachedIndex).operations) &&
  Array.isArray((value as CachedIndex).webhooks);

function lazySource(file: string, readText: (file: string) => string): () => SourceFile {
  let source: SourceFile | undefined;
  return () => (source ??= new SourceFile(file, readText(file)));
}
