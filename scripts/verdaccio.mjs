// @ts-check
// A local npm registry (Verdaccio, from the npm registry) on 127.0.0.1, for the tests that install
// navlint as users do: published to it, then installed from it with nothing else reachable. Installed
// once into a cache folder outside the repository; each registry started has a storage of its own
// and no uplink, so that it serves what was published to it and nothing else.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installOnce } from './install-once.mjs';

/** 6.10 needs Node 22; 6.8.0 runs on Node 20 with node-fetch 2.7.0 in place of the 3.x it asks for. */
export const VERDACCIO_VERSION = '6.8.0';
const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'navlint', 'verdaccio');
const installDir = join(cacheRoot, `verdaccio-${VERDACCIO_VERSION}`);
const entry = join(installDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

/** Installs Verdaccio once (under a minute). */
export function ensureVerdaccio() {
  installOnce(installDir, (staging) => {
    process.stderr.write(`installing verdaccio@${VERDACCIO_VERSION} into ${installDir} (once)\n`);
    writeFileSync(
      join(staging, 'package.json'),
      JSON.stringify({
        private: true,
        dependencies: { verdaccio: VERDACCIO_VERSION },
        overrides: { 'node-fetch': '2.7.0' },
      }),
    );
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: staging,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (npm.status !== 0) throw new Error(`npm install verdaccio@${VERDACCIO_VERSION} failed (exit ${npm.status})`);
  });
  return entry;
}

/** A port no one listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a registry with its storage in `folder`; resolves once it listens, with its URL and a
 * function that stops it. Anyone may publish (npm still sends a token: `npmrc` holds one).
 */
export async function startRegistry(folder) {
  const verdaccio = ensureVerdaccio();
  const port = await freePort();
  const config = join(folder, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(folder, 'storage')}`,
      'auth: { htpasswd: { file: ./htpasswd, max_users: -1 } }',
      'uplinks: {}',
      "packages: { '**': { access: $all, publish: $all, unpublish: $all } }",
      'log: { type: stdout, format: json, level: warn }',
      `listen: 127.0.0.1:${port}`,
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}/`;
  const npmrc = join(folder, 'npmrc');
  writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=navlint-test\n`);
  const child = spawn(process.execPath, [verdaccio, '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const look = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      if (output.includes(`127.0.0.1:${port}`)) resolve(undefined);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => reject(new Error(`verdaccio exited (${code}) before it listened:\n${output}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
      child.once('exit', () => resolve(undefined));
      child.kill();
    });
  return { url, npmrc, stop };
}

if (process.argv[1] === new URL(import.meta.url).pathname) ensureVerdaccio();
