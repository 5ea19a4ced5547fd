import {
  type Diagnostic,
  DiagnosticSeverity,
  type PublishDiagnosticsParams,
  type Range,
} from 'vscode-languageserver/node';
import { pushTo } from '../common/collections';
import { ruleDocsFileUrl } from '../common/docs-url';
import type { Finding, LintResult } from '../engine/lint';
import type { SourceFile } from '../parsers/source';
import { uriOf } from './documents';

/** What a lint has to publish: the files it read (docs.json and its `$ref` files) and its findings. */
export type Publishable = Pick<LintResult, 'files' | 'findings'>;

/**
 * The diagnostics of one site as the editor last received them. Each file's are sent with the
 * version of the document the lint read, and not again while they and that version stay the same:
 * one publish per change.
 */
export class Publisher {
  /** What each file's last publish said (its version and diagnostics), by URI. */
  private readonly published = new Map<string, string>();

  constructor(private readonly send: (params: PublishDiagnosticsParams) => void) {}

  /**
   * Publishes the diagnostics of a lint, each file's with the version `versions` gives its document
   * (none for a file not open). `complete` is false while the rules that read the pages have not run:
   * the files with findings so far are published, and no other file is cleared yet.
   */
  publish(lint: Publishable, versions: ReadonlyMap<string, number>, complete: boolean): void {
    // docs.json and its $ref files always get an answer, empty when clean: the editor learns the lint is done.
    const byUri = new Map<string, Diagnostic[]>(lint.files.map((file) => [uriOf(file.path), []]));
    for (const finding of lint.findings) pushTo(byUri, uriOf(finding.file.path), toDiagnostic(finding));
    if (complete) for (const uri of this.published.keys()) if (!byUri.has(uri)) this.sendOnce(uri, versions, []);
    for (const [uri, diagnostics] of byUri) this.sendOnce(uri, versions, diagnostics);
    if (complete) for (const uri of [...this.published.keys()]) if (!byUri.has(uri)) this.published.delete(uri);
  }

  /** Clears the diagnostics of every file published so far: the site's docs.json is gone. */
  clear(): void {
    for (const uri of this.published.keys()) this.send({ uri, diagnostics: [] });
    this.published.clear();
  }

  private sendOnce(uri: string, versions: ReadonlyMap<string, number>, diagnostics: Diagnostic[]): void {
    const version = versions.get(uri);
    const key = JSON.stringify([version, diagnostics]);
    if (this.published.get(uri) === key) return;
    this.published.set(uri, key);
    this.send({ uri, version, diagnostics });
  }
}

export function toDiagnostic(finding: Finding): Diagnostic {
  return {
    range: toRange(finding.file, finding.offset, finding.length),
    severity: finding.severity === 2 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: 'navlint',
    code: finding.ruleId,
    codeDescription: { href: ruleDocsFileUrl(finding.ruleId) },
    message: finding.message,
  };
}

/** A span of a file in LSP's terms: lines and characters from 0. */
export function toRange(file: SourceFile, offset: number, length: number): Range {
  const start = file.position(offset);
  const end = file.position(offset + length);
  return {
    start: { line: start.line - 1, character: start.column - 1 },
    end: { line: end.line - 1, character: end.column - 1 },
  };
}
