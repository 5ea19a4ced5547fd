import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { rules } from '../src/rules';

it('the README rule table lists every rule with its default severity and fixability', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const rows = new Map(
    [...readme.matchAll(/^\| `([a-z-]+)` \| (\w+) \| ?(yes)? ?\|/gm)].map((m) => [m[1], { severity: m[2], fixable: m[3] === 'yes' }]),
  );
  expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(rules.map((r) => [r.meta.id, { severity: r.meta.defaultSeverity, fixable: r.meta.fixable }])));
});
