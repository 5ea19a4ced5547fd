import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { committedSite, hasGit } from './git-helpers';
import { makeSite, navlint, repo, sharedPath } from './helpers';
import { docsWith, page, requiredKeys } from './sites';

const sarifSchemaFile = sharedPath('reference/sarif-schema-2.1.0.json', 'validation against the SARIF 2.1.0 schema');
const sarifSchema = sarifSchemaFile && JSON.parse(fs.readFileSync(sarifSchemaFile, 'utf8'));

describe('--format sarif', () => {
  const { code, stdout } = navlint(['check', 'fixtures/ten-mistakes', '--format', 'sarif']);
  const log = JSON.parse(stdout);

  it.skipIf(!sarifSchema)('is valid against the official SARIF 2.1.0 schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(sarifSchema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(code).toBe(1);
  });

  it("has the driver, the rules that reported, and full regions relative to the repository's top", () => {
    expect(log.runs[0].originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(repo).href}/` } });
    const driver = log.runs[0].tool.driver;
    expect([log.version, driver.name, driver.informationUri]).toEqual([
      '2.1.0',
      'navlint',
      'https://github.com/navlint/navlint',
    ]);
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual([
      'duplicate-name',
      'empty-group',
      'expanded-top-level',
      'href-format',
      'language-code',
      'navigation-root',
      'schema',
      'single-child-type',
      'unknown-property',
    ]);
    expect(driver.rules[2]).toMatchObject({
      id: 'expanded-top-level',
      shortDescription: { text: '"expanded" on a top-level group, where it has no effect' },
      helpUri: 'https://github.com/navlint/navlint/blob/v0.1.0/rules/expanded-top-level.md',
      defaultConfiguration: { level: 'warning' },
    });
    expect(log.runs[0].results).toHaveLength(10);
    expect(log.runs[0].results[1]).toEqual({
      ruleId: 'expanded-top-level',
      ruleIndex: 2,
      level: 'warning',
      message: {
        text: '"expanded" has no effect on top-level group "Get started": top-level groups are always expanded',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'fixtures/ten-mistakes/docs.json', uriBaseId: '%SRCROOT%' },
            region: { startLine: 11, startColumn: 13, endLine: 11, endColumn: 29 },
          },
        },
      ],
    });
  });

  it('is valid for a clean site too (no results, no rules)', () => {
    const clean = JSON.parse(navlint(['check', 'fixtures/example', '--format', 'sarif']).stdout);
    expect(clean.runs[0].results).toEqual([]);
    if (sarifSchema) expect(new Ajv({ strict: false }).compile(sarifSchema)(clean)).toBe(true);
  });
});

describe('paths in code scanning and annotations', () => {
  // Pages whose names hold what a URI reads otherwise (a fragment, a query, a scheme), each with a broken link.
  const broken = { 'docs.json': docsWith('"pages": ["c#d", "x?y", "a:b", "e f"]') };
  const pages = Object.fromEntries(['c#d', 'x?y', 'a:b', 'e f'].map((name) => [`${name}.mdx`, '[x](/nowhere)\n']));

  it.skipIf(!hasGit)('are relative to the top of the repository that holds the site, wherever the command runs', () => {
    const { docs } = committedSite({ ...broken, ...pages });
    const uris = (cwd: string, target: string) =>
      JSON.parse(navlint(['check', target, '--format', 'sarif', '--no-cache'], { cwd }).stdout)
        .runs[0].results.filter((result: { ruleId: string }) => result.ruleId === 'page-link')
        .map(
          (result: { locations: { physicalLocation: { artifactLocation: unknown } }[] }) =>
            result.locations[0].physicalLocation.artifactLocation,
        );
    const expected = ['a%3Ab.mdx', 'c%23d.mdx', 'e%20f.mdx', 'x%3Fy.mdx'].map((name) => ({
      uri: `docs/${name}`,
      uriBaseId: '%SRCROOT%',
    }));
    expect(uris(docs, '.')).toEqual(expected);
    expect(uris('/', docs)).toEqual(expected);
    const annotations = navlint(['check', '.', '--format', 'github', '--no-cache'], { cwd: docs }).stdout.split('\n');
    expect(annotations.find((line) => line.includes('page-link'))).toBe(
      '::error file=docs/a%3Ab.mdx,line=1,col=5,endLine=1,endColumn=13,title=navlint(page-link)::link "/nowhere" lands on no page, generated endpoint page, redirect or file',
    );
  });
});

describe('--format github', () => {
  it('prints one workflow command per finding, exactly', () => {
    const { code, stdout } = navlint(['check', 'fixtures/ten-mistakes', '--format', 'github']);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe(
      '::error file=fixtures/ten-mistakes/docs.json,line=3,col=28,endLine=3,endColumn=36,title=navlint(schema)::docs.json: "styling.eyebrows" must be one of "section", "breadcrumbs"',
    );
    expect(lines[1]).toBe(
      '::warning file=fixtures/ten-mistakes/docs.json,line=11,col=13,endLine=11,endColumn=29,title=navlint(expanded-top-level)::"expanded" has no effect on top-level group "Get started": top-level groups are always expanded',
    );
  });

  it('escapes %, CR and LF in messages, and : and , in properties', () => {
    const dir = makeSite({ 'a,b:c/docs.json': `{ ${requiredKeys}\n"navigation": { "pages": ["100%\\nsure"] } }` });
    const { stdout } = navlint(['check', 'a,b:c', '--format', 'github'], { cwd: dir });
    expect(stdout).toBe(
      '::error file=a%2Cb%3Ac/docs.json,line=2,col=27,endLine=2,endColumn=39,title=navlint(page-exists)::page "100%25%0Asure" not found: no 100%25%0Asure.mdx or 100%25%0Asure.md\n',
    );
  });
});

describe('--output, --quiet and --max-warnings', () => {
  it('--output writes the report to a file and nothing to stdout', () => {
    const dir = makeSite({});
    const out = path.join(dir, 'reports/navlint.sarif');
    fs.mkdirSync(path.dirname(out));
    const result = navlint(['check', 'fixtures/ten-mistakes', '--format', 'sarif', '--output', out]);
    expect(result).toEqual({ code: 1, stdout: '', stderr: '' });
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).runs[0].results).toHaveLength(10);
    expect(fs.readdirSync(path.dirname(out))).toEqual(['navlint.sarif']);
  });

  it('a report that cannot be written is said in plain words, without the temporary file it went to', () => {
    // /proc takes no new file, even from root.
    expect(navlint(['check', 'fixtures/example', '--output', '/proc/navlint-report.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: cannot write /proc/navlint-report.json: no such file or directory\n',
    });
  });

  it('--max-warnings fails a run whose warnings exceed it', () => {
    const site = makeSite({
      'docs.json': `{ ${requiredKeys} "navigation": { "groups": [{ "group": "G", "expanded": true, "pages": ["a"] }] } }`,
      'a.mdx': page(),
    });
    expect(navlint(['check', site, '--max-warnings', '1']).code).toBe(0);
    expect(navlint(['check', site, '--max-warnings', '0'])).toMatchObject({
      code: 1,
      stderr: 'navlint: 1 warnings, more than --max-warnings 0\n',
    });
    expect(navlint(['check', site, '--max-warnings', '0', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    for (const value of ['many', '', '0x10', '1e3', ' 3'])
      expect(navlint(['check', site, `--max-warnings=${value}`])).toEqual({
        code: 2,
        stdout: '',
        stderr: `navlint: --max-warnings takes a whole number of 0 or more, not "${value}"\n`,
      });
    expect(navlint(['check', site, '--max-warnings=-1']).code).toBe(0); // no limit, as in ESLint
    // Written as ESLint's users write it, a separate negative value is the option's, not an unknown option.
    expect(navlint(['check', site, '--max-warnings', '-1', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(navlint(['check', site, '--max-warnings', '-2'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'navlint: --max-warnings takes a whole number of 0 or more, not "-2"\n',
    });
  });
});

describe('configuration', () => {
  const docs = `{ ${requiredKeys} "navigation": { "languages": [{ "language": "zh", "pages": ["a", "drafts/b"] }] } }`;

  it('navlint.config.json found walking up from the docs folder changes severities, codes and ignored pages', () => {
    const dir = makeSite({ 'site/docs/docs.json': docs, 'site/docs/a.mdx': page() });
    expect(navlint(['check', 'site/docs', '--format', 'json'], { cwd: dir }).code).toBe(1);
    fs.writeFileSync(
      path.join(dir, 'site/navlint.config.json'),
      JSON.stringify({ rules: { 'page-exists': 'warn' }, languages: ['zh'] }),
    );
    const warned = navlint(['check', 'site/docs', '--format', 'json'], { cwd: dir });
    expect(warned.code).toBe(0);
    expect(
      JSON.parse(warned.stdout)[0].messages.map(
        (m: { ruleId: string; severity: number }) => `${m.ruleId}:${m.severity}`,
      ),
    ).toEqual(['page-exists:1']);
    fs.writeFileSync(
      path.join(dir, 'site/navlint.config.json'),
      JSON.stringify({ languages: ['zh'], ignorePages: ['drafts/**'] }),
    );
    expect(navlint(['check', 'site/docs'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a "navlint" key in package.json, and --config over both', () => {
    const dir = makeSite({
      'docs.json': docs,
      'a.mdx': page(),
      'package.json': JSON.stringify({
        name: 'docs',
        navlint: { rules: { 'language-code': 'off', 'page-exists': 'off' } },
      }),
    });
    expect(navlint(['check', dir])).toEqual({ code: 0, stdout: '', stderr: '' });
    fs.writeFileSync(path.join(dir, 'strict.json'), JSON.stringify({ rules: { 'page-exists': 'error' } }));
    expect(navlint(['check', dir, '--config', path.join(dir, 'strict.json'), '--format', 'json']).code).toBe(1);
  });

  it("walks past another project's package.json that does not parse, and stops at one that names navlint", () => {
    const dir = makeSite({
      'site/docs/docs.json': docs,
      'site/docs/a.mdx': page(),
      'site/package.json': '{ "name": "site", }',
      'navlint.config.json': JSON.stringify({ languages: ['zh'], ignorePages: ['drafts/**'] }),
    });
    expect(navlint(['check', 'site/docs'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    fs.writeFileSync(path.join(dir, 'site/package.json'), '{ "navlint": { "languages": ["zh"], } }');
    const stopped = navlint(['check', 'site/docs'], { cwd: dir });
    expect(stopped).toEqual({ code: 2, stdout: '', stderr: expect.any(String) });
    expect(stopped.stderr).toBe(
      `navlint: ${path.join(dir, 'site/package.json')}:1:35: not valid JSON: Trailing comma is not allowed in JSON\n`,
    );
  });

  const bad: [string, string][] = [
    [
      '{ "rules": { "no-such-rule": "error" } }',
      '1:14: unknown rule "no-such-rule" in "rules"; navlint rules lists them',
    ],
    ['{ "rules": { "schema": "fatal" } }', '1:24: rule "schema" must be "off", "warn" or "error", not "fatal"'],
    ['{ "rule": {} }', '1:3: unknown key "rule"; did you mean "rules"?'],
    ['{ "languages": "zh" }', '1:16: "languages" must be an array of non-empty strings'],
    ['{ "extensionKey": "mint" }', '1:19: "extensionKey" must be a vendor extension name such as "x-mint"'],
    [
      '{ "a11y": true }',
      '1:11: "a11y" must be "off", "warn" or "error": the accessibility rules, off, as warnings, or on',
    ],
    ['{ "decorativeAlt": "yes" }', '1:20: "decorativeAlt" must be true or false'],
    ['[]', '1:1: the config must be a JSON object'],
  ];
  for (const [text, message] of bad) {
    it(`rejects ${text} with exit 2`, () => {
      const dir = makeSite({ 'docs.json': docs, 'navlint.config.json': text });
      expect(navlint(['check', dir])).toEqual({
        code: 2,
        stdout: '',
        stderr: `navlint: ${path.join(dir, 'navlint.config.json')}:${message}\n`,
      });
    });
  }

  it('rejects a config that is not JSON, and a --config that does not exist', () => {
    const dir = makeSite({ 'docs.json': docs, 'navlint.config.json': '{ rules: }' });
    expect(navlint(['check', dir]).stderr).toBe(
      `navlint: ${path.join(dir, 'navlint.config.json')}:1:3: not valid JSON: Property names are written in double quotes in JSON: "rules"\n`,
    );
    expect(navlint(['check', dir, '--config', 'nope.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `navlint: ${path.join(repo, 'nope.json')}: file not found\n`,
    });
  });
});

describe('stylish output at scale', () => {
  it("counts a rule's findings in a file past its first 10 of more than 20; --list-all and JSON list them all", () => {
    const gone = Array.from({ length: 25 }, (_, i) => `gone-${i + 1}`);
    const dir = makeSite({
      'docs.json': docsWith(`{ "pages": ${JSON.stringify(['index', ...gone])} }`),
      'index.mdx': page(),
    });
    const lines = (args: string[]) => navlint(['check', dir, '--no-cache', ...args]).stdout.split('\n');
    const grouped = lines([]);
    const entries = grouped.filter((line) => line.endsWith('  page-exists'));
    expect(entries).toHaveLength(10);
    expect(entries.at(-1)).toBe(
      '  2:118  error    page "gone-10" not found: no gone-10.mdx or gone-10.md  page-exists',
    );
    expect(grouped[entries.length + 1]).toBe(
      '  … and 15 more page-exists in this file; --list-all or --format json lists them all',
    );
    expect(grouped).toContain('✖ 25 problems (25 errors, 0 warnings) … and 1 accessibility finding: --a11y shows it');
    expect(lines(['--list-all']).filter((line) => line.endsWith('  page-exists'))).toHaveLength(25);
    expect(JSON.parse(navlint(['check', dir, '--no-cache', '--format', 'json']).stdout)[0].messages).toHaveLength(25);
  });

  it('twenty of one rule are all listed', () => {
    const gone = Array.from({ length: 20 }, (_, i) => `gone-${i + 1}`);
    const dir = makeSite({
      'docs.json': docsWith(`{ "pages": ${JSON.stringify(['index', ...gone])} }`),
      'index.mdx': page(),
    });
    const stdout = navlint(['check', dir, '--no-cache']).stdout;
    expect(stdout.split('\n').filter((line) => line.endsWith('  page-exists'))).toHaveLength(20);
    expect(stdout).not.toContain('more page-exists');
  });
});
