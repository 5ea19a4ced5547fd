// The platform's CLI (@mintlify/cli), installed from the npm registry into a cache folder outside the
// repository, never as a dependency of navlint: its licence and size are its own. Shared by
// `npm run conformance` (which imports its parser's functions) and `npm run bench` (which times its
// `mint validate` beside navlint).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { installOnce } from './install-once.mjs';

export const MINT_CLI_VERSION = '4.0.1552';
export const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'navlint', 'conformance');
export const installDir = join(cacheRoot, `mintlify-${MINT_CLI_VERSION}`);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const note = (text) => process.stderr.write(`${text}\n`);

/** Installs @mintlify/cli into the cache folder once; a finished install is marked, so a killed one is redone. */
export function ensureInstall() {
  installOnce(installDir, (staging) => {
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
    note(`installing @mintlify/cli@${MINT_CLI_VERSION} into ${installDir} (about 2 minutes, once)`);
    const started = Date.now();
    // --ignore-scripts: only the packages' code is read; nothing of theirs runs at install time.
    const args = ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
    const npm = spawnSync('npm', [...args, `@mintlify/cli@${MINT_CLI_VERSION}`], {
      cwd: staging,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (npm.status !== 0)
      throw new Error(`npm install @mintlify/cli@${MINT_CLI_VERSION} failed (exit ${npm.status ?? npm.signal})`);
    note(`installed in ${seconds(Date.now() - started)}`);
  });
}

/** Whether `unshare -rn` (a network namespace with only a loopback interface, as an unprivileged user) works here. */
let unshareWorks;
function canUnshare() {
  unshareWorks ??= spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore' }).status === 0;
  return unshareWorks;
}

/**
 * How to run the platform's `mint validate` on a site with no network, as a command for spawn
 * (`file`, `args`, `cwd`, `env`): the CLI's own entry point (bin/index.js, which starts bin/start.js
 * in a second node, as `mint` does), in the site's folder.
 *
 * Without network, as installed, `mint validate` fails: it needs the platform's preview client in
 * ~/.mintlify/previews/shared/mint, which it downloads the first time, and with none and no network
 * it waits for is-online's 5 s timeout and exits 1 ("requires an internet connection"). What makes
 * it run offline, checked on 4.0.1552:
 * - HOME: a folder of the caller's (`home`), with a stand-in client: mint/mint-version.txt (any
 *   version: validate then downloads nothing when it finds no newer one) and mint/apps/client/, the
 *   folder it changes into and where its prebuild writes the site's props (emptied at each run). The
 *   user's ~/.mintlify is left alone. Nothing of the client's code runs in validate: its prebuild
 *   (@mintlify/prebuild with `strict`) is all it does after its OpenAPI check.
 * - no network at all: `unshare -rn` runs it in a network namespace of its own with only a loopback
 *   interface, so that is-online answers false at once (it returns false when every interface is
 *   internal) rather than after its 5 s timeout, twice per run (validateBuild, then
 *   getLatestClientVersion), and every other fetch (the version map, telemetry) fails at once; nothing
 *   leaves the machine. Where unprivileged namespaces are refused, a preload makes os.networkInterfaces
 *   report none, which spares is-online's timeouts; the fetches then fail as the machine's network lets them.
 * - MINTLIFY_TELEMETRY_DISABLED=1: no PostHog event (whose send waits up to 10 s at exit).
 * - PATH led by this node's folder: bin/index.js starts `node` from PATH.
 * It writes nothing into the site's folder (checked: the vendor's docs are unchanged after a run).
 */
export function offlineMintValidate(site, home) {
  return offlineMint(site, home, ['validate']);
}

/** Another command of the platform's CLI run as offlineMintValidate runs `validate` (`broken-links --check-anchors`). */
export function offlineMint(site, home, command) {
  const client = join(home, '.mintlify', 'previews', 'shared', 'mint');
  mkdirSync(join(client, 'apps', 'client'), { recursive: true });
  writeFileSync(join(client, 'mint-version.txt'), '0.0.0-offline');
  const bin = join(installDir, 'node_modules', '@mintlify', 'cli', 'bin', 'index.js');
  const env = {
    HOME: home,
    MINTLIFY_TELEMETRY_DISABLED: '1',
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  };
  if (canUnshare())
    return {
      file: 'unshare',
      args: ['-rn', process.execPath, bin, ...command],
      cwd: site,
      env,
      offline: 'unshare -rn',
    };
  // NODE_OPTIONS splits at spaces, hence the escapes: import os from 'node:os'; os.networkInterfaces = () => ({});
  const preload = '--import=data:text/javascript,import%20os%20from%27node:os%27;os.networkInterfaces=()=>({});';
  return {
    file: process.execPath,
    args: [bin, ...command],
    cwd: site,
    env: { ...env, NODE_OPTIONS: preload },
    offline: 'no network interfaces (preload)',
  };
}
