import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const temporaryFolders: string[] = [];

/** A new empty temporary folder, removed after the test file (test/setup.ts). */
export function temporaryFolder(prefix = 'navlint-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryFolders.push(dir);
  return dir;
}

/** Removes every temporary folder this test file made. */
export function removeTemporaryFolders(): void {
  for (const dir of temporaryFolders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes files (path → text) into a new temporary folder and returns the folder. */
export function makeSite(files: Record<string, string>): string {
  const dir = temporaryFolder();
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

export { docsWith } from './sites';

/** The files of a cache namespace (src/common/cache-store.ts): those of its version folders, or of `sub` in each. */
export function cacheFiles(cacheDir: string, namespace: string, sub = ''): string[] {
  const folder = path.join(cacheDir, namespace);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).flatMap((version) => {
    const dir = path.join(folder, version, sub);
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(dir, entry.name))
      .sort();
  });
}

/** A keyed cache entry: its key, on the first line, and the JSON value after it. */
// biome-ignore lint/suspicious/noExplicitAny: tests reach into entries of every shape
export function readCacheEntry(file: string): { key: string; value: any } {
  const text = fs.readFileSync(file, 'utf8');
  const lineEnd = text.indexOf('\n');
  return { key: JSON.parse(text.slice(0, lineEnd)), value: JSON.parse(text.slice(lineEnd + 1)) };
}

/** Rewrites a keyed cache entry's value, its key kept (`value` a string: written as it is). */
export function writeCacheEntry(file: string, value: unknown): void {
  const text = fs.readFileSync(file, 'utf8');
  const head = text.slice(0, text.indexOf('\n') + 1);
  fs.writeFileSync(file, head + (typeof value === 'string' ? value : JSON.stringify(value)));
}

export const repo = path.resolve(__dirname, '..');

/**
 * A path in ../shared (the real-site corpus, the SARIF schema), or undefined with a one-line note
 * when it is absent, as on a fresh clone; CI has it beside the checkout.
 */
export function sharedPath(relative: string, usedBy: string): string | undefined {
  const file = path.resolve(repo, '../shared', relative);
  if (fs.existsSync(file)) return file;
  process.stderr.write(`note: ${usedBy} skipped: ../shared/${relative} is absent (CI has it)\n`);
  return undefined;
}

/**
 * The corpus's folder and its sites' entries, as INDEX.tsv lists them (each folder is the site's docs
 * folder); no sites, with a note, when ../shared is absent.
 */
export function corpusSites(usedBy: string): { corpus: string; sites: string[] } {
  const index = sharedPath('corpus/INDEX.tsv', usedBy);
  if (!index) return { corpus: '', sites: [] };
  const lines = fs.readFileSync(index, 'utf8').trim().split('\n').slice(1);
  return { corpus: path.dirname(index), sites: lines.map((line) => line.split('\t')[0]) };
}

/**
 * The first `count` .mdx pages of a corpus site (by path), each with its text: real pages for a
 * differential test; undefined, with a note, when ../shared is absent.
 */
export function corpusPages(site: string, count: number, usedBy: string): { page: string; text: string }[] | undefined {
  const dir = sharedPath(`corpus/${site}`, usedBy);
  if (!dir) return undefined;
  const pages = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .slice(0, count);
  if (pages.length < count) throw new Error(`corpus/${site} has ${pages.length} pages, fewer than ${count}`);
  return pages.map((page) => ({ page, text: fs.readFileSync(path.join(dir, page), 'utf8') }));
}

const bin = path.join(repo, 'bin/navlint.cjs');

interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Ends the run with SIGTERM past this (its code is then null): for a run that would never end. */
  timeoutMs?: number;
}
const environment = (options: RunOptions) => ({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...options.env });

/** Runs the built CLI as a user does; colour is off unless asked for. */
export function navlint(args: string[], options: RunOptions = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? repo,
    encoding: 'utf8',
    env: environment(options),
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process (for tests that serve the CLI from here); `started` is given the process (to signal it). */
export function navlintAsync(
  args: string[],
  options: RunOptions & { started?: (child: ChildProcess) => void } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? repo, env: environment(options) });
    options.started?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A copy of navlint's build whose parse worker first runs `workerPrefix` (code that sees the worker's
 * port, e.g. to exit or hang on some text): for how the rest copes with a worker that misbehaves.
 * Returns the copy's bin/navlint.cjs.
 */
export function buildWithWorkerPrefix(workerPrefix: string): string {
  const copy = temporaryFolder();
  fs.cpSync(path.join(repo, 'bin'), path.join(copy, 'bin'), { recursive: true });
  fs.cpSync(path.join(repo, 'dist'), path.join(copy, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(copy, 'package.json'));
  const worker = path.join(copy, 'dist/mdx-worker.cjs');
  fs.writeFileSync(worker, `${workerPrefix}\n${fs.readFileSync(worker, 'utf8')}`);
  return path.join(copy, 'bin/navlint.cjs');
}

/**
 * An HTTP server on 127.0.0.1 for a test file's requests: its base URL, and `stop`, which ends the
 * responses the handler left hanging (in `hanging`) and closes it.
 */
export async function localServer(
  handler: http.RequestListener,
  hanging: http.ServerResponse[] = [],
): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
