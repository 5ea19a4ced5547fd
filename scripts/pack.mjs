// @ts-check
// npm run pack: navlint as it is published, in .artifacts/package/ and as .artifacts/navlint-VERSION.tgz.
// The files are the ones `npm pack` takes by package.json's `files`; package.json is the published
// one: what an install reads (name, bin, engines, ...), without the checkout's scripts, devDependencies
// and overrides. An install ignores those, but a release tree (scripts/release-tree.mjs) is installed
// by pre-commit 3 with `npm install --include=dev` first, and a `prepare` there would run a build that
// has nothing to build from. `--no-build` packs dist/ as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The keys of package.json an installed copy or the registry reads, in the order they are written. */
const published = [
  'name',
  'version',
  'description',
  'license',
  'repository',
  'homepage',
  'bugs',
  'keywords',
  'type',
  'bin',
  'engines',
];

/**
 * Packs navlint into `into` (the package as a folder in `into/package`, and its tarball); returns the
 * tarball's path.
 */
export function pack({ build = true, into = join(root, '.artifacts') } = {}) {
  const staging = join(into, 'package');
  if (build) {
    const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`the build failed (exit ${built.status ?? built.signal})`);
  }
  const listing = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
  );
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(staging, { recursive: true, force: true });
  for (const { path } of listing[0].files) {
    if (path === 'package.json') continue;
    mkdirSync(dirname(join(staging, path)), { recursive: true });
    cpSync(join(root, path), join(staging, path));
  }
  const packageJson = Object.fromEntries(published.filter((key) => key in manifest).map((key) => [key, manifest[key]]));
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', into], { cwd: staging, encoding: 'utf8' }),
  );
  return join(into, filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const tarball = pack({ build: !process.argv.includes('--no-build') });
    process.stderr.write(`pack: ${(statSync(tarball).size / 1e6).toFixed(1)} MB\n`);
    process.stdout.write(`${tarball}\n`);
  } catch (error) {
    process.stderr.write(`pack: ${/** @type {Error} */ (error).message}\n`);
    process.exit(1);
  }
}
