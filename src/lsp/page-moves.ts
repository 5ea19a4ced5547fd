import * as path from 'node:path';
import {
  type Location,
  LSPErrorCodes,
  type Range,
  RenameFile,
  ResponseError,
  TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { relativePath } from '../common/paths';
import type { LintResult } from '../engine/lint';
import { linkTarget, rewrittenAgainstFile } from '../engine/page-link-targets';
import { type FileEdits, type MovePlan, MoveRefused, type MoveRequest, movesOf, planMove } from '../engine/page-moves';
import { pageReferences } from '../engine/page-references';
import { siteUrls } from '../engine/site-urls';
import { uriOf } from './documents';
import { stringAt } from './lookups';
import { toRange } from './publisher';

/**
 * Moves and renames of pages in the editor, as `navlint mv` plans them (src/engine/page-moves.ts):
 * a file or folder moved in the explorer (workspace/willRenameFiles), a page entry renamed
 * (textDocument/rename, which renames the file too), and every place that names a page
 * (textDocument/references). A failure the user should read is a ResponseError with navlint's words.
 */

/** A request the user asked of navlint that it cannot do as asked: its message is shown to them. */
const refused = (message: string) => new ResponseError(LSPErrorCodes.RequestFailed, `navlint: ${message}`);

/** What the editor's moves read: the last lint of the site, and where its spec indexes are cached. */
export interface MoveContext {
  result: LintResult;
  cacheDir?: string;
}

/**
 * The edit that keeps every link and URL when files or folders of a site move (absolute paths),
 * applied by the editor before it moves them: a moved page's own edits under its old URI. Undefined
 * when none of them is a page or a folder of pages; `refusal` when the move breaks what navlint
 * cannot mend (the editor moves the files anyway: the user is told why nothing else changed).
 */
export function willRenameEdit(
  { result, cacheDir }: MoveContext,
  renames: { from: string; to: string }[],
): { edit: WorkspaceEdit } | { refusal: string } | undefined {
  const { site, model } = result;
  const requests: MoveRequest[] = [];
  for (const { from, to } of renames) {
    try {
      requests.push(movesOf(site, relativePath(site.root, from), relativePath(site.root, to)));
    } catch (error) {
      if (!(error instanceof MoveRefused)) throw error;
      // Not a page (an image, a snippet, a file of another site): what the editor does with it is its own.
    }
  }
  if (requests.length === 0) return undefined;
  const request: MoveRequest = {
    moves: requests.flatMap((r) => r.moves),
    folder: requests.length === 1 ? requests[0].folder : undefined,
    leftInPlace: requests.flatMap((r) => r.leftInPlace),
  };
  const plan = planMove(model, site, request, { redirects: true, cacheDir });
  if (plan.refusals.length > 0) return { refusal: plan.refusals.join('; ') };
  const changes: Record<string, TextEdit[]> = {};
  for (const [file, edits] of plan.edits) changes[uriOf(file)] = textEdits(edits);
  return { edit: { changes } };
}

/** The string of docs.json (or a `$ref` file) at an offset when it is a page entry whose file is there, and that file. */
function pageEntryAt(result: LintResult, file: string, text: string, offset: number) {
  if (!result.model.files.some((f) => f.path === file)) return undefined;
  const element = stringAt(text, file, offset, result)?.element;
  if (element?.kind !== 'page') return undefined;
  return { element, page: result.site.lookupPage(element.page).file };
}

/** textDocument/prepareRename: a page entry's path, to be renamed with its file; null elsewhere. */
export function prepareRename(
  result: LintResult,
  file: string,
  text: string,
  offset: number,
): { range: Range; placeholder: string } | null {
  const entry = pageEntryAt(result, file, text, offset);
  if (!entry) return null;
  const { node, page } = entry.element;
  if (entry.page === undefined) throw refused(`"${page}" names no page file: there is nothing to rename`);
  // The path inside the quotes: what the user types over.
  return { range: toRange(node.file, node.offset + 1, node.length - 2), placeholder: page };
}

/**
 * textDocument/rename on a page entry: the page file moves to the path typed (its extension kept),
 * and every place that names it follows, as with `navlint mv`: text edits, then the file's rename.
 */
export function renameEdit(
  { result, cacheDir }: MoveContext,
  at: { file: string; text: string; offset: number },
  newName: string,
  client: { renamesFiles: boolean; versionOf: (uri: string) => number | null },
): WorkspaceEdit {
  if (!client.renamesFiles)
    throw refused(
      'renaming a page entry renames its file, and this editor does not apply file renames (workspace.workspaceEdit.resourceOperations)',
    );
  const entry = pageEntryAt(result, at.file, at.text, at.offset);
  if (!entry) throw refused('rename a page entry of docs.json to move its page');
  if (entry.page === undefined) throw refused(`"${entry.element.page}" names no page file: there is nothing to rename`);
  const { site, model } = result;
  let plan: MovePlan;
  try {
    const to = newName.trim().replace(/^\/+/, '');
    plan = planMove(model, site, movesOf(site, entry.page, to), { redirects: true, cacheDir });
  } catch (error) {
    if (error instanceof MoveRefused) throw refused(error.message);
    throw error;
  }
  if (plan.refusals.length > 0) throw refused(`cannot move ${entry.page}: ${plan.refusals.join('; ')}`);
  const documentChanges: WorkspaceEdit['documentChanges'] = [...plan.edits].map(([file, edits]) =>
    TextDocumentEdit.create({ uri: uriOf(file), version: client.versionOf(uriOf(file)) }, textEdits(edits)),
  );
  for (const { from, to } of plan.moves)
    documentChanges.push(RenameFile.create(uriOf(path.join(site.root, from)), uriOf(path.join(site.root, to))));
  return { documentChanges };
}

/**
 * textDocument/references: every place that names a page, asked on its entry in docs.json, on a link
 * to it in a page, or anywhere else in the page itself; the page file too with `includeDeclaration`.
 */
export function referencesAt(
  result: LintResult,
  at: { file: string; text: string; offset: number },
  includeDeclaration: boolean,
): Location[] | null {
  const page = pageNamedAt(result, at);
  if (page === undefined) return null;
  const { site, model } = result;
  const locations = pageReferences(model, site, siteUrls(model, site), page).map(({ span }) => ({
    uri: uriOf(span.file.path),
    range: toRange(span.file, span.offset, span.length),
  }));
  const start = { line: 0, character: 0 };
  if (includeDeclaration) locations.unshift({ uri: uriOf(path.join(site.root, page)), range: { start, end: start } });
  return locations;
}

/** The page file a position names: a page entry's, a link's that lands on a page, or the page's own. */
function pageNamedAt(result: LintResult, { file, text, offset }: { file: string; text: string; offset: number }) {
  const { site } = result;
  if (result.model.files.some((f) => f.path === file)) return pageEntryAt(result, file, text, offset)?.page;
  const own = relativePath(site.root, file);
  if (!site.parsedPages().includes(own)) return undefined;
  const source = site.sourceFile(own);
  const link = site.pageParse(own).links?.find((found) => {
    const start = source.offsetAt(found[1], found[2]);
    return offset >= start && offset <= start + Math.max(0, found[3] - found[2]);
  });
  if (!link) return site.pageFile(own.replace(/\.mdx?$/, '')) === own ? own : undefined;
  const target = linkTarget(link[0], own, site, siteUrls(result.model, site), rewrittenAgainstFile(link));
  return target.kind === 'page' ? target.file : undefined;
}

function textEdits({ source, fixes }: FileEdits): TextEdit[] {
  return fixes.map((fix) => ({
    range: toRange(source, fix.range[0], fix.range[1] - fix.range[0]),
    newText: fix.text,
  }));
}
