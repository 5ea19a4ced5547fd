import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistry } from '../scripts/verdaccio.mjs';
import { makeSite, repo, sharedPath, temporaryFolder } from './helpers';
import { Client } from './lsp-client';
import { packedNavlint, version } from './release-helpers';

// A corpus site; on a fresh clone without ../shared, a fixture with findings.
const site =
  sharedPath('corpus/polarsource__polar', "the registry test's real site") ?? path.join(repo, 'fixtures/ten-mistakes');

let registry: Awaited<ReturnType<typeof startRegistry>>;
let published: ReturnType<typeof npm>;

/**
 * npm as a user in a fresh folder runs it: this test's registry and nothing else (no uplink), an
 * empty cache of its own, none of the npm_* variables `npm test` sets for its scripts.
 */
function npm(cwd: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  return spawnSync(args[0] === 'npx' ? 'npx' : 'npm', args[0] === 'npx' ? args.slice(1) : args, {
    cwd,
    encoding: 'utf8',
    env: { ...userEnvironment(), ...extra },
  });
}

let cache: string;
function userEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return {
    ...env,
    npm_config_userconfig: registry.npmrc,
    npm_config_registry: registry.url,
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    NO_COLOR: '1',
  };
}

/** A new empty project, as `npm init -y` makes it. */
function emptyProject(): string {
  const dir = makeSite({});
  expect(npm(dir, ['init', '-y']).status).toBe(0);
  return dir;
}

/** What the checkout's navlint reports on the site: the JSON the installed copy must match. */
function checkoutFindings(): string {
  const run = spawnSync(
    process.execPath,
    [path.join(repo, 'bin/navlint.cjs'), 'check', site, '--format', 'json', '--no-cache'],
    {
      encoding: 'utf8',
    },
  );
  expect(run.status).toBe(1);
  return run.stdout;
}

describe('navlint from an npm registry, as a docs team installs it', () => {
  beforeAll(async () => {
    registry = await startRegistry(temporaryFolder());
    cache = temporaryFolder('navlint-npm-cache-');
    published = npm(repo, ['publish', packedNavlint().tarball]);
  }, 300_000);
  afterAll(async () => registry?.stop());

  it('publishes the packed tarball', () => {
    expect([published.status, published.stdout.trim()]).toEqual([0, `+ navlint@${version}`]);
  });

  it('`npm install -D navlint` adds navlint alone, with no install script and no warning, and checks a site as the checkout does', () => {
    const project = emptyProject();
    const install = npm(project, ['install', '-D', 'navlint']);
    expect(install.status).toBe(0);
    expect(install.stdout).toContain('added 1 package');
    expect(install.stderr).toBe('');
    const tree = npm(project, ['ls', '--all', '--parseable']);
    expect(tree.stdout.trim().split('\n')).toEqual([project, path.join(project, 'node_modules', 'navlint')]);
    const run = npm(project, ['npx', 'navlint', 'check', site, '--format', 'json', '--no-cache']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(checkoutFindings());
  });

  it('`npm install -g navlint` puts navlint on the path', () => {
    const prefix = temporaryFolder();
    expect(npm(temporaryFolder(), ['install', '-g', 'navlint'], { npm_config_prefix: prefix }).status).toBe(0);
    const env = { ...userEnvironment(), PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}` };
    const run = spawnSync('navlint', ['--version'], { encoding: 'utf8', env, cwd: temporaryFolder() });
    expect([run.status, run.stdout]).toEqual([0, `${version}\n`]);
  });

  it('`npx --yes navlint@VERSION check` works with nothing installed', () => {
    const empty = temporaryFolder();
    const run = npm(empty, ['npx', '--yes', `navlint@${version}`, 'check', site, '--format', 'json', '--no-cache'], {
      npm_config_cache: temporaryFolder('navlint-npm-cache-'),
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(checkoutFindings());
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it("the installed copy's language server links each finding to its rule's page inside the package", async () => {
    const project = emptyProject();
    expect(npm(project, ['install', '-D', 'navlint']).status).toBe(0);
    const docs = makeSite({
      'docs.json': JSON.stringify({
        name: 'x',
        theme: 'mint',
        colors: { primary: '#000000' },
        navigation: { pages: ['gone'] },
      }),
    });
    const client = new Client(docs, { run: 'onType' }, path.join(project, 'node_modules/navlint/bin/navlint.cjs'));
    try {
      await client.initialize();
      await client.open('docs.json', fs.readFileSync(path.join(docs, 'docs.json'), 'utf8'));
      const [diagnostic] = await client.diagnostics('docs.json', 0, (list) => list.length > 0);
      expect(diagnostic.code).toBe('page-exists');
      const page = fileURLToPath(diagnostic.codeDescription!.href);
      expect(page).toBe(path.join(project, 'node_modules/navlint/rules/page-exists.md'));
      expect(fs.readFileSync(page, 'utf8')).toMatch(/^# page-exists\n/);
    } finally {
      await client.stop();
    }
  });
});
