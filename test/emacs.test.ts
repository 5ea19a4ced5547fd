import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparable, docs, installed, type Outcome, runEditor, type Step, steps } from './editors';
import { repo } from './helpers';

// CI installs Emacs and eglot (.ci/run) and must not skip; elsewhere the tests run when emacs is there.
const session = path.join(repo, 'test/emacs/session.el');
const hasEmacs = installed('emacs', 'test/emacs.test.ts', 'emacs-nox elpa-eglot', ['--batch', '-Q', '-l', session]);

/** Where eglot differs from Neovim's omnifunc: it applies the whole edit, whatever is after the cursor. */
const eglotOnly: [Step, Outcome][] = [
  [
    { file: 'docs.json', text: docs('"index", "qui|ckstrt"'), complete: 'quickstart' },
    { text: docs('"index", "quickstart"') },
  ],
  [
    { file: 'docs.json', text: docs('"index"', { top: '  "sty|"\n' }), complete: 'styling' },
    { text: docs('"index"', { top: '  "styling"\n' }) },
  ],
];

describe.skipIf(!hasEmacs && !process.env.CI)('Emacs with eglot as the LSP client', () => {
  it("accepts completions (completion-at-point) and applies quick fixes (eglot-code-actions): the buffer's text after each", () => {
    const all = [...steps, ...eglotOnly];
    const { outcomes, status, stderr } = runEditor(
      'emacs',
      ['--batch', '-Q', '-l', session],
      all.map(([step]) => step),
    );
    expect(status, stderr).toBe(0);
    const expected = all.map(([, outcome]) => outcome);
    expect(comparable(outcomes, expected)).toEqual(expected);
  }, 300_000);
});
