import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navlint, sharedPath, temporaryFolder } from './helpers';

const vendor = sharedPath('corpus/mintlify__docs', 'the suppressions test on the vendor’s site');

interface Result {
  filePath: string;
  messages: { ruleId: string; line: number; column: number; message: string }[];
}

describe.skipIf(!vendor)("bulk suppressions on a copy of the vendor's site, which has findings", () => {
  it('--suppress-all, then a clean check; one more broken entry or link is named alone; a fix and --prune-suppressions shrink the file by it', () => {
    const dir = temporaryFolder();
    fs.cpSync(vendor!, dir, { recursive: true });
    const file = path.join(dir, 'navlint-suppressions.json');
    const check = (...args: string[]) => navlint(['check', dir, ...args]);
    const reported = (run: { stdout: string }) =>
      (JSON.parse(run.stdout) as Result[]).flatMap((r) =>
        r.messages.map((m) => `${path.relative(dir, r.filePath)}:${m.line}:${m.column} ${m.ruleId}`),
      );

    const suppressAll = check('--suppress-all');
    expect(suppressAll.code).toBe(0);
    expect(suppressAll.stdout).toMatch(/^✔ 0 problems, \d+ suppressed\n$/);
    const before = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(check().code).toBe(0);

    // One more broken page entry: named alone.
    const docsJson = path.join(dir, 'docs.json');
    const docs = fs.readFileSync(docsJson, 'utf8');
    fs.writeFileSync(docsJson, docs.replace('"quickstart",', '"quickstrat",'));
    const entry = check('--format', 'json');
    expect([entry.code, reported(entry)]).toEqual([1, ['docs.json:33:19 page-exists']]);
    fs.writeFileSync(docsJson, docs);

    // One more broken link, in a page that has suppressed ones of the same rule: named alone.
    const page = path.join(dir, 'es/organize/navigation.mdx');
    const text = fs.readFileSync(page, 'utf8');
    fs.writeFileSync(page, `${text}\n[Ayuda](/es/ayuda-que-no-existe)\n`);
    const link = check('--format', 'json');
    const lines = text.split('\n').length;
    expect([link.code, reported(link)]).toEqual([1, [`es/organize/navigation.mdx:${lines + 1}:9 page-link`]]);

    // One suppressed finding fixed (the Arabic card's missing icon): the file is stale until pruned, then shrinks by it alone.
    fs.writeFileSync(page, text.replace('icon="/images/navigation/languages/ar.png"', 'icon="globe"'));
    expect(check().code).toBe(2);
    expect(check('--prune-suppressions').code).toBe(0);
    const after = JSON.parse(fs.readFileSync(file, 'utf8'));
    const removed = 'Card icon "/images/navigation/languages/ar.png" is not a file of the docs folder';
    const was = before['es/organize/navigation.mdx']['page-image'];
    expect(after['es/organize/navigation.mdx']['page-image']).toEqual({
      count: was.count - 1,
      messages: Object.fromEntries(
        Object.entries(was.messages as Record<string, number>).flatMap(([message, n]) =>
          message !== removed ? [[message, n]] : n > 1 ? [[message, n - 1]] : [],
        ),
      ),
    });
    expect({ ...after, 'es/organize/navigation.mdx': undefined }).toEqual({
      ...before,
      'es/organize/navigation.mdx': undefined,
    });
    expect(check().code).toBe(0);
  }, 600_000);
});
