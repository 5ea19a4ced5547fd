import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/atomic';
import { cacheKeyHash } from '../common/hash';
import { buildId } from '../common/version';
import { SourceFile } from '../parsers/source';
import { clockSlackMs, diskFiles, modifiedSince, type Observed, observingFiles } from '../site/files';
import type { Finding } from './finding';
import { type LintOptions, lint } from './lint';

/**
 * How many of the paths a lint looked at first (the docs folder, docs.json and its `$ref` files: what
 * an edit most often changes) go on the entry's first line, checked before the rest is even parsed.
 */
const firstPaths = 32;

/** An entry's first line. */
interface CachedHead {
  /** The full key, checked on read: the file name is only a hash of it. */
  key: string;
  /** The docs folder, which observed paths not starting with a slash are relative to. */
  root: string;
  /** Path, stamp and where a link points, in turn (null for what was not looked at): the first paths. */
  first: (string | null)[];
}

/** An entry's second line. */
interface CachedBody {
  /** The other paths, as `first`. */
  observed: (string | null)[];
  findings: StoredFinding[];
}

type StoredFinding = Omit<Finding, 'file'> & { file: string };

/**
 * The findings of a lint, from the cache of results when nothing it read has changed since: ESLint's
 * --cache, for the one "file" navlint lints, whose inputs are docs.json, its $ref files, the
 * folders the page scan listed, every page, spec and asset it looked at and the settings. A hit
 * costs a stat of each (and reads none of them); a miss lints and keeps the result. The key holds
 * the build, so that no result outlives the code that found it.
 */
export function lintWithResultCache(options: LintOptions & { cacheDir: string }): {
  findings: Finding[];
  cached: boolean;
} {
  const docsFile = path.resolve(options.docsFile);
  const key = JSON.stringify([
    buildId,
    docsFile,
    options.root ?? null,
    options.rules ?? {},
    options.settings ?? {},
    options.extensionKey ?? null,
  ]);
  const entry = path.join(options.cacheDir, 'results', `${cacheKeyHash(key)}.json`);
  const root = path.resolve(options.root ?? path.dirname(docsFile));
  const stamped = new Map<string, string>();
  const hit = readCachedResult(entry, key, root, stamped);
  if (hit) {
    if (process.env.TIMING)
      process.stderr.write('results from the cache of results: nothing they depend on has changed\n');
    return { findings: hit, cached: true };
  }

  const startedAt = Date.now();
  const { files, observed } = observingFiles(diskFiles, stamped);
  const { findings } = lint({ ...options, files });
  if (
    !modifiedSince(observed, startedAt - clockSlackMs) &&
    !findings.some((f) => f.message.startsWith('internal error'))
  ) {
    writeCachedResult(entry, key, root, observed, findings);
  }
  return { findings, cached: false };
}

/** The entry's findings when nothing they depend on changed; the stamps it took go into `stamped`. */
function readCachedResult(
  entry: string,
  key: string,
  root: string,
  stamped: Map<string, string>,
): Finding[] | undefined {
  let text: string;
  let head: CachedHead;
  try {
    text = fs.readFileSync(entry, 'utf8');
    head = JSON.parse(text.slice(0, text.indexOf('\n')));
  } catch {
    return undefined; // none yet, or unreadable: lint
  }
  if (head?.key !== key || head.root !== root || !Array.isArray(head.first) || !unchanged(head.first, root, stamped))
    return undefined;
  let body: CachedBody;
  try {
    body = JSON.parse(text.slice(text.indexOf('\n') + 1));
  } catch {
    return undefined;
  }
  if (!Array.isArray(body?.observed) || !Array.isArray(body.findings) || !unchanged(body.observed, root, stamped))
    return undefined;
  const sources = new Map<string, SourceFile>();
  const sourceOf = (file: string) => {
    let source = sources.get(file);
    // Read only if someone asks for the text (no formatter does).
    if (!source) sources.set(file, (source = new SourceFile(file, () => diskFiles.readText(file))));
    return source;
  };
  return body.findings.map((finding) => ({ ...finding, file: sourceOf(finding.file) }));
}

/** Whether every path of a stored list (path, stamp, where a link points, in turn) is as it was then. */
function unchanged(flat: (string | null)[], root: string, stamped: Map<string, string>): boolean {
  const prefix = root + path.sep;
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const stored = String(flat[i]);
    const file = path.isAbsolute(stored) ? stored : prefix + stored;
    const [stamp, real] = [flat[i + 1], flat[i + 2]];
    if (stamp !== null) {
      const now = diskFiles.stamp(file) ?? '';
      stamped.set(file, now);
      if (now !== stamp) return false;
    }
    if (real !== null && diskFiles.realpath(file) !== real) return false;
  }
  return true;
}

function writeCachedResult(entry: string, key: string, root: string, observed: Observed, findings: Finding[]): void {
  const prefix = root + path.sep;
  const flat = [...observed].flatMap(([file, { stamp, real }]) => [
    file.startsWith(prefix) ? file.slice(prefix.length) : file,
    stamp ?? null,
    real ?? null,
  ]);
  const head: CachedHead = { key, root, first: flat.slice(0, firstPaths * 3) };
  const body: CachedBody = {
    observed: flat.slice(firstPaths * 3),
    findings: findings.map((finding) => ({ ...finding, file: finding.file.path })),
  };
  try {
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    writeFileAtomic(entry, `${JSON.stringify(head)}\n${JSON.stringify(body)}`, false);
  } catch {
    // a read-only cache folder, a full disk: the next run lints again
  }
}
