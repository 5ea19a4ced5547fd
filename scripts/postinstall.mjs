// Builds navlint after `npm ci` / `npm install` in a checkout. An installed package ships dist/ and
// no src/, so there is nothing to do. (Not `prepare`: npm 11 prints prepare's banner on the stdout of
// `npm pack`, where pre-commit 3.0 reads the tarball name.)
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/cli/bin.ts', import.meta.url))) await import('./build.mjs');
