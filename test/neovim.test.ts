import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparable, installed, runEditor, steps } from './editors';
import { makeSite, repo } from './helpers';
import { page, requiredKeys } from './sites';

// CI installs Neovim (.ci/run) and must not skip; elsewhere the tests run when nvim is there.
const hasNeovim = installed('nvim', 'test/neovim.test.ts', 'neovim');
const nvim = (script: string) => [
  '--headless',
  '-u',
  'NONE',
  '-i',
  'NONE',
  '-n',
  '-c',
  `luafile ${path.join(repo, 'test/neovim', script)}`,
];

describe.skipIf(!hasNeovim && !process.env.CI)('Neovim as the LSP client', () => {
  it("receives navlint's diagnostics for docs.json with exact ranges and the buffer's version, and none again when nothing changed", () => {
    const site = makeSite({
      'docs.json': `{ ${requiredKeys}\n  "navigation": {\n    "groups": [\n      { "group": "Start", "expanded": true, "pages": ["index", "quikstart"] }\n    ]\n  }\n}\n`,
      'index.mdx': page(),
      'quickstart.mdx': page(),
    });
    const out = path.join(site, 'diagnostics.json');
    const result = spawnSync('nvim', nvim('diagnostics.lua'), {
      cwd: site,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        NAVLINT_SITE: site,
        NAVLINT_OUT: out,
        NAVLINT_NODE: process.execPath,
        NAVLINT_BIN: path.join(repo, 'bin/navlint.cjs'),
      },
    });
    expect(result.status, result.stderr).toBe(0);
    const { diagnostics, published, versions } = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(diagnostics).toEqual([
      {
        lnum: 3,
        col: 26,
        end_lnum: 3,
        end_col: 42,
        severity: 2,
        source: 'navlint',
        code: 'expanded-top-level',
        message: '"expanded" has no effect on top-level group "Start": top-level groups are always expanded',
      },
      {
        lnum: 3,
        col: 63,
        end_lnum: 3,
        end_col: 74,
        severity: 1,
        source: 'navlint',
        code: 'page-exists',
        message: 'page "quikstart" not found: no quikstart.mdx or quikstart.md; did you mean "quickstart"?',
      },
    ]);
    // For the buffer as opened, nothing on :write, then for the edit: one publish per change. The
    // server lints the site from disk at start only if no didOpen came with initialized (Neovim
    // sends it at once, so this is the rare case of a server held up between the two messages).
    const fromDisk = published.length - 2;
    expect(published.slice(fromDisk)).toEqual([
      { version: versions[0], count: 2 },
      { version: versions[1], count: 1 },
    ]);
    expect(published.slice(0, fromDisk)).toEqual(fromDisk === 1 ? [{ version: null, count: 2 }] : []);
    expect(versions[1]).toBeGreaterThan(versions[0]);
  }, 90_000);

  it("accepts completions (omnifunc) and applies quick fixes (vim.lsp.buf.code_action): the buffer's text after each", () => {
    const { outcomes, status, stderr } = runEditor(
      'nvim',
      nvim('session.lua'),
      steps.map(([step]) => step),
    );
    expect(status, stderr).toBe(0);
    const expected = steps.map(([, outcome]) => outcome);
    expect(comparable(outcomes, expected)).toEqual(expected);
  }, 300_000);
});
