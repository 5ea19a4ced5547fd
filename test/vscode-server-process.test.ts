// The extension's server process: how it ended, in the words the extension shows a writer.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeExit, lastWords, ServerProcess } from '../vscode/src/server-process';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-server-process-'));
const script = (name: string, text: string) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  return file;
};

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** What the extension would say of a server that runs `text` and ends on its own. */
async function endOf(name: string, text: string): Promise<string> {
  const server = new ServerProcess(script(name, text), folder);
  const child = await server.start();
  await new Promise((resolve) => child.once('close', resolve));
  return server.end();
}

describe('ServerProcess', () => {
  it('says with which code a crashing server exited, and its last line on stderr', async () => {
    const crash = 'process.stderr.write("first\\nnavlint: something broke\\n\\n"); process.exit(3);';
    expect(await endOf('crash.cjs', crash)).toBe('the server exited with code 3: navlint: something broke');
  });

  it('ends a server that still runs after the grace time, and says so', async () => {
    const server = new ServerProcess(script('hang.cjs', 'process.stdin.resume();'), folder, 50);
    const child = await server.start();
    expect(await server.end()).toBe('the server was stopped by SIGTERM');
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('ends a server at once when asked to (a client still starting cannot ask it to exit)', async () => {
    const server = new ServerProcess(script('hang.cjs', 'process.stdin.resume();'), folder, 60_000);
    await server.start();
    expect(await server.end(0)).toBe('the server was stopped by SIGTERM');
  });

  it('lets a server that was asked to exit finish on its own within the grace time', async () => {
    // Exits when its stdin closes, as navlint's server does after the exit notification.
    const polite = 'process.stdin.resume(); process.stdin.on("end", () => process.exit(0));';
    const server = new ServerProcess(script('polite.cjs', polite), folder, 60_000);
    const child = await server.start();
    child.stdin?.end();
    expect(await server.end()).toBe('the server exited with code 0');
  });

  it('passes the arguments vscode-languageclient would: lsp, --stdio and the client process id', async () => {
    const echo = 'process.stderr.write(process.argv.slice(2).join(" ")); process.exit(0);';
    expect(await endOf('echo.cjs', echo)).toBe(
      `the server exited with code 0: lsp --stdio --clientProcessId=${process.pid}`,
    );
  });

  it('has not started before start()', async () => {
    expect(await new ServerProcess(path.join(folder, 'none.cjs'), folder).end()).toBe('the server did not start');
  });
});

describe('describeExit', () => {
  it('names a signal, or a code, and leaves out an empty stderr', () => {
    expect(describeExit(null, 'SIGKILL', '')).toBe('the server was stopped by SIGKILL');
    expect(describeExit(1, null, '  \n')).toBe('the server exited with code 1');
    expect(lastWords('a\r\nb\r\n\r\n')).toBe('b');
  });

  it("names a thrown error's line, not Node's version or a stack frame", () => {
    const thrown =
      'file.js:1\nthrow new Error("boom")\n^\n\nError: boom\n    at Object.<anonymous> (file.js:1:7)\n\nNode.js v20.20.2\n';
    expect(describeExit(1, null, thrown)).toBe('the server exited with code 1: Error: boom');
  });
});
