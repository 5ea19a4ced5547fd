// The VS Code extension in a real VS Code: code-server 4.100.3 (VS Code 1.100, from the npm registry,
// installed once into a cache folder by scripts/code-server-install.mjs), driven from headless
// Chromium. The test installs the built .vsix, opens a copy of a corpus site and reads what a writer
// sees; it waits for what the window shows, never for a guessed delay.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installExtension, startCodeServer } from '../scripts/code-server-session.mjs';
import { installed } from './editors';
import { navlint, repo, sharedPath } from './helpers';

const hasChromium = installed('chromium', 'test/vscode.test.ts', 'chromium');
const polar = sharedPath('corpus/polarsource__polar', 'the VS Code extension test');

describe.skipIf((!hasChromium && !process.env.CI) || !polar)('the extension in VS Code (code-server)', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'navlint-vscode-'));
  const site = path.join(work, 'polar');
  const userData = path.join(work, 'user-data');
  const extensions = path.join(work, 'extensions');
  // Outside `work`: the server may still write to it as code-server goes; removed with the machine's other temporary files.
  const cache = `${work}-cache`;
  let stopServer: (() => Promise<void>) | undefined;
  let url = '';

  beforeAll(async () => {
    const packaged = spawnSync(process.execPath, [path.join(repo, 'scripts/package-vscode.mjs')], { encoding: 'utf8' });
    expect(packaged.status, packaged.stderr).toBe(0);
    installExtension(path.join(repo, 'dist/navlint.vsix'), { userData, extensions });
    fs.cpSync(polar!, site, { recursive: true });
    // A page entry with a typo (a did-you-mean with a quick fix) and a page that does not parse.
    const docs = path.join(site, 'docs.json');
    fs.writeFileSync(
      docs,
      fs
        .readFileSync(docs, 'utf8')
        .replace('"pages": ["introduction", "migrate"]', '"pages": ["introducton", "migrate"]')
        // A value the platform's schema refuses too: reported once, by navlint.
        .replace('"theme": "maple"', '"theme": "mapple"'),
    );
    fs.writeFileSync(
      path.join(site, 'broken.mdx'),
      '---\ntitle: Broken\n---\n\n<Card title="x">\n\nText {oops\n\n</Card>\n',
    );
    // A page whose one mistake has a fix, applied on save.
    fs.writeFileSync(
      path.join(site, 'comment.mdx'),
      '---\ntitle: Comment\n---\n\n<!-- A note for writers -->\n\nText.\n',
    );
    ({ url, stop: stopServer } = await startCodeServer({
      userData,
      extensions,
      folder: site,
      settings: {
        'navlint.trace.server': 'verbose',
        // Fixes on save, opted in for pages as the README shows it.
        '[mdx]': { 'editor.codeActionsOnSave': { 'source.fixAll.navlint': 'explicit' } },
      },
      // navlint's server, started by the extension, keeps its cache in this test's folder.
      env: { ...process.env, NAVLINT_CACHE_DIR: cache },
    }));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer?.();
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  // One window for all steps, in order: each starts where the one before left the window.
  let browser: Browser | undefined;
  let page: Page;
  let expected: { filePath: string; messages: Finding[] }[];
  const findingsOf = (file: string) => expected.find((entry) => entry.filePath === path.join(site, file))!.messages;
  const navlintRows = () => page.locator('.markers-panel .monaco-list-row', { hasText: 'navlint' });
  const statusItem = () => page.locator('.statusbar-item', { hasText: 'navlint' }).first();
  const screenshot = (name: string, of = page) => {
    fs.mkdirSync(path.join(repo, '.artifacts'), { recursive: true });
    return of.screenshot({ path: path.join(repo, '.artifacts', name) });
  };

  // What the window showed when a step failed, for the person who reads CI's artifacts.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    if (page) await screenshot(`vscode-failed-step-${task.name.slice(0, 40)}.png`);
    fs.cpSync(path.join(userData, 'logs'), path.join(repo, '.artifacts', 'vscode-logs'), { recursive: true });
  });

  it("shows docs.json's findings in Problems at their line and column, each once", async () => {
    expected = JSON.parse(navlint(['check', site, '--format', 'json']).stdout);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await openFile(page, 'docs.json');
    await page.keyboard.press('Control+Shift+M');
    // Problems lists every file's findings (the pages' too) in a virtual list: one file's at a time.
    await showInProblems(page, '**/docs.json', navlintRows().filter({ hasText: 'introducton' }).first(), 120_000);
    await expect.poll(() => statusItem().getAttribute('aria-label'), { timeout: 60_000 }).toContain('navlint running');
    // Each finding in one row: as many rows at its place with its rule as navlint has findings there.
    const texts = await navlintRows().allTextContents();
    const findings = findingsOf('docs.json');
    const place = (finding: Finding) => `[Ln ${finding.line}, Col ${finding.column}]`;
    for (const finding of findings)
      expect(
        texts.filter((text) => text.includes(place(finding)) && text.includes(finding.ruleId)),
        place(finding),
      ).toHaveLength(
        findings.filter((other) => place(other) === place(finding) && other.ruleId === finding.ruleId).length,
      );
    // VS Code's JSON service has the shipped schema and reports none of its mistakes. In the first window
    // after the install it may read docs.json before the extension's json.schemas setting lands, and fail to
    // fetch `$schema`; it validates again when the setting lands, and that row goes.
    const rows = () => page.locator('.markers-panel .monaco-list-row').allTextContents();
    const unloaded = async () => (await rows()).filter((text) => /Unable to load schema/.test(text));
    await expect.poll(unloaded, { timeout: 60_000 }).toEqual([]);
    expect((await rows()).filter((text) => text.includes('[Ln 3, Col 12]'))).toHaveLength(1);
    await screenshot('vscode-problems.png');
  }, 300_000);

  it("shows the shipped schema's description of a key on hover", async () => {
    // In the first window after the install, the JSON service may still be loading the shipped schema
    // (its json.schemas entry lands as the window starts): a hover asked before shows no description, so
    // it is asked again until one does.
    const description = page.locator('.monaco-hover', { hasText: 'The name of the project' }).first();
    const hovered = async () => {
      await page.keyboard.press('Escape');
      await goToLine(page, 10, 5); // "name": "Polar"
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      return description.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
    };
    await expect.poll(hovered, { timeout: 90_000 }).toBe(true);
    await page.keyboard.press('Escape');
  }, 120_000);

  it('applies a did-you-mean from the lightbulb menu, and saves it', async () => {
    // The pages' findings come after docs.json's and redraw Problems: the menu is opened once they are in
    // (the status bar counts the workspace's errors; broken.mdx's may come only when it is opened).
    const errors = expected.flatMap((file) => file.messages).filter((message) => message.severity === 2).length;
    const problems = page.locator('.statusbar-item[id="status.problems"]');
    await expect
      .poll(async () => [errors, errors - 1].includes(Number(/\d+/.exec((await problems.textContent()) ?? '')?.[0])), {
        timeout: 120_000,
      })
      .toBe(true);
    // Problems may have redrawn since: docs.json's rows again, then the typo's.
    const typoRow = navlintRows().filter({ hasText: 'introducton' }).first();
    await showInProblems(page, '**/docs.json', typoRow, 60_000);
    await typoRow.click();
    await page.keyboard.press('Enter'); // opens docs.json in the editor, at the finding's place
    // The cursor put at the finding's end by hand: Problems may redraw under the click, whose row is then another of docs.json's.
    await page.locator('.tab.active[aria-label^="docs.json"]').waitFor({ timeout: 30_000 });
    const [typo] = findingsOf('docs.json').filter((finding) => finding.ruleId === 'page-exists' && finding.line === 45);
    await goToLine(page, typo.endLine, typo.endColumn);
    await page.keyboard.press('Control+.');
    const actions = page.locator('.action-widget .monaco-list-row.action');
    await actions.first().waitFor({ timeout: 30_000 });
    expect(await actions.allTextContents()).toEqual(['Use "introduction"']);
    await page.keyboard.press('Enter');
    // Saved once the menu is gone and the edit is in (the finding goes with it): a key the menu would take.
    await actions.first().waitFor({ state: 'hidden', timeout: 30_000 });
    await navlintRows().filter({ hasText: 'introducton' }).first().waitFor({ state: 'detached', timeout: 30_000 });
    await page.keyboard.press('Control+S');
    await untilOnDisk('docs.json', '"pages": ["introduction", "migrate"]');
  }, 300_000);

  it('completes a page path inside "pages"', async () => {
    // A new entry before "introduction", typed in part: `"comm", ` with the cursor after `comm`. The
    // completion offers the pages the navigation does not list yet: comment.mdx is one.
    await goToLine(page, 45, 23);
    await page.keyboard.type('"comm", ');
    // Back over the space, the comma and the closing quote.
    for (let key = 0; key < 3; key++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Space');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: /^comment$/ });
    await suggestion.first().waitFor({ timeout: 30_000 });
    await suggestion.first().click();
    await page.locator('.suggest-widget').first().waitFor({ state: 'hidden', timeout: 30_000 });
    await page.keyboard.press('Control+S');
    await untilOnDisk('docs.json', '"pages": ["comment", "introduction", "migrate"]');
  }, 120_000);

  it("goes to a page entry's file (go to definition)", async () => {
    await goToLine(page, 45, 36); // in "introduction", after "comment",
    await page.keyboard.press('F12');
    await page.locator('.tab.active[aria-label^="introduction.mdx"]').waitFor({ timeout: 30_000 });
  }, 60_000);

  it("fixes a page on save (editor.codeActionsOnSave's source.fixAll.navlint)", async () => {
    await openPageUntilItsFinding('comment.mdx');
    await page.locator('.editor-instance .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Saved.');
    await page.keyboard.press('Control+S');
    await untilOnDisk('comment.mdx', '---\ntitle: Comment\n---\n\n{/* A note for writers */}\n\nText.\nSaved.');
  }, 120_000);

  it("shows a page's parse error when the page is opened", async () => {
    await openPageUntilItsFinding('broken.mdx');
    await screenshot('vscode-page.png');
  }, 120_000);

  it('moves a page in the explorer: docs.json, the pages that link to it and a new redirect follow it, on disk', async () => {
    // support.mdx: listed in docs.json, linked from two pages (/support), the destination of two redirects.
    const findings = (at: string) =>
      (JSON.parse(navlint(['check', site, '--format', 'json']).stdout) as { filePath: string; messages: Finding[] }[])
        .flatMap(({ filePath, messages }) =>
          messages.map((m) => `${m.ruleId} ${path.relative(site, filePath).replace(at, 'support.mdx')} ${m.message}`),
        )
        .sort();
    const before = findings('support.mdx');
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: /^support\.mdx$/ }).first();
    await row.click();
    await page.keyboard.press('F2');
    const input = page.locator('.explorer-folders-view .monaco-inputbox input');
    await input.waitFor({ timeout: 30_000 });
    await input.fill('help/support.mdx');
    await page.keyboard.press('Enter');
    // VS Code asks before it applies an extension's edit for a move: the user agrees.
    const agree = page.locator('.monaco-dialog-box', {
      hasText: "Extension 'navlint' wants to make refactoring changes",
    });
    await agree.getByRole('button', { name: 'OK' }).click({ timeout: 60_000 });
    // The edit the server answered with is applied before the move; VS Code leaves the files it changed
    // unsaved (as for any extension's edit of a move), and the user saves them all.
    await untilOnDisk('help/support.mdx', 'title: "Support"');
    await page.locator('.tab', { hasText: 'team-management.mdx' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('File: Save All');
    // The list keeps rows it hides while it filters: the one to wait for is the one shown.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'File: Save All' })
      .filter({ visible: true })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await untilOnDisk('docs.json', '"pages": ["help/support", "security"]');
    await untilOnDisk('docs.json', '"source": "/support",\n      "destination": "/help/support"');
    await untilOnDisk('docs.json', '"source": "/docs/support",\n      "destination": "/help/support"');
    await untilOnDisk('features/team-management.mdx', 'please [contact support](/help/support) to request');
    await untilOnDisk('merchant-of-record/fees.mdx', '[reach out to us](/help/support)');
    expect(fs.existsSync(path.join(site, 'support.mdx'))).toBe(false);
    expect(fs.existsSync(path.join(site, 'help/support.mdx'))).toBe(true);
    // Nothing that navlint check did not report before the move.
    expect(findings('help/support.mdx')).toEqual(before);
    await screenshot('vscode-moved-page.png');
  }, 180_000);

  it('says why the server cannot start: a wrong navlint.path, a server that crashes', async () => {
    const settings = path.join(site, '.vscode', 'settings.json');
    const usePath = (file: string | undefined) => {
      fs.mkdirSync(path.dirname(settings), { recursive: true });
      fs.writeFileSync(settings, JSON.stringify(file ? { 'navlint.path': file } : {}));
    };
    const toast = (text: string) =>
      page.locator('.notification-toast .notification-list-item-message', { hasText: text });
    const missing = path.join(work, 'no-such-navlint.cjs');
    usePath(missing);
    const notFound = `navlint could not start: ${missing} does not exist (the navlint.path setting).`;
    await toast(notFound).first().waitFor({ timeout: 60_000 });
    await expect.poll(() => statusItem().getAttribute('aria-label')).toContain(notFound);
    const crash = path.join(work, 'crash.cjs');
    fs.writeFileSync(crash, 'process.stderr.write("navlint: something broke\\n"); process.exit(3);');
    usePath(crash);
    await toast('navlint could not start: the server exited with code 3: navlint: something broke.')
      .first()
      .waitFor({ timeout: 60_000 });
    await screenshot('vscode-failed.png');
    // One message for each failure, none of vscode-languageclient's own.
    expect(await page.locator('.notification-toast', { hasText: 'navlint' }).count()).toBe(2);
    usePath(undefined);
    await expect.poll(() => statusItem().getAttribute('aria-label'), { timeout: 60_000 }).toContain('navlint running');
  }, 180_000);

  it('starts by itself for a repository whose docs.json is in docs/, with no file opened', async () => {
    const repository = path.join(work, 'repository');
    fs.cpSync(site, path.join(repository, 'docs'), { recursive: true });
    const other = await browser!.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      // The same code-server, another window: the extension activates on workspaceContains:docs/docs.json.
      const address = new URL(url);
      address.searchParams.set('folder', repository);
      await other.goto(address.href);
      await other.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 120_000 });
      await other.keyboard.press('Control+Shift+M');
      const theme = findingsOf('docs.json').find((finding) => finding.ruleId === 'schema')!;
      const row = other
        .locator('.markers-panel .monaco-list-row', { hasText: `[Ln ${theme.line}, Col ${theme.column}]` })
        .filter({ hasText: 'navlint' })
        .first();
      await showInProblems(other, '**/docs.json', row, 120_000);
      expect(await other.locator('.tab').count()).toBe(0);
    } catch (error) {
      // The failing step is this window's, not the first one's that afterEach shows.
      await screenshot('vscode-failed-step-other-window.png', other);
      throw error;
    } finally {
      await other.close();
    }
  }, 300_000);

  /** Opens a page and waits for its one finding (an mdx-syntax error) in Problems, at its line and column. */
  async function openPageUntilItsFinding(file: string) {
    await openFile(page, file);
    const [finding] = findingsOf(file);
    expect(finding.ruleId).toBe('mdx-syntax');
    const row = navlintRows()
      .filter({ hasText: `[Ln ${finding.line}, Col ${finding.column}]` })
      .filter({ hasText: 'mdx-syntax' })
      .first();
    await showInProblems(page, `**/${file}`, row, 60_000);
  }

  /** Waits until `file` of the site holds `text`, as the editor saved it. */
  function untilOnDisk(file: string, text: string) {
    return expect
      .poll(() => fs.readFileSync(path.join(site, file), 'utf8').includes(text), { timeout: 30_000 })
      .toBe(true);
  }
});

interface Finding {
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  ruleId: string;
  severity: number;
}

/** Moves the cursor with Go to Line, and waits for the status bar to show it there. */
/**
 * Filters Problems to `glob` and waits until `row` shows. As a window settles, VS Code may draw the
 * view again and drop a filter typed into it (seen in a second window under load): whenever the
 * filter no longer holds `glob`, it is typed again.
 */
async function showInProblems(window: Page, glob: string, row: Locator, timeout: number): Promise<void> {
  const filter = window.getByPlaceholder(/^Filter \(e\.g\./);
  await expect
    .poll(
      async () => {
        if ((await filter.inputValue()) !== glob) await filter.fill(glob);
        return row.isVisible();
      },
      { timeout },
    )
    .toBe(true);
}

async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page
    .locator('.statusbar-item', { hasText: `Ln ${line}, Col ${column}` })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Opens a file of the workspace's root from the explorer, and waits for its tab. */
async function openFile(page: Page, name: string): Promise<void> {
  const row = page.locator('.explorer-folders-view .monaco-list-row', {
    hasText: new RegExp(`^${name.replace('.', '\\.')}$`),
  });
  await row.first().waitFor({ timeout: 120_000 });
  await row.first().click();
  await page.locator(`.tab.active[aria-label^="${name}"]`).waitFor({ timeout: 60_000 });
}
