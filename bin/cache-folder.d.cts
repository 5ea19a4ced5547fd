/** Where navlint keeps its caches; undefined when caching is off (NAVLINT_CACHE_DIR=''). */
export declare function cacheFolder(env: NodeJS.ProcessEnv): string | undefined;
