import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsWith, makeSite, navlint } from './helpers';
import { page, requiredKeys } from './sites';

/** The findings of a CLI run as "file line:column rule message", and its exit code. */
function check(dir: string, extra: string[] = []) {
  const result = navlint(['check', dir, '--format', 'json', '--no-cache', ...extra]);
  expect(result.stderr).toBe('');
  const findings = JSON.parse(result.stdout).flatMap(
    (r: { filePath: string; messages: { line: number; column: number; ruleId: string; message: string }[] }) =>
      r.messages.map((m) => `${path.relative(dir, r.filePath)} ${m.line}:${m.column} ${m.ruleId} ${m.message}`),
  );
  return { code: result.code, findings };
}

describe('hostile input: findings or a clear error, never a crash or a hang', () => {
  it('a docs.json of 100 MB is reported, not read', () => {
    const dir = makeSite({});
    const fd = fs.openSync(path.join(dir, 'docs.json'), 'w');
    fs.ftruncateSync(fd, 100 * 1024 * 1024); // sparse: the size is what matters
    fs.closeSync(fd);
    expect(check(dir)).toEqual({
      code: 1,
      findings: ['docs.json 1:1 json-syntax docs.json is 100.0 MB; navlint reads JSON files of up to 32 MB'],
    });
  });

  it('nesting 10,000 levels deep, valid or not, is one finding at the 1,001st level', () => {
    const prefix = '{ "navigation": { "pages": [{ "group": "G", "pages": ';
    for (const tail of [`${']'.repeat(10_000)} }] } }`, '']) {
      const dir = makeSite({ 'docs.json': prefix + '['.repeat(10_000) + tail });
      // The file's own { { [ { are four levels: the 997th bracket of the run is level 1,001.
      expect(check(dir)).toEqual({
        code: 1,
        findings: [
          `docs.json 1:${prefix.length + 997} json-syntax Nesting deeper than 1000 levels: navlint does not read this file further`,
        ],
      });
    }
  });

  it('a $ref to itself and a $ref cycle through two files', () => {
    const dir = makeSite({
      'docs.json': docsWith(`{ "languages": [{ "$ref": "docs.json" }, { "$ref": "a.json" }] }`),
      'a.json': '{ "language": "fr", "tabs": [{ "$ref": "b.json" }] }',
      'b.json': '{ "tab": "T", "pages": [{ "$ref": "a.json" }] }',
    });
    expect(check(dir)).toEqual({
      code: 1,
      findings: [
        'b.json 1:35 json-ref "$ref" "a.json" forms a cycle: a.json → b.json → a.json',
        'docs.json 2:43 json-ref "$ref" "docs.json" forms a cycle: docs.json → docs.json',
      ],
    });
  });

  it('$ref, page and openapi paths that leave the folder, absolute or through links, are reported and never read', () => {
    const outside = makeSite({
      'secret.json': '{ "language": "xx" }',
      'secret.mdx': '---\nopenapi: GET /secret\n---\n',
      'spec.yaml': 'openapi: 3.1.0\npaths: {}\n',
    });
    const dir = makeSite({
      'docs.json': docsWith(`{ "openapi": "linked.yaml", "languages": [
    { "$ref": "${outside}/secret.json" },
    { "$ref": "linked.json" },
    { "language": "en", "openapi": "../outside.yaml", "pages": ["../../etc/passwd", "linked", "${outside}/secret"] }
  ] }`),
    });
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'linked.json'));
    fs.symlinkSync(path.join(outside, 'secret.mdx'), path.join(dir, 'linked.mdx'));
    fs.symlinkSync(path.join(outside, 'spec.yaml'), path.join(dir, 'linked.yaml'));
    const { findings } = check(dir);
    expect(findings).toEqual([
      'docs.json 2:30 openapi-source openapi "linked.yaml" is a link that points outside the docs folder',
      `docs.json 3:15 json-ref "$ref" "${outside}/secret.json" points outside the docs folder`,
      'docs.json 4:15 json-ref "$ref" "linked.json" is a link that points outside the docs folder',
      'docs.json 5:36 openapi-source openapi "../outside.yaml" points outside the docs folder',
      'docs.json 5:65 page-exists page "../../etc/passwd" points outside the docs folder',
      'docs.json 5:85 page-exists page "linked" points outside the docs folder',
      `docs.json 5:95 page-exists page "${outside}/secret" not found: no ${outside.slice(1)}/secret.mdx or ${outside.slice(1)}/secret.md`,
    ]);
  });

  it('a page that is a link to a file inside the docs folder is read through it, as the platform reads it', () => {
    const dir = makeSite({
      'docs.json': docsWith('{ "pages": ["linked", "common/real", "folder-link/a"] }'),
      'common/real.mdx': '---\ntitle: Real\n---\n\nLoads in <5 ms.\n',
      'common/folder/a.mdx': '---\ntitle: A\n---\n',
    });
    fs.symlinkSync(path.join(dir, 'common/real.mdx'), path.join(dir, 'linked.mdx'));
    // A link to a folder is not walked, as the platform does not walk it.
    fs.symlinkSync(path.join(dir, 'common/folder'), path.join(dir, 'folder-link'));
    fs.symlinkSync(path.join(dir, 'nowhere.mdx'), path.join(dir, 'dangling.mdx'));
    const stated =
      '"<" starts a tag in MDX, and no tag starts with "5", so the platform cannot build the page: write "&lt;" for a less-than sign (MDX: Unexpected character `5` (U+0035) before name';
    expect(check(dir).findings.map((finding: string) => finding.split(', expected')[0])).toEqual([
      `common/real.mdx 5:10 mdx-syntax ${stated}`,
      `docs.json 2:54 page-exists page "folder-link/a" not found: folder-link/a.mdx is there, but the platform's walk of the docs folder does not find it (in a linked folder, or named in another case)`,
      `linked.mdx 5:10 mdx-syntax ${stated}`,
    ]);
  });

  it('a page entry whose file is a symbolic link to nothing says so, for a page and a group root', () => {
    const dir = makeSite({
      'docs.json': docsWith(
        '{ "groups": [{ "group": "G", "root": "gone-root", "pages": ["dangling", "/guides/old"] }] }',
      ),
    });
    fs.mkdirSync(path.join(dir, 'guides'));
    fs.symlinkSync('missing/target.mdx', path.join(dir, 'dangling.mdx'));
    fs.symlinkSync('../nowhere.md', path.join(dir, 'guides/old.md'));
    fs.symlinkSync(path.join(dir, 'gone.mdx'), path.join(dir, 'gone-root.mdx'));
    const result = navlint(['check', dir, '--format', 'json', '--no-cache']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const found = JSON.parse(result.stdout).flatMap((r: { messages: object[] }) => r.messages);
    // Line 2 is docsWith's `  "navigation": { … }`; each finding is at its entry's string.
    const at = (column: number, endColumn: number) => ({ line: 2, column, endLine: 2, endColumn });
    expect(found).toEqual([
      {
        ruleId: 'page-exists',
        severity: 2,
        message: `root of group "G" "gone-root" not found: gone-root.mdx is a symbolic link to "${path.join(dir, 'gone.mdx')}", which does not exist`,
        ...at(54, 65),
      },
      {
        ruleId: 'page-exists',
        severity: 2,
        message:
          'page "dangling" not found: dangling.mdx is a symbolic link to "missing/target.mdx", which does not exist',
        ...at(77, 87),
      },
      {
        ruleId: 'page-exists',
        severity: 2,
        message:
          'page "/guides/old" not found: guides/old.md is a symbolic link to "../nowhere.md", which does not exist',
        ...at(89, 102),
      },
    ]);
  });

  it('a spec of 50 MB is read and checked', () => {
    const paths: Record<string, object> = {};
    const padding = 'x'.repeat(400);
    for (let i = 0; i < 115_000; i++) paths[`/items/${i}`] = { get: { summary: `Item ${i}`, description: padding } };
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'big', version: '1' }, paths });
    expect(spec.length).toBeGreaterThan(50 * 1024 * 1024);
    const dir = makeSite({
      'big.json': spec,
      'docs.json': docsWith(`{ "openapi": "big.json", "pages": ["GET /items/114999", "GET /items/115000"] }`),
    });
    expect(check(dir)).toEqual({
      code: 1,
      findings: [
        'docs.json 2:73 endpoint-exists endpoint "GET /items/115000" is not in big.json; did you mean "GET /items/11000"?',
      ],
    });
  }, 60_000);

  // Anything that walked its 9^10 values would take the run down or never end: rejected, it takes a
  // run's usual time. The bound is one only a hang reaches, not a measure of the machine.
  it('a YAML alias bomb is rejected with a clear message, not expanded', { timeout: 60_000 }, () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const bomb = `openapi: 3.1.0\n${levels.join('\n')}\npaths:\n  /x:\n    get: { summary: *j }\n`;
    const dir = makeSite({
      'bomb.yaml': bomb,
      'docs.json': docsWith(`{ "openapi": "bomb.yaml", "pages": ["GET /x"] }`),
    });
    expect(check(dir)).toEqual({
      code: 1,
      findings: [
        "bomb.yaml 3:8 openapi-spec its aliases expand to more than 1,000,000 values (an alias bomb?): navlint does not validate it, and the platform's validation walks every value, for minutes or until it runs out of memory",
        'docs.json 2:30 openapi-source openapi "bomb.yaml" is rejected: its aliases expand to more than 1,000,000 values (an alias bomb?)',
      ],
    });
  });

  it('binary junk in an MDX page and in a $ref file', () => {
    const dir = makeSite({
      'docs.json': docsWith(`{ "languages": [{ "language": "en", "pages": ["junk"] }, { "$ref": "fr.json" }] }`),
      'fr.json': '\u0000\u0001PNG\u0002',
    });
    fs.writeFileSync(
      path.join(dir, 'junk.mdx'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0x2d, 0x2d, 0x2d, 10, 0x6f, 0x70, 0x65, 0x6e]),
    );
    expect(check(dir)).toEqual({ code: 1, findings: ['fr.json 1:1 json-syntax Unexpected character'] });
  });

  it('duplicate keys: reported, and the last one is used as JSON.parse would', () => {
    const dir = makeSite({
      'a.mdx': page(),
      'docs.json': `{ ${requiredKeys}\n"navigation": { "pages": ["missing"], "pages": ["a"] } }`,
    });
    expect(check(dir)).toEqual({
      code: 0,
      findings: ['docs.json 2:39 duplicate-key Duplicate key "pages": only the last one is used'],
    });
  });
});
