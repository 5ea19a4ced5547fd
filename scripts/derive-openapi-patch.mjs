// Writes schemas/openapi-platform.patch.json: how the OpenAPI schemas of the platform's parser differ
// from the official ones, read from an install of the platform's CLI (scripts/platform-install.mjs).
// Run it when the platform's version changes: node scripts/derive-openapi-patch.mjs [--check]
// With --check it writes nothing and exits 1 when the patch no longer gives the platform's schemas.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { officialOpenApiSchemas, patchFile, platformOpenApiSchemas } from './openapi-schemas.mjs';
import { ensureInstall, installDir } from './platform-install.mjs';

/** The platform parser's own schemas, from the install. */
export async function installedOpenApiSchemas() {
  const folder = join(installDir, 'node_modules/@mintlify/openapi-parser/dist/schemas');
  const load = async (version) =>
    (await import(pathToFileURL(join(folder, `v${version}/schema.json.js`)).href)).default;
  return { '3.0': await load('3.0'), 3.1: await load('3.1') };
}

/** The operations that turn `from` into `to`: a leaf that differs is set (`add`) or removed. */
export function difference(from, to, path = '', operations = []) {
  if (JSON.stringify(from) === JSON.stringify(to)) return operations;
  const bothObjects =
    from && to && typeof from === 'object' && typeof to === 'object' && Array.isArray(from) === Array.isArray(to);
  if (!bothObjects) {
    operations.push(to === undefined ? { op: 'remove', path } : { op: 'add', path, value: to });
    return operations;
  }
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    difference(from[key], to[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, operations);
  }
  return operations;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureInstall();
  const installed = await installedOpenApiSchemas();
  if (process.argv.includes('--check')) {
    const derived = platformOpenApiSchemas();
    const stale = Object.keys(installed).filter((version) => !isDeepStrictEqual(derived[version], installed[version]));
    process.stdout.write(
      stale.length
        ? `the patch no longer gives the platform's schemas for ${stale.join(', ')}\n`
        : "the patch gives the platform's schemas\n",
    );
    process.exitCode = stale.length ? 1 : 0;
  } else {
    const official = officialOpenApiSchemas();
    const patch = Object.fromEntries(
      Object.keys(installed).map((version) => [version, difference(official[version], installed[version])]),
    );
    writeFileSync(patchFile, `${JSON.stringify(patch, null, 2)}\n`);
    process.stdout.write(
      `wrote ${patchFile}: ${Object.entries(patch)
        .map(([v, ops]) => `${v} ${ops.length} operations`)
        .join(', ')}\n`,
    );
  }
}
