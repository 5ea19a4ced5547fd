import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeFolders, writeFileAtomic } from '../common/atomic';
import { cacheKeyHash } from '../common/hash';
import { nodeCrypto } from '../common/lazy';
import { buildId } from '../common/version';
import { indexSpec, type Operation, readsAsYaml, type SpecIndex } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import type { SiteFiles } from './files';

/**
 * What an index holds and how specs are parsed: a change of either makes every cached index stale
 * (2: js-yaml 4, and each operation's tag and x-mint.href). The extension key read is in the key.
 */
const indexFormat = 2;

/** Specs smaller than this parse faster than their cached index is read. */
const worthCaching = 8 * 1024;

interface CachedIndex {
  /** The full key, checked on read: the file name is only a hash of it. */
  key: string;
  problem?: string;
  operations: [string, Operation][];
  webhooks: [string, Operation][];
}

/**
 * Indexes a spec file, through a cache of indexes keyed by navlint's build and the file's identity
 * (path, size, modification and change time, inode), as ESLint's cache does by default: a hit reads
 * neither the spec nor parses it, and its text is read later only if something asks where an
 * operation is written. A file whose identity is new is then looked up by its content (ESLint's
 * `content` strategy, without a flag): a fresh checkout, as every CI job has, gives every file a new
 * identity, and hashing a spec costs a fraction of parsing it.
 * Any cache error just means a parse.
 */
export function indexSpecFile(
  file: string,
  files: SiteFiles,
  cacheDir: string | undefined,
  extensionKey: string,
): SpecIndex {
  const readText = (name: string) => files.readText(name);
  const stamp = cacheDir ? files.stamp(file) : undefined;
  // The stamp starts with the size.
  if (!stamp || Number(stamp.slice(0, stamp.indexOf(':'))) < worthCaching)
    return indexSpec(file, readText(file), extensionKey);
  const entryOf = (...identity: string[]) => {
    const key = [buildId, indexFormat, extensionKey, ...identity].join('\u0000');
    return { key, file: path.join(cacheDir!, 'specs', `${cacheKeyHash(key)}.json`) };
  };
  const byStamp = entryOf(file, stamp);
  const known = readCached(byStamp, file, readText);
  if (known) return known;
  const text = readText(file);
  // By content, wherever the checkout is (a runner may build in another folder each time): an index
  // holds nothing of its file's path but the message of a problem, which is kept by path only, and
  // how the text was read (a YAML text in a .json file does not parse).
  const byContent = entryOf(
    `sha256 ${nodeCrypto().createHash('sha256').update(text).digest('hex')}`,
    readsAsYaml(file) ? 'yaml' : 'json',
  );
  const same = readCached(byContent, file, readText);
  const index = same ?? indexSpec(file, text, extensionKey);
  // The next run of this checkout finds it by its identity.
  writeCached(byStamp, index);
  if (!same && !index.problem) writeCached(byContent, index);
  return index;
}

/** The index an entry holds; its text is read again only if something asks where an operation is written (none is kept meanwhile). */
function readCached(
  entry: { key: string; file: string },
  file: string,
  readText: (file: string) => string,
): SpecIndex | undefined {
  try {
    const cached = JSON.parse(fs.readFileSync(entry.file, 'utf8')) as CachedIndex;
    if (cached.key !== entry.key) return undefined; // another file with the same hash
    const index: SpecIndex = {
      file,
      problem: cached.problem,
      operations: new Map(cached.operations),
      webhooks: new Map(cached.webhooks),
    };
    if (!cached.problem) Object.defineProperty(index, 'source', { get: lazySource(file, readText), enumerable: true });
    return index;
  } catch {
    return undefined; // not cached yet, or unreadable: parse
  }
}

function writeCached(entry: { key: string; file: string }, index: SpecIndex): void {
  try {
    makeFolders(path.dirname(entry.file));
    const data: CachedIndex = {
      key: entry.key,
      problem: index.problem,
      operations: [...index.operations],
      webhooks: [...index.webhooks],
    };
    writeFileAtomic(entry.file, JSON.stringify(data), false);
  } catch {
    // a read-only home, a full disk: run without the cache
  }
}

function lazySource(file: string, readText: (file: string) => string): () => SourceFile {
  let source: SourceFile | undefined;
  return () => (source ??= new SourceFile(file, readText(file)));
}
