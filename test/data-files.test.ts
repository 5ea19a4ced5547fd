import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navlint, repo, temporaryFolder } from './helpers';

/** The data files the platform refuses, each at its place (fixtures/broken-data); the .mintignore'd draft is not read. */
const brokenData = `fixtures/broken-data/api/unlisted.yaml
  9:6  error    this file does not parse as JSON or YAML, as the platform reads it: bad indentation of a mapping entry  data-syntax

fixtures/broken-data/data/plans.json
  4:3  error    this file does not parse as JSON or YAML, as the platform reads it: duplicated mapping key  data-syntax

fixtures/broken-data/data/regions.json
  3:1  error    this file does not parse as JSON or YAML, as the platform reads it: missed comma between flow collection entries  data-syntax

✖ 3 problems (3 errors, 0 warnings)
`;

describe('data files, as the platform parses them (fixtures/broken-data)', () => {
  it('reports every JSON and YAML file that does not parse, referenced or not, at the place js-yaml names', () => {
    expect(navlint(['check', 'fixtures/broken-data'])).toEqual({ code: 1, stdout: brokenData, stderr: '' });
  });

  it('keeps each verdict in the cache folder until the file changes', () => {
    const dir = temporaryFolder();
    fs.cpSync(path.join(repo, 'fixtures/broken-data'), dir, { recursive: true });
    const cacheDir = temporaryFolder('navlint-data-cache-');
    const run = () => JSON.parse(navlint(['check', dir, '--format', 'json'], { env: { NAVLINT_CACHE_DIR: cacheDir } }).stdout) as { filePath: string; messages: { line: number }[] }[];
    const failing = (results: ReturnType<typeof run>) => results.filter((r) => r.messages.length > 0).map((r) => path.relative(dir, r.filePath));
    expect(failing(run())).toEqual(['api/unlisted.yaml', 'data/plans.json', 'data/regions.json']);
    const [kept] = fs.readdirSync(path.join(cacheDir, 'data-files'));
    const entries = JSON.parse(fs.readFileSync(path.join(cacheDir, 'data-files', kept), 'utf8')).entries as Record<string, unknown[]>;
    expect(Object.fromEntries(Object.entries(entries).map(([file, verdict]) => [file, verdict[1]]))).toEqual({
      'api/unlisted.yaml': { syntax: { reason: 'bad indentation of a mapping entry', offset: 111 } },
      'ci.yml': {},
      'data/plans.json': { syntax: { reason: 'duplicated mapping key', offset: 56 } },
      'data/regions.json': { syntax: { reason: 'missed comma between flow collection entries', offset: 27 } },
      'docs.json': {},
    });
    // A verdict kept for a file's identity is not the file's once it changes.
    fs.writeFileSync(path.join(dir, 'data/regions.json'), '{\n  "regions": ["eu", "us"]\n}\n');
    expect(failing(run())).toEqual(['api/unlisted.yaml', 'data/plans.json']);
  });
});
