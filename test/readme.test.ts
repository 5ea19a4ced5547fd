import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { rules } from '../src/engine/rules';

const readmePath = path.join(__dirname, '..', 'README.md');
const start = "<!-- rules:start (generated from each rule's meta by `npm run docs`) -->";
const end = '<!-- rules:end -->';

/** The README's rule table and one section per rule, from the rules' own metadata. */
function ruleReference(): string {
  const table = [
    '| id | default | fixable | catches |',
    '|---|---|---|---|',
    ...rules.map(
      (r) =>
        `| [\`${r.meta.id}\`](#${r.meta.id}) | ${r.meta.defaultSeverity} | ${r.meta.fixable ? 'yes' : ''} | ${r.meta.description} |`,
    ),
  ];
  const sections = rules.map((r) =>
    [
      `### ${r.meta.id}`,
      '',
      `Default: ${r.meta.defaultSeverity}${r.meta.fixable ? '; fixable with `--fix`' : ''}. ${r.meta.docs.explanation}`,
      '',
      'Valid:',
      '',
      '```json',
      r.meta.docs.valid,
      '```',
      '',
      'Invalid:',
      '',
      '```json',
      r.meta.docs.invalid,
      '```',
    ].join('\n'),
  );
  return [start, ...table, '', ...sections.flatMap((s) => [s, '']), end].join('\n');
}

it('the README rule table and rule sections match the rules (npm run docs rewrites them)', () => {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  expect(from, 'README has the rules markers').toBeGreaterThan(0);
  const current = readme.slice(from, to + end.length);
  if (process.env.UPDATE_README && current !== ruleReference()) {
    fs.writeFileSync(readmePath, readme.slice(0, from) + ruleReference() + readme.slice(to + end.length));
    return;
  }
  expect(current).toBe(ruleReference());
});
