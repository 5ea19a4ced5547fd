import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { ruleSet } from '../rules';
import { defaultConfig } from '../src/engine/config';
import type { Finding } from '../src/engine/finding';
import { lintOptionsOf, readModel, runRules, siteFor } from '../src/engine/lint';
import { readsSiteFiles } from '../src/engine/rule';
import { eventLoopTurns, fileSlices, findingsBySlice } from '../src/lsp/page-slices';
import { docsWith, makeSite, repo } from './helpers';

/**
 * A site whose findings in one file depend on others: links into other pages' anchors, a snippet's
 * relative anchor read on each page that renders it, imports, links that land only under a guessed
 * base path (reported at the site's first), directives, and docs.json's own links into the pages.
 */
function crossFileSite(): string {
  return makeSite({
    'docs.json': docsWith('{ "pages": ["a", "b", "c", "guides/d"] }').replace(
      '"navigation"',
      '"navbar": { "links": [{ "label": "Setup", "href": "/b#setup" }, { "label": "Gone", "href": "/a#gone" }] }, "navigation"',
    ),
    'a.mdx':
      '# A\n\nimport Note from "/snippets/note.mdx";\n\n<Note />\n\n[b](/b#install) [docs](/docs/b) ![](/missing.png)\n',
    'b.mdx': '# B\n\n## Install\n\n[docs](/docs/c) [a](/a#nowhere)\n',
    'c.mdx': '# C\n\n{/* navlint-disable-next-line page-link */}\n[x](/y)\n\nimport Gone from "/snippets/gone.mdx";\n',
    'guides/d.mdx': '# D\n\n<Note />\n\n[docs](/docs/a) [c](../c#top)\n',
    'snippets/note.mdx': '[here](#local) and [b](/b#setup)\n',
  });
}

/** A run of the rules that read the pages over a site (a fixture's name, or a folder), with the accessibility rules on too (more rules, more findings). */
function pageRuleRun(fixture: string) {
  const docsFile = path.join(path.isAbsolute(fixture) ? fixture : path.join(repo, 'fixtures', fixture), 'docs.json');
  const site = siteFor({ docsFile });
  const model = readModel(docsFile, site.root, site.files);
  const { extensionKey: _, ...config } = lintOptionsOf({ ...defaultConfig, a11y: 'warn' }, ruleSet);
  const options = { ...config, ruleFilter: readsSiteFiles, persistCaches: false };
  const docsFiles = model.files.map((file) => path.relative(site.root, file.path));
  return { site, model, options, docsFiles };
}

/** Findings as comparable lines, sorted: their file, place, rule, message and all else they carry. */
function lines(root: string, findings: readonly Finding[]): string[] {
  return findings.map(({ file, ...finding }) => `${path.relative(root, file.path)} ${JSON.stringify(finding)}`).sort();
}

/** The fixtures whose pages have findings, and the site above. */
const sites = () => ['broken-data', 'broken-links', 'broken-pages', 'broken-specs', 'migrate-site', crossFileSite()];

describe('a run of the rules that read the pages in slices of the files', () => {
  it.each(sites())('finds what a run in one piece finds: %s', async (fixture) => {
    const whole = pageRuleRun(fixture);
    const inOnePiece = runRules(whole.model, whole.site, whole.options);
    const expected = lines(whole.site.root, [...inOnePiece.findings, ...inOnePiece.suppressed]);
    expect(expected.length).toBeGreaterThan(0);
    // One page a slice: the most slices, where a rule that looks past its files would differ most.
    const sliced = pageRuleRun(fixture);
    const slices = fileSlices(sliced.site, sliced.docsFiles, 1);
    expect(slices.length).toBe(sliced.site.parsedPages().length + 1);
    const bySlice = await findingsBySlice(sliced.model, sliced.site, sliced.options, slices, () => false);
    expect(lines(sliced.site.root, bySlice ?? [])).toEqual(expected);
  });

  it('puts docs.json, its $ref files and every file that is not a parsed page in the first slice, then the pages in path order', () => {
    const { site, docsFiles } = pageRuleRun('example');
    const [first, ...pageSlices] = fileSlices(site, docsFiles, 2);
    expect(first.has('docs.json')).toBe(true);
    expect([...first].some((file) => site.parsedPages().includes(file))).toBe(false);
    expect(pageSlices.every((slice) => slice.size <= 2)).toBe(true);
    expect(pageSlices.flatMap((slice) => [...slice])).toEqual(site.parsedPages());
  });

  it('stops once superseded, with no findings', async () => {
    const { site, model, options, docsFiles } = pageRuleRun('broken-links');
    let asked = 0;
    const slices = fileSlices(site, docsFiles, 1);
    expect(await findingsBySlice(model, site, options, slices, () => ++asked > 2)).toBeUndefined();
    expect(asked).toBe(3);
  });
});

describe('between two slices', () => {
  it('a notification the server has been sent is handled before the next slice', async () => {
    // A real socket, as the editor's pipe: its bytes are read in the event loop's poll phase, decoded
    // on the reader's turn and handed over on the connection's, as they are between two slices.
    const folder = mkdtempSync(path.join(tmpdir(), 'navlint-turns-'));
    const socketPath = path.join(folder, 'lsp.sock');
    const accepted = new Promise<Socket>((resolve) => {
      const server = createServer((socket) => {
        server.close();
        resolve(socket);
      }).listen(socketPath);
    });
    const client = connect(socketPath);
    const serverSide = await accepted;
    const connection = createMessageConnection(
      new StreamMessageReader(serverSide),
      new StreamMessageWriter(serverSide),
    );
    let handled = 0;
    connection.onNotification('textDocument/didChange', () => void handled++);
    connection.listen();
    const send = (round: number) => {
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { round } });
      return new Promise<void>((resolve) =>
        client.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, () => resolve()),
      );
    };
    try {
      // The server has read messages before (initialize, the open): the socket is being read.
      await send(0);
      while (handled === 0) await new Promise(setImmediate);
      for (const round of [1, 2, 3]) {
        // Written as a slice runs: the bytes are there before the slice ends.
        await send(round);
        const slice = Date.now();
        while (Date.now() - slice < 20); // the slice, holding the thread
        await eventLoopTurns();
        expect(handled).toBe(round + 1);
      }
    } finally {
      connection.dispose();
      client.destroy();
      serverSide.destroy();
    }
  });
});
