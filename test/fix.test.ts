import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsWith, makeSite, navlint, temporaryFolder } from './helpers';

/** Whether this file system takes `chattr +i` here (root in a container may lack the right). */
const chattrWorks = (() => {
  const file = path.join(temporaryFolder(), 'probe');
  fs.writeFileSync(file, '');
  const works = spawnSync('chattr', ['+i', file]).status === 0;
  if (works) spawnSync('chattr', ['-i', file]);
  return works;
})();

import { page, requiredKeys, usersSpec } from './sites';

// Every kind of fix at once, in a file formatted the way people write it (tabs, CRLF in fr.json).
const docs = `{ ${requiredKeys}
\t"navigation": {
\t\t"languages": [
\t\t\t{
\t\t\t\t"language": "ja",
\t\t\t\t"openapi": "users.yaml",
\t\t\t\t"groups": [
\t\t\t\t\t{ "group": "Start", "expanded": true, "pages": ["index.mdx", "./guide", "get /users", "GET /users/{userId}/", "api", "guide/missing"] },
\t\t\t\t\t{
\t\t\t\t\t\t"group": "More",
\t\t\t\t\t\t"pages": ["/guide.md"],
\t\t\t\t\t\t"expanded": false
\t\t\t\t\t}
\t\t\t\t]
\t\t\t},
\t\t\t{ "$ref": "fr.json" }
\t\t]
\t}
}
`;
const fr =
  '{\r\n  "language": "FR",\r\n  "groups": [{ "group": "Intro", "expanded": true, "pages": ["index"] }]\r\n}\r\n';

const fixedDocs = `{ ${requiredKeys}
\t"navigation": {
\t\t"languages": [
\t\t\t{
\t\t\t\t"language": "ja",
\t\t\t\t"openapi": "users.yaml",
\t\t\t\t"groups": [
\t\t\t\t\t{ "group": "Start", "pages": ["index", "guide", "GET /users", "GET /users/{userId}", "api", "guide/missing"] },
\t\t\t\t\t{
\t\t\t\t\t\t"group": "More",
\t\t\t\t\t\t"pages": ["/guide"]
\t\t\t\t\t}
\t\t\t\t]
\t\t\t},
\t\t\t{ "$ref": "fr.json" }
\t\t]
\t}
}
`;
const fixedFr = '{\r\n  "language": "FR",\r\n  "groups": [{ "group": "Intro", "pages": ["index"] }]\r\n}\r\n';

// An endpoint page whose path has a trailing slash the spec does not write: fixed in its frontmatter.
const api = '---\ntitle: Create\nopenapi: POST /users/\n---\n\nBody.\n';
const fixedApi = '---\ntitle: Create\nopenapi: POST /users\n---\n\nBody.\n';

function site() {
  return makeSite({
    'docs.json': docs,
    'fr.json': fr,
    'index.mdx': page(),
    'guide.mdx': page(),
    'api.mdx': api,
    'users.yaml': usersSpec,
  });
}

describe('--fix', () => {
  it('applies every certain fix, keeps the rest of each file byte for byte, and reports what remains', () => {
    const dir = site();
    const result = navlint(['check', dir, '--fix', '--format', 'json']);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(fixedDocs);
    expect(fs.readFileSync(path.join(dir, 'fr.json'), 'utf8')).toBe(fixedFr);
    expect(fs.readFileSync(path.join(dir, 'api.mdx'), 'utf8')).toBe(fixedApi);
    expect(result.code).toBe(1);
    expect(
      JSON.parse(result.stdout).flatMap((r: { messages: { ruleId: string; message: string }[] }) =>
        r.messages.map((m) => `${m.ruleId}: ${m.message}`),
      ),
    ).toEqual([
      'page-exists: page "guide/missing" not found: no guide/missing.mdx or guide/missing.md',
      'duplicate-page: page "guide" is listed twice in language "ja" (first at line 8)',
      // A language code is part of the site's URLs: a suggestion, never a fix.
      'language-code: language code "FR" is not supported; did you mean "fr"?',
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'api.mdx',
      'docs.json',
      'fr.json',
      'guide.mdx',
      'index.mdx',
      'users.yaml',
    ]);
  });

  it('changes nothing the second time', () => {
    const dir = site();
    navlint(['check', dir, '--fix']);
    const before = fs.readFileSync(path.join(dir, 'docs.json'), 'utf8');
    const second = navlint(['check', dir, '--fix-dry-run']);
    expect(second.stdout).not.toContain('--- a/');
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(before);
  });

  it('--fix-dry-run prints the diff and writes nothing', () => {
    const dir = site();
    const { code, stdout } = navlint(['check', '.', '--fix-dry-run'], { cwd: dir });
    expect(code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(docs);
    // First what each fix does, where its finding is, as the editor names the actions.
    expect(stdout.slice(0, stdout.indexOf('\n\n'))).toBe(
      [
        '--fix would make these 9 fixes:',
        '  api.mdx:3:1  Use "/users"',
        '  docs.json:8:26  Remove "expanded"',
        '  docs.json:8:54  Use "index"',
        '  docs.json:8:67  Use "guide"',
        '  docs.json:8:78  Use "GET /users"',
        '  docs.json:8:92  Use "GET /users/{userId}"',
        '  docs.json:11:17  Use "/guide"',
        '  docs.json:12:7  Remove "expanded"',
        '  fr.json:3:34  Remove "expanded"',
      ].join('\n'),
    );
    expect(stdout).toContain(
      [
        '--- a/docs.json',
        '+++ b/docs.json',
        '@@ -5,11 +5,10 @@',
        ' \t\t\t\t"language": "ja",',
        ' \t\t\t\t"openapi": "users.yaml",',
        ' \t\t\t\t"groups": [',
        '-\t\t\t\t\t{ "group": "Start", "expanded": true, "pages": ["index.mdx", "./guide", "get /users", "GET /users/{userId}/", "api", "guide/missing"] },',
        '+\t\t\t\t\t{ "group": "Start", "pages": ["index", "guide", "GET /users", "GET /users/{userId}", "api", "guide/missing"] },',
      ].join('\n'),
    );
    expect(stdout).toContain('--- a/fr.json\n+++ b/fr.json\n');
    expect(stdout).toContain('--- a/api.mdx\n+++ b/api.mdx\n');
    expect(stdout).toContain('docs.json\n  8:98   error    page "guide/missing" not found');
  });

  it("--fix-dry-run and --fix with --format json give ESLint's output field", () => {
    for (const flag of ['--fix-dry-run', '--fix']) {
      const dir = site();
      const results = JSON.parse(navlint(['check', dir, flag, '--format', 'json']).stdout);
      expect(results.map((r: { filePath: string; output?: string }) => [path.basename(r.filePath), r.output])).toEqual([
        ['docs.json', fixedDocs],
        ['fr.json', fixedFr],
        ['api.mdx', fixedApi],
      ]);
    }
  });

  it("gives a page's fix ranges in JSON after its byte order mark, as ESLint does, and its output with the mark", () => {
    const text = '\uFEFF# Speed\n\nLoads in <5 ms.\n';
    const dir = makeSite({ 'docs.json': docsWith('{ "pages": ["fast"] }'), 'fast.mdx': text });
    const [{ messages }] = JSON.parse(navlint(['check', dir, '--format', 'json']).stdout);
    const [{ fix }] = messages;
    expect(fix).toEqual({ range: [18, 19], text: '&lt;' });
    const withoutMark = text.slice(1);
    expect(withoutMark.slice(...fix.range)).toBe('<');
    const [{ output }] = JSON.parse(navlint(['check', dir, '--fix-dry-run', '--format', 'json']).stdout);
    expect(output).toBe(`\uFEFF${withoutMark.slice(0, fix.range[0])}${fix.text}${withoutMark.slice(fix.range[1])}`);
  });

  it('leaves a page that is a symbolic link a link, and fixes its target', () => {
    const dir = makeSite({
      'docs.json': docsWith('{ "pages": ["fast", "alias"] }'),
      'fast.mdx': '# Speed\n\nLoads in <5 ms.\n',
    });
    fs.symlinkSync('fast.mdx', path.join(dir, 'alias.mdx'));
    const result = navlint(['check', '.', '--fix'], { cwd: dir });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'navlint: alias.mdx is a symbolic link: its fixes are not applied, as writing it would replace the link with a copy; its target takes its own\n',
    });
    expect(fs.readlinkSync(path.join(dir, 'alias.mdx'))).toBe('fast.mdx');
    expect(fs.readFileSync(path.join(dir, 'fast.mdx'), 'utf8')).toBe('# Speed\n\nLoads in &lt;5 ms.\n');
  });

  it('leaves a page that is not UTF-8 as it is, and says why', () => {
    const dir = makeSite({ 'docs.json': docsWith('{ "pages": ["cafe"] }') });
    const bytes = Buffer.from('---\ntitle: Caf\xe9\n---\n\nCaf\xe9 loads in <5 ms.\n', 'latin1');
    fs.writeFileSync(path.join(dir, 'cafe.mdx'), bytes);
    const result = navlint(['check', '.', '--fix'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'cafe.mdx'))).toEqual(bytes);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'navlint: cafe.mdx is not UTF-8 text: its fixes are not applied, as writing it would change its other bytes\n',
    );
    // The finding stays, not counted as fixable.
    expect(result.stdout).toContain('5:15  error    "<" starts a tag in MDX');
    expect(result.stdout).not.toContain('potentially fixable');
  });

  it.skipIf(!chattrWorks)(
    'a file that cannot take its fixes leaves the others fixed, and the run exits 2 with no report',
    () => {
      const dir = makeSite({
        'docs.json': docsWith('{ "pages": ["a", "b"] }'),
        'a.mdx': 'Loads in <5 ms.\n',
        'b.mdx': 'Loads in <7 ms.\n',
      });
      // An immutable file: not even root may replace it.
      spawnSync('chattr', ['+i', path.join(dir, 'a.mdx')]);
      try {
        expect(navlint(['check', '.', '--fix'], { cwd: dir })).toEqual({
          code: 2,
          stdout: '',
          stderr: 'navlint: cannot write the fixes of a.mdx: operation not permitted\n',
        });
        expect(fs.readFileSync(path.join(dir, 'a.mdx'), 'utf8')).toBe('Loads in <5 ms.\n');
        expect(fs.readFileSync(path.join(dir, 'b.mdx'), 'utf8')).toBe('Loads in &lt;7 ms.\n');
      } finally {
        spawnSync('chattr', ['-i', path.join(dir, 'a.mdx')]);
      }
    },
  );

  it('rejects --fix with --fix-dry-run', () => {
    expect(navlint(['check', site(), '--fix', '--fix-dry-run'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: use --fix or --fix-dry-run, not both\n',
    });
  });
});
