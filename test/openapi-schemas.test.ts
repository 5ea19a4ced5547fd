import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the repository, plain JavaScript
import { applyPatch, officialOpenApiSchemas, platformOpenApiSchemas } from '../scripts/openapi-schemas.mjs';
// @ts-expect-error: a script of the repository, plain JavaScript
import { installDir } from '../scripts/platform-install.mjs';

const installed = path.join(installDir, 'node_modules/@mintlify/openapi-parser/dist/schemas');
const hasInstall = fs.existsSync(installed);
if (!hasInstall)
  process.stderr.write(
    `note: the OpenAPI schema comparison is skipped: ${installed} is absent (npm run conformance installs it)\n`,
  );

describe('the OpenAPI schemas navlint validates specs with', () => {
  it("are the official ones with the patch's changes: a path parameter without required: true in 3.0, relative URLs and empty responses in 3.1", () => {
    const official = officialOpenApiSchemas();
    const platform = platformOpenApiSchemas();
    expect(official['3.0'].definitions.ParameterLocation.oneOf[0].properties.required).toEqual({ enum: [true] });
    expect(platform['3.0'].definitions.ParameterLocation.oneOf[0].properties.required).toEqual({
      type: 'boolean',
      default: false,
    });
    expect(platform['3.1'].$defs.responses.minProperties).toBeUndefined();
    expect(official['3.1'].$defs.responses.minProperties).toBe(1);
    expect(platform['3.1'].$defs.server.properties.url.format).toBeUndefined();
    expect(
      applyPatch({ a: { b: 1, c: 2 } }, [
        { op: 'remove', path: '/a/b' },
        { op: 'add', path: '/a/d~1e', value: [3] },
      ]),
    ).toEqual({ a: { c: 2, 'd/e': [3] } });
  });

  it.skipIf(!hasInstall)("are exactly the schemas of the platform's parser, 3.0 and 3.1", async () => {
    for (const version of ['3.0', '3.1']) {
      const { default: schema } = await import(path.join(installed, `v${version}/schema.json.js`));
      expect(platformOpenApiSchemas()[version]).toStrictEqual(schema);
    }
  });
});
