import * as fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { docsWith, makeSite } from './helpers';
import { Client } from './lsp-client';
import { page, usersSpec } from './sites';

const docs = docsWith(`{ "groups": [{ "group": "G", "pages": ["index", "missing"] }] }`);
const clients: Client[] = [];
afterAll(() => {
  for (const client of clients) if (client.process.exitCode === null) client.process.kill();
});

/** Resident memory of a process, in MB, from /proc. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe('the language server under a storm', () => {
  it('thousands of rapid edits and random JSON-RPC messages leave it alive, answering, and back at its memory baseline', async () => {
    const client = new Client(makeSite({ 'docs.json': docs, 'index.mdx': page() }));
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docs);
    await client.diagnostics('docs.json', 0, (d) => d.length === 1);
    const baseline = rssMb(client.process.pid!);

    // 3,000 edits as fast as the pipe takes them: text growing, shrinking, valid and broken.
    const edits = fc.sample(
      fc.oneof(
        fc.constant(docs),
        fc.string({ maxLength: 200 }),
        fc.jsonValue().map((v) => JSON.stringify({ navigation: v })),
      ),
      { numRuns: 3000, seed: 11 },
    );
    edits.forEach((text, i) => void client.change('docs.json', text, i + 2));

    // 300 random messages: unknown methods, known methods with nonsense, requests and notifications.
    const methods = [
      'textDocument/hover',
      'textDocument/completion',
      'textDocument/definition',
      'textDocument/codeAction',
      'workspace/didChangeWatchedFiles',
      'textDocument/didOpen',
      'navlint/nothing',
      '$/cancelRequest',
      'initialize',
    ];
    const messages = fc.sample(fc.tuple(fc.constantFrom(...methods), fc.jsonValue(), fc.boolean()), {
      numRuns: 300,
      seed: 12,
    });
    const answers = messages.map(([method, params, request]) =>
      request
        ? client.connection.sendRequest(method, params as object).then(
            () => 'answered',
            () => 'refused',
          )
        : client.connection.sendNotification(method, params as object).then(() => 'sent'),
    );
    // And frames that are not JSON at all.
    client.process.stdin!.write('Content-Length: 12\r\n\r\n{"jsonrpc":2');
    client.process.stdin!.write('Content-Length: 2\r\n\r\n[]');
    // Every request gets an answer (a result or an error response); no message takes the server down.
    const outcomes = await Promise.all(answers);
    expect(outcomes.filter((o) => o === 'answered' || o === 'refused').length).toBe(
      messages.filter(([, , request]) => request).length,
    );

    // Still linting what the editor shows, and still answering.
    const mark = client.published.length;
    await client.change('docs.json', docs, 5000);
    expect(
      (await client.diagnostics('docs.json', mark, (d) => d.length === 1 && d[0].code === 'page-exists', 20_000))[0]
        .message,
    ).toBe('page "missing" not found: no missing.mdx or missing.md');
    const hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: client.uri('docs.json') },
      position: { line: 0, character: 0 },
    });
    expect(hover).toBeNull();

    // Memory settles back near where it started once the storm is over, when the garbage collector
    // gets to it: looked at until it has, and failed if it has not within a minute, a bound only a
    // leak reaches.
    const settleBy = Date.now() + 60_000;
    let after = rssMb(client.process.pid!);
    while (after >= baseline + 60 && Date.now() < settleBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = rssMb(client.process.pid!);
    }
    expect(after, `RSS ${baseline.toFixed(0)} MB before, ${after.toFixed(0)} MB after`).toBeLessThan(baseline + 60);
    expect(await client.stop()).toBe(0);
  }, 120_000);

  it('answers a request whose params break the protocol with InvalidParams saying what it needs, and goes on', async () => {
    const client = new Client(makeSite({ 'docs.json': docs, 'index.mdx': page() }));
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', docs);
    const refusal = (method: string, params: unknown) =>
      client.connection.sendRequest(method, params as object).then(
        () => 'answered',
        (error: { code: number; message: string }) => `${error.code} ${error.message}`,
      );
    const position = 'textDocument.uri (a string) and position {line, character} (integers from 0)';
    const uri = client.uri('docs.json');
    for (const method of ['textDocument/completion', 'textDocument/hover', 'textDocument/definition'])
      for (const params of [null, {}, { textDocument: null }, { textDocument: { uri }, position: 'x' }])
        expect(await refusal(method, params)).toBe(`-32602 ${method} needs ${position}`);
    const range = 'textDocument.uri (a string), range {start, end} and context {diagnostics: [...]}';
    const at = { line: 0, character: 0 };
    for (const params of [
      null,
      { textDocument: { uri } },
      { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: 1 } },
    ])
      expect(await refusal('textDocument/codeAction', params)).toBe(`-32602 textDocument/codeAction needs ${range}`);
    expect(await refusal('textDocument/hover', { textDocument: { uri }, position: at })).toBe('answered');
    expect(await client.stop()).toBe(0);
  });

  it("gives every completion item, at any position of an intact or cut docs.json, a one-line textEdit over the cursor, from the cursor or the string's opening quote", async () => {
    const text = docsWith(
      `{ "tabs": [{ "tab": "T", "openapi": "users.yaml", "groups": [{ "group": "G", "icon": { "name": "x" }, "pages": ["index", "GET /users", ""] }] }] }`,
    ).replace('{\n', '{\n  "styling": { "eyebrows": "section" },\n');
    const client = new Client(makeSite({ 'docs.json': text, 'index.mdx': page(), 'users.yaml': usersSpec }));
    clients.push(client);
    await client.initialize();
    await client.open('docs.json', text);
    const cases = fc.sample(fc.tuple(fc.nat(text.length), fc.nat(text.length)), { numRuns: 150, seed: 13 });
    let version = 1;
    let offered = 0;
    for (const [cut, at] of cases) {
      // Half the cases cut the file short, as typing at its end does.
      const current = cut % 2 === 0 ? text : text.slice(0, cut);
      const offset = Math.min(at, current.length);
      await client.change('docs.json', current, ++version);
      const before = current.slice(0, offset).split('\n');
      const position = { line: before.length - 1, character: before[before.length - 1].length };
      const items = (await client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri: client.uri('docs.json') },
        position,
      })) as { insertText?: string; textEdit: { range: { start: typeof position; end: typeof position } } }[];
      offered += items.length;
      for (const { insertText, textEdit } of items) {
        const { start, end } = textEdit.range;
        const where = `${JSON.stringify(current.slice(Math.max(0, offset - 20), offset))}|${JSON.stringify(current.slice(offset, offset + 20))}`;
        expect(insertText, where).toBeUndefined();
        expect([start.line, end.line], where).toEqual([position.line, position.line]);
        expect(start.character <= position.character && position.character <= end.character, where).toBe(true);
        // A string's edit starts just after its opening quote; another value's (true, 2) at the quote.
        const line = current.split('\n')[start.line];
        if (start.character !== position.character)
          expect(line[start.character - 1] === '"' || line[start.character] === '"', where).toBe(true);
      }
    }
    expect(offered).toBeGreaterThan(100);
    expect(await client.stop()).toBe(0);
  }, 60_000);
});
