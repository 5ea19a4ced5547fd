// A code-server window for the VS Code extension's end-to-end test and benchmark: the built .vsix
// installed into its own extensions folder, a user-data folder with the given settings, and the
// server started on a free port of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCodeServer } from './code-server-install.mjs';

/** The settings every window starts with: nothing opened, trusted, no telemetry, nothing saved behind the test's back. */
export const quietSettings = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'files.autoSave': 'off',
};

/** Installs a .vsix into `extensions`; throws with code-server's words when it does not. */
export function installExtension(vsix, { userData, extensions }) {
  const entry = ensureCodeServer();
  mkdirSync(extensions, { recursive: true });
  const install = spawnSync(
    process.execPath,
    [entry, '--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', vsix],
    { encoding: 'utf8' },
  );
  if (!/Extension '.*' was successfully installed\./.test(install.stdout))
    throw new Error(`code-server did not install ${vsix}: ${install.stdout}${install.stderr}`);
}

/**
 * Starts code-server on `folder`, resolving with its URL once it listens, and a function that stops
 * it. `env` is the environment the extension's server inherits.
 */
export function startCodeServer({ userData, extensions, folder, settings = {}, env = process.env }) {
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ ...quietSettings, ...settings }));
  const server = spawn(
    process.execPath,
    [
      ensureCodeServer(),
      ...['--auth', 'none', '--bind-addr', '127.0.0.1:0', '--disable-telemetry', '--disable-workspace-trust'],
      ...['--user-data-dir', userData, '--extensions-dir', extensions, folder],
    ],
    // Its own process group: stopping it stops VS Code's extension host and navlint's server with it.
    { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true },
  );
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  };
  const url = new Promise((resolve, reject) => {
    let seen = '';
    const read = (chunk) => {
      seen += chunk.toString();
      const listening = /HTTP server listening on (http:\/\/[\d.:]+)/.exec(seen);
      if (listening) resolve(listening[1]);
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`code-server exited (${code}): ${seen}`)));
  });
  return url.then((address) => ({ url: `${address}/?folder=${encodeURIComponent(folder)}`, stop }));
}
