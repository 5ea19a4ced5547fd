import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules';
import { repo } from './helpers';
import { packedNavlint, version } from './release-helpers';

describe('the package as it is published (npm run pack)', () => {
  const { tarball, packageDir } = packedNavlint();
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((file) => file.replace(/^package\//, ''))
    .sort();

  it('holds the CLI, the server, the rule pages, the docs, LICENSE and README, and nothing else', () => {
    const bundles = fs.readdirSync(path.join(repo, 'dist')).filter((file) => file.endsWith('.cjs'));
    const docs = (fs.readdirSync(path.join(repo, 'docs'), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => fs.statSync(path.join(repo, 'docs', file)).isFile())
      .map((file) => `docs/${file}`);
    expect(files).toEqual(
      [
        'LICENSE',
        'README.md',
        'package.json',
        'bin/navlint.cjs',
        ...bundles.map((file) => `dist/${file}`),
        ...docs,
        ...rules.map((r) => `rules/${r.meta.id}.md`),
      ].sort(),
    );
    expect(bundles).toEqual(expect.arrayContaining(['navlint.cjs', 'lsp.cjs', 'mdx-worker.cjs']));
  });

  it('has a package.json with what an install reads: no dependency, no script', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    expect(manifest).toEqual({
      name: 'navlint',
      version,
      description: expect.stringMatching(/^Lints a Mintlify-format docs site/),
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/navlint/navlint.git' },
      homepage: 'https://github.com/navlint/navlint#readme',
      bugs: { url: 'https://github.com/navlint/navlint/issues' },
      keywords: expect.any(Array),
      type: 'module',
      bin: { navlint: 'bin/navlint.cjs' },
      engines: { node: '>=20.3' },
    });
    expect(fs.readFileSync(path.join(packageDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('has the size the README states, within a tenth', () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const [, packed, installed] = /no install script: ([\d.]+) MB packed, ([\d.]+) MB installed/.exec(readme) ?? [];
    const unpacked = files.reduce((sum, file) => sum + fs.statSync(path.join(packageDir, file)).size, 0);
    const near = (stated: string, bytes: number) => Math.abs(Number(stated) * 1e6 - bytes) <= bytes / 10;
    expect([near(packed, fs.statSync(tarball).size), near(installed, unpacked)]).toEqual([true, true]);
  });
});
