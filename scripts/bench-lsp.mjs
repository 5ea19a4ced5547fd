// Measures the language server as an editor feels it: the time from a one-character didChange of
// docs.json to the publishDiagnostics that answers it, median of several edits, caches warm.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

export async function measureLsp(bin, dir, edits = 7) {
  const server = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const uri = pathToFileURL(join(dir, 'docs.json')).href;
  let waiting;
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    if (params.uri === uri && waiting) waiting();
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const next = () => new Promise((resolve) => (waiting = resolve));
  const text = readFileSync(join(dir, 'docs.json'), 'utf8');

  const first = next();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  await connection.sendNotification('initialized', {});
  await first;
  const opened = next();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  await opened;

  const times = [];
  const at = text.indexOf('"group": "') + '"group": "'.length;
  for (let i = 0; i < edits; i++) {
    const edited = text.slice(0, at) + String.fromCharCode(65 + i) + text.slice(at + 1);
    await new Promise((resolve) => setTimeout(resolve, 250)); // a pause between keystrokes, past the debounce
    const published = next();
    const start = process.hrtime.bigint();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ text: edited }] });
    await published;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
