// npm run package:vscode: dist/navlint.vsix, offline. The extension (vscode/src) is bundled with its
// language client; navlint itself (bin/ and dist/, self-contained) goes inside as the server, so the
// .vsix needs nothing of the workspace; the platform's published docs.json schema goes inside for
// VS Code's JSON service (completion and hover only: completion-schema.mjs), so that nothing is fetched.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { completionSchema } from './completion-schema.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'dist', 'navlint.vsix');
// A release job without ../shared fetches the published schema and names it in NAVLINT_PLATFORM_SCHEMA.
const platformSchema =
  process.env.NAVLINT_PLATFORM_SCHEMA || join(root, '..', 'shared', 'reference', 'docs-json.schema.json');

function fail(message) {
  process.stderr.write(`package:vscode: ${message}\n`);
  process.exit(1);
}

if (!existsSync(join(root, 'dist', 'navlint.cjs'))) fail('navlint is not built: run npm run build first');
if (!existsSync(platformSchema))
  fail(`the platform's docs.json schema is not at ${platformSchema} (NAVLINT_PLATFORM_SCHEMA names another file)`);

const staging = mkdtempSync(join(tmpdir(), 'navlint-vsix-'));
try {
  const manifest = JSON.parse(readFileSync(join(root, 'vscode', 'package.json'), 'utf8'));
  manifest.version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(root, 'vscode', 'README.md'), join(staging, 'README.md'));
  await build({
    entryPoints: [join(root, 'vscode', 'src', 'extension.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    outfile: join(staging, 'dist', 'extension.js'),
    logLevel: 'warning',
  });
  // The server: navlint's own launcher and bundles, without the code caches made on this machine.
  cpSync(join(root, 'bin'), join(staging, 'server', 'bin'), { recursive: true });
  cpSync(join(root, 'dist'), join(staging, 'server', 'dist'), {
    recursive: true,
    filter: (file) => !file.endsWith('.v8') && !file.endsWith('.vsix'),
  });
  // The rule pages, which each diagnostic links (src/common/docs-url.ts): they open offline.
  cpSync(join(root, 'rules'), join(staging, 'server', 'rules'), {
    recursive: true,
    filter: (file) => !file.endsWith('.ts'),
  });
  writeFileSync(join(staging, 'server', 'package.json'), '{ "type": "commonjs" }\n');
  cpSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));
  mkdirSync(join(staging, 'schemas'));
  const schema = completionSchema(JSON.parse(readFileSync(platformSchema, 'utf8')));
  writeFileSync(join(staging, 'schemas', 'docs-json.schema.json'), JSON.stringify(schema));
  rmSync(output, { force: true });
  const vsce = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', '@vscode', 'vsce', 'vsce'),
      'package',
      '--no-dependencies',
      '--allow-missing-repository',
      '--out',
      output,
    ],
    { cwd: staging, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (vsce.status !== 0) fail(`vsce package failed (exit ${vsce.status ?? vsce.signal})`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
