// Every page of a real site moved, one at a time and then folder by folder, each on a fresh copy: the
// site must check as before, and every old URL must land on its page through the new redirects.
// The site: ARTPARK-SAHAI-ORG__calibrate, the smallest of the corpus (38 pages but for a snippet, in 11 folders),
// with what a move must keep: links from the root with anchors, `<Card href>`s, images and audio files
// beside the pages, a snippet, MDX endpoint pages and a spec, and nine broken links of its own.
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
const cacheDir = temporaryFolder('navlint-mv-corpus-cache-');

/** Moves `from` to `to` on a fresh copy of the site with navlint mv's own code; what it said, and what the site then is. */
async function moveOnCopy(from: string, to: string) {
  const dir = path.join(temporaryFolder('navlint-mv-corpus-'), 'site');
  fs.cpSync(corpus!, dir, { recursive: true });
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

describe.skipIf(!corpus)('navlint mv over every page of a corpus site (ARTPARK-SAHAI-ORG__calibrate)', () => {
  const pages = () => {
    const { site } = lint({ ruleSet, docsFile: path.join(corpus!, 'docs.json'), cacheDir, persistCaches: false });
    return [...site.pages().values()].filter((file) => !file.startsWith('snippets/')).sort();
  };

  it('moves each page into another folder, one at a time: nothing new reported, every old URL redirected to it', async () => {
    const files = pages();
    expect(files).toHaveLength(38);
    const outcomes: Record<string, unknown> = {};
    for (const file of files) {
      const { code, said, added, unlanded } = await moveOnCopy(file, `moved/${file}`);
      if (code !== 0 || added.length > 0 || unlanded.length > 0) outcomes[file] = { code, said, added, unlanded };
    }
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
    const outcomes: Record<string, unknown> = {};
    let moved = 0;
    for (const folder of folders) {
      const run = await moveOnCopy(folder, `moved/${folder}`);
      moved += run.moved;
      if (run.code !== 0 || run.added.length > 0 || run.unlanded.length > 0) outcomes[folder] = run;
    }
    expect(outcomes).toEqual({});
    expect(moved).toBe(41); // the 37 pages in folders, api-reference/endpoint's 4 again with api-reference
  }, 600_000);
});
