import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/engine/lint';
import { asksForFixAll, codeActions, fixAllAction } from '../src/lsp/code-actions';
import { toDiagnostic } from '../src/lsp/publisher';
import { SourceFile } from '../src/parsers/source';

const text = '{\n  "pages": ["index.mdx", "quickstrat"],\n  "expanded": true\n}\n';
const file = new SourceFile('/site/docs.json', text);
const uri = 'file:///site/docs.json';
const at = (snippet: string) => text.indexOf(snippet);

function finding(ruleId: string, snippet: string, extra: Partial<Finding> = {}): Finding {
  return {
    ruleId,
    severity: 1,
    message: `${ruleId}: ${snippet}`,
    file,
    offset: at(snippet),
    length: snippet.length,
    line: 0,
    column: 0,
    endLine: 0,
    endColumn: 0,
    ...extra,
  };
}

const index = '"index.mdx"';
const indexFix = { range: [at(index), at(index) + index.length] as [number, number], text: '"index"' };
// The fix and a suggestion that makes the same edit, and another suggestion.
const written = finding('page-exists', index, {
  fix: indexFix,
  suggestions: [
    { desc: 'Use "index"', fix: indexFix },
    { desc: 'Use "intro"', fix: { ...indexFix, text: '"intro"' } },
  ],
});
const typo = finding('page-exists', '"quickstrat"', {
  suggestions: [
    {
      desc: 'Use "quickstart"',
      fix: { range: [at('"quickstrat"'), at('"quickstrat"') + 12], text: '"quickstart"' },
    },
  ],
});
// A fix that says what it does is offered by that name; one that does not, by the finding's message.
const expanded = finding('expanded-top-level', '"expanded": true', {
  fix: { range: [at(',\n  "expanded"'), at('true') + 4], text: '', title: 'Remove "expanded"' },
});
const findings = [written, typo, expanded];
const point = (line: number, character: number) => ({ start: { line, character }, end: { line, character } });
const titles = (actions: ReturnType<typeof codeActions>) => actions.map((a) => [a.title, a.isPreferred]);

describe('code actions', () => {
  it('offers the fix (preferred) and the suggestions of the finding under the cursor, one action per distinct edit', () => {
    const actions = codeActions(findings, uri, point(1, 14), []);
    expect(titles(actions)).toEqual([
      ['Fix: page-exists: "index.mdx"', true],
      ['Use "intro"', false],
    ]);
    expect(actions[0]).toEqual({
      title: 'Fix: page-exists: "index.mdx"',
      kind: 'quickfix',
      diagnostics: [toDiagnostic(written)],
      isPreferred: true,
      edit: {
        changes: {
          [uri]: [
            { range: { start: { line: 1, character: 12 }, end: { line: 1, character: 23 } }, newText: '"index"' },
          ],
        },
      },
    });
  });

  it('offers those of the diagnostics the editor sends, wherever the cursor is, and of navlint only', () => {
    const sent = [toDiagnostic(typo), { ...toDiagnostic(expanded), source: 'other' }];
    expect(titles(codeActions(findings, uri, point(0, 0), sent))).toEqual([['Use "quickstart"', false]]);
    // A diagnostic whose range moved since (an edit meanwhile) names no finding.
    const moved = { ...toDiagnostic(typo), range: point(1, 0) };
    expect(codeActions(findings, uri, point(0, 0), [moved])).toEqual([]);
  });

  it('reads what an editor sends for no diagnostics ({} from Neovim 0.7, nothing at all) as none', () => {
    for (const diagnostics of [{}, undefined, null]) {
      expect(titles(codeActions(findings, uri, point(2, 4), diagnostics))).toEqual([['Remove "expanded"', true]]);
      expect(codeActions(findings, uri, point(3, 1), diagnostics)).toEqual([]);
    }
  });

  it('offers the actions of every finding a selection touches, the fixes first', () => {
    const selection = { start: { line: 1, character: 20 }, end: { line: 2, character: 3 } };
    expect(titles(codeActions(findings, uri, selection, []))).toEqual([
      ['Fix: page-exists: "index.mdx"', true],
      ['Remove "expanded"', true],
      ['Use "intro"', false],
      ['Use "quickstart"', false],
    ]);
  });
});

describe('fix all (source.fixAll.navlint)', () => {
  it('is asked for by its own kind or a kind above it, not by quick fixes', () => {
    expect(['source.fixAll.navlint', 'source.fixAll', 'source'].map((kind) => asksForFixAll([kind]))).toEqual([
      true,
      true,
      true,
    ]);
    expect([asksForFixAll(['quickfix']), asksForFixAll(['source.organizeImports']), asksForFixAll(undefined)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("applies every finding's fix in one edit, leaving out the suggestions and a fix that overlaps one before it", () => {
    const overlapping = finding('unknown-property', '"index.mdx", "quick', {
      fix: { range: [at('"index.mdx"'), at('"quickstrat"') + 3], text: '' },
    });
    expect(fixAllAction([expanded, typo, overlapping, written], uri)).toEqual([
      {
        title: 'Fix all navlint problems',
        kind: 'source.fixAll.navlint',
        edit: {
          changes: {
            [uri]: [
              { range: { start: { line: 1, character: 12 }, end: { line: 1, character: 23 } }, newText: '"index"' },
              { range: { start: { line: 1, character: 38 }, end: { line: 2, character: 18 } }, newText: '' },
            ],
          },
        },
      },
    ]);
    expect(fixAllAction([typo], uri)).toEqual([]);
  });
});
