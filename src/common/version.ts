import pkg from '../../package.json';

export const version: string = pkg.version;

declare const NAVLINT_BUILD_ID: string | undefined;

/**
 * Which code this is: the build sets a hash of the bundles it makes (scripts/build.mjs), so that no
 * cache outlives the code that filled it (the version alone stays the same across a developer's
 * rebuilds and a change in node_modules). Run from source (the tests), it is the version.
 */
export const buildId: string = typeof NAVLINT_BUILD_ID === 'string' ? NAVLINT_BUILD_ID : `source ${version}`;
