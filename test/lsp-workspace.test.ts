import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { DocumentStore, uriOf } from '../src/lsp/documents';
import { debounceMs, watchAfterMs } from '../src/lsp/scheduler';
import { type ServerSettings, Workspace } from '../src/lsp/workspace';
import { docsWith, makeSite } from './helpers';
import { fakeConnection, fakeWatchHost } from './lsp-fakes';

/**
 * The workspace with real sites on disk and a real document store, the client faked: what it
 * publishes (file, version, rule ids) and says, on a fake clock (the pages' parse yields to it too).
 */

const docs = docsWith('{ "pages": ["a", "missing"] }');

function workspaceOf(root: string, options: { settings?: Partial<ServerSettings>; clientWatchesFiles?: boolean } = {}) {
  const documents = new DocumentStore();
  const client = fakeConnection();
  documents.listen(client.connection);
  const published: string[] = [];
  const said: string[] = [];
  const watch = fakeWatchHost();
  const settings: ServerSettings = { run: 'onType', ...options.settings };
  const workspace = new Workspace({
    documents,
    settings: () => settings,
    roots: () => [root],
    clientWatchesFiles: () => options.clientWatchesFiles ?? true,
    sendDiagnostics: ({ uri, version, diagnostics }: PublishDiagnosticsParams) =>
      void published.push(
        `${path.relative(root, new URL(uri).pathname)} ${version ?? '-'}: ${diagnostics.map((d) => d.code).join(' ')}`,
      ),
    warn: (message) => void said.push(`warn ${message}`),
    trace: (message) => void said.push(`trace ${message.replace(root, '<root>')}`),
    error: (message) => void said.push(`error ${message}`),
    watchHost: watch.host,
  });
  const file = (relative: string) => path.join(root, relative);
  // The document events, as the server wires them.
  documents.onOpen((opened) => workspace.lintSitesOf(opened));
  documents.onSave((saved) => workspace.lintSitesOf(saved));
  documents.onChange((edited) => workspace.edited(edited));
  documents.onClose((closed) => workspace.closed(closed));
  return { workspace, documents, client, published, said, watch, file };
}

function site(files: Record<string, string> = {}): string {
  return makeSite({ 'docs.json': docs, 'a.mdx': '# A\n\n[x](/nowhere)\n', ...files });
}

/** Lets the fake clock move by `ms`, running the timers and promises due meanwhile (a timer's follow-up for 0 ms runs 1 ms later on it). */
const pass = (ms = 1) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] }));
afterEach(() => void vi.useRealTimers());

describe('the workspace', () => {
  it('lints each docs.json of its folders, four folders deep at most, but not in dot folders or node_modules', async () => {
    const root = makeSite({
      'docs.json': docs,
      'one/two/three/docs.json': docs,
      'one/two/three/four/docs.json': docs,
      '.hidden/docs.json': docs,
      'node_modules/pkg/docs.json': docs,
    });
    const { workspace, published } = workspaceOf(root);
    workspace.lintFolders();
    await pass();
    expect(published.filter((p) => p.includes('docs.json'))).toEqual([
      'docs.json -: page-exists page-exists',
      'one/two/three/docs.json -: page-exists page-exists',
    ]);
    workspace.lintFolders();
    await pass();
    expect(published).toHaveLength(2);
  });

  it('finds the sites of a file: its docs.json, the sites whose folder holds it, or the nearest docs.json above it within the workspace', () => {
    const root = site({ 'guides/b.mdx': '# B\n', 'nested/docs.json': docs });
    const { workspace, file } = workspaceOf(root);
    const docsFiles = (of: string) => workspace.sitesOf(of).map((s) => path.relative(root, s.docsFile));
    expect(docsFiles(file('guides/b.mdx'))).toEqual(['docs.json']);
    expect(docsFiles(file('nested/docs.json'))).toEqual(['nested/docs.json']);
    // Both sites known: a file of the nested one belongs to both.
    expect(docsFiles(file('nested/c.mdx'))).toEqual(['docs.json', 'nested/docs.json']);
    expect(docsFiles(path.join(path.dirname(root), 'elsewhere.mdx'))).toEqual([]);
  });

  it('lints an opened document at once with its version, and an edit on the next tick when the settings say to lint while typing', async () => {
    const root = site();
    const { client, published, file } = workspaceOf(root);
    client.open(file('docs.json'), docs, 3);
    expect(published).toEqual(['docs.json 3: page-exists']);
    await pass(5); // the lint the open (an edit too) brings on the next tick, then its run over every page, which gives the event loop three turns between its two slices
    expect(published.slice(1)).toEqual(['a.mdx -: page-link']);
    // The open was an edit too: the next one after a quiet spell.
    await pass(2 * debounceMs);
    client.change(file('docs.json'), docsWith('{ "pages": ["a"] }'), 4);
    expect(published).toHaveLength(2);
    await pass(0);
    expect(published.slice(2)).toEqual(['docs.json 4: ']);
  });

  it('lints on save only when the settings say so, and after a close whatever they say', async () => {
    const root = site();
    const { client, published, file } = workspaceOf(root, { settings: { run: 'onSave' } });
    client.open(file('docs.json'), docs, 1);
    await pass(2 * debounceMs);
    published.splice(0);
    client.change(file('docs.json'), docsWith('{ "pages": ["a"] }'), 2);
    expect(vi.getTimerCount()).toBe(0);
    client.save(file('docs.json'));
    expect(published).toEqual(['docs.json 2: ']);
    client.close(file('docs.json'));
    await pass(1);
    // The disk's text again, which names the missing page.
    expect(published.slice(1)).toEqual(['docs.json -: page-exists']);
  });

  it('lints a document first when a request comes before the lint of its last edit', () => {
    const root = site();
    const { workspace, client, published, file } = workspaceOf(root);
    client.open(file('docs.json'), docs, 1);
    const first = workspace.fresh(uriOf(file('docs.json')));
    expect(workspace.fresh(uriOf(file('docs.json')))?.lint).toBe(first?.lint);
    client.change(file('docs.json'), docsWith('{ "pages": ["a"] }'), 2);
    const after = workspace.fresh(uriOf(file('docs.json')));
    expect(after?.lint.versions.get(uriOf(file('docs.json')))).toBe(2);
    expect(published).toEqual(['docs.json 1: page-exists', 'docs.json 2: ']);
  });

  it('re-lints the sites whose folder holds a file that changed on disk, and no other', async () => {
    // The outer site misses another page than "missing": other/missing.mdx would be its did-you-mean.
    const root = site({
      'docs.json': docsWith('{ "pages": ["a", "absent"] }'),
      'other/docs.json': docs,
      'other/a.mdx': '# A\n',
    });
    const { workspace, published, file } = workspaceOf(root);
    workspace.lintFolders();
    await pass();
    published.splice(0);
    fs.writeFileSync(file('other/missing.mdx'), '# Here now\n');
    workspace.fileChanged(file('other/missing.mdx'), 'created');
    await pass(1);
    // Both sites hold it (the outer one's folder holds the other's): the outer one's findings stay as they were.
    expect(published).toEqual(['other/docs.json -: ']);
  });

  it('finds a page the editor moved at its new path, open there or not, though no watcher said so', async () => {
    const root = site({
      'docs.json': docsWith('{ "pages": ["a", "guides/b", "guides/c"] }'),
      'b.mdx': '# B\n',
      'c.mdx': '# C\n',
    });
    const { workspace, published, file, client } = workspaceOf(root);
    workspace.lintFolders();
    await pass();
    expect(published.splice(0)).toContain('docs.json -: page-exists page-exists');
    // As an editor moves them: b.mdx open (its editor follows it), c.mdx not; the watcher saw only guides/ made.
    client.open(file('b.mdx'), '# B\n', 1);
    fs.mkdirSync(file('guides'));
    fs.renameSync(file('b.mdx'), file('guides/b.mdx'));
    fs.renameSync(file('c.mdx'), file('guides/c.mdx'));
    client.close(file('b.mdx'));
    client.open(file('guides/b.mdx'), '# B\n', 1);
    workspace.moved(file('b.mdx'), file('guides/b.mdx'));
    workspace.moved(file('c.mdx'), file('guides/c.mdx'));
    await pass(debounceMs);
    expect(published.filter((p) => p.startsWith('docs.json')).at(-1)).toBe('docs.json -: ');
  });

  it('says once that a config file does not load, and lints with the defaults', () => {
    const root = site({ 'navlint.config.json': '{ "rules": ' });
    const { workspace, said, published, file } = workspaceOf(root);
    workspace.siteFor(file('docs.json')).scheduler.lintNow();
    workspace.configurationChanged();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^warn navlint: .*navlint\.config\.json:\d+:\d+: not valid JSON: .+; using the defaults$/);
    expect(published).toEqual(['docs.json -: page-exists']);
  });

  it('drops a site whose docs.json is gone, clearing its diagnostics, and makes it anew when it comes back', async () => {
    const root = site();
    const { workspace, published, file } = workspaceOf(root);
    const first = workspace.siteFor(file('docs.json'));
    first.scheduler.lintNow();
    await pass(3);
    fs.rmSync(file('docs.json'));
    workspace.fileChanged(file('docs.json'), 'deleted');
    await pass(1);
    expect(published.slice(-2)).toEqual(['docs.json -: ', 'a.mdx -: ']);
    expect(first.scheduler.state.lint).toEqual({ kind: 'gone' });
    fs.writeFileSync(file('docs.json'), docs);
    expect(workspace.sitesOf(file('docs.json'))[0]).not.toBe(first);
  });
});

describe("the workspace's sites with their own watcher", () => {
  // The server starts a minute after the site was written: it was left alone since, unless a test changes it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
    vi.setSystemTime(Date.now() + 60_000);
  });

  it('set the watcher up after the first lint, then read the pages once when nothing changed since it began', async () => {
    const root = site();
    const { workspace, published, said, watch, file } = workspaceOf(root, { clientWatchesFiles: false });
    workspace.siteFor(file('docs.json')).scheduler.lintNow();
    await pass(watchAfterMs + 3);
    expect([...watch.listeners.keys()].map((folder) => path.relative(root, folder))).toEqual(['']);
    expect(said).toEqual([
      'trace navlint: own file watcher up; <root> unchanged since its first lint began: its pages are read once',
    ]);
    expect(published).toEqual(['docs.json -: page-exists', 'a.mdx -: page-link']);
    // What the watcher hears re-lints the site.
    fs.writeFileSync(file('missing.mdx'), '# Here now\n');
    watch.listeners.get(root)!('missing.mdx');
    await pass(1);
    expect(published.slice(2)).toEqual(['docs.json -: ']);
  });

  it('start over when a file the first lint read changed since it began', async () => {
    const root = site();
    const { workspace, published, said, file } = workspaceOf(root, { clientWatchesFiles: false });
    workspace.siteFor(file('docs.json')).scheduler.lintNow();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file('docs.json'), later, later);
    await pass(watchAfterMs);
    expect(said).toEqual([
      'trace navlint: own file watcher up; <root> changed since its first lint began: its indexes start over',
    ]);
    await pass(5);
    expect(published).toEqual(['docs.json -: page-exists', 'a.mdx -: page-link']);
  });
});
