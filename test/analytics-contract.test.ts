// The published analytics API document is the contract: every response it allows goes through
// navlint's client, whatever the document does not constrain included. Pages are generated at random
// from the document's own schemas (fast-check), checked against the document with Ajv, and served by
// the local contract server to the built CLI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeDataset } from '../scripts/analytics-server.mjs';
import * as validators from '../src/generated/validators.js';
import { exportWith, keyNeverPrinted, lines } from './analytics-helpers';
import { repo, sharedPath } from './helpers';

type ExportKind = 'assistant' | 'feedback';
// navlint's copy of the document's two list responses; the first test checks it against the document itself.
const committed = JSON.parse(fs.readFileSync(path.join(repo, 'schemas/analytics.schema.json'), 'utf8'));
// biome-ignore lint/suspicious/noExplicitAny: the published OpenAPI document, walked as untyped JSON
const published: Record<ExportKind, any> = {
  assistant: committed.$defs.conversationPage,
  feedback: committed.$defs.feedbackPage,
};
const documentFile = sharedPath(
  'reference/analytics.openapi.json',
  'the comparison of schemas/analytics.schema.json with the published analytics document',
);
const document = documentFile && JSON.parse(fs.readFileSync(documentFile, 'utf8'));
const listKeys: Record<ExportKind, string> = { assistant: 'conversations', feedback: 'feedback' };
const ajv = new Ajv2020({ strict: false });
const documentValid: Record<ExportKind, (page: unknown) => boolean> = {
  assistant: ajv.compile(published.assistant),
  feedback: ajv.compile(published.feedback),
};
const dataset = makeDataset(0);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', 'a,b', 'say "hi"', 'line\nbreak', 'x\r\ny', "it's"),
);
const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((name) => name !== '__proto__');

/**
 * Values a JSON Schema of the document allows: each of its keywords is handled (an unknown one fails
 * the test, so a new constraint in the document is noticed), optional properties come and go, and
 * objects get fields the document does not name, since it does not forbid them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema of the published document
function sample(schema: any): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter(
    (keyword) => !['type', 'properties', 'required', 'items', 'anyOf', 'enum', 'description'].includes(keyword),
  );
  if (unknown.length > 0) throw new Error(`the sampler does not know ${unknown.join(', ')}`);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(sample));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types: string[] = [schema.type].flat();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      if (type === 'string') return text;
      if (type === 'boolean') return fc.boolean();
      if (type === 'null') return fc.constant(null);
      if (type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true });
      if (type === 'integer') return fc.integer();
      if (type === 'array') return fc.array(sample(schema.items), { maxLength: 3 });
      if (type === 'object') {
        // biome-ignore lint/suspicious/noExplicitAny: as above
        const properties: Record<string, any> = schema.properties ?? {};
        const record = fc.record(
          Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(property)])),
          { requiredKeys: schema.required ?? [] },
        );
        const extras = fc.dictionary(
          extraKey.filter((name) => !(name in properties)),
          fc.jsonValue({ maxDepth: 2 }),
          { maxKeys: 2 },
        );
        return fc.tuple(extras, record).map(([extra, declared]) => ({ ...extra, ...declared }));
      }
      throw new Error(`the sampler does not know type ${type}`);
    }),
  );
}

/** Pages of an export as the document allows them, chained by their cursors (unique, any text); entry ids unique. */
function pagesOf(kind: ExportKind) {
  const entry = sample(published[kind].properties[listKeys[kind]].items) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(
      fc.array(fc.array(entry, { maxLength: 5 }), { minLength: 1, maxLength: 4 }),
      fc.uniqueArray(fc.string({ minLength: 1, unit: 'grapheme' }), { minLength: 3, maxLength: 3 }),
    )
    .map(([lists, cursors]) => {
      let id = 0;
      return lists.map((entries, i) => ({
        [listKeys[kind]]: entries.map((e) => ({ ...e, id: `${kind}-${id++}` })),
        nextCursor: i < lists.length - 1 ? cursors[i] : null,
        hasMore: i < lists.length - 1,
      }));
    });
}

/** RFC 4180, as navlint writes it: CRLF after each row, quotes doubled inside quoted fields. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted && c === '"' && csv[i + 1] === '"') field += csv[i++];
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}
const cell = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

describe("navlint's response shapes are the published document's", () => {
  it.skipIf(!document)('schemas/analytics.schema.json holds its two list responses as they are', () => {
    const { AssistantConversationsResponse, FeedbackResponse } = document.components.schemas;
    expect(committed.$defs).toEqual({
      conversationPage: AssistantConversationsResponse,
      feedbackPage: FeedbackResponse,
    });
  });

  for (const kind of ['assistant', 'feedback'] as const) {
    it(`${kind}: the CSV columns are the properties of its entry shapes, each once`, async () => {
      const items = published[kind].properties[listKeys[kind]].items;
      const names = new Set(
        // biome-ignore lint/suspicious/noExplicitAny: as above
        (items.anyOf ?? [items]).flatMap((shape: any) => Object.keys(shape.properties)),
      );
      const { code, stdout } = await exportWith(dataset, [kind, '--format', 'csv'], {
        pages: { [kind]: [{ [listKeys[kind]]: [], nextCursor: null, hasMore: false }] },
      });
      const header = stdout.trimEnd().split(',');
      expect(code).toBe(0);
      expect(new Set(header)).toEqual(names);
      expect(header).toHaveLength(names.size);
    });
  }

  for (const kind of ['assistant', 'feedback'] as const) {
    it(`${kind}: every random page the document allows passes navlint's compiled validator`, () => {
      const validate = kind === 'assistant' ? validators.conversationPage : validators.feedbackPage;
      fc.assert(
        fc.property(pagesOf(kind), (pages) => {
          for (const page of pages) {
            expect(documentValid[kind](page)).toBe(true); // the generator makes what the document allows
            expect([validate(page), validate.errors]).toEqual([true, null]);
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('random document-valid pages through the CLI and the contract server', () => {
  for (const kind of ['assistant', 'feedback'] as const) {
    it(`${kind}: every entry out once, in order; extra fields kept in jsonl and json, left out of csv`, async () => {
      await fc.assert(
        fc.asyncProperty(pagesOf(kind), fc.constantFrom('jsonl', 'json', 'csv'), async (pages, format) => {
          const { code, stdout, stderr, requests } = await exportWith(dataset, [kind, '--format', format], {
            pages: { [kind]: pages },
          });
          expect([code, stderr]).toEqual([0, '']);
          expect(requests).toHaveLength(pages.length);
          const entries = pages.flatMap((page) => page[listKeys[kind]] as Record<string, unknown>[]);
          const expected = JSON.parse(JSON.stringify(entries));
          if (format === 'jsonl') expect(lines(stdout)).toEqual(expected);
          if (format === 'json') expect(JSON.parse(stdout)).toEqual(expected);
          if (format === 'csv') {
            const [columns, ...rows] = parseCsv(stdout);
            expect(rows).toEqual(entries.map((e) => columns.map((column) => cell(e[column]))));
          }
        }),
        { numRuns: 8 },
      );
    }, 120_000);
  }
});

describe('what the document allows and navlint once refused', () => {
  const base = { id: 'fb_1', path: '/quickstart', comment: null, createdAt: null, status: 'pending' };
  const feedback = [
    // code_snippet with null filename and lang: typed ["string", "null"] in the document
    { ...base, id: 'fb_1', source: 'code_snippet', code: 'npm i', filename: null, lang: null },
    // Prism's own example: source code_snippet in the contextual shape (anyOf does not tie source to a shape)
    { ...base, id: 'fb_2', source: 'code_snippet', helpful: true, contact: null },
    // contextual without helpful: the base shape
    { ...base, id: 'fb_3', source: 'contextual', comment: 'Thanks', extra: { nested: [1, 2] } },
  ];
  const pages = { feedback: [{ feedback, nextCursor: null, hasMore: false }] };

  it('jsonl keeps every field, extra ones too', async () => {
    const { code, stdout, stderr } = await exportWith(dataset, ['feedback'], { pages });
    expect([code, stderr, lines(stdout)]).toEqual([0, '', feedback]);
  });

  it('csv leaves the extra field out', async () => {
    const { code, stdout, stderr } = await exportWith(dataset, ['feedback', '--format', 'csv'], { pages });
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toBe(
      'id,createdAt,path,source,status,comment,helpful,contact,code,filename,lang\r\n' +
        'fb_1,,/quickstart,code_snippet,pending,,,,npm i,,\r\n' +
        'fb_2,,/quickstart,code_snippet,pending,,true,,,,\r\n' +
        'fb_3,,/quickstart,contextual,pending,Thanks,,,,,\r\n',
    );
  });
});

describe('entries as the spec describes them, with fewer fields than the document requires: kept, and said once', () => {
  const note = (fields: string, of: string) =>
    `navlint: note: the server left out fields that the published API document lists: ${fields} (in ${of})\n`;

  it("assistant: the spec's six fields (2.1), over two pages", async () => {
    const entry = (i: number) => ({
      id: `c${i}`,
      timestamp: '2026-01-01T00:00:00Z',
      query: `q${i}`,
      response: 'r',
      sources: [{ title: 'Setup', url: 'https://docs.example.com/setup' }],
      queryCategory: 'setup',
    });
    const pages = {
      assistant: [
        { conversations: [entry(1), entry(2)], nextCursor: 'next', hasMore: true },
        { conversations: [entry(3)], nextCursor: null, hasMore: false },
      ],
    };
    const { code, stdout, stderr, requests } = await exportWith(dataset, ['assistant'], { pages });
    expect({ code, stderr, entries: lines(stdout), requests: requests.length }).toEqual({
      code: 0,
      stderr: note('resolutionStatus, pageUrl', '3 of 3 entries'),
      entries: [entry(1), entry(2), entry(3)],
      requests: 2,
    });
    // A run that ends early says it too, before its last words.
    const first = await exportWith(dataset, ['assistant', '--max-pages', '1'], { pages });
    expect([first.code, first.stderr]).toEqual([
      0,
      note('resolutionStatus, pageUrl', '2 of 2 entries') +
        'navlint: stopped after 1 page (--max-pages 1); more entries follow.\n  2 entries from 1 page were written.\n  Continue with --cursor next\n',
    ]);
  });

  it("feedback: the spec's fields (2.3), a comment left out where there is none (the spec types it a string, not null)", async () => {
    const base = { path: '/quickstart', createdAt: '2026-01-01T00:00:00Z', status: 'pending' };
    const feedback = [
      { ...base, id: 'fb_1', comment: 'Unclear', source: 'contextual', helpful: false },
      { ...base, id: 'fb_2', source: 'contextual', helpful: true },
      {
        ...base,
        id: 'fb_3',
        comment: 'Typo',
        source: 'code_snippet',
        code: 'npm i',
        filename: 'install.sh',
        lang: 'bash',
      },
    ];
    const { code, stdout, stderr } = await exportWith(dataset, ['feedback'], {
      pages: { feedback: [{ feedback, nextCursor: null, hasMore: false }] },
    });
    expect({ code, stderr, entries: lines(stdout) }).toEqual({
      code: 0,
      stderr: note('comment', '1 of 3 entries'),
      entries: feedback,
    });
  });
});

describe('what the export cannot use: the first mismatch of the closest shape, with its page', () => {
  const entry = { id: 'fb_1', path: '/p', comment: null, createdAt: null, source: 'agent', status: 'pending' };
  const cases: [string, unknown, string][] = [
    ['an id that is not a string', { feedback: [{ ...entry, id: 5 }] }, 'feedback[0].id is 5, not string'],
    [
      'a comment of the wrong type',
      { feedback: [{ ...entry, comment: 7 }] },
      'feedback[0].comment is 7, not string or null',
    ],
    ['an entry without its id', { feedback: [{ ...entry, id: undefined }] }, 'feedback[0] is missing "id"'],
    ['another envelope', { items: [entry], next: null }, 'the response is missing "feedback"'],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const pages = { feedback: [{ ...JSON.parse(JSON.stringify(body)), nextCursor: null, hasMore: false }] };
      const { code, stdout, stderr } = await exportWith(dataset, ['feedback'], { pages });
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `navlint: the export stopped: page 1 does not match the feedback response of the published API document: ${message}\n` +
          '  0 entries from 0 pages were written.\n' +
          '  Check --base-url: this server does not answer as the published analytics API does; the same command gets the same answer.\n',
      });
    });
  }
});

describe('the key', () => keyNeverPrinted(8));
