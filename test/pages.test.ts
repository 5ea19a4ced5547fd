import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWithWorkerPrefix, cacheFiles, makeSite, navlint, repo, temporaryFolder } from './helpers';

/** One mistake of each kind the platform refuses in a page, each at its place (fixtures/broken-pages). */
const brokenPages = `fixtures/broken-pages/anchors.mdx
  9:1  error    </Steps> closes an element that is not open, so the platform cannot build the page: remove it (MDX: Unexpected closing slash \`/\` in tag, expected an open tag first)  mdx-syntax

fixtures/broken-pages/callout.mdx
  5:1  error    <Note> is never closed, so the platform cannot build the page: close it with </Note> where its content ends (MDX: Expected a closing tag for \`<Note>\`)  mdx-syntax

fixtures/broken-pages/imports.mdx
  5:10  error    "/snippets/since.mdx" does not export Until (it exports Since): the platform warns and Until is not defined on the page (a component renders nothing)  mdx-import
  6:20  error    "/snippets/banner.mdx" is not a file the platform can import: there is no /snippets/banner.mdx; it drops this import with a warning, so Banner is not defined on the page (a component renders nothing)  mdx-import

fixtures/broken-pages/limits.mdx
  6:4  error    "{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace (MDX: Unexpected end of file in expression, expected a corresponding closing brace for \`{\`)  mdx-syntax

fixtures/broken-pages/meta.mdx
  2:8  error    frontmatter is not valid YAML, so the platform cannot build the page: the value holds ": ", which YAML reads as a key: put it in quotes (title: "Meta: the basics") (YAML: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line)  mdx-frontmatter

fixtures/broken-pages/notes.mdx
  7:1  error    MDX has no HTML comments, so the platform cannot build the page: write the comment as {/* … */} (MDX: Unexpected character \`!\` (U+0021) before name, expected a character that can start a name, such as a letter, \`$\`, or \`_\` (note: to create a comment in MDX, use \`{/* text */}\`))  mdx-syntax

fixtures/broken-pages/params.mdx
  5:29  error    <slug> is never closed, so the platform cannot build the page: if it is code, the backtick that ends the code is missing after it (MDX: Expected a closing tag for \`<slug>\` (5:29-5:35) before the end of \`paragraph\`)  mdx-syntax

fixtures/broken-pages/speed.mdx
  5:15  error    "<" starts a tag in MDX, and no tag starts with "1", so the platform cannot build the page: write "&lt;" for a less-than sign (MDX: Unexpected character \`1\` (U+0031) before name, expected a character that can start a name, such as a letter, \`$\`, or \`_\`)  mdx-syntax

✖ 9 problems (9 errors, 0 warnings) … and 2 accessibility findings: --a11y shows them
  2 errors and 0 warnings potentially fixable with the \`--fix\` option.
`;

/** 120 pages of 3 KB each: over the 256 KB of text from which the parse goes to worker threads. */
const workersWorth = () =>
  Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [
      `p${i}.mdx`,
      `---\ntitle: P${i}\n---\n\n${'Some text of a page. '.repeat(150)}\n`,
    ]),
  );

/** A site of those pages and `more`, whose navigation lists one. */
const siteWorthWorkers = (more: Record<string, string>) =>
  makeSite({
    'docs.json':
      '{ "theme": "mint", "name": "x", "colors": { "primary": "#000000" }, "navigation": { "pages": ["p0"] } }\n',
    ...workersWorth(),
    ...more,
  });

describe('pages, as the platform parses them (fixtures/broken-pages)', () => {
  it('reports every page the platform refuses, each at its line and column, and nothing on the clean page', () => {
    expect(navlint(['check', 'fixtures/broken-pages'])).toEqual({ code: 1, stdout: brokenPages, stderr: '' });
  });

  it('--fix repairs the fixable ones so that they parse, and leaves the others as they are', () => {
    const dir = temporaryFolder();
    fs.cpSync(path.join(repo, 'fixtures/broken-pages'), dir, { recursive: true });
    expect(navlint(['check', dir, '--fix', '--format', 'json']).code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'speed.mdx'), 'utf8')).toBe(
      '---\ntitle: "Speed"\n---\n\nPages load in &lt;100 ms.\n',
    );
    expect(fs.readFileSync(path.join(dir, 'notes.mdx'), 'utf8')).toBe(
      '---\ntitle: "Notes"\n---\n\nText.\n\n{/* a note for writers */}\n',
    );
    const after = JSON.parse(navlint(['check', dir, '--format', 'json']).stdout) as {
      filePath: string;
      messages: { ruleId: string; line: number }[];
    }[];
    expect(
      after.map((f) => `${path.basename(f.filePath)} ${f.messages.map((m) => `${m.line} ${m.ruleId}`).join(', ')}`),
    ).toEqual([
      'anchors.mdx 9 mdx-syntax',
      'callout.mdx 5 mdx-syntax',
      'imports.mdx 5 mdx-import, 6 mdx-import',
      'limits.mdx 6 mdx-syntax',
      'meta.mdx 2 mdx-frontmatter',
      'params.mdx 5 mdx-syntax',
    ]);
  });

  it('on worker threads, scripts, snippets with docs.json variables and pages in dot folders are parsed as on the main thread', () => {
    // Over 256 KB of text: the parse goes to worker threads.
    const pages = workersWorth();
    const site = makeSite({
      'docs.json':
        '{ "theme": "mint", "name": "x", "colors": { "primary": "#000000" }, "variables": { "name": "Acme {" }, "navigation": { "pages": ["p0"] } }\n',
      ...pages,
      'snippets/v.mdx': 'By {{name}}.\n',
      'page.mdx': 'By {{name}}.\n',
      'snippets/bad.tsx': '\n\ninterface P {\n  a: string;\n}\nexport const B = (p: P) => <div>{p.a}</span>;\n',
      '.hidden/h.mdx': 'a <5\n',
    });
    // A build whose workers log how many pages each batch brings them, and how many of those as a
    // file to read themselves: the parse did go to the workers.
    const log = path.join(temporaryFolder('navlint-worker-log-'), 'texts');
    const countingBin = buildWithWorkerPrefix(
      "require('node:worker_threads').workerData.port.on('message', (m) => require('node:fs').appendFileSync(process.env.NAVLINT_TEST_WORKER_LOG, m.texts.length + ' ' + (m.files ?? []).filter(Boolean).length + '\\n'));",
    );
    const logged = (column: 0 | 1) =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .reduce((sum, line) => sum + Number(line.split(' ')[column]), 0)
        : 0;
    const textsToWorkers = () => logged(0);
    const findings = (...options: string[]) => {
      const run = spawnSync(process.execPath, [countingBin, 'check', site, '--format', 'json', ...options], {
        encoding: 'utf8',
        timeout: 100_000,
        env: { ...process.env, NAVLINT_TEST_WORKER_LOG: log },
      });
      const results = JSON.parse(run.stdout) as {
        filePath: string;
        messages: { line: number; column: number; ruleId: string }[];
      }[];
      return results.map(
        (f) =>
          `${path.relative(site, f.filePath)} ${f.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`).join(', ')}`,
      );
    };
    const expected = [
      '.hidden/h.mdx 1:3 mdx-syntax',
      'snippets/bad.tsx 6:38 mdx-syntax',
      'snippets/v.mdx 1:13 mdx-syntax',
    ];
    expect(findings('--no-cache')).toEqual(expected);
    // Every page, snippet and script: the 120 pages, page.mdx, snippets/v.mdx, snippets/bad.tsx and .hidden/h.mdx.
    expect(textsToWorkers()).toBe(124);
    // A cold run: past the first 256 KB, read here to know the workers pay, each worker reads its pages' files.
    expect(logged(1)).toBe(40);
    // The workers' parses come packed, and go to the cache folder as they are: the next run reads them from there.
    const cache = temporaryFolder('navlint-worker-cache-');
    expect(findings('--cache-location', cache)).toEqual(expected);
    const stored = cacheFiles(cache, 'page-parses', 'shards').flatMap((file) =>
      Object.values(JSON.parse(fs.readFileSync(file, 'utf8'))),
    );
    expect(stored.length).toBeGreaterThan(120);
    expect(stored.every((parse) => typeof parse === 'object' && parse !== null)).toBe(true);
    expect(textsToWorkers()).toBe(248);
    expect(logged(1)).toBe(2 * 40); // an empty cache folder has no parse by content either
    expect(findings('--cache-location', cache)).toEqual(expected);
    expect(textsToWorkers()).toBe(248); // every parse from the cache folder
  });

  it('a page whose parse in one piece needs more than a worker’s heap is parsed on the main thread; one cut into parts on the worker', () => {
    // 200 KB inside one element (no place to cut it) and 400 KB of sections (cut into parts), each ending in a broken link.
    const section = (i: number) => `## Section ${i}\n\n${'Words of a section. '.repeat(50)}\n\n`;
    const sections = Array.from({ length: 400 }, (_, i) => section(i)).join('');
    const site = siteWorthWorkers({
      'wrapped.mdx': `<div>\n\n${sections.slice(0, 200 * 1024)}\n\n[a](/missing-one)\n\n</div>\n`,
      'sections.mdx': `${sections}[a](/missing-two)\n`,
    });
    // A build whose workers log how many texts each reply leaves to the main thread.
    const log = path.join(temporaryFolder('navlint-worker-log-'), 'left');
    const loggingBin = buildWithWorkerPrefix(
      "{ const port = require('node:worker_threads').workerData.port; const post = port.postMessage.bind(port); port.postMessage = (m) => { require('node:fs').appendFileSync(process.env.NAVLINT_TEST_WORKER_LOG, (m.parses ?? []).filter((p) => p === null).length + '\\n'); post(m); }; }",
    );
    const run = spawnSync(process.execPath, [loggingBin, 'check', site, '--format', 'json', '--no-cache'], {
      encoding: 'utf8',
      timeout: 100_000,
      env: { ...process.env, NAVLINT_TEST_WORKER_LOG: log },
    });
    const findings = (
      JSON.parse(run.stdout) as { filePath: string; messages: { line: number; column: number; ruleId: string }[] }[]
    ).map(
      (f) => `${path.basename(f.filePath)} ${f.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`).join(', ')}`,
    );
    const lineOf = (text: string, url: string) => text.slice(0, text.indexOf(url)).split('\n').length;
    const wrapped = fs.readFileSync(path.join(site, 'wrapped.mdx'), 'utf8');
    expect(findings).toEqual([
      `sections.mdx ${lineOf(`${sections}[a](/missing-two)`, '/missing-two')}:5 page-link`,
      `wrapped.mdx ${lineOf(wrapped, '/missing-one')}:5 page-link`,
    ]);
    const left = fs.readFileSync(log, 'utf8').trim().split('\n').map(Number);
    expect(left.reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('a worker thread that dies mid-parse has its pages parsed by the main thread: the same findings, no hang', () => {
    // Enough text for the parse to go to worker threads (over 256 KB), one page of which ends its worker.
    const site = siteWorthWorkers({ 'p50.mdx': 'EXIT <5\n' });
    const dyingBin = buildWithWorkerPrefix(
      "require('node:worker_threads').workerData.port.on('message', (m) => { if (m.texts.some((t, i) => (t ?? require('node:fs').readFileSync(m.files[i], 'utf8')).startsWith('EXIT'))) process.exit(3); });",
    );
    const run = (bin: string) =>
      spawnSync(process.execPath, [bin, 'check', site, '--format', 'json', '--no-cache'], {
        encoding: 'utf8',
        timeout: 100_000,
      });
    const normal = run(path.join(repo, 'bin/navlint.cjs'));
    const dying = run(dyingBin);
    expect(
      JSON.parse(normal.stdout).map((f: { messages: { line: number; ruleId: string }[] }) =>
        f.messages.map((m) => `${m.line} ${m.ruleId}`),
      ),
    ).toEqual([['1 mdx-syntax']]);
    expect({ status: dying.status, stdout: dying.stdout, stderr: dying.stderr }).toEqual({
      status: normal.status,
      stdout: normal.stdout,
      stderr: '',
    });
  });

  it('a page gone before its worker reads it is settled by the main thread: no finding, no error', () => {
    const site = siteWorthWorkers({ 'zz-gone.mdx': 'a <5\n' });
    // The worker deletes the page as it is sent to read it, before it reads it.
    const deletingBin = buildWithWorkerPrefix(
      "require('node:worker_threads').workerData.port.on('message', (m) => { for (const f of m.files ?? []) if (f && f.endsWith('zz-gone.mdx')) require('node:fs').rmSync(f); });",
    );
    const run = spawnSync(process.execPath, [deletingBin, 'check', site, '--format', 'json', '--no-cache'], {
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(fs.existsSync(path.join(site, 'zz-gone.mdx'))).toBe(false);
    expect({ status: run.status, stderr: run.stderr, findings: JSON.parse(run.stdout) }).toEqual({
      status: 0,
      stderr: '',
      findings: [],
    });
  });
});

describe('files a page embeds or links to', () => {
  it('through a linked folder (which the walk does not enter) are served; under one .mintignore names are not', () => {
    const dir = makeSite({
      'docs.json':
        '{ "theme": "mint", "name": "x", "colors": { "primary": "#000000" }, "navigation": { "pages": ["index"] } }\n',
      'index.mdx': '# Home\n\n![Flow](/linked/flow.png) ![Draft](/drafts/flow.png)\n',
      'images/flow.png': '',
      'drafts/flow.png': '',
      '.mintignore': 'drafts/\n',
    });
    fs.symlinkSync('images', path.join(dir, 'linked'));
    const result = navlint(['check', dir, '--no-cache', '--format', 'json']);
    const messages = JSON.parse(result.stdout).flatMap((file: { messages: { ruleId: string; message: string }[] }) =>
      file.messages.map((m) => `${m.ruleId} ${m.message}`),
    );
    expect(messages).toEqual([
      'page-image image "/drafts/flow.png" is not a file of the docs folder; the file is there, but the platform does not deploy it (.mintignore, or its own rules for README.md, node_modules/ and the like); did you mean "/images/flow.png"?',
    ]);
  });
});
