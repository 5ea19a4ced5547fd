import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, defaultConfig } from '../src/engine/config';
import { uriOf } from '../src/lsp/documents';
import type { Publishable } from '../src/lsp/publisher';
import { type SiteLint, SiteLinter } from '../src/lsp/site-linter';
import { diskFiles, overlayFiles } from '../src/site/files';
import { docsWith, makeSite } from './helpers';
import { usersSpec } from './sites';

/** A site whose docs.json names a missing page, and whose page a links to an anchor of page b and to nowhere. */
function site(): string {
  return makeSite({
    'docs.json': docsWith('{ "pages": ["a", "b", "missing"] }'),
    'a.mdx': '# A\n\nSee [install](/b#install) and [gone](/gone).\n',
    'b.mdx': '# B\n\n## Install\n',
  });
}

/** A linter over a site, with the editor's texts (`typed`, by path) over the disk's, and what it published written down as [file, rule ids]. */
function linterOf(root: string, config: () => Config = () => defaultConfig) {
  const typed = new Map<string, string>();
  const published: { files: string[]; complete: boolean; versions: ReadonlyMap<string, number> }[] = [];
  let cleared = 0;
  const versions = new Map<string, number>();
  const linter = new SiteLinter(path.join(root, 'docs.json'), {
    files: overlayFiles(diskFiles, (file) => typed.get(file)),
    isOpen: (file) => typed.has(file),
    versions: () => new Map(versions),
    config: () => config(),
    suppressions: () => ({}),
    cacheDir: undefined,
    publish: (lint: Publishable, at, complete) =>
      void published.push({
        files: summary(root, lint),
        complete,
        versions: at,
      }),
    clear: () => void cleared++,
  });
  const type = (file: string, text: string, version: number) => {
    typed.set(path.join(root, file), text);
    versions.set(uriOf(path.join(root, file)), version);
    linter.site.fileChanged(path.join(root, file), 'changed');
  };
  return { linter, published, type, cleared: () => cleared };
}

/** Each file of a lint with the rule ids of its findings. */
function summary(root: string, lint: Publishable): string[] {
  const byFile = new Map<string, string[]>(lint.files.map((file) => [path.relative(root, file.path), []]));
  for (const finding of lint.findings) {
    const file = path.relative(root, finding.file.path);
    byFile.set(file, [...(byFile.get(file) ?? []), `${finding.ruleId}@${finding.offset}`]);
  }
  return [...byFile].map(([file, ids]) => `${file}: ${ids.join(' ')}`);
}

/** A run of the pages' rules that no newer lint supersedes. */
const stillCurrent = () => false;

const lintOf = (outcome: SiteLint | 'gone'): SiteLint => {
  if (outcome === 'gone') throw new Error('docs.json is gone');
  return outcome;
};

describe("a site's linter", async () => {
  it("publishes docs.json's findings first, then the pages' with them", async () => {
    const root = site();
    const { linter, published } = linterOf(root);
    const lint = lintOf(linter.lintDocs(undefined));
    expect(published).toEqual([{ files: ['docs.json: page-exists@109'], complete: false, versions: new Map() }]);
    expect(await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent)).toBe('every page');
    expect(published[1]).toEqual({
      files: ['docs.json: page-exists@109', 'a.mdx: page-link@42'],
      complete: true,
      versions: new Map(),
    });
  });

  it("checks only the pages typed in after a run over every page, keeping the others' findings, until a run over every page", async () => {
    const root = site();
    const { linter, published, type } = linterOf(root);
    let lint = lintOf(linter.lintDocs(undefined));
    // Typed before any run over every page: every page is checked all the same.
    expect(
      await linter.checkPages(lint, { kind: 'typed', files: new Set([path.join(root, 'a.mdx')]) }, stillCurrent),
    ).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@109', 'a.mdx: page-link@42']);
    type('b.mdx', '# B\n\n## Setup\n\n[c](/nowhere)\n', 2);
    lint = lintOf(linter.lintDocs(lint));
    expect(lint.versions).toEqual(new Map([[uriOf(path.join(root, 'b.mdx')), 2]]));
    expect(
      await linter.checkPages(lint, { kind: 'typed', files: new Set([path.join(root, 'b.mdx')]) }, stillCurrent),
    ).toBe('typed pages');
    // b's own finding is in; a's link to the anchor b no longer has waits for the run over every page.
    expect(published.at(-1)).toEqual({
      files: ['docs.json: page-exists@109', 'a.mdx: page-link@42', 'b.mdx: page-link@19'],
      complete: true,
      versions: lint.versions,
    });
    expect(await linter.checkPages(lint, { kind: 'other' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual([
      'docs.json: page-exists@109',
      'a.mdx: page-anchor@22 page-link@42',
      'b.mdx: page-link@19',
    ]);
  });

  it('publishes nothing of a run over every page superseded between two slices, and the next run checks every page', async () => {
    const root = site();
    const { linter, published, type } = linterOf(root);
    let lint = lintOf(linter.lintDocs(undefined));
    await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent);
    type('b.mdx', '# B\n', 2);
    lint = lintOf(linter.lintDocs(lint));
    const before = published.length;
    // A newer lint as the first slice (docs.json's) ends.
    let asked = 0;
    expect(await linter.checkPages(lint, { kind: 'other' }, () => ++asked > 1)).toBe('superseded');
    expect(asked).toBe(2);
    expect(published).toHaveLength(before);
    // A docs.json edit alone would narrow a run that follows one over every page: not this one.
    lint = lintOf(linter.lintDocs(lint));
    expect(await linter.checkPages(lint, { kind: 'docs' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@109', 'a.mdx: page-anchor@22 page-link@42']);
  });

  it("keeps the pages' findings without running their rules while docs.json's edits only rename groups, tabs and the like", async () => {
    const root = makeSite({
      'docs.json': docsWith('{ "groups": [{ "group": "Guides", "pages": ["a", "missing"] }] }'),
      'a.mdx': '# A\n\n[gone](/gone)\n',
    });
    const { linter, published, type } = linterOf(root);
    let lint = lintOf(linter.lintDocs(undefined));
    expect(await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@136', 'a.mdx: page-link@12']);
    // The page changes on disk unannounced: only a run of the pages' rules would see it.
    fs.writeFileSync(path.join(root, 'a.mdx'), '# A\n\nNo link.\n');
    linter.site.fileChanged(path.join(root, 'a.mdx'), 'changed');
    type('docs.json', docsWith('{ "groups": [{ "group": "Guide", "pages": ["a", "missing"] }] }'), 2);
    lint = lintOf(linter.lintDocs(lint));
    expect(await linter.checkPages(lint, { kind: 'docs' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@135', 'a.mdx: page-link@12']);
    // An edit of a page entry changes what the pages' rules find in the pages it names: they run there.
    type('docs.json', docsWith('{ "groups": [{ "group": "Guide", "pages": ["a", "missinh"] }] }'), 3);
    lint = lintOf(linter.lintDocs(lint));
    expect(await linter.checkPages(lint, { kind: 'docs' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@135', 'a.mdx: page-link@12']);
    type('docs.json', docsWith('{ "groups": [{ "group": "Guide", "pages": ["ab", "missinh"] }] }'), 4);
    lint = lintOf(linter.lintDocs(lint));
    expect(await linter.checkPages(lint, { kind: 'docs' }, stillCurrent)).toBe('every page');
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@130 page-exists@136']);
  });

  it("gives a full lint's findings after each edit of docs.json, checking again only what a page entry's edit can change", async () => {
    const root = makeSite({
      'docs.json': docsWith(
        '{ "tabs": [{ "tab": "Guides", "openapi": "admin.yaml", "groups": [{ "group": "Guides", "pages": ["guides/a", "guides/b", "other/c"] }] },' +
          ' { "tab": "API", "openapi": "users.yaml", "groups": [{ "group": "Users", "pages": ["reference/users"] }] }] }',
      ),
      'guides/a.mdx': '# A\n\n[b](/guides/b#setup), [c](/other/c), [folder](/other), [d](/guides/d) ![](/logo.png)\n',
      'guides/b.mdx': '# B\n\n## Setup\n\n[a](/guides/a) and [users](/reference/users)\n',
      'other/c.mdx': '# C\n\n[b](/guides/bb)\n',
      'reference/users.mdx': '---\nopenapi: GET /users\n---\n\n[a](/guides/a)\n',
      'users.yaml': usersSpec,
      'admin.yaml':
        'openapi: 3.1.0\ninfo:\n  title: Admin\n  version: "1"\npaths:\n  /audit:\n    get:\n      summary: Audit\n',
    });
    const { linter, type } = linterOf(root);
    let lint = lintOf(linter.lintDocs(undefined));
    await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent);
    const said = ({ result }: SiteLint) =>
      [...result.findings, ...result.suppressed].map(
        (f) => `${path.relative(root, f.file.path)}@${f.offset} ${f.ruleId}: ${f.message}`,
      );
    const full = async (text: string) => {
      const afresh = linterOf(root);
      afresh.type('docs.json', text, 1);
      const fresh = lintOf(afresh.linter.lintDocs(undefined));
      await afresh.linter.checkPages(fresh, { kind: 'unchanged' }, stillCurrent);
      return said(fresh);
    };
    let text = fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
    const edits: [string, string][] = [
      ['"guides/b"', '"guides/bb"'], // a page that is not there: links to it are not checked again
      ['"guides/bb"', '"guides/b"'],
      ['"other/c"', '"other/"'], // the folder "other" no longer listed: every page is checked
      ['"other/"', '"other/c"'],
      ['"guides/b"', '"reference/users"'], // the endpoint page first listed where another spec is in force
      ['"group": "Users"', '"group": "Use"'],
      ['"reference/users"', '"guides/b"'],
    ];
    for (const [i, [from, to]] of edits.entries()) {
      text = text.replace(from, to);
      type('docs.json', text, i + 2);
      lint = lintOf(linter.lintDocs(lint));
      expect(await linter.checkPages(lint, { kind: 'docs' }, stillCurrent)).toBe('every page');
      expect(said(lint), to).toEqual(await full(text));
    }
  });

  it("answers a missing entry's did-you-mean from the pages and entries as they are now, as a lint afresh does", async () => {
    const root = makeSite({
      'docs.json': docsWith('{ "pages": ["a", "guides/intro"] }'),
      'a.mdx': '# A\n',
      'guides/intro.mdx': '# Intro\n',
      'guides/setup.mdx': '# Setup\n',
    });
    const { linter, type } = linterOf(root);
    let lint = lintOf(linter.lintDocs(undefined));
    const docs = (lint: SiteLint) => lint.result.findings.map((f) => `${f.ruleId}@${f.offset} ${f.message}`);
    const afresh = () => {
      const other = linterOf(root);
      other.type('docs.json', fs.readFileSync(path.join(root, 'docs.json'), 'utf8'), 1);
      return docs(lintOf(other.linter.lintDocs(undefined)));
    };
    const file = (name: string, text: string | undefined) => {
      const at = path.join(root, name);
      if (text === undefined) fs.rmSync(at);
      else fs.writeFileSync(at, text);
      linter.site.fileChanged(at, text === undefined ? 'deleted' : 'created');
    };
    const entries = (pages: string) => {
      fs.writeFileSync(path.join(root, 'docs.json'), docsWith(pages));
      type('docs.json', docsWith(pages), 2);
    };
    const missing = 'page "guides/setpu" not found: no guides/setpu.mdx or guides/setpu.md';
    const steps: [string, () => void, string][] = [
      [
        'an entry typed wrong',
        () => entries('{ "pages": ["a", "guides/intro", "guides/setpu"] }'),
        `${missing}; did you mean "guides/setup"?`,
      ],
      ['its page deleted', () => file('guides/setup.mdx', undefined), missing],
      [
        'a page of the name created',
        () => file('guides/setup.mdx', '# Setup\n'),
        `${missing}; did you mean "guides/setup"?`,
      ],
      [
        // A page another language lists is not what an entry of this one means.
        'the page listed in another language',
        () =>
          entries(
            '{ "languages": [{ "language": "en", "pages": ["a", "guides/intro", "guides/setpu"] }, { "language": "fr", "pages": ["guides/setup"] }] }',
          ),
        missing,
      ],
    ];
    for (const [step, act, said] of steps) {
      act();
      lint = lintOf(linter.lintDocs(lint));
      expect(docs(lint), step).toEqual(afresh());
      expect(
        docs(lint).map((finding) => finding.replace(/^\S+ /, '')),
        step,
      ).toEqual([said]);
    }
  });

  it('patches the previous lint after an edit inside a string, with the same findings as a lint afresh', async () => {
    const root = site();
    const { linter, type } = linterOf(root);
    const first = lintOf(linter.lintDocs(undefined));
    type('docs.json', docsWith('{ "pages": ["a", "b", "missinh"] }'), 2);
    const patched = lintOf(linter.lintDocs(first));
    expect(patched.result.model).toBe(first.result.model);
    const other = linterOf(root);
    other.type('docs.json', docsWith('{ "pages": ["a", "b", "missinh"] }'), 2);
    const afresh = lintOf(other.linter.lintDocs(undefined));
    expect(afresh.result.model).not.toBe(first.result.model);
    const said = (lint: SiteLint) => lint.result.findings.map((f) => `${f.ruleId}@${f.offset} ${f.message}`);
    expect(said(patched)).toEqual(['page-exists@109 page "missinh" not found: no missinh.mdx or missinh.md']);
    expect(said(afresh)).toEqual(said(patched));
  });

  it("makes its site anew when the config's extension key changes, and checks every page again", async () => {
    const root = site();
    let config = defaultConfig;
    const { linter, type } = linterOf(root, () => config);
    let lint = lintOf(linter.lintDocs(undefined));
    await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent);
    const before = linter.site;
    config = { ...defaultConfig, extensionKey: 'x-other' };
    type('b.mdx', '# B\n', 2);
    lint = lintOf(linter.lintDocs(lint));
    expect(linter.site).not.toBe(before);
    expect(linter.site.extensionKey).toBe('x-other');
    expect(
      await linter.checkPages(lint, { kind: 'typed', files: new Set([path.join(root, 'b.mdx')]) }, stillCurrent),
    ).toBe('every page');
  });

  it('shows the accessibility rules once the config turns them on, in docs.json first and in the pages as they are typed', async () => {
    const root = site();
    let config = defaultConfig;
    const { linter, published, type } = linterOf(root, () => config);
    let lint = lintOf(linter.lintDocs(undefined));
    await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent);
    // Off in the editor by default: b.mdx's `## Install` after `# B` is no finding yet.
    expect(published.at(-1)?.files).toEqual(['docs.json: page-exists@109', 'a.mdx: page-link@42']);
    config = { ...defaultConfig, a11y: 'warn' };
    lint = lintOf(linter.lintDocs(lint));
    // docs.json's colours.primary (#0D9373 on white) before the pages' findings.
    expect(published.at(-1)?.files).toEqual(['docs.json: a11y-contrast@58 page-exists@109']);
    type('b.mdx', '# B\n\n#### Install\n\n![](/b.png)\n', 2);
    lint = lintOf(linter.lintDocs(lint));
    await linter.checkPages(lint, { kind: 'unchanged' }, stillCurrent);
    expect(published.at(-1)?.files).toEqual([
      'docs.json: a11y-contrast@58 page-exists@109',
      'a.mdx: page-link@42',
      'b.mdx: a11y-heading-order@5 a11y-image-alt@19 page-image@23',
    ]);
    expect(lint.result.findings.filter((f) => f.ruleId.startsWith('a11y-')).map((f) => f.severity)).toEqual([1, 1, 1]);
  });

  it('is gone, its diagnostics cleared, when docs.json is neither on disk nor open', async () => {
    const root = site();
    const { linter, type, cleared } = linterOf(root);
    linter.lintDocs(undefined);
    fs.rmSync(path.join(root, 'docs.json'));
    type('docs.json', docsWith('{ "pages": ["a"] }'), 1);
    expect(linter.lintDocs(undefined)).not.toBe('gone');
    expect(cleared()).toBe(0);
    const { linter: unopened, cleared: unopenedCleared } = linterOf(root);
    expect(unopened.lintDocs(undefined)).toBe('gone');
    expect(unopenedCleared()).toBe(1);
  });

  it('names the files a lint read besides the pages: docs.json, its $ref files, its specs and .mintignore', async () => {
    const root = makeSite({
      'docs.json': docsWith(
        '{ "languages": [{ "$ref": "fr.json" }], "tabs": [{ "tab": "API", "openapi": "users.yaml", "pages": ["GET /users"] }] }',
      ),
      'fr.json': '{ "language": "fr", "pages": [] }',
      'users.yaml': usersSpec,
    });
    const { linter } = linterOf(root);
    const lint = lintOf(linter.lintDocs(undefined));
    expect(linter.filesRead(lint).map((file) => path.relative(root, file))).toEqual([
      'docs.json',
      'fr.json',
      'users.yaml',
      '.mintignore',
    ]);
    expect(linter.filesRead(undefined).map((file) => path.relative(root, file))).toEqual(['users.yaml', '.mintignore']);
  });
});
