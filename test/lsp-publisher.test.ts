import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import type { Finding } from '../src/engine/lint';
import { uriOf } from '../src/lsp/documents';
import { Publisher, toDiagnostic } from '../src/lsp/publisher';
import { SourceFile } from '../src/parsers/source';
import { repo } from './helpers';

const docs = new SourceFile('/site/docs.json', '{\n  "pages": ["index", "gone"]\n}\n');
const fr = new SourceFile('/site/fr.json', '{ "pages": [] }');
const page = new SourceFile('/site/a.mdx', '# A\n\n[x](/nowhere)\n');

function finding(file: SourceFile, ruleId: string, offset: number, length: number, severity: 1 | 2 = 1): Finding {
  return {
    ruleId,
    severity,
    message: `${ruleId} here`,
    file,
    offset,
    length,
    line: 0,
    column: 0,
    endLine: 0,
    endColumn: 0,
  };
}

const gone = finding(docs, 'page-exists', 23, 6);
const link = finding(page, 'page-link', 5, 13, 2);

/** A publisher whose publishes are written down as [file, version, rule ids]. */
function recording() {
  const sent: PublishDiagnosticsParams[] = [];
  const publisher = new Publisher((params) => void sent.push(params));
  const said = () =>
    sent
      .splice(0)
      .map(({ uri, version, diagnostics }) => [
        new URL(uri).pathname,
        version,
        diagnostics.map((d) => d.code).join(' '),
      ]);
  return { publisher, sent, said };
}

describe('the publisher', () => {
  it("sends each file the lint read, empty when clean, and each file with findings, with its document's version", () => {
    const { publisher, said } = recording();
    const versions = new Map([[uriOf(docs.path), 4]]);
    publisher.publish({ files: [docs, fr], findings: [gone, link] }, versions, false);
    expect(said()).toEqual([
      ['/site/docs.json', 4, 'page-exists'],
      ['/site/fr.json', undefined, ''],
      ['/site/a.mdx', undefined, 'page-link'],
    ]);
  });

  it('says nothing again while the diagnostics and the version stay the same, and says it again when either changes', () => {
    const { publisher, said } = recording();
    publisher.publish({ files: [docs], findings: [gone] }, new Map([[uriOf(docs.path), 1]]), false);
    said();
    publisher.publish({ files: [docs], findings: [gone] }, new Map([[uriOf(docs.path), 1]]), true);
    expect(said()).toEqual([]);
    publisher.publish({ files: [docs], findings: [gone] }, new Map([[uriOf(docs.path), 2]]), true);
    expect(said()).toEqual([['/site/docs.json', 2, 'page-exists']]);
    publisher.publish({ files: [docs], findings: [] }, new Map([[uriOf(docs.path), 2]]), true);
    expect(said()).toEqual([['/site/docs.json', 2, '']]);
  });

  it('clears a file no longer reported in only once the lint is complete, before the others, and once', () => {
    const { publisher, said } = recording();
    publisher.publish({ files: [docs], findings: [gone, link] }, new Map(), true);
    said();
    // docs.json's diagnostics before the pages' rules have run: the page keeps its own.
    publisher.publish({ files: [docs], findings: [] }, new Map(), false);
    expect(said()).toEqual([['/site/docs.json', undefined, '']]);
    publisher.publish({ files: [docs], findings: [] }, new Map(), true);
    expect(said()).toEqual([['/site/a.mdx', undefined, '']]);
    publisher.publish({ files: [docs], findings: [] }, new Map(), true);
    expect(said()).toEqual([]);
    // Reported in again: sent again.
    publisher.publish({ files: [docs], findings: [link] }, new Map(), true);
    expect(said()).toEqual([['/site/a.mdx', undefined, 'page-link']]);
  });

  it('clears every file it published when docs.json is gone, with no version', () => {
    const { publisher, sent } = recording();
    publisher.publish({ files: [docs, fr], findings: [gone, link] }, new Map([[uriOf(docs.path), 3]]), true);
    sent.splice(0);
    publisher.clear();
    expect(sent).toEqual([
      { uri: uriOf(docs.path), diagnostics: [] },
      { uri: uriOf(fr.path), diagnostics: [] },
      { uri: uriOf(page.path), diagnostics: [] },
    ]);
  });

  it('makes a diagnostic of a finding: its range in lines and characters from 0, severity, code and documentation link', () => {
    const { range, severity, ...rest } = toDiagnostic(gone);
    expect([range, severity]).toEqual([{ start: { line: 1, character: 21 }, end: { line: 1, character: 27 } }, 2]);
    expect(rest).toEqual({
      source: 'navlint',
      code: 'page-exists',
      codeDescription: { href: pathToFileURL(path.join(repo, 'rules/page-exists.md')).href },
      message: 'page-exists here',
    });
    expect(toDiagnostic(link)).toMatchObject({
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 13 } },
      severity: 1,
    });
  });
});
