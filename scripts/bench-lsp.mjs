// Measures the language server as an editor feels it, on one site:
// - first diagnostics: from starting the server (initialize, initialized and didOpen of docs.json
//   sent at once, as an editor opening the file does) to the first publishDiagnostics of docs.json;
//   and to when the findings in the pages are there too (a code action in a page is answered);
// - a keystroke: from a one-character didChange of docs.json (a one-character range, as the server
//   asks for incremental changes) to the publishDiagnostics that answers it, median of several
//   edits, at the start of the file and in its middle;
// - publishes: how many publishDiagnostics of docs.json each change brought, and how many came with
//   no change to answer (there should be none), each checked to carry the version of its change;
// - the server's peak memory;
// - and, by itself (measurePageKeystrokes), a keystroke in an open page to that page's diagnostics.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { pageEntries } from './page-entries.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ticks = 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/** CPU time (user + system, ms) a process has used so far, where /proc says it (Linux): a figure a busy shared machine does not inflate. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return NaN;
  }
}

/**
 * `navlint lsp --stdio` with its cache folder, and a connection to it (not listening yet).
 * BENCH_LSP_NODE_FLAGS go to the server's node: `--cpu-prof --cpu-prof-dir=DIR` profiles the keystrokes.
 */
function spawnServer(bin, cacheDir) {
  const env = cacheDir === undefined ? process.env : { ...process.env, NAVLINT_CACHE_DIR: cacheDir };
  const server = spawn(
    process.execPath,
    [...(process.env.BENCH_LSP_NODE_FLAGS ?? '').split(' ').filter(Boolean), bin, 'lsp', '--stdio'],
    { stdio: ['pipe', 'pipe', 'inherit'], env },
  );
  const connection = createMessageConnection(
    new StreamMessageReader(server.stdout),
    new StreamMessageWriter(server.stdin),
  );
  return { server, connection };
}

export async function measureLsp(
  bin,
  dir,
  /** @type {{ cacheDir?: string, edits?: number, pauseMs?: number }} */ options = {},
) {
  const { cacheDir, edits = 7, pauseMs = 300 } = options;
  const start = process.hrtime.bigint();
  const { server, connection } = spawnServer(bin, cacheDir);
  const uri = pathToFileURL(join(dir, 'docs.json')).href;
  const published = []; // the version of each publish of docs.json
  let waiting;
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    if (params.uri !== uri) return;
    published.push(params.version);
    if (waiting) waiting();
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const next = () => new Promise((resolve) => (waiting = resolve));
  const text = readFileSync(join(dir, 'docs.json'), 'utf8');

  const first = next();
  const { capabilities } = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
  });
  // As an editor does: only the edited range when the server takes incremental changes (kind 2).
  const sync = capabilities.textDocumentSync;
  const incremental = (typeof sync === 'number' ? sync : sync?.change) === 2;
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  await first;
  const firstMs = Number(process.hrtime.bigint() - start) / 1e6;
  const firstCpuMs = cpuMs(server.pid);
  // docs.json's diagnostics come before the rule that reads every page has run: a code action in a
  // page waits for it, so its answer tells when the pages' findings are there too.
  const page = pageEntries(dir).find((entry) => existsSync(join(dir, `${entry}.mdx`)));
  if (page !== undefined) {
    const position = { line: 0, character: 0 };
    await connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: pathToFileURL(join(dir, `${page}.mdx`)).href },
      range: { start: position, end: position },
      context: { diagnostics: [] },
    });
  }
  const pagesMs = Number(process.hrtime.bigint() - start) / 1e6;
  await sleep(1500); // whatever else the start brings, before the edits
  const atStart = published.length;

  const keystroke = { connection, uri, edits, incremental, next, pauseMs };
  const times = await groupNameKeystrokes(keystroke, text);
  // The page entry's edits come after the group name's, on the text those left (an even count: restored).
  const entryTimes = await pageEntryKeystrokes({ ...keystroke, version: edits + 1 }, groupNamesEdited(text, edits));
  // Then the site's name, after whose edits the rules that read the pages run over every page.
  const nameTimes = await siteNameKeystrokes({ ...keystroke, version: 2 * edits + 1 }, groupNamesEdited(text, edits));
  const answered = [...times, ...entryTimes, ...nameTimes].filter((t) => published.includes(t.version)).length;
  await sleep(1000);
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
  const median = (list) => list.map((t) => t.ms).sort((a, b) => a - b)[list.length >> 1];
  const worst = (list) => Math.max(...list.map((t) => t.ms));
  return {
    firstMs,
    firstCpuMs,
    pagesMs,
    ms: median(times),
    worstMs: worst(times),
    pageEntryMs: median(entryTimes),
    pageEntryWorstMs: worst(entryTimes),
    siteNameMs: median(nameTimes),
    siteNameWorstMs: worst(nameTimes),
    mb,
    // Publishes beyond one per change: at the start (the open is one change) and after the edits.
    extraPublishes: atStart - 1 + (published.length - atStart - 3 * edits),
    versioned: answered === 3 * edits && published[atStart - 1] === 1,
    ...(process.env.BENCH_DEBUG ? { published, edits: [...times, ...entryTimes, ...nameTimes] } : {}),
  };
}

/**
 * The server alone, started as navlint's VS Code extension starts it in a window with no document
 * open (it says so in `openAtStart`): from the spawn to docs.json's first diagnostics, in ms.
 */
export async function measureServerStart(bin, dir, /** @type {{ cacheDir?: string }} */ options = {}) {
  const { cacheDir } = options;
  const start = process.hrtime.bigint();
  const { connection } = spawnServer(bin, cacheDir);
  const uri = pathToFileURL(join(dir, 'docs.json')).href;
  const first = new Promise((resolve) =>
    connection.onNotification('textDocument/publishDiagnostics', (params) => params.uri === uri && resolve()),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
    initializationOptions: { openAtStart: [] },
  });
  await connection.sendNotification('initialized', {});
  await first;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  return ms;
}

/** The position of an offset of a text, in LSP's lines and UTF-16 characters. */
function positionAt(text, at) {
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/**
 * Sends keystrokes, one change each, and times each to the publish that answers it: `keystroke(i)`
 * is the i-th edit of the text (replace `length` characters at `at` with `typed`), as an editor sends it.
 */
async function keystrokes({ connection, uri, edits, incremental, next, pauseMs, version = 1 }, text, keystroke) {
  const times = [];
  let current = text;
  for (let i = 0; i < edits; i++) {
    const { at, length, typed } = keystroke(i);
    const range = { start: positionAt(current, at), end: positionAt(current, at + length) };
    current = current.slice(0, at) + typed + current.slice(at + length);
    const change = incremental ? { range, text: typed } : { text: current };
    await sleep(pauseMs); // a pause between keystrokes, past the debounce
    const publish = next();
    const sent = process.hrtime.bigint();
    version++;
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [change],
    });
    await publish;
    times.push({ ms: Number(process.hrtime.bigint() - sent) / 1e6, version, sentUs: Number(sent / 1000n) });
  }
  return times;
}

/** Where the group name keystrokes type: one character of a group's name near the top of the file, and in its middle. */
function groupNamePlaces(text) {
  const marker = '"group": "';
  return [text.indexOf(marker) + marker.length, text.indexOf(marker, text.length >> 1) + marker.length];
}

const groupNameEdit = (places, i) => ({ at: places[i % 2], length: 1, typed: String.fromCharCode(65 + i) });

/** Keystrokes replacing one character of a group's name. */
function groupNameKeystrokes(session, text) {
  const places = groupNamePlaces(text);
  return keystrokes(session, text, (i) => groupNameEdit(places, i));
}

/** The text after the group name keystrokes. */
function groupNamesEdited(text, edits) {
  const places = groupNamePlaces(text);
  for (let i = 0; i < edits; i++) {
    const { at, length, typed } = groupNameEdit(places, i);
    text = text.slice(0, at) + typed + text.slice(at + length);
  }
  return text;
}

/**
 * Keystrokes on a page entry in the middle of the file, as a writer editing a path: its last character
 * deleted (the entry then names no page, and a did-you-mean is looked for), then typed back.
 */
function pageEntryKeystrokes(session, text) {
  const entry = /"pages": \[\s*"([^"]+)"/g;
  entry.lastIndex = text.length >> 1;
  const match = entry.exec(text);
  const end = match.index + match[0].length - 1; // the entry's closing quote
  const last = match[1].slice(-1);
  return keystrokes(session, text, (i) =>
    i % 2 === 0 ? { at: end - 1, length: 1, typed: '' } : { at: end - 1, length: 0, typed: last },
  );
}

/**
 * Keystrokes in the site's name, docs.json's `"name"`: a character typed at its end, then deleted. No
 * page's findings can change, but the language server cannot tell, so the rules that read the pages
 * run over every page after each one (in slices, stopped by the next keystroke).
 */
function siteNameKeystrokes(session, text) {
  const name = /"name":\s*"[^"]*"/.exec(text);
  const end = name.index + name[0].length - 1; // the value's closing quote
  return keystrokes(session, text, (i) =>
    i % 2 === 0 ? { at: end, length: 0, typed: 'x' } : { at: end, length: 1, typed: '' },
  );
}

/**
 * A keystroke in an open page (issue 26): the server started on a site, the page opened (as an
 * editor opening it: the site's lint starts with it), its pages' findings waited for (a code action
 * in the page), then keystrokes in the page, each timed from its didChange (a one-character range)
 * to the publishDiagnostics of the page's URI with its version. A keystroke that leaves a clean page
 * clean gets no publish (the server publishes a page's diagnostics when it has some, or had), so
 * there would be nothing to wait for: these keystrokes type a `<` at the start of a line of prose in
 * the middle of the page (the page no longer parses: an mdx-syntax finding) and delete it (the
 * finding goes), in turn, as a writer starting a component would. `edits` is even: the page is left
 * as it was. Each wait ends after `timeoutMs` (then NaN).
 */
export async function measurePageKeystrokes(
  bin,
  dir,
  page,
  /** @type {{ cacheDir?: string, edits?: number, timeoutMs?: number }} */ options = {},
) {
  const { cacheDir, edits = 8, timeoutMs = 10_000 } = options;
  const { server, connection } = spawnServer(bin, cacheDir);
  const docsUri = pathToFileURL(join(dir, 'docs.json')).href;
  const file = join(dir, `${page}.mdx`);
  const uri = pathToFileURL(file).href;
  const waiters = [];
  const published = []; // [version, diagnostics count] of each publish of the page
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    if (params.uri === uri) published.push([params.version, params.diagnostics.length]);
    for (const waiter of [...waiters])
      if (waiter.uri === params.uri && (waiter.version === undefined || waiter.version === params.version))
        waiter.resolve(params);
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const publishOf = (target, version, limit = timeoutMs) =>
    new Promise((resolve) => {
      const waiter = {
        uri: target,
        version,
        resolve: (params) => {
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(waiter), 1);
          resolve(params);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        resolve(undefined);
      }, limit);
      waiters.push(waiter);
    });
  const text = readFileSync(file, 'utf8');

  const start = process.hrtime.bigint();
  const lintDone = publishOf(docsUri, undefined, 600_000);
  const { capabilities } = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
  });
  const sync = capabilities.textDocumentSync;
  const incremental = (typeof sync === 'number' ? sync : sync?.change) === 2;
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mdx', version: 1, text },
  });
  await lintDone;
  const position = { line: 0, character: 0 };
  await connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: position, end: position },
    context: { diagnostics: [] },
  });
  const readyMs = Number(process.hrtime.bigint() - start) / 1e6;
  await sleep(1500); // whatever else the start brings, before the edits

  // The start of a line of prose in the middle of the page.
  const prose = /^[A-Z][a-z]+ /gm;
  prose.lastIndex = text.length >> 1;
  const at = prose.exec(text).index;
  const times = [];
  let current = text;
  for (let i = 0, version = 1; i < edits; i++) {
    const typing = i % 2 === 0;
    const range = { start: positionAt(current, at), end: positionAt(current, typing ? at : at + 1) };
    current = typing ? `${current.slice(0, at)}<${current.slice(at)}` : current.slice(0, at) + current.slice(at + 1);
    const change = incremental ? { range, text: typing ? '<' : '' } : { text: current };
    await sleep(300); // a pause between keystrokes, past the debounce
    version++;
    const publish = publishOf(uri, version);
    const sent = process.hrtime.bigint();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [change],
    });
    const params = await publish;
    // Answered: published with the change's version, with a parse error when the `<` is in, none when it is out.
    const answered = params !== undefined && params.diagnostics.some((d) => d.code === 'mdx-syntax') === typing;
    times.push(answered ? Number(process.hrtime.bigint() - sent) / 1e6 : NaN);
  }
  await sleep(1000);
  let mb = NaN;
  try {
    mb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    // not Linux
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  const answered = times.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    ms: answered.length ? answered[answered.length >> 1] : NaN,
    worstMs: answered.length ? answered[answered.length - 1] : NaN,
    readyMs,
    mb,
    bytes: Buffer.byteLength(text),
    answered: answered.length === edits,
    published,
  };
}
