import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { indexSpec, type Operation, type SpecIndex } from '../parsers/openapi';
import { SourceFile } from '../parsers/source';
import type { SiteFiles } from './files';
import { fnv1a } from '../common/hash';
import { buildId } from '../common/version';

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
 * (path, size, modification and change time, inode), as ESLint's cache does by default: a hit reads neither the
 * spec nor parses it. Its text is read later only if something asks where an operation is written.
 * Any cache error just means a parse.
 */
export function indexSpecFile(file: string, files: SiteFiles, cacheDir: string | undefined, extensionKey: string): SpecIndex {
  const readText = (name: string) => files.readText(name);
  const stamp = cacheDir ? files.stamp(file) : undefined;
  // The stamp starts with the size.
  if (!stamp || Number(stamp.slice(0, stamp.indexOf(':'))) < worthCaching) return indexSpec(file, readText(file), extensionKey);
  const key = [buildId, indexFormat, extensionKey, file, stamp].join('\u0000');
  const entry = path.join(cacheDir!, 'specs', `${fnv1a(key)}.json`);
  try {
    const cached = JSON.parse(fs.readFileSync(entry, 'utf8')) as CachedIndex;
    if (cached.key !== key) throw new Error('another file with the same hash');
    const index: SpecIndex = { file, problem: cached.problem, operations: new Map(cached.operations), webhooks: new Map(cached.webhooks) };
    if (!cached.problem) Object.defineProperty(index, 'source', { get: lazySource(file, readText), enumerable: true });
    return index;
  } catch {
    // not cached yet, or unreadable: parse
  }
  const index = indexSpec(file, readText(file), extensionKey);
  try {
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    const data: CachedIndex = { key, problem: index.problem, operations: [...index.operations], webhooks: [...index.webhooks] };
    writeFileAtomic(entry, JSON.stringify(data), false);
  } catch {
    // a read-only home, a full disk: run without the cache
  }
  return index;
}

function lazySource(file: string, readText: (file: string) => string): () => SourceFile {
  let source: SourceFile | undefined;
  return () => (source ??= new SourceFile(file, readText(file)));
}
