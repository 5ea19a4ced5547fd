import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { rules } from '../rules';
import { defaultSeverityText } from '../src/engine/rule';

const readmePath = path.join(__dirname, '..', 'README.md');
const start = "<!-- rules:start (generated from each rule's meta by `npm run docs`) -->";
const end = '<!-- rules:end -->';

/**
 * The README's table of the rules, from their own metadata; each rule's page is rules/<id>.md
 * (test/rule-pages.test.ts), where SARIF's helpUri and the language server's link lead
 * (src/common/docs-url.ts). Each row keeps the anchor of the rule's id, for links into the README.
 */
function ruleTable(): string {
  const table = [
    '| id | default | fixable | catches |',
    '|---|---|---|---|',
    ...rules.map(
      (r) =>
        `| <a id="${r.meta.id}"></a>[\`${r.meta.id}\`](rules/${r.meta.id}.md) | ${defaultSeverityText(r.meta)} | ${r.meta.fixable ? 'yes' : ''} | ${r.meta.description} |`,
    ),
  ];
  return [start, ...table, end].join('\n');
}

it('the README rule table matches the rules (npm run docs rewrites it)', () => {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  expect(from, 'README has the rules markers').toBeGreaterThan(0);
  const current = readme.slice(from, to + end.length);
  if (process.env.UPDATE_DOCS && current !== ruleTable()) {
    fs.writeFileSync(readmePath, readme.slice(0, from) + ruleTable() + readme.slice(to + end.length));
    return;
  }
  expect(current).toBe(ruleTable());
});
