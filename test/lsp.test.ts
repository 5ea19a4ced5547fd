import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { clockSlackMs } from '../src/site/files';
import { cacheFiles, docsWith, makeSite, repo } from './helpers';
import { Client, type Diagnostic } from './lsp-client';
import { page, requiredKeys, usersSpec } from './sites';

const docs = `{ ${requiredKeys}
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "groups": [
          { "group": "Start", "expanded": true, "pages": ["index", "quickstrat", ""] }
        ]
      },
      {
        "tab": "API",
        "openapi": "users.yaml",
        "groups": [{ "group": "Users", "pages": ["GET /users", "api/get-user"] }]
      }
    ]
  }
}
`;

function site(): string {
  return makeSite({
    'docs.json': docs,
    'index.mdx': page(),
    'quickstart.mdx': page(),
    'guides/later.mdx': page(),
    'api/get-user.mdx': '---\ntitle: Get a user\nopenapi: GET /users/{id}\n---\n',
    'users.yaml': usersSpec,
  });
}

interface Item {
  label: string;
  insertText?: string;
  textEdit: { range: Diagnostic['range']; newText: string };
}

/** The position of the | in a text. */
function at(text: string): { line: number; character: number } {
  const before = text.slice(0, text.indexOf('|')).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** A text with an edit applied (single-line ranges, as completion edits are). */
function applyEdit(text: string, edit: { range: Diagnostic['range']; newText: string }): string {
  const lines = text.split('\n');
  const { start, end } = edit.range;
  expect(start.line).toBe(end.line);
  lines[start.line] =
    lines[start.line].slice(0, start.character) + edit.newText + lines[start.line].slice(end.character);
  return lines.join('\n');
}

const brief = (diagnostics: Diagnostic[]) =>
  diagnostics.map(
    (d) =>
      `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity}`,
  );
const clients: Client[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) if (client.process.exitCode === null) client.process.kill();
});

function start(root = site(), settings?: object): Client {
  const client = new Client(root, settings);
  clients.push(client);
  return client;
}

/** Opens docs.json; the function it returns puts a text in the editor and asks for completion at its | (the cursor). */
async function completer(
  client: Client,
  ...initialize: Parameters<Client['initialize']>
): Promise<(text: string) => Promise<Item[]>> {
  await client.initialize(...initialize);
  await client.open('docs.json', docs);
  await client.diagnostics('docs.json', 0);
  let version = 1;
  return async (text) => {
    await client.change('docs.json', text.replace('|', ''), ++version);
    return client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: client.uri('docs.json') },
      position: at(text),
    });
  };
}

describe('navlint lsp --stdio', () => {
  it('publishes diagnostics with exact ranges, severity, code and documentation link, and updates them on edit', async () => {
    const client = start();
    const init = (await client.initialize()) as { capabilities: Record<string, unknown> };
    expect(init.capabilities).toMatchObject({
      codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.navlint'] },
      definitionProvider: true,
      hoverProvider: true,
    });

    const first = await client.diagnostics('docs.json', 0);
    expect(brief(first)).toEqual([
      'expanded-top-level 6:30-6:46 2',
      'page-exists 6:67-6:79 1',
      'page-exists 6:81-6:83 1',
    ]);
    expect(first[0]).toEqual({
      range: { start: { line: 6, character: 30 }, end: { line: 6, character: 46 } },
      severity: 2,
      source: 'navlint',
      code: 'expanded-top-level',
      codeDescription: { href: pathToFileURL(path.join(repo, 'rules/expanded-top-level.md')).href },
      message: '"expanded" has no effect on top-level group "Start": top-level groups are always expanded',
    });
    const mdx = await client.diagnostics('api/get-user.mdx', 0);
    expect(mdx.map((d) => [d.code, d.message, d.range.start.line])).toEqual([
      [
        'frontmatter-openapi',
        'frontmatter openapi "GET /users/{id}" is not in users.yaml; did you mean "GET /users/{userId}"?',
        2,
      ],
    ]);

    // The editor's unsaved text counts: fix the typo and drop the empty entry without saving.
    await client.open('docs.json', docs);
    const mark = client.published.length;
    await client.change('docs.json', docs.replace('"quickstrat", ""', '"quickstart"'), 2);
    const edited = await client.diagnostics('docs.json', mark, (d) => d.length === 1);
    expect(brief(edited)).toEqual(['expanded-top-level 6:30-6:46 2']);
    expect(fs.readFileSync(path.join(client.root, 'docs.json'), 'utf8')).toBe(docs);
    expect(await client.stop()).toBe(0);
  });

  it('offers --fix fixes and did-you-mean suggestions as quick fixes, and applying one clears its diagnostic', async () => {
    const client = start();
    await client.initialize();
    await client.open('docs.json', docs);
    const diagnostics = await client.diagnostics('docs.json', 0, (d) => d.length === 3);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('docs.json') },
      range: diagnostics[0].range,
      context: { diagnostics: diagnostics.slice(0, 2) },
    })) as {
      title: string;
      isPreferred: boolean;
      edit: { changes: Record<string, { range: Diagnostic['range']; newText: string }[]> };
    }[];
    expect(actions.map((a) => [a.title, a.isPreferred])).toEqual([
      ['Remove "expanded"', true],
      ['Use "quickstart"', false],
    ]);
    expect(actions[0].edit.changes[client.uri('docs.json')]).toEqual([
      // From the end of the member before it on its line: the comma after it then follows that member.
      { range: { start: { line: 6, character: 28 }, end: { line: 6, character: 46 } }, newText: '' },
    ]);
    expect(actions[1].edit.changes[client.uri('docs.json')]).toEqual([
      { range: { start: { line: 6, character: 67 }, end: { line: 6, character: 79 } }, newText: '"quickstart"' },
    ]);

    const lines = docs.split('\n');
    lines[6] = lines[6].slice(0, 30) + lines[6].slice(48);
    const mark = client.published.length;
    await client.change('docs.json', lines.join('\n'), 2);
    expect(brief(await client.diagnostics('docs.json', mark, (d) => d.length === 2))).toEqual([
      'page-exists 6:49-6:61 1',
      'page-exists 6:63-6:65 1',
    ]);
    await client.stop();
  });

  it('offers one action per distinct edit, the fix preferred, and the actions under the cursor when the editor sends no diagnostics', async () => {
    const client = start();
    await client.initialize();
    const text = docs.replace('"tabs": [', '"languages": [{ "language": "en", "pages": ["index.mdx"] }], "tabs": [');
    await client.open('docs.json', text);
    await client.diagnostics('docs.json', 0, (d) => d.some((x) => x.code === 'page-exists'));
    const actions = async (file: string, line: number, character: number) =>
      (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: client.uri(file) },
        range: { start: { line, character }, end: { line, character } },
        context: { diagnostics: [] },
      })) as {
        title: string;
        isPreferred: boolean;
        diagnostics: Diagnostic[];
        edit: { changes: Record<string, unknown[]> };
      }[];

    // "index.mdx": the fix and the suggestion make the same edit, so one action, the fix.
    const written = await actions('docs.json', 2, 52);
    expect(written.map((a) => [a.title, a.isPreferred, a.diagnostics.map((d) => d.code)])).toEqual([
      ['Use "index"', true, ['page-exists']],
    ]);
    expect(written[0].edit.changes).toEqual({
      [client.uri('docs.json')]: [
        { range: { start: { line: 2, character: 48 }, end: { line: 2, character: 59 } }, newText: '"index"' },
      ],
    });
    // Frontmatter: the did-you-mean of an MDX page is a quick fix there.
    await client.open('api/get-user.mdx', fs.readFileSync(path.join(client.root, 'api/get-user.mdx'), 'utf8'));
    const mdx = await actions('api/get-user.mdx', 2, 0);
    expect(mdx.map((a) => [a.title, a.isPreferred])).toEqual([
      ['Use "GET /users/{userId}"', false],
      ['Disable frontmatter-openapi for this line', false],
    ]);
    expect(mdx[0].edit.changes).toEqual({
      [client.uri('api/get-user.mdx')]: [
        {
          range: { start: { line: 2, character: 0 }, end: { line: 2, character: 24 } },
          newText: 'openapi: GET /users/{userId}',
        },
      ],
    });
    // Nowhere near a finding: nothing.
    expect(await actions('docs.json', 0, 0)).toEqual([]);
    await client.stop();
  });

  it('publishes docs.json first, then the pages a rule that reads them reports in: once each, cleared when the page leaves the navigation, with quick fixes', async () => {
    const client = start();
    await client.initialize();
    await client.open('docs.json', docs);
    const page = await client.diagnostics('api/get-user.mdx', 0);
    const publishes = (since: number) =>
      client.published
        .slice(since)
        .map((p) => [path.relative(client.root, new URL(p.uri).pathname), p.version, p.diagnostics.length]);
    expect(publishes(0)).toEqual([
      ['docs.json', 1, 3],
      ['api/get-user.mdx', undefined, 1],
    ]);
    // A code action in the page, asked at once: the page's findings are there.
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('api/get-user.mdx') },
      range: page[0].range,
      context: { diagnostics: page },
    })) as { title: string }[];
    expect(actions.map((a) => a.title)).toEqual([
      'Use "GET /users/{userId}"',
      'Disable frontmatter-openapi for this line',
    ]);

    // An edit of docs.json that leaves the page as it is publishes docs.json alone.
    let mark = client.published.length;
    await client.change('docs.json', docs.replace('"quickstrat", ""', '"quickstart"'), 2);
    await client.diagnostics('docs.json', mark, (d) => d.length === 1);
    // A request answered after the pages' rules have run (it needs their findings): anything they published came before.
    await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri('api/get-user.mdx') },
      range: page[0].range,
      context: { diagnostics: page },
    });
    expect(publishes(mark)).toEqual([['docs.json', 2, 1]]);

    // The page leaves the navigation: its diagnostics are cleared, after docs.json's.
    mark = client.published.length;
    await client.change(
      'docs.json',
      docs.replace('"quickstrat", ""', '"quickstart"').replace(', "api/get-user"', ''),
      3,
    );
    await client.diagnostics('api/get-user.mdx', mark, (d) => d.length === 0);
    expect(publishes(mark)).toEqual([
      ['docs.json', 3, 1],
      ['api/get-user.mdx', undefined, 0],
    ]);
    await client.stop();
  });

  it('publishes diagnostics with the version they were computed for, and not again when nothing changed', async () => {
    const client = start();
    await client.initialize();
    await client.diagnostics('docs.json', 0, (d) => d.length === 3);
    const docsPublishes = (since: number) =>
      client.published.slice(since).filter((p) => p.uri === client.uri('docs.json'));
    let mark = client.published.length;
    await client.open('docs.json', docs, 7);
    await client.diagnostics('docs.json', mark);
    expect(docsPublishes(mark).map((p) => p.version)).toEqual([7]);

    // Saving, or new settings, lint again to the same result: nothing is sent. An edit that
    // changes the result comes next and is the first publish after them.
    mark = client.published.length;
    await client.connection.sendNotification('textDocument/didSave', {
      textDocument: { uri: client.uri('docs.json') },
    });
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    await client.change('docs.json', docs.replace('"quickstrat", ""', '"quickstart"'), 8);
    await client.diagnostics('docs.json', mark);
    expect(docsPublishes(mark).map((p) => [p.version, p.diagnostics.length])).toEqual([[8, 1]]);
    await client.stop();
  });

  it('completes pages not yet listed, endpoints of the spec in scope (first), language codes, keys and enum values', async () => {
    const client = start();
    const complete = await completer(client);
    const labels = async (text: string) => (await complete(text)).map((i) => i.label);

    // In the Guides tab: pages not yet listed. In the API tab, which sets openapi: its operations first.
    expect(await labels(docs.replace('"quickstrat", ""', '"quickstrat", "|"'))).toEqual(['guides/later', 'quickstart']);
    // An entry begun with a slash gets the pages written with one, as the client matches what is typed.
    expect(await labels(docs.replace('"quickstrat", ""', '"quickstrat", "/q|"'))).toEqual([
      '/guides/later',
      '/quickstart',
    ]);
    expect(await labels(docs.replace('"api/get-user"]', '"api/get-user", |]'))).toEqual([
      'GET /users',
      'POST /users',
      'GET /users/{userId}',
      'DELETE /users/{userId}',
      'POST /admin/reset',
      'guides/later',
      'quickstart',
    ]);
    // Keys of the element at the cursor, and of docs.json's top level, without those already there.
    const tabKeys = await labels(docs.replace('"tab": "Guides",', '"tab": "Guides", "|'));
    expect(tabKeys).toEqual(expect.arrayContaining(['icon', 'hidden', 'groups']));
    expect(tabKeys).not.toContain('tab');
    const topKeys = await labels(docs.replace('\n  "navigation"', '\n  |\n  "navigation"'));
    expect(topKeys).toEqual(
      expect.arrayContaining(['styling', 'interaction', 'api', 'logo', 'favicon', 'navbar', 'footer', 'redirects']),
    );
    expect(topKeys).not.toContain('navigation');
    expect(topKeys).not.toContain('theme');
    expect(await labels(docs.replace('"theme": "mint"', '"theme": "|"'))).toEqual([
      'mint',
      'maple',
      'palm',
      'willow',
      'linden',
      'almond',
      'aspen',
      'luma',
      'sequoia',
    ]);
    expect(await labels(docs.replace('"theme": "mint"', '"theme": "mint", "appearance": { "default": | }'))).toEqual([
      'system',
      'light',
      'dark',
    ]);
    expect(
      await labels(docs.replace('"tabs": [', '"groups": [{ "group": "G", "icon": { "name": "x", | } }], "tabs": [')),
    ).toEqual(['style', 'library']);
    // Values from the schema's enums, in a value or a string being typed.
    expect(
      await labels(docs.replace('\n  "navigation"', '\n  "styling": { "eyebrows": "|" },\n  "navigation"')),
    ).toEqual(['section', 'breadcrumbs']);
    expect(await labels(docs.replace('"tab": "Guides",', '"tab": "Guides", "directory": |'))).toEqual([
      'none',
      'accordion',
      'card',
    ]);
    expect(await labels(docs.replace('"tabs": [', '"languages": [{ "language": "|" }], "tabs": ['))).toContain('pt-BR');
    // A group's root is a page.
    expect(await labels(docs.replace('"group": "Start",', '"group": "Start", "root": "|",'))).toEqual([
      'guides/later',
      'quickstart',
    ]);
    // Not after a value.
    expect(await labels(docs.replace('"tab": "Guides",', '"tab": "Guides"|,'))).toEqual([]);
    await client.stop();
  });

  it('gives every completion item a textEdit over exactly the string being typed, in every position', async () => {
    const client = start();
    const complete = await completer(client);
    /** The text after accepting `label` at the cursor (|), as a client applies a textEdit. */
    const accept = async (text: string, label: string) => {
      const items = await complete(text);
      for (const item of items) expect(item.insertText).toBeUndefined();
      const item = items.find((i) => i.label === label)!;
      expect(item, `${label} in ${JSON.stringify(items.map((i) => i.label))}`).toBeDefined();
      // What VS Code and eglot match against the label: the text from the edit's start to the cursor.
      const { start } = item.textEdit.range;
      const typedPart = text.split('\n')[start.line].slice(start.character, at(text).character);
      expect(item.label.startsWith(typedPart), `${typedPart} in ${item.label}`).toBe(true);
      return applyEdit(text.replace('|', ''), item.textEdit);
    };
    const pages = (typed: string) => docs.replace('"index", "quickstrat", ""', typed);
    const cases: [typed: string, label: string, after: string][] = [
      ['|', 'quickstart', '"quickstart"'], // an empty array
      ['"index", |', 'quickstart', '"index", "quickstart"'], // after a comma
      ['"index", "|', 'quickstart', '"index", "quickstart"'], // the opening quote just typed
      ['"index", "|"', 'quickstart', '"index", "quickstart"'], // between the quotes
      ['"index", "gui|', 'guides/later', '"index", "guides/later"'], // a half-typed string
      ['"index", "gui|"', 'guides/later', '"index", "guides/later"'], // inside a string
      ['"index", "gui|des/xyz"', 'guides/later', '"index", "guides/later"'], // the cursor mid-string
    ];
    for (const [typed, label, after] of cases) expect(await accept(pages(typed), label), typed).toBe(pages(after));

    // A key being typed, an enum value, and the end of an unfinished file.
    expect(await accept(docs.replace('"tab": "Guides",', '"tab": "Guides", "ic|'), 'icon')).toBe(
      docs.replace('"tab": "Guides",', '"tab": "Guides", "icon"'),
    );
    expect(await accept(docs.replace('"tab": "Guides",', '"tab": "Guides", "directory": "c|",'), 'card')).toBe(
      docs.replace('"tab": "Guides",', '"tab": "Guides", "directory": "card",'),
    );
    const unfinished = '{\n  "navigation": {\n    "groups": [{ "group": "G", "pages": ["';
    expect(await accept(`${unfinished}|`, 'index')).toBe(`${unfinished.slice(0, -1)}"index"`);
    await client.stop();
  });

  it("leaves a closing quote right after the cursor out of the edit for Neovim's omnifunc, which replaces only up to the cursor", async () => {
    const text = docs.replace('"quickstrat", ""', '"quickstrat", "quick|"');
    const edit = async (...initialize: Parameters<Client['initialize']>) =>
      (await (await completer(start(), ...initialize))(text)).find((i) => i.label === 'quickstart')!.textEdit;
    // The edit starts after the opening quote, where what is typed starts.
    const string = { start: { line: 6, character: 82 } };
    expect(await edit(undefined, { name: 'Neovim' })).toEqual({
      range: { ...string, end: { line: 6, character: 87 } },
      newText: 'quickstart',
    });
    // nvim-cmp and other clients that apply whole edits: the rest of the string, its closing quote too.
    expect(
      await edit(
        { textDocument: { completion: { completionItem: { insertReplaceSupport: true } } } },
        { name: 'Neovim' },
      ),
    ).toEqual({ range: { ...string, end: { line: 6, character: 88 } }, newText: 'quickstart"' });
    expect(await edit(undefined, { name: 'Eglot' })).toEqual({
      range: { ...string, end: { line: 6, character: 88 } },
      newText: 'quickstart"',
    });
  });

  it('goes to the page file, the operation in the spec and the $ref file; hovers an endpoint', async () => {
    const root = site();
    fs.writeFileSync(path.join(root, 'fr.json'), '{ "language": "fr", "pages": ["index"] }');
    const client = start(root);
    await client.initialize();
    const text = docs.replace('"tabs": [', '"languages": [{ "$ref": "fr.json" }], "tabs": [');
    await client.open('docs.json', text);
    await client.diagnostics('docs.json', 0);
    const definition = (line: number, character: number) =>
      client.connection.sendRequest('textDocument/definition', {
        textDocument: { uri: client.uri('docs.json') },
        position: { line, character },
      });

    expect(await definition(6, 60)).toEqual({
      uri: client.uri('index.mdx'),
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
    expect(await definition(12, 52)).toEqual({
      uri: client.uri('users.yaml'),
      range: { start: { line: 6, character: 4 }, end: { line: 6, character: 7 } },
    });
    expect(await definition(2, 32)).toEqual({
      uri: client.uri('fr.json'),
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
    expect(
      await client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: client.uri('docs.json') },
        position: { line: 12, character: 52 },
      }),
    ).toEqual({
      contents: { kind: 'markdown', value: '**GET /users**\n\nList users\n\nSpec: `users.yaml`' },
      range: { start: { line: 12, character: 49 }, end: { line: 12, character: 61 } },
    });
    await client.stop();
  });

  /**
   * A site left alone since before the server started: waits until every time the server compares
   * (modification and change times; only the clock moves the latter) is more than the slack it allows
   * for a file system's clock behind the clock.
   */
  const leftAlone = async (root: string) => {
    const times = [
      root,
      ...(fs.readdirSync(root, { recursive: true }) as string[]).map((name) => path.join(root, name)),
    ].map((file) => fs.statSync(file));
    const settled = Math.max(...times.map((stat) => Math.max(stat.mtimeMs, stat.ctimeMs))) + clockSlackMs;
    while (Date.now() <= settled) await new Promise((resolve) => setTimeout(resolve, settled + 1 - Date.now()));
    return root;
  };
  /** A site with a folder changed "during" the server's first lint (a modification time after its start), whatever the machine's speed. */
  const changedMeanwhile = (root: string) => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'api'), later, later);
    return root;
  };
  /** For tests that wait out the slack (2 s on any machine), then start a server: a bound only a hang reaches, not vitest's default 5 s. */
  const waitsOutTheSlack = clockSlackMs + 30_000;
  const ownWatcher = (client: Client) =>
    client.traces.filter((t) => t.includes('own file watcher')).map((t) => t.replace(/.*began: /, ''));

  for (const [name, capabilities, root, watcher] of [
    ['workspace/didChangeWatchedFiles', undefined, site, []],
    // A site changed since the first lint began has its indexes start over once the watcher is up; one left alone does not.
    ['its own watcher when the client has none', {}, () => changedMeanwhile(site()), ['its indexes start over']],
    [
      'its own watcher when the client has none, on a site left alone since before the start',
      {},
      () => leftAlone(site()),
      ['its pages are read once'],
    ],
  ] as const) {
    it(
      `re-lints when pages appear and disappear on disk (${name})`,
      async () => {
        const client = start(await root());
        await client.initialize(capabilities);
        await client.diagnostics('docs.json', 0, (d) => d.length === 3);
        // The findings in the pages come once the watcher is up.
        expect((await client.diagnostics('api/get-user.mdx', 0)).map((d) => d.code)).toEqual(['frontmatter-openapi']);
        expect(ownWatcher(client)).toEqual(watcher);
        const notify = (file: string, type: number) =>
          capabilities
            ? undefined
            : client.connection.sendNotification('workspace/didChangeWatchedFiles', {
                changes: [{ uri: client.uri(file), type }],
              });

        let mark = client.published.length;
        fs.writeFileSync(path.join(client.root, 'quickstrat.mdx'), page());
        await notify('quickstrat.mdx', 1);
        expect(brief(await client.diagnostics('docs.json', mark, (d) => d.length === 2))).toEqual([
          'expanded-top-level 6:30-6:46 2',
          'page-exists 6:81-6:83 1',
        ]);

        mark = client.published.length;
        fs.rmSync(path.join(client.root, 'index.mdx'));
        await notify('index.mdx', 3);
        expect(brief(await client.diagnostics('docs.json', mark, (d) => d.length === 3))).toEqual([
          'expanded-top-level 6:30-6:46 2',
          'page-exists 6:58-6:65 1',
          'page-exists 6:81-6:83 1',
        ]);

        // A page in a folder made after the start; a folder (with a dot in its name) moved away with its page.
        mark = client.published.length;
        fs.mkdirSync(path.join(client.root, 'v1.2'));
        fs.writeFileSync(path.join(client.root, 'v1.2/index.mdx'), page());
        await notify('v1.2/index.mdx', 1);
        fs.writeFileSync(
          path.join(client.root, 'docs.json'),
          docs.replace('"index", "quickstrat", ""', '"v1.2/index", "quickstrat", ""'),
        );
        await notify('docs.json', 2);
        expect(brief(await client.diagnostics('docs.json', mark, (d) => d.length === 2))).toEqual([
          'expanded-top-level 6:30-6:46 2',
          'page-exists 6:86-6:88 1',
        ]);
        mark = client.published.length;
        fs.renameSync(path.join(client.root, 'v1.2'), path.join(client.root, '.moved'));
        await notify('v1.2/index.mdx', 3);
        expect(brief(await client.diagnostics('docs.json', mark, (d) => d.length === 3))).toEqual([
          'expanded-top-level 6:30-6:46 2',
          'page-exists 6:58-6:70 1',
          'page-exists 6:86-6:88 1',
        ]);
        await client.stop();
      },
      waitsOutTheSlack,
    );
  }

  it(
    'its own watcher starts the indexes over when a file the first lint read changed before it was up: a config file, one that does not parse too',
    async () => {
      const root = site();
      fs.writeFileSync(path.join(root, 'navlint.config.json'), '{ "rules": ');
      await leftAlone(root);
      // Written "during" the first lint: a modification time after its start.
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(root, 'navlint.config.json'), later, later);
      const client = start(root);
      await client.initialize({});
      await client.diagnostics('docs.json', 0, (d) => d.length === 3);
      expect((await client.diagnostics('api/get-user.mdx', 0)).map((d) => d.code)).toEqual(['frontmatter-openapi']);
      expect(ownWatcher(client)).toEqual(['its indexes start over']);
      // Said with window/showMessage, a notification (a request refused by the client would end the server).
      expect(client.messages).toHaveLength(1);
      expect(client.messages[0]).toMatch(
        new RegExp(
          `^navlint: ${path.join(root, 'navlint.config.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: not valid JSON: .+; using the defaults$`,
        ),
      );
      await client.stop();
    },
    waitsOutTheSlack,
  );

  it('survives malformed JSON-RPC, a docs.json that is not JSON and files deleted mid-edit, and exits cleanly', async () => {
    const client = start();
    await client.initialize();
    await client.diagnostics('docs.json', 0);
    // Garbage framed as a message, then an unframed line: the server must keep answering.
    client.process.stdin!.write('Content-Length: 9\r\n\r\n{garbage}');
    await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: client.uri('docs.json') },
      position: { line: 0, character: 0 },
    });

    await client.open('docs.json', '{{{ not json');
    const broken = await client.diagnostics('docs.json', 0, (d) => d.some((x) => x.code === 'json-syntax'));
    expect(brief(broken)).toEqual([
      'json-syntax 0:1-0:2 1',
      'json-syntax 0:4-0:7 1',
      'json-syntax 0:8-0:12 1',
      'json-syntax 0:12-0:12 1',
    ]);

    fs.rmSync(path.join(client.root, 'users.yaml'));
    fs.rmSync(path.join(client.root, 'api'), { recursive: true });
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: client.uri('users.yaml'), type: 3 },
        { uri: client.uri('api/get-user.mdx'), type: 3 },
      ],
    });
    const mark = client.published.length;
    await client.change('docs.json', docs, 2);
    const after = await client.diagnostics('docs.json', mark, (d) => d.some((x) => x.code === 'openapi-source'));
    expect(after.map((d) => `${d.code} ${d.range.start.line}`)).toEqual([
      'expanded-top-level 6',
      'page-exists 6',
      'page-exists 6',
      'openapi-source 11',
      'page-exists 12',
    ]);
    expect(await client.stop()).toBe(0);
  });

  it('exits when the editor goes away without saying so (stdin closes)', async () => {
    const client = start();
    await client.initialize();
    await client.diagnostics('docs.json', 0);
    const exited = new Promise<number | null>((resolve) => client.process.on('exit', (code) => resolve(code)));
    client.process.stdin!.end();
    // vscode-languageserver's rule: exit code 1 when the client never sent shutdown.
    expect(await exited).toBe(1);
  });

  it('exits in order on SIGTERM (an editor that goes away), and leaves its code cache for the next start', async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-lsp-sigterm-'));
    const server = spawn(process.execPath, [path.join(repo, 'bin/navlint.cjs'), 'lsp', '--stdio'], {
      env: { ...process.env, NAVLINT_CACHE_DIR: cache },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    // Loaded and serving once it answers a request.
    const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { capabilities: {} } });
    server.stdin!.write(`Content-Length: ${Buffer.byteLength(request)}\r\n\r\n${request}`);
    await new Promise((resolve) => server.stdout!.once('data', resolve));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(cacheFiles(cache, 'code').filter((file) => /lsp-cjs\.v8$/.test(file))).toHaveLength(1);
    // Started as editors start it, the server never loaded the command line's bundle.
    expect(cacheFiles(cache, 'code').filter((file) => /navlint-cjs\.v8$/.test(file))).toEqual([]);
    fs.rmSync(cache, { recursive: true, force: true });
  });

  it("follows its settings: run on save only, and a config file of the editor's choice", async () => {
    const root = site();
    fs.writeFileSync(
      path.join(root, 'strict.json'),
      JSON.stringify({ rules: { 'expanded-top-level': 'off', 'page-exists': 'warn' } }),
    );
    const client = start(root, { run: 'onSave', configFile: path.join(root, 'strict.json') });
    await client.initialize();
    expect(brief(await client.diagnostics('docs.json', 0))).toEqual([
      'page-exists 6:67-6:79 2',
      'page-exists 6:81-6:83 2',
    ]);
    await client.open('docs.json', docs);
    await client.diagnostics('docs.json', 1);
    // Another site, open in the editor with a page its disk version does not name.
    const other = makeSite({ 'docs.json': docsWith('{ "pages": ["index"] }'), 'index.mdx': page() });
    const otherDocs = path.relative(root, path.join(other, 'docs.json'));
    await client.open(otherDocs, docsWith('{ "pages": ["index", "missing"] }'));
    expect(brief(await client.diagnostics(otherDocs, 0))).toEqual(['page-exists 1:37-1:46 2']);
    const mark = client.published.length;
    await client.change('docs.json', docs.replace('"quickstrat", ""', '"quickstart"'), 2);
    // Closing the other site's docs.json has it linted from disk on a timer set after any timer the
    // change set (the server handles messages in order, and timers of one delay fire in order): once
    // its diagnostics are in, a lint on typing would have published before them.
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: client.uri(otherDocs) } });
    await client.diagnostics(otherDocs, mark, (d) => d.length === 0);
    const docsPublishes = () => client.published.filter((p) => p.uri === client.uri('docs.json')).length;
    expect(docsPublishes()).toBe(2); // at start and on open; nothing while typing
    await client.connection.sendNotification('textDocument/didSave', {
      textDocument: { uri: client.uri('docs.json') },
    });
    expect(brief(await client.diagnostics('docs.json', mark))).toEqual([]);
    await client.stop();
  });
});
