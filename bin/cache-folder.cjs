'use strict';
// Where navlint keeps its caches, for the loader (bin/navlint.cjs) and the linter (src/spec-cache.ts)
// alike: NAVLINT_CACHE_DIR ('' turns caching off), else $XDG_CACHE_HOME/navlint, else ~/.cache/navlint.
const os = require('node:os');
const path = require('node:path');

/** @param {NodeJS.ProcessEnv} env @returns {string | undefined} undefined when caching is off */
function cacheFolder(env) {
  if (env.NAVLINT_CACHE_DIR !== undefined) return env.NAVLINT_CACHE_DIR || undefined;
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'navlint');
}

module.exports = { cacheFolder };
