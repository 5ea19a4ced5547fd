import pkg from '../../package.json';

export const version: string = pkg.version;

declare const NAVLINT_BUILD_ID: string | undefined;

/**
 * Which code this is: the build sets a hash of its sources, rules, schemas and locked dependencies,
 * so that a cache of results never outlives the code that made them (the version alone stays the
 * same across a developer's rebuilds). Run from source (the tests), it is the version.
 */
export const buildId: string = typeof NAVLINT_BUILD_ID === 'string' ? NAVLINT_BUILD_ID : `source ${version}`;
