// The VS Code extension in a real VS Code: code-server 4.100.3 (VS Code 1.100, from the npm registry,
// installed once into a cache folder by scripts/code-server-install.mjs), driven from headless
// Chromium. The test installs the built .vsix, opens a copy of a corpus site and reads what a writer
// sees; it waits for what the window shows, never for a guessed delay.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCodeServer } from '../scripts/code-server-install.mjs';
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
  let server: ChildProcess | undefined;
  let url = '';

  beforeAll(async () => {
    const entry = ensureCodeServer();
    const packaged = spawnSync(process.execPath, [path.join(repo, 'scripts/package-vscode.mjs')], { encoding: 'utf8' });
    expect(packaged.status, packaged.stderr).toBe(0);
    const install = spawnSync(
      process.execPath,
      [
        entry,
        '--user-data-dir',
        userData,
        '--extensions-dir',
        extensions,
        '--install-extension',
        path.join(repo, 'dist/navlint.vsix'),
      ],
      { encoding: 'utf8' },
    );
    expect(install.stdout).toMatch(/Extension '.*' was successfully installed\./);
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
    fs.writeFileSync(path.join(site, 'broken.mdx'), '---\ntitle: Broken\n---\n\n<Card title="x">\n\nText {oops\n');
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.writeFileSync(
      path.join(userData, 'User', 'settings.json'),
      JSON.stringify({
        'workbench.startupEditor': 'none',
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
      }),
    );
    server = spawn(
      process.execPath,
      [
        entry,
        '--auth',
        'none',
        '--bind-addr',
        '127.0.0.1:0',
        '--disable-telemetry',
        '--disable-workspace-trust',
        '--user-data-dir',
        userData,
        '--extensions-dir',
        extensions,
        site,
      ],
      // navlint's server, started by the extension, keeps its cache in this test's folder.
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NAVLINT_CACHE_DIR: cache } },
    );
    url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const read = (chunk: Buffer) => {
        seen += chunk.toString();
        const listening = /HTTP server listening on (http:\/\/[\d.:]+)/.exec(seen);
        if (listening) resolve(listening[1]);
      };
      server!.stdout!.on('data', read);
      server!.stderr!.on('data', read);
      server!.on('exit', (code) => reject(new Error(`code-server exited (${code}): ${seen}`)));
    });
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill();
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  it("shows docs.json's findings in Problems at their line and column, applies a quick fix, and a page's parse error", async () => {
    const expected = JSON.parse(navlint(['check', site, '--format', 'json']).stdout);
    const findingsOf = (file: string) =>
      expected.find((entry: { filePath: string }) => entry.filePath === path.join(site, file)).messages as {
        line: number;
        column: number;
        endLine: number;
        endColumn: number;
        ruleId: string;
      }[];
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${url}/?folder=${encodeURIComponent(site)}`);
      await openFile(page, 'docs.json');
      await page.keyboard.press('Control+Shift+M');
      // Problems lists every file's findings (the pages' too) in a virtual list: one file's at a time.
      const filter = page.getByPlaceholder(/^Filter \(e\.g\./);
      await filter.fill('**/docs.json');
      const rows = page.locator('.markers-panel .monaco-list-row', { hasText: 'navlint' });
      const typo = rows.filter({ hasText: 'introducton' });
      await typo.first().waitFor({ timeout: 120_000 });
      const status = page.locator('.statusbar-item', { hasText: 'navlint' });
      await expect.poll(() => status.first().getAttribute('aria-label'), { timeout: 60_000 }).toContain('navlint');
      const texts = await rows.allTextContents();
      for (const finding of findingsOf('docs.json'))
        expect(
          texts.some(
            (text) => text.includes(`[Ln ${finding.line}, Col ${finding.column}]`) && text.includes(finding.ruleId),
          ),
        ).toBe(true);
      // VS Code's JSON service has the shipped schema (nothing fetched) and reports none of its mistakes.
      const all = await page.locator('.markers-panel .monaco-list-row').allTextContents();
      expect(all.filter((text) => text.includes('[Ln 3, Col 12]'))).toHaveLength(1);
      expect(all.filter((text) => /Unable to load schema/.test(text))).toEqual([]);
      fs.mkdirSync(path.join(repo, '.artifacts'), { recursive: true });
      await page.screenshot({ path: path.join(repo, '.artifacts', 'vscode-problems.png') });

      // The pages' findings come after docs.json's and redraw Problems: the menu is opened once they are in
      // (the status bar counts the workspace's errors; broken.mdx's may come only when it is opened).
      const errors = expected
        .flatMap((file: { messages: { severity: number }[] }) => file.messages)
        .filter((message: { severity: number }) => message.severity === 2).length;
      const problems = page.locator('.statusbar-item[id="status.problems"]');
      await expect
        .poll(
          async () => [errors, errors - 1].includes(Number(/\d+/.exec((await problems.textContent()) ?? '')?.[0])),
          {
            timeout: 120_000,
          },
        )
        .toBe(true);

      // The did-you-mean from the lightbulb menu, applied and saved.
      await typo.first().click();
      await page.keyboard.press('Enter'); // opens the finding's place in the editor
      // The finding is selected (the cursor at its end) when the status bar says so; then the editor has the focus.
      const [typoFinding] = findingsOf('docs.json').filter(
        (finding) => finding.ruleId === 'page-exists' && finding.line === 45,
      );
      await page
        .locator('.statusbar-item', { hasText: `Ln ${typoFinding.endLine}, Col ${typoFinding.endColumn}` })
        .first()
        .waitFor({ timeout: 30_000 });
      await page.keyboard.press('Control+.');
      const actions = page.locator('.action-widget .monaco-list-row.action');
      await actions.first().waitFor({ timeout: 30_000 });
      expect(await actions.allTextContents()).toEqual(['Use "introduction"']);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+S');
      await expect
        .poll(
          () => fs.readFileSync(path.join(site, 'docs.json'), 'utf8').includes('"pages": ["introduction", "migrate"]'),
          { timeout: 30_000 },
        )
        .toBe(true);

      // A page's parse error, when the page is opened.
      await openFile(page, 'broken.mdx');
      await filter.fill('**/broken.mdx');
      const [parse] = findingsOf('broken.mdx');
      const parseRow = rows
        .filter({ hasText: `[Ln ${parse.line}, Col ${parse.column}]` })
        .filter({ hasText: 'mdx-syntax' });
      await parseRow.first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(repo, '.artifacts', 'vscode-page.png') });
    } finally {
      await browser.close();
    }
  }, 300_000);
});

/** Opens a file of the workspace's root from the explorer, and waits for its tab. */
async function openFile(page: Page, name: string): Promise<void> {
  const row = page.locator('.explorer-folders-view .monaco-list-row', {
    hasText: new RegExp(`^${name.replace('.', '\\.')}$`),
  });
  await row.first().waitFor({ timeout: 120_000 });
  await row.first().click();
  await page.locator(`.tab.active[aria-label^="${name}"]`).waitFor({ timeout: 60_000 });
}
