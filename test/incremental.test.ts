import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../rules';
import { type Finding, type LintResult, lint } from '../src/engine/lint';
import { relint } from '../src/lsp/incremental';
import { diskFiles, overlayFiles } from '../src/site/files';
import { Site } from '../src/site/site';
import { docsWith, makeSite, repo } from './helpers';
import { page, usersSpec } from './sites';

/**
 * The language server patches the previous tree and model after an edit inside one string of
 * docs.json (src/incremental.ts). Whatever the edit, and after any chain of edits, the findings must
 * be those of a lint from scratch: same rules, messages, positions and fixes.
 */

/** `npm run fuzz` raises the count with NAVLINT_FUZZ_RUNS. */
const runs = Math.max(30, Math.floor(Number(process.env.NAVLINT_FUZZ_RUNS ?? 600) / 10));
const seed = process.env.NAVLINT_FUZZ_SEED ? Number(process.env.NAVLINT_FUZZ_SEED) : undefined;

/** A finding as a user sees it, with the file relative to the site. */
function shown(root: string, f: Finding) {
  return {
    file: path.relative(root, f.file.path),
    rule: f.ruleId,
    severity: f.severity,
    message: f.message,
    at: [f.line, f.column, f.endLine, f.endColumn, f.offset, f.length],
    fix: f.fix,
    suggestions: f.suggestions,
  };
}

class Editor {
  text: string;
  private previous: LintResult | undefined;
  private readonly site: Site;
  readonly docsFile: string;

  constructor(readonly root: string) {
    this.docsFile = path.join(root, 'docs.json');
    this.text = fs.readFileSync(this.docsFile, 'utf8');
    this.site = new Site({ root, files: this.files });
  }

  readonly files = overlayFiles(diskFiles, (file) => (file === this.docsFile ? this.text : undefined));

  /** How many lints patched the previous model rather than parse afresh. */
  reused = 0;

  /** Lints as the language server does, keeping the model for the next edit. */
  lint(): ReturnType<typeof shown>[] {
    const { result } = relint(this.previous, { ruleSet, docsFile: this.docsFile, site: this.site });
    if (result.model === this.previous?.model) this.reused++;
    this.previous = result;
    return result.findings.map((f) => shown(this.root, f));
  }

  /** Lints from scratch: a new site, no previous model. */
  reference(): ReturnType<typeof shown>[] {
    return lint({
      ruleSet,
      docsFile: this.docsFile,
      site: new Site({ root: this.root, files: this.files }),
    }).findings.map((f) => shown(this.root, f));
  }
}

const site = makeSite({
  'docs.json': `{
  "name": "Fuzz",
  "api": { "openapi": "users.yaml" },
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [
        { "group": "Start", "expanded": true, "pages": ["index", "guides/auth", "guides/auth", "GET /users"] },
        { "group": "Start", "root": "index", "pages": [{ "group": "Nested", "pages": ["api/get"] }] }
      ] },
      { "tab": "API", "openapi": ["users.yaml"], "pages": ["GET /users", "POST /users", "GET /users/{userId}", "users.yaml DELETE /users/{userId}", "webhook user.created", "get /users"] },
      { "$ref": "more.json" },
      { "tab": "Fr", "pages": ["fr/index", "https://example.com"] }
    ],
    "global": { "anchors": [{ "anchor": "Blog", "href": "https://example.com/blog" }] }
  }
}
`,
  'more.json': '{ "tab": "More", "groups": [{ "group": "Ref", "pages": ["guides/auth", "missing"] }] }',
  'index.mdx': page(),
  'guides/auth.mdx': page(),
  'fr/index.mdx': page(),
  'api/get.mdx': '---\nopenapi: GET /users\n---\n',
  'users.yaml': usersSpec,
});

const sites = [site, path.join(repo, 'fixtures/example'), path.join(repo, 'fixtures/ten-mistakes')];

/** Characters that keep a string a string, and some that break it or its meaning. */
const typed = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '/',
  '-',
  '.',
  'é',
  '{',
  '}',
  '"',
  '\\',
  'GET ',
  'POST /',
  '.yaml',
  'users',
  'x\\n',
  '\\u0041',
);

/** An edit: where (a fraction of the text, or of a string's inside), what to remove, what to type. */
const edit = fc.record({
  inString: fc.constantFrom(true, true, true, false),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  pick: fc.nat(),
  remove: fc.nat({ max: 3 }),
  insert: fc.option(typed, { nil: '' }),
});

function apply(
  text: string,
  e: { inString: boolean; at: number; pick: number; remove: number; insert: string },
): string {
  let at = Math.floor(e.at * text.length);
  if (e.inString) {
    // Inside a string token (a key or a value): the case the fast path takes.
    const strings = [...text.matchAll(/"(?:[^"\\\n]|\\.)*"/g)];
    if (strings.length > 0) {
      const token = strings[e.pick % strings.length];
      at = token.index! + 1 + Math.floor(e.at * (token[0].length - 1));
    }
  }
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe('incremental re-lint (the language server on every keystroke)', () => {
  it('any chain of edits gives the findings of a lint from scratch', () => {
    let edits = 0;
    let reused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...sites), fc.array(edit, { minLength: 1, maxLength: 6 }), (root, chain) => {
        const editor = new Editor(root);
        expect(editor.lint()).toEqual(editor.reference());
        for (const e of chain) {
          editor.text = apply(editor.text, e);
          expect(editor.lint()).toEqual(editor.reference());
        }
        edits += chain.length;
        reused += editor.reused;
      }),
      { numRuns: runs, seed },
    );
    // The fast path was taken, and not always: both sides of it were compared.
    expect(reused).toBeGreaterThan(0);
    expect(reused).toBeLessThan(edits);
  }, 120_000);

  it('typing a page name, a group name and an openapi value, one character at a time', () => {
    const editor = new Editor(site);
    editor.lint();
    const type = (after: string, characters: string) => {
      for (const c of characters) {
        const at = editor.text.indexOf(after) + after.length;
        editor.text = editor.text.slice(0, at) + c + editor.text.slice(at);
        after += c;
        expect(editor.lint()).toEqual(editor.reference());
      }
    };
    type('"guides/auth', 'x');
    type('"GET /users', '/{userId}');
    type('{ "group": "Start', ' here');
    type('"openapi": ["users', '2');
    type('"anchor": "Blog', 's');
    type('"name": "Fuzz', 'y');
  });

  it('reuses the model for an edit inside a string, and not for one that changes the shape', () => {
    const root = makeSite({
      'docs.json': docsWith('{ "groups": [{ "group": "A", "pages": ["index", "GET /x"] }] }'),
      'index.mdx': page(),
    });
    const editor = new Editor(root);
    const read = (text: string) => {
      editor.text = text;
      const before = editor.reused;
      editor.lint();
      return editor.reused === before + 1;
    };
    editor.lint();
    expect(read(editor.text.replace('"index"', '"indexes"'))).toBe(true); // a page entry
    expect(read(editor.text.replace('"A"', '"B"'))).toBe(true); // a group's name
    expect(read(editor.text.replace('"GET /x"', '"GET /x", "more"'))).toBe(false); // a new entry
    expect(read(editor.text.replace('"group"', '"groups"'))).toBe(false); // a key
    expect(read(editor.text.replace('"more"', '"mo\\"re"'))).toBe(true); // an escape inside the string
    expect(read(editor.text.replace('"mo\\"re"', '"mo", "re"'))).toBe(false); // a quote that ends it
  });
});
