// The HTML report in a real browser: Debian's Chromium, headless, offline, driven by playwright-core.
// The test reads what the page renders and keeps a screenshot in .artifacts/ (and, under
// UPDATE_DOCS=1, as the README's picture in docs/images/).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeSiteDataset, startServer } from '../scripts/analytics-server.mjs';
import { key, tempDir } from './analytics-helpers';
import { installed } from './editors';
import { navlintAsync, repo, sharedPath } from './helpers';

// CI installs Chromium (.ci/run) and must not skip; elsewhere the test runs when it is there.
const hasChromium = installed('chromium', 'test/analytics-report-html.test.ts', 'chromium');
const polar = sharedPath('corpus/polarsource__polar', 'the HTML report test');

const origin = 'https://docs.example.com';
const paths = [
  '/introduction',
  '/features/products',
  '/features/checkout/links',
  '/documentation/basics/create-product',
  '/api-reference/2026-04/benefits/get-benefit',
  '/guides/old-pricing',
];

describe.skipIf((!hasChromium && !process.env.CI) || !polar)('the HTML report in headless Chromium', () => {
  it('renders its tables and chart offline, sorts a table on a click, and is kept as a screenshot', async () => {
    const dataset = makeSiteDataset({ feedbackPaths: paths, sourceUrls: paths.map((at) => `${origin}${at}`) });
    const dir = tempDir();
    const server = await startServer({ dataset, key });
    const env = { NAVLINT_API_KEY: key, NAVLINT_PROJECT_ID: 'proj_ok' };
    const common = [
      'analytics',
      'report',
      polar!,
      '--base-url',
      server.url,
      '--from',
      '2026-01-01',
      '--to',
      '2026-02-01',
    ];
    let json: string;
    try {
      const html = await navlintAsync([...common, '--format', 'html', '--output', 'report.html'], { cwd: dir, env });
      expect(html.code).toBe(0);
      json = (await navlintAsync([...common, '--format', 'json'], { cwd: dir, env })).stdout;
    } finally {
      await server.close();
    }
    const report = JSON.parse(json);
    const file = path.join(dir, 'report.html');

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const context = await browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

      expect(requested).toEqual([pathToFileURL(file).href]);
      expect(await page.locator('svg.chart g.bar').count()).toBe(31);
      const totals = await page
        .locator('svg.chart g.bar')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-total'))));
      expect(totals).toEqual(report.feedback.timeline.total);
      const rows = page.locator('#pages-table tbody tr');
      expect(await rows.count()).toBe(report.feedback.pages.length);
      expect(await rows.first().locator('td').first().textContent()).toBe(report.feedback.pages[0].path);
      expect(await page.locator('#missing-table tbody tr td:first-child').allTextContents()).toEqual([
        '/guides/old-pricing',
      ]);
      expect(await page.locator('#pages-table a').first().getAttribute('href')).toBe(
        path.relative(dir, path.join(polar!, report.feedback.pages[0].file)),
      );

      // Sorted by page, A to Z, then by total, largest first.
      await page.locator('#pages-table th', { hasText: /^page$/ }).click();
      const byPath = await page.locator('#pages-table tbody tr td:first-child').allTextContents();
      expect(byPath).toEqual([...byPath].sort());
      await page.locator('#pages-table th', { hasText: /^total$/ }).click();
      const totalsColumn = (await page.locator('#pages-table tbody tr td:nth-child(5)').allTextContents()).map(Number);
      expect(totalsColumn).toEqual([...totalsColumn].sort((a, b) => b - a));
      expect(await page.locator('#pages-table th', { hasText: /^total$/ }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(errors).toEqual([]);

      const shot = path.join(repo, '.artifacts', 'analytics-report.png');
      fs.mkdirSync(path.dirname(shot), { recursive: true });
      await page.screenshot({ path: shot, fullPage: true });
      expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
      if (process.env.UPDATE_DOCS) {
        await page.setViewportSize({ width: 1100, height: 1000 });
        await page.screenshot({ path: path.join(repo, 'docs/images/analytics-report.png') });
      }
    } finally {
      await browser.close();
    }
  });
});
