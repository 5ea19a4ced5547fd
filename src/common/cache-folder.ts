import * as os from 'node:os';
import * as path from 'node:path';

// The loader keeps compiled code through the same store as the rest (namespace `code`).
export { CacheNamespace } from './cache-store';

/**
 * Where navlint keeps its caches: NAVLINT_CACHE_DIR ('' turns caching off), else
 * $XDG_CACHE_HOME/navlint, else ~/.cache/navlint. The build also emits this file alone as
 * dist/cache-folder.cjs, for the loader (bin/navlint.cjs), which needs it before any bundle runs.
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NAVLINT_CACHE_DIR !== undefined) return env.NAVLINT_CACHE_DIR || undefined;
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'navlint');
}

/**
 * The cache folder of a command line: none with --no-cache or with a `--cache-location` given no
 * folder ('', a usage error for the CLI), else the folder given (relative to `cwd`), else `cacheFolder`.
 */
export function cacheFolderOf(
  flags: { noCache?: boolean; location?: string },
  env: NodeJS.ProcessEnv,
  cwd: string,
): string | undefined {
  if (flags.noCache || flags.location === '') return undefined;
  return flags.location !== undefined ? path.resolve(cwd, flags.location) : cacheFolder(env);
}
