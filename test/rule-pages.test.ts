import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules';
import { rulePage } from '../src/engine/rule-page';
import { repo } from './helpers';

const folder = path.join(repo, 'rules');

describe('each rule has its page, rules/<id>.md, as its meta makes it (npm run docs rewrites them)', () => {
  for (const { meta } of rules) {
    it(meta.id, () => {
      const file = path.join(folder, `${meta.id}.md`);
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      if (process.env.UPDATE_DOCS && current !== rulePage(meta)) {
        fs.writeFileSync(file, rulePage(meta));
        return;
      }
      expect(current).toBe(rulePage(meta));
    });
  }

  it('and no page of a rule that is gone', () => {
    const ids = new Set(rules.map((rule) => rule.meta.id));
    const pages = fs.readdirSync(folder).filter((name) => name.endsWith('.md'));
    expect(pages.filter((name) => !ids.has(name.slice(0, -3)))).toEqual([]);
  });
});
