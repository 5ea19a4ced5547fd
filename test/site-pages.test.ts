import * as fs from 'node:fs';
import * as path from 'node:path';
import { assert, describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import { diskFiles, memoryFiles, type SiteFiles } from '../src/site/files';
import { Site } from '../src/site/site';
import { makeSite, temporaryFolder } from './helpers';

describe('the pages of a site', () => {
  it('start over as a whole when .mintignore changes: every list made from the walk follows it', () => {
    const dir = makeSite({ 'docs.json': '{}', 'a.mdx': '# A\n', 'b.mdx': '# B\n' });
    const site = new Site({ root: dir, files: diskFiles });
    expect([site.parsedPages(), [...site.pages().keys()]]).toEqual([
      ['a.mdx', 'b.mdx'],
      ['a', 'b'],
    ]);
    fs.writeFileSync(path.join(dir, '.mintignore'), 'b.mdx\n');
    site.fileChanged(path.join(dir, '.mintignore'), 'created');
    expect([site.parsedPages(), [...site.pages().keys()]]).toEqual([['a.mdx'], ['a']]);
  });

  it('look a file up once until a file comes or goes', () => {
    const dir = makeSite({ 'docs.json': '{}', 'a.mdx': '# A\n' });
    const site = new Site({ root: dir, files: diskFiles });
    expect(site.lookupFile('/guides/b.mdx')).toEqual({ normalized: 'guides/b.mdx', exists: false });
    fs.mkdirSync(path.join(dir, 'guides'));
    fs.writeFileSync(path.join(dir, 'guides/b.mdx'), '# B\n');
    // Edited, the site's files are the same ones: what it looked up stands.
    site.fileChanged(path.join(dir, 'a.mdx'), 'changed');
    expect(site.lookupFile('/guides/b.mdx').exists).toBe(false);
    site.fileChanged(path.join(dir, 'guides/b.mdx'), 'created');
    expect(site.lookupFile('/guides/b.mdx')).toEqual({ normalized: 'guides/b.mdx', exists: true });
    fs.rmSync(path.join(dir, 'guides/b.mdx'));
    site.fileChanged(path.join(dir, 'guides/b.mdx'), 'deleted');
    expect(site.lookupFile('guides/b.mdx').exists).toBe(false);
  });

  it('are listed in the order of their files, a page with two files where its .md sorts; .mdx is the page', () => {
    const names = ['k.mdx', 'k.md', 'k.md-x.mdx', 'a.mdx', 'a-b.mdx', 'z/y.md', 'b.md', 'B.mdx', 'a/c.mdx'];
    const site = new Site({
      root: '/site',
      files: memoryFiles('/site', Object.fromEntries(names.map((name) => [name, '']))),
    });
    // Looked up first: the listing is ordered only when asked for.
    expect(['k', 'a-b', 'z/y', 'nothing'].map((page) => site.pageFile(page))).toEqual([
      'k.mdx',
      'a-b.mdx',
      'z/y.md',
      undefined,
    ]);
    expect([...site.pages()]).toEqual([
      ['B', 'B.mdx'],
      ['a-b', 'a-b.mdx'],
      ['a', 'a.mdx'],
      ['a/c', 'a/c.mdx'],
      ['b', 'b.md'],
      ['k', 'k.mdx'],
      ['k.md-x', 'k.md-x.mdx'],
      ['z/y', 'z/y.md'],
    ]);
  });
});

describe('the walk of the docs folder', () => {
  it('is one per lint: the pages, scripts, assets and specs are each a filter of it', () => {
    let walks = 0;
    const files: SiteFiles = {
      ...diskFiles,
      walk: (...args) => {
        walks++;
        return diskFiles.walk(...args);
      },
    };
    const docsFile = path.join(__dirname, '..', 'fixtures', 'broken-links', 'docs.json');
    const { findings } = lint({ ruleSet, docsFile, files });
    expect(walks).toBe(1);
    // An image that exists, and one that does not, were told apart by the assets' filter.
    expect(findings.filter((finding) => /\.png\b/.test(finding.message)).length).toBeGreaterThan(0);
    expect(findings).toEqual(lint({ ruleSet, docsFile }).findings);
  });
});

describe('the frontmatter of pages, through the cache of verdicts', () => {
  /** The disk, counting the pages opened for their frontmatter. */
  const countingDisk = () => {
    const opened: string[] = [];
    const stamped: string[] = [];
    const files: SiteFiles = {
      ...diskFiles,
      head: (file, bytes) => {
        opened.push(path.basename(file));
        return diskFiles.head(file, bytes);
      },
      headStamped: (file, bytes) => {
        opened.push(path.basename(file));
        return diskFiles.headStamped(file, bytes);
      },
      stamp: (file) => {
        stamped.push(path.basename(file));
        return diskFiles.stamp(file);
      },
    };
    return { files, opened, stamped };
  };
  const frontmatters = (site: Site) => ['a.mdx', 'b.mdx'].map((file) => site.frontmatter(file)?.value ?? null);

  it('a page read once is stamped as it is read, and a later run with the same files opens none', () => {
    const dir = makeSite({ 'a.mdx': '---\nopenapi: GET /a\n---\n', 'b.mdx': '---\ntitle: B\n---\n' });
    const cacheDir = temporaryFolder();
    const first = countingDisk();
    const site = new Site({ root: dir, files: first.files, cacheDir });
    expect(frontmatters(site)).toEqual(['GET /a', null]);
    site.persist();
    expect(first.opened).toEqual(['a.mdx', 'b.mdx']);
    // The stamp taken from the open file is the one a lookup by path gives: the verdicts serve.
    const second = countingDisk();
    expect(frontmatters(new Site({ root: dir, files: second.files, cacheDir }))).toEqual(['GET /a', null]);
    expect(second.opened).toEqual([]);
    // An edit (a new size) is read again.
    fs.writeFileSync(path.join(dir, 'b.mdx'), '---\nopenapi: POST /b\n---\n');
    const third = countingDisk();
    expect(frontmatters(new Site({ root: dir, files: third.files, cacheDir }))).toEqual(['GET /a', 'POST /b']);
    expect(third.opened).toEqual(['b.mdx']);
  });

  it('a run whose first 64 lookups all find a new stamp (a fresh checkout) reads the rest without looking them up first', () => {
    const names = Array.from({ length: 100 }, (_, i) => `p${String(i).padStart(3, '0')}.mdx`);
    const dir = makeSite(Object.fromEntries(names.map((name) => [name, '---\ntitle: T\n---\n'])));
    const cacheDir = temporaryFolder();
    const readAll = () => {
      const disk = countingDisk();
      const site = new Site({ root: dir, files: disk.files, cacheDir });
      expect(names.map((name) => site.frontmatter(name))).toEqual(names.map(() => undefined));
      site.persist();
      return disk;
    };
    readAll();
    const warm = readAll();
    expect([warm.stamped.length, warm.opened.length]).toEqual([100, 0]);
    // Every page gets a new identity (its modification and change time), as a checkout writes it.
    const later = new Date(Date.now() + 10_000);
    for (const name of names) fs.utimesSync(path.join(dir, name), later, later);
    const checkout = readAll();
    expect([checkout.stamped, checkout.opened.length]).toEqual([names.slice(0, 64), 100]);
    // The next run finds the new stamps: a lookup each, and nothing opened.
    const after = readAll();
    expect([after.stamped.length, after.opened.length]).toEqual([100, 0]);
  });
});

describe('the parses of pages and snippets', () => {
  const broken = (parse: { error?: { start: { line: number; column: number } } }) =>
    parse.error && `${parse.error.start.line}:${parse.error.start.column}`;

  it('put docs.json variables into snippets (not pages) before the parse, each parse cached by the text and the variables', () => {
    const dir = makeSite({
      'snippets/v.mdx': 'By {{name}} <b>x</b>\n',
      'page.mdx': 'By {{name}}\n',
      'parts/part.mdx': 'Part {{name}}\n',
      'index.mdx': "import Part from '/parts/part.mdx'\n",
    });
    const cacheDir = temporaryFolder();
    const parses = (variables: Record<string, string> | undefined) => {
      const site = new Site({ root: dir, files: diskFiles, cacheDir });
      site.setVariables(variables);
      const found = ['snippets/v.mdx', 'page.mdx', 'parts/part.mdx'].map(
        (file) => broken(site.pageParse(file)) ?? null,
      );
      site.persist();
      return found;
    };
    expect(parses(undefined)).toEqual([null, null, null]);
    // "{" opens an expression no "}" closes: where the variable was written, after it.
    expect(parses({ name: 'Acme {' })).toEqual(['1:21', null, '1:14']);
    expect(parses({ name: 'Acme' })).toEqual([null, null, null]);
    // Back to the first values: from the cache, the same answer.
    const site = new Site({
      root: dir,
      files: {
        ...diskFiles,
        readText: (file) => (file.endsWith('.mdx') ? assert.fail(`read ${file}`) : diskFiles.readText(file)),
      },
      cacheDir,
    });
    site.setVariables({ name: 'Acme {' });
    expect(['snippets/v.mdx', 'page.mdx'].map((file) => broken(site.pageParse(file)) ?? null)).toEqual(['1:21', null]);
  });
});
