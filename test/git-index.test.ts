import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobId } from '../src/common/hash';
import { diskFiles } from '../src/site/files';
import { GitIndex } from '../src/site/git-index';
import { ageIndex, ageIndexFile, committedSite, git, hasGit } from './git-helpers';
import { cacheFiles, docsWith, navlint, temporaryFolder } from './helpers';

/**
 * A fresh checkout gives every file a new stamp: the page parses are found again through git's
 * index, by the blob id git keeps of each file it checked out, without reading the pages.
 */

const stampOf = (file: string) => diskFiles.stamp(file)!;

describe.skipIf(!hasGit)('git index', () => {
  it('gives the blob id git computes, for each file as git last saw it, in index versions 2, 3 and 4', () => {
    const { repo, docs } = committedSite({
      'a.mdx': '# A\n',
      'guides/b.mdx': 'Ünïcode and `code`\n',
      'guides/c.mdx': 'C\n',
    });
    ageIndex(repo);
    for (const version of ['2', '3', '4']) {
      git(repo, 'update-index', '--index-version', version);
      ageIndexFile(repo);
      const index = GitIndex.of(docs)!;
      for (const name of ['a.mdx', 'guides/b.mdx', 'guides/c.mdx']) {
        const file = path.join(docs, name);
        expect(index.blobOf(file, stampOf(file))).toBe(git(repo, 'hash-object', `docs/${name}`));
        expect(blobId(fs.readFileSync(file, 'utf8'))).toBe(git(repo, 'hash-object', `docs/${name}`));
      }
    }
  });

  it('gives none for a file changed since, one git does not track, or one modified when the index was written', () => {
    const { repo, docs } = committedSite({ 'a.mdx': '# A\n', 'b.mdx': '# B\n' });
    ageIndex(repo);
    fs.writeFileSync(path.join(docs, 'a.mdx'), '# A, changed\n');
    fs.writeFileSync(path.join(docs, 'new.mdx'), '# New\n');
    const index = GitIndex.of(docs)!;
    expect(index.blobOf(path.join(docs, 'a.mdx'), stampOf(path.join(docs, 'a.mdx')))).toBeUndefined();
    expect(index.blobOf(path.join(docs, 'new.mdx'), stampOf(path.join(docs, 'new.mdx')))).toBeUndefined();
    expect(index.blobOf(path.join(docs, 'b.mdx'), stampOf(path.join(docs, 'b.mdx')))).toBe(
      git(repo, 'hash-object', 'docs/b.mdx'),
    );
    // The index written in the same instant as b.mdx was last modified: b.mdx is racily clean.
    const bTime = fs.statSync(path.join(docs, 'b.mdx')).mtime;
    fs.utimesSync(path.join(repo, '.git', 'index'), bTime, bTime);
    expect(GitIndex.of(docs)!.blobOf(path.join(docs, 'b.mdx'), stampOf(path.join(docs, 'b.mdx')))).toBeUndefined();
  });

  it('is none where a checkout may convert a file (line endings, ident, a filter), so that no id stands for bytes it is not', () => {
    const { repo, docs } = committedSite({ 'a.mdx': '# A\n' });
    ageIndex(repo);
    expect(GitIndex.of(docs)).toBeDefined();
    // Git LFS's filter on assets: their bytes are never read.
    fs.writeFileSync(path.join(repo, '.gitattributes'), '*.png filter=lfs diff=lfs merge=lfs -text\n');
    expect(GitIndex.of(docs)).toBeDefined();
    for (const attributes of ['*.mdx text eol=crlf\n', '# pages\n* text=auto\n', '*.mdx ident\n']) {
      fs.writeFileSync(path.join(repo, '.gitattributes'), attributes);
      expect(GitIndex.of(docs)).toBeUndefined();
    }
    fs.rmSync(path.join(repo, '.gitattributes'));
    // A tracked .gitattributes in a subfolder.
    fs.writeFileSync(path.join(docs, '.gitattributes'), '*.mdx eol=crlf\n');
    git(repo, 'add', 'docs/.gitattributes');
    expect(GitIndex.of(docs)).toBeUndefined();
    git(repo, 'rm', '-q', '--cached', 'docs/.gitattributes');
    expect(GitIndex.of(docs)).toBeDefined();
    // core.autocrlf in any of git's spellings of true, and a config included from elsewhere.
    for (const value of ['true', 'yes', '1', 'input']) {
      git(repo, 'config', 'core.autocrlf', value);
      expect(GitIndex.of(docs)).toBeUndefined();
    }
    git(repo, 'config', 'core.autocrlf', 'false');
    expect(GitIndex.of(docs)).toBeDefined();
    git(repo, 'config', 'include.path', '/nowhere/config');
    expect(GitIndex.of(docs)).toBeUndefined();
    git(repo, 'config', '--unset', 'include.path');
    expect(GitIndex.of(docs)).toBeDefined();
  });

  it("is none where git's global attributes file converts", () => {
    const { repo, docs } = committedSite({ 'a.mdx': '# A\n' });
    ageIndex(repo);
    const config = temporaryFolder('navlint-xdg-');
    fs.mkdirSync(path.join(config, 'git'));
    fs.writeFileSync(path.join(config, 'git/attributes'), '*.mdx eol=crlf\n');
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = config;
    try {
      expect(GitIndex.of(docs)).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
    }
    expect(GitIndex.of(docs)).toBeDefined();
  });

  it('is none outside a repository, and for an index it cannot read', () => {
    const outside = temporaryFolder('navlint-nogit-');
    expect(GitIndex.of(outside)).toBeUndefined();
    const { repo, docs } = committedSite({ 'a.mdx': '# A\n' });
    fs.writeFileSync(path.join(repo, '.git', 'index'), 'not an index');
    expect(GitIndex.of(docs)).toBeUndefined();
  });

  it("a fresh clone with the cache folder of a run on another checkout takes each unchanged page's parse from the cache, and parses a changed one", () => {
    const page = 'Some text.\n';
    const { repo } = committedSite({
      'docs.json': docsWith('{ "pages": ["index", "other"] }'),
      'index.mdx': page,
      'other.mdx': 'Other.\n',
    });
    const cacheDir = temporaryFolder('navlint-git-cache-');
    const run = (dir: string) =>
      JSON.parse(navlint(['check', dir, '--format', 'json'], { env: { NAVLINT_CACHE_DIR: cacheDir } }).stdout) as {
        filePath: string;
        messages: { ruleId: string; message: string; line: number; column: number }[];
      }[];
    expect(run(path.join(repo, 'docs')).flatMap((r) => r.messages)).toEqual([]);
    // A parse planted under index.mdx's blob id: a run that takes it from the cache reports it.
    const parsesFile = cacheFiles(cacheDir, 'page-parses', 'shards').find(
      (file) => path.basename(file) === `parses-${blobId(page).slice(0, 3)}.json`,
    )!;
    const parses = JSON.parse(fs.readFileSync(parsesFile, 'utf8'));
    expect(Object.keys(parses)).toContain(blobId(page));
    parses[blobId(page)] = { error: { reason: 'Planted in the cache', start: { line: 1, column: 6 } } };
    fs.writeFileSync(parsesFile, JSON.stringify(parses));

    const clone = temporaryFolder('navlint-clone-');
    git(clone, 'clone', '-q', repo, 'site');
    ageIndex(path.join(clone, 'site'));
    const found = run(path.join(clone, 'site', 'docs')).flatMap((r) =>
      r.messages.map((m) => `${path.basename(r.filePath)} ${m.line}:${m.column} ${m.ruleId} ${m.message}`),
    );
    expect(found).toEqual([
      'index.mdx 1:6 mdx-syntax does not parse as MDX, so the platform cannot build it: Planted in the cache',
    ]);

    // Changed in the clone: read and parsed.
    fs.writeFileSync(path.join(clone, 'site', 'docs', 'index.mdx'), 'Some text, changed.\n');
    expect(run(path.join(clone, 'site', 'docs')).flatMap((r) => r.messages)).toEqual([]);
  });
});
