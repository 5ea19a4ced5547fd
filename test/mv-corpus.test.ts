// Pages of real sites moved, each move on a fresh copy: the site must check as before, and every old
// URL must land on its page through the new redirects.
// Every page of ARTPARK-SAHAI-ORG__calibrate, the smallest of the corpus (38 pages but for a snippet, in
// 11 folders), one at a time and then folder by folder, with what a move must keep: links from the root
// with anchors, `<Card href>`s, images and audio files beside the pages, a snippet, MDX endpoint pages
// and a spec, and nine broken links of its own. Then what that site lacks: the translated trees of
// langgenius__dify-docs (ja/, zh/), and the snippets of triggerdotdev__trigger.dev that pages in several
// folders render, with links to the pages moved.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { defaultConfig } from '../src/engine/config';
import { lint } from '../src/engine/lint';
import { followRedirects, pageUrlPath } from '../src/engine/page-link-targets';
import { findingsAddedByMove, movesOf } from '../src/engine/page-moves';
import { siteUrls } from '../src/engine/site-urls';
import { runMove } from '../src/migrate/move-command';
import { sharedPath, temporaryFolder } from './helpers';

const corpus = sharedPath('corpus/ARTPARK-SAHAI-ORG__calibrate', 'the move of every page of a corpus site');
const translated = sharedPath('corpus/langgenius__dify-docs', 'the moves in the translated trees of a corpus site');
const snippets = sharedPath('corpus/triggerdotdev__trigger.dev', "the moves of pages a corpus site's snippets link");
const cacheDir = temporaryFolder('navlint-mv-corpus-cache-');

/** Moves `from` to `to` on a fresh copy of the site with navlint mv's own code; what it said, and what the site then is. */
async function moveOnCopy(from: string, to: string, site = corpus!) {
  const dir = path.join(temporaryFolder('navlint-mv-corpus-'), 'site');
  fs.cpSync(site, dir, { recursive: true });
  const docsFile = path.join(dir, 'docs.json');
  const before = lint({ ruleSet, docsFile, cacheDir, persistCaches: false });
  const request = movesOf(before.site, from, to);
  let said = '';
  const code = await runMove({
    docsFile,
    config: defaultConfig,
    from,
    to,
    dryRun: false,
    redirects: true,
    cacheDir,
    cwd: dir,
    color: false,
    stdout: (text) => void (said += text),
    stderr: (text) => void (said += text),
  });
  const after = lint({ ruleSet, docsFile, cacheDir, persistCaches: false });
  // Nothing that the check did not report before: as many findings, none of them new (a did-you-mean aside).
  const added = findingsAddedByMove(before.findings, after.findings, dir, request.moves).map(
    (finding) => `${path.relative(dir, finding.file.path)}:${finding.line}: ${finding.message}`,
  );
  if (after.findings.length !== before.findings.length)
    added.push(`${before.findings.length} findings before, ${after.findings.length} after`);
  // Where each old URL lands now: through the redirects, on the page at its new path.
  const urls = siteUrls(after.model, after.site);
  const unlanded = request.moves.flatMap(({ from: old, to: moved }) => {
    const end = followRedirects(pageUrlPath(old), after.site, urls)?.end;
    return typeof end === 'object' && end.kind === 'page' && end.file === moved ? [] : [`/${pageUrlPath(old)}`];
  });
  return { code, said, added, unlanded, moved: request.moves.length };
}

/** Each move on a fresh copy of `site`: those that refused, reported something new or left an old URL unlanded. */
async function failedMoves(site: string, moves: [string, string][]) {
  const outcomes: Record<string, unknown> = {};
  let moved = 0;
  for (const [from, to] of moves) {
    const run = await moveOnCopy(from, to, site);
    moved += run.moved;
    if (run.code !== 0 || run.added.length > 0 || run.unlanded.length > 0) outcomes[from] = run;
  }
  return { outcomes, moved };
}

describe.skipIf(!corpus)('navlint mv over every page of a corpus site (ARTPARK-SAHAI-ORG__calibrate)', () => {
  const pages = () => {
    const { site } = lint({ ruleSet, docsFile: path.join(corpus!, 'docs.json'), cacheDir, persistCaches: false });
    return [...site.pages().values()].filter((file) => !file.startsWith('snippets/')).sort();
  };

  it('moves each page into another folder, one at a time: nothing new reported, every old URL redirected to it', async () => {
    const files = pages();
    expect(files).toHaveLength(38);
    const { outcomes } = await failedMoves(
      corpus!,
      files.map((file) => [file, `moved/${file}`]),
    );
    expect(outcomes).toEqual({});
  }, 600_000);

  it('moves each folder of pages into another folder: nothing new reported, every old URL redirected', async () => {
    const folders = [...new Set(pages().flatMap((file) => (file.includes('/') ? [path.posix.dirname(file)] : [])))];
    expect(folders.sort()).toEqual([
      'ai-tools',
      'api-reference',
      'api-reference/endpoint',
      'cli',
      'core-concepts',
      'essentials',
      'examples',
      'getting-started',
      'guides',
      'integrations',
      'quickstart',
    ]);
    const { outcomes, moved } = await failedMoves(
      corpus!,
      folders.map((folder) => [folder, `moved/${folder}`]),
    );
    expect(outcomes).toEqual({});
    expect(moved).toBe(41); // the 37 pages in folders, api-reference/endpoint's 4 again with api-reference
  }, 600_000);
});

describe.skipIf(!translated)('navlint mv in the translated trees of a corpus site (langgenius__dify-docs)', () => {
  it('moves folders and pages of the ja/ and zh/ trees within their language: nothing new reported, every old URL redirected', async () => {
    const { outcomes, moved } = await failedMoves(translated!, [
      ['ja/learn', 'ja/guides/learn'],
      ['zh/cli', 'zh/tools/cli'],
      ['zh/quick-start.mdx', 'zh/start/quick-start.mdx'],
      ['ja/cloud', 'ja/saas'],
    ]);
    expect(outcomes).toEqual({});
    expect(moved).toBe(16 + 20 + 1 + 92);
  }, 600_000);
});

describe.skipIf(!snippets)(
  "navlint mv of the pages a corpus site's snippets link, rendered in several folders (triggerdotdev__trigger.dev)",
  () => {
    it('moves them, as folders and one by one: nothing new reported, every old URL redirected', async () => {
      // realtime-examples-cards.mdx (rendered in realtime/backend and realtime/react-hooks) links to
      // guides/example-projects; web-scraping-warning.mdx (in config/, guides/examples, guides/python,
      // guides/example-projects) to guides/examples/puppeteer with an anchor; use-cases-cards.mdx (in
      // guides/ and guides/use-cases) to guides/use-cases; the framework guides render six snippets.
      const { outcomes, moved } = await failedMoves(snippets!, [
        ['guides/example-projects', 'projects'],
        ['guides/examples/puppeteer.mdx', 'browser/puppeteer.mdx'],
        ['guides/use-cases', 'use-cases'],
        ['guides/frameworks', 'frameworks'],
        ['realtime/backend', 'realtime/server'],
      ]);
      expect(outcomes).toEqual({});
      expect(moved).toBeGreaterThan(40);
    }, 600_000);
  },
);
