// Shared by the analytics tests: the CLI run against the local contract server, and temporary folders
// that are removed after each test.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { type Dataset, type Fault, type Pages, startServer } from '../scripts/analytics-server.mjs';
import { navlintAsync, repo } from './helpers';

export const key = 'mint_Ab3dEf6hIj9kLmN0pQrStUvWxYz';
/** Everything the CLI printed or wrote in this file's tests, to prove the key never appears. */
export const outputs: string[] = [];

export interface ServerOptions {
  faults?: Record<number, Fault>;
  endless?: boolean;
  pages?: Pages;
}

const folders: string[] = [];
/** A new empty folder, removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-analytics-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `navlint analytics ARGS` against a new contract server serving `dataset`, and the requests it got. */
export async function exportWith(
  dataset: Dataset,
  args: string[],
  options: ServerOptions & { env?: Record<string, string | undefined>; cwd?: string } = {},
) {
  const server = await startServer({
    dataset,
    key,
    faults: options.faults,
    endless: options.endless,
    pages: options.pages,
  });
  try {
    const base = args.includes('--base-url') ? [] : ['--base-url', server.url];
    const result = await navlintAsync(['analytics', ...args, ...base], {
      cwd: options.cwd,
      env: { NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok', ...options.env },
    });
    outputs.push(result.stdout, result.stderr);
    return { ...result, requests: server.log };
  } finally {
    await server.close();
  }
}

/** The CLI as a child process of its own, for the tests that signal it or close its stdout. */
export function spawnExport(url: string, args: string[], cwd: string): ChildProcessWithoutNullStreams {
  const command = [path.join(repo, 'bin/navlint.cjs'), 'analytics', ...args, '--base-url', url];
  return spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok' },
  });
}

/** Its exit: the code (or the signal that ended it), and what it printed. */
export function exited(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code, signal) => {
      outputs.push(stdout, stderr);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Waits until `done()` holds, looking every 10 ms: only the test's own timeout bounds it. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

export const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** The last test of a file: the key is in none of its outputs. */
export function keyNeverPrinted(atLeast: number): void {
  it('never prints the key', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(atLeast);
    for (const text of outputs) expect(text).not.toContain(key.slice(5));
  });
}
