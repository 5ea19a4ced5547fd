import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { lint } from '../src/engine/lint';
import baseline from './corpus-baseline.json';
import { corpusSites } from './helpers';

const { corpus, sites } = corpusSites('the real-site corpus test');

/**
 * Production sites deploy, so every finding on them is a real defect checked by hand (kept with its
 * reason in corpus-baseline.json) or a false positive to fix. Stale baseline lines fail too.
 */
describe.skipIf(!corpus)('real sites from ../shared/corpus', () => {
  it('INDEX.tsv lists sites', () => expect(sites.length).toBeGreaterThanOrEqual(9));

  for (const site of sites) {
    it(`${site}: only the known, real defects`, () => {
      const root = path.join(corpus, site);
      const { findings } = lint({
        ruleSet,
        docsFile: path.join(root, 'docs.json'),
        cacheDir: process.env.NAVLINT_CACHE_DIR,
      });
      const found = findings.map((f) => `${path.relative(root, f.file.path)}:${f.line} ${f.ruleId}`);
      const expected = baseline.filter((b) => b.site === site).map((b) => `${b.file}:${b.line} ${b.rule}`);
      expect(found).toEqual(expected);
    });
  }

  it('every baseline line says why it is a real defect', () => {
    for (const entry of baseline) expect(entry.why.length).toBeGreaterThan(20);
  });
});
