// code-server (VS Code in a browser, from the npm registry) installed into a cache folder outside the
// repository, for the VS Code extension's end-to-end test and benchmark. Its own postinstall downloads
// ripgrep from the internet; the same steps are done here offline, with Debian's rg (`.ci/run` installs
// ripgrep, libkrb5-dev and pkg-config for the native modules).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installOnce } from './install-once.mjs';

/** VS Code 1.100: the last code-server that runs on Node 20. */
export const CODE_SERVER_VERSION = '4.100.3';
const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'navlint', 'code-server');
export const codeServerDir = join(cacheRoot, `code-server-${CODE_SERVER_VERSION}`);
export const codeServerEntry = join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

const note = (text) => process.stderr.write(`${text}\n`);

function run(command, args, cwd, allowFailure = false) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (result.status !== 0 && !allowFailure)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal})`);
}

const npmInstall = ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

/** Installs code-server once (about 2 minutes). */
export function ensureCodeServer() {
  installOnce(codeServerDir, (staging) => {
    note(`installing code-server@${CODE_SERVER_VERSION} into ${codeServerDir} (about 2 minutes, once)`);
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n');
    run('npm', [...npmInstall, `code-server@${CODE_SERVER_VERSION}`], staging);
    // npm 11 runs a dependency's install script only when the project allows it.
    writeFileSync(join(staging, '.npmrc'), 'allow-scripts=argon2\n');
    run('npm', ['rebuild', 'argon2'], staging);
    const vscode = join(staging, 'node_modules', 'code-server', 'lib', 'vscode');
    run('npm', [...npmInstall, '--omit=dev'], vscode);
    const rg = join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin');
    mkdirSync(rg, { recursive: true });
    copyFileSync('/usr/bin/rg', join(rg, 'rg'));
    // node-pty's own post-install step fails offline after its build; the build is what matters.
    const natives = ['kerberos', '@vscode/spdlog', 'native-watchdog', '@vscode/deviceid', 'node-pty'];
    writeFileSync(join(vscode, '.npmrc'), `allow-scripts=${natives.join(',')}\n`);
    run('npm', ['rebuild', ...natives], vscode, true);
    if (!existsSync(join(vscode, 'node_modules', 'node-pty', 'build', 'Release', 'pty.node')))
      throw new Error('node-pty did not build');
    run('npm', [...npmInstall, '--omit=dev'], join(vscode, 'extensions'));
  });
  return codeServerEntry;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureCodeServer();
