// Measures the language server as an editor feels it: the time from a one-character didChange of
// docs.json (a one-character range, as the server asks for incremental changes) to the
// publishDiagnostics that answers it, median of several edits, caches warm; and the server's peak memory.
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
  const { capabilities } = await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  // As an editor does: only the edited range when the server takes incremental changes (kind 2).
  const sync = capabilities.textDocumentSync;
  const incremental = (typeof sync === 'number' ? sync : sync?.change) === 2;
  await connection.sendNotification('initialized', {});
  await first;
  const opened = next();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  await opened;

  const times = [];
  const at = text.indexOf('"group": "') + '"group": "'.length;
  const before = text.slice(0, at).split('\n');
  const position = { line: before.length - 1, character: before[before.length - 1].length };
  for (let i = 0; i < edits; i++) {
    const typed = String.fromCharCode(65 + i);
    const change = incremental ? { range: { start: position, end: { ...position, character: position.character + 1 } }, text: typed } : { text: text.slice(0, at) + typed + text.slice(at + 1) };
    await new Promise((resolve) => setTimeout(resolve, 250)); // a pause between keystrokes, past the debounce
    const published = next();
    const start = process.hrtime.bigint();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [change] });
    await published;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  // The server's peak resident memory, where /proc says it (Linux).
  let mb = NaN;
  try {
    mb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    // not Linux
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], mb };
}
