import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTests, corpusTests, e2eTests } from '../vitest.config';
import { repo } from './helpers';

describe('the shape of the code', () => {
  it('has no import cycle, and every import points down the layers (npm run lint)', () => {
    const result = spawnSync(process.execPath, [path.join(repo, 'scripts/check-deps.mjs')], { encoding: 'utf8' });
    expect({ code: result.status, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('has rules that never touch the file system: they read the site index', () => {
    const rules = fs.readdirSync(path.join(repo, 'rules')).filter((name) => name.endsWith('.ts'));
    const touching = rules.filter((name) =>
      /node:fs|from 'fs'|readFileSync|readdirSync|statSync/.test(
        fs.readFileSync(path.join(repo, 'rules', name), 'utf8'),
      ),
    );
    expect(rules.length).toBeGreaterThan(15);
    expect(touching).toEqual([]);
  });

  it('runs no built program in the unit tests (npm run test:quick): those that do are listed in vitest.config.ts', () => {
    const listed = new Set([...cliTests, ...e2eTests, ...corpusTests]);
    const unit = fs
      .readdirSync(path.join(repo, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts') && !listed.has(name) && name !== 'architecture.test.ts');
    const runsTheBuild = unit.filter((name) =>
      /bin\/navlint|navlint\(\[|navlintAsync\(|new Client\(|buildWithWorkerPrefix|packedNavlint|releasedRepository|corpusPages\(|sharedPath\('corpus/.test(
        fs.readFileSync(path.join(repo, 'test', name), 'utf8'),
      ),
    );
    expect(unit.length).toBeGreaterThan(40);
    expect(runsTheBuild).toEqual([]);
  });
});
