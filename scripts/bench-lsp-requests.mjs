// Times the language server's completion, hover and definition requests on one site, once its first
// diagnostics are out: each request at a few places of docs.json (near its start, in its middle, near
// its end), the median of several runs each. Not part of `npm run bench`:
//   node scripts/bench-lsp-requests.mjs DIR [runs]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/navlint.cjs');

export async function measureRequests(dir, runs = 7) {
  const server = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(
    new StreamMessageReader(server.stdout),
    new StreamMessageWriter(server.stdin),
  );
  const uri = pathToFileURL(join(dir, 'docs.json')).href;
  let published;
  const first = new Promise((resolve) => (published = resolve));
  connection.onNotification('textDocument/publishDiagnostics', (params) => params.uri === uri && published());
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const text = readFileSync(join(dir, 'docs.json'), 'utf8');
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  await first;
  await sleep(1500); // the start's own work (its file watcher, the caches) out of the way

  const positionOf = (offset) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  };
  /** Inside a string that starts with `marker` (its quote included), at the first match from a fraction of the file on. */
  const inString = (marker, fraction) => {
    const at = text.indexOf(marker, Math.floor(text.length * fraction));
    return at < 0 ? undefined : positionOf(at + 3);
  };
  // A page entry, an endpoint entry and a key, near the start (5%), in the middle and near the end (95%).
  const places = { start: 0.05, middle: 0.5, end: 0.95 };
  const page = /"(?![A-Z]+ \/)[\w-]+\/[^"]*"/g;
  const entryAt = (pattern, fraction) => {
    pattern.lastIndex = Math.floor(text.length * fraction);
    const match = pattern.exec(text);
    return match ? positionOf(match.index + 3) : undefined;
  };
  const endpoint = /"(GET|POST|PUT|PATCH|DELETE) \/[^"]*"/g;
  const request = (method, position) => connection.sendRequest(method, { textDocument: { uri }, position });
  const time = async (method, position) => {
    if (!position) return { ms: NaN };
    const times = [];
    let answer;
    for (let i = 0; i < runs; i++) {
      const sent = process.hrtime.bigint();
      answer = await request(method, position);
      times.push(Number(process.hrtime.bigint() - sent) / 1e6);
    }
    times.sort((a, b) => a - b);
    const size = Array.isArray(answer) ? answer.length : answer ? 1 : 0;
    return { ms: times[Math.floor(times.length / 2)], size };
  };
  const rows = [];
  for (const [place, fraction] of Object.entries(places)) {
    rows.push({
      request: 'completion (page entry)',
      place,
      ...(await time('textDocument/completion', entryAt(page, fraction))),
    });
    rows.push({
      request: 'completion (key)',
      place,
      ...(await time('textDocument/completion', inString('"expanded', fraction) ?? inString('"group', fraction))),
    });
    rows.push({
      request: 'hover (endpoint entry)',
      place,
      ...(await time('textDocument/hover', entryAt(endpoint, fraction))),
    });
    rows.push({ request: 'hover (page entry)', place, ...(await time('textDocument/hover', entryAt(page, fraction))) });
    rows.push({
      request: 'definition (page entry)',
      place,
      ...(await time('textDocument/definition', entryAt(page, fraction))),
    });
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, runs] = process.argv.slice(2);
  const rows = await measureRequests(dir, runs ? Number(runs) : undefined);
  for (const row of rows)
    console.log(
      `${row.request.padEnd(26)} ${row.place.padEnd(7)} ${Number.isNaN(row.ms) ? '      -' : row.ms.toFixed(1).padStart(7)} ms  (${row.size ?? 0} in the answer)`,
    );
}
