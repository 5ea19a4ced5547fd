import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import { movesOf, planMove } from '../src/engine/page-moves';
import { prepareRename, referencesAt, renameEdit, willRenameEdit } from '../src/lsp/page-moves';
import { writePlanOf } from '../src/migrate/move-command';
import { makeSite, repo, sharedPath } from './helpers';
import { Client } from './lsp-client';

function copy(): string {
  const dir = makeSite({});
  fs.cpSync(path.join(repo, 'fixtures/move-site'), dir, { recursive: true });
  return dir;
}

const calibrate = sharedPath('corpus/ARTPARK-SAHAI-ORG__calibrate', "the editor's moves on a corpus site");

const uri = (root: string, file: string) => pathToFileURL(path.join(root, file)).href;

/** The last lint of a copy of the move-site fixture, as the language server holds it. */
function linted() {
  const root = copy();
  const result = lint({ ruleSet, docsFile: path.join(root, 'docs.json'), persistCaches: false });
  return { root, result };
}

/** Where `marker` is in a file of the site, `n` characters into it. */
function at(root: string, file: string, marker: string, n = 1) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const offset = text.indexOf(marker);
  if (offset < 0) throw new Error(`${marker} is not in ${file}`);
  return { file: path.join(root, file), text, offset: offset + n };
}

/** The texts a workspace edit's text edits make, by URI. */
function applied(root: string, changes: Record<string, TextEdit[]>): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [target, edits] of Object.entries(changes)) {
    const file = new URL(target).pathname;
    const document = TextDocument.create(target, 'mdx', 0, fs.readFileSync(file, 'utf8'));
    texts.set(path.relative(root, file), TextDocument.applyEdits(document, edits));
  }
  return texts;
}

/** What navlint mv would write for the same move, by file relative to the docs folder. */
function cliTexts(root: string, from: string, to: string): Map<string, string> {
  const { model, site } = lint({ ruleSet, docsFile: path.join(root, 'docs.json'), persistCaches: false });
  const { writes } = writePlanOf(planMove(model, site, movesOf(site, from, to), { redirects: true }));
  return new Map([...writes].map(([file, { updated }]) => [path.relative(root, file), updated]));
}

describe('moves in the explorer (workspace/willRenameFiles)', () => {
  it("answer a page's move with navlint mv's edit, the page's own under its old URI", () => {
    const { root, result } = linted();
    const answer = willRenameEdit({ result }, [
      { from: path.join(root, 'guides/setup.mdx'), to: path.join(root, 'tutorials/setup.mdx') },
    ]);
    const changes = (answer as { edit: WorkspaceEdit }).edit.changes!;
    expect(Object.keys(changes).sort()).toEqual(
      [
        'docs.json',
        'guides/deploy.mdx',
        'guides/index.mdx',
        'guides/setup.mdx',
        'index.mdx',
        'quickstart.mdx',
        'snippets/steps.mdx',
      ].map((file) => uri(root, file)),
    );
    expect(applied(root, changes)).toEqual(cliTexts(root, 'guides/setup.mdx', 'tutorials/setup.mdx'));
  });

  it("answer a folder's move the same way, in a translated tree too, and nothing for a file that is no page", () => {
    const { root, result } = linted();
    for (const [from, to] of [
      ['guides', 'tutorials'],
      ['es/guides', 'es/guias'],
    ]) {
      const answer = willRenameEdit({ result }, [{ from: path.join(root, from), to: path.join(root, to) }]);
      expect(applied(root, (answer as { edit: WorkspaceEdit }).edit.changes!), from).toEqual(cliTexts(root, from, to));
    }
    const image = { from: path.join(root, 'guides/images/flow.png'), to: path.join(root, 'flow.png') };
    expect(willRenameEdit({ result }, [image])).toBeUndefined();
  });

  it('say why, rather than half an edit, when the move breaks what navlint cannot mend', () => {
    const { root, result } = linted();
    expect(
      willRenameEdit({ result }, [{ from: path.join(root, 'quickstart.mdx'), to: path.join(root, 'start.mdx') }]),
    ).toEqual({
      refusal:
        'start.mdx: /start is the source of a redirect (to /guides/setup#install), which would hide the page there',
    });
  });
});

describe.skipIf(!calibrate)('on a copy of a corpus site (ARTPARK-SAHAI-ORG__calibrate)', () => {
  it("answers a folder's move and a page's with navlint mv's edits, and lists a page's references", () => {
    const root = makeSite({});
    fs.cpSync(calibrate!, root, { recursive: true });
    const result = lint({ ruleSet, docsFile: path.join(root, 'docs.json'), persistCaches: false });
    for (const [from, to] of [
      ['core-concepts', 'concepts'],
      ['quickstart/simulations.mdx', 'guides/simulations.mdx'],
    ]) {
      const answer = willRenameEdit({ result }, [{ from: path.join(root, from), to: path.join(root, to) }]);
      const texts = applied(root, (answer as { edit: WorkspaceEdit }).edit.changes!);
      expect(texts, from).toEqual(cliTexts(root, from, to));
      expect(texts.size, from).toBeGreaterThan(2);
    }
    // core-concepts/agents: linked from the root, with anchors, in Markdown and <Card href>s.
    const references = referencesAt(result, at(root, 'docs.json', '"core-concepts/agents"'), false)!;
    expect(
      references.map((r) => `${path.relative(root, new URL(r.uri).pathname)}:${r.range.start.line + 1}`).sort(),
    ).toEqual([
      'core-concepts/tools.mdx:111',
      'docs.json:34',
      'integrations/llm.mdx:32',
      'integrations/stt.mdx:37',
      'integrations/tts.mdx:59',
      'quickstart/simulations.mdx:14',
      'quickstart/text-to-text.mdx:14',
    ]);
  });
});

describe('references and renames of a page', () => {
  /** Every place that names guides/setup.mdx in the fixture, as `file:line:column` (1-based). */
  const named = [
    'docs.json:12:58',
    'docs.json:19:53',
    'docs.json:21:42',
    'guides/deploy.mdx:7:18',
    'guides/index.mdx:5:10',
    'index.mdx:5:24',
    'quickstart.mdx:9:15',
    'snippets/steps.mdx:1:13',
  ];
  const places = (root: string, locations: { uri: string; range: { start: { line: number; character: number } } }[]) =>
    locations.map(
      (l) => `${path.relative(root, new URL(l.uri).pathname)}:${l.range.start.line + 1}:${l.range.start.character + 1}`,
    );

  it('list every place that names a page, asked on its entry, on a link to it, or in the page itself', () => {
    const { root, result } = linted();
    expect(places(root, referencesAt(result, at(root, 'docs.json', '"guides/setup"'), false)!).sort()).toEqual(named);
    expect(places(root, referencesAt(result, at(root, 'index.mdx', '/guides/setup#install'), false)!).sort()).toEqual(
      named,
    );
    // Anywhere else in the page: the page itself, listed first when the declaration is asked for.
    const own = referencesAt(result, at(root, 'guides/setup.mdx', '## Install'), true)!;
    expect(places(root, own)).toEqual(['guides/setup.mdx:1:1', ...places(root, own.slice(1))]);
    expect(places(root, own.slice(1)).sort()).toEqual(named);
    // A link to a file, an endpoint entry: no page.
    expect(referencesAt(result, at(root, 'guides/index.mdx', './images/flow.png'), false)).toBeNull();
    expect(referencesAt(result, at(root, 'docs.json', '"GET /users"'), false)).toBeNull();
  });

  it('prepare a rename on a page entry only: the path inside its quotes', () => {
    const { root, result } = linted();
    const entry = at(root, 'docs.json', '"guides/setup"');
    expect(prepareRename(result, entry.file, entry.text, entry.offset)).toEqual({
      range: { start: { line: 11, character: 58 }, end: { line: 11, character: 70 } },
      placeholder: 'guides/setup',
    });
    const other = at(root, 'docs.json', '"Guides"');
    expect(prepareRename(result, other.file, other.text, other.offset)).toBeNull();
  });

  it('rename a page entry: the same edits as navlint mv, then the file renamed; refused with the reason otherwise', () => {
    const { root, result } = linted();
    const client = { renamesFiles: true, versionOf: () => null };
    const edit = renameEdit({ result }, at(root, 'docs.json', '"guides/setup"'), 'tutorials/setup', client);
    const changes = edit.documentChanges!;
    const renames = changes.filter((change) => 'kind' in change);
    expect(renames).toEqual([
      { kind: 'rename', oldUri: uri(root, 'guides/setup.mdx'), newUri: uri(root, 'tutorials/setup.mdx') },
    ]);
    // The renames come after every text edit: the page's own edits are made at its old URI.
    expect(changes.indexOf(renames[0])).toBe(changes.length - 1);
    const edits = Object.fromEntries(
      changes.flatMap((change) => ('textDocument' in change ? [[change.textDocument.uri, change.edits]] : [])),
    ) as Record<string, TextEdit[]>;
    expect(applied(root, edits)).toEqual(cliTexts(root, 'guides/setup.mdx', 'tutorials/setup.mdx'));
    expect(() => renameEdit({ result }, at(root, 'docs.json', '"quickstart"'), 'start', client)).toThrow(
      'navlint: cannot move quickstart.mdx: start.mdx: /start is the source of a redirect (to /guides/setup#install), which would hide the page there',
    );
    expect(() =>
      renameEdit({ result }, at(root, 'docs.json', '"quickstart"'), 'later', { ...client, renamesFiles: false }),
    ).toThrow(
      'navlint: renaming a page entry renames its file, and this editor does not apply file renames (workspace.workspaceEdit.resourceOperations)',
    );
  });
});

describe('the language server answers them over the protocol', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.stop();
    client = undefined;
  });

  it('announces them, and answers willRenameFiles, references, prepareRename and rename', async () => {
    const root = copy();
    client = new Client(root);
    const initialized = (await client.initialize({
      workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } },
    })) as { capabilities: Record<string, unknown> };
    // As test/lsp-server.test.ts has them whole: pages and folders moved, references, renames with their preparation.
    expect(initialized.capabilities).toMatchObject({
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      workspace: { fileOperations: { willRename: {} } },
    });
    const docs = fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
    await client.open('docs.json', docs);
    await client.diagnostics('docs.json', 0);
    const entry = { line: 11, character: 60 };
    const references = (await client.connection.sendRequest('textDocument/references', {
      textDocument: { uri: client.uri('docs.json') },
      position: entry,
      context: { includeDeclaration: false },
    })) as { uri: string }[];
    expect(references).toHaveLength(8);
    expect(
      await client.connection.sendRequest('textDocument/prepareRename', {
        textDocument: { uri: client.uri('docs.json') },
        position: entry,
      }),
    ).toEqual({
      range: { start: { line: 11, character: 58 }, end: { line: 11, character: 70 } },
      placeholder: 'guides/setup',
    });
    const renamed = (await client.connection.sendRequest('textDocument/rename', {
      textDocument: { uri: client.uri('docs.json') },
      position: entry,
      newName: 'tutorials/setup',
    })) as WorkspaceEdit;
    expect(renamed.documentChanges?.at(-1)).toEqual({
      kind: 'rename',
      oldUri: client.uri('guides/setup.mdx'),
      newUri: client.uri('tutorials/setup.mdx'),
    });
    // docs.json is open: its edit names the version the plan read.
    expect(renamed.documentChanges).toContainEqual(
      expect.objectContaining({ textDocument: { uri: client.uri('docs.json'), version: 1 } }),
    );
    const moved = (await client.connection.sendRequest('workspace/willRenameFiles', {
      files: [{ oldUri: client.uri('guides'), newUri: client.uri('tutorials') }],
    })) as WorkspaceEdit;
    expect(applied(root, moved.changes!)).toEqual(cliTexts(root, 'guides', 'tutorials'));
    // A move navlint cannot mend: no edit, and a message that says why.
    const refused = await client.connection.sendRequest('workspace/willRenameFiles', {
      files: [{ oldUri: client.uri('quickstart.mdx'), newUri: client.uri('start.mdx') }],
    });
    expect(refused).toBeNull();
    await expect
      .poll(() => client!.messages)
      .toContain(
        'navlint did not update the links to the moved pages: start.mdx: /start is the source of a redirect (to /guides/setup#install), which would hide the page there',
      );
    await expect(
      client.connection.sendRequest('workspace/willRenameFiles', { files: [{ oldUri: 3 }] }),
    ).rejects.toThrow('workspace/willRenameFiles needs files: [{oldUri, newUri}] (strings)');
  }, 60_000);
});
