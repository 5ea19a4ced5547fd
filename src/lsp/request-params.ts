import {
  type CodeActionParams,
  ErrorCodes,
  type Position,
  type ReferenceParams,
  type RenameFilesParams,
  type RenameParams,
  ResponseError,
  type TextDocumentPositionParams,
} from 'vscode-languageserver/node';

/**
 * The params of the requests the server answers, checked before a handler reads them: a client that
 * sends other shapes (null, a document without a URI) gets InvalidParams saying what the request
 * needs, not an internal error that quotes a TypeError.
 */

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isPosition = (value: unknown): value is Position =>
  isObject(value) && isCount(value.line) && isCount(value.character);
const hasDocument = (params: unknown): params is Fields & { textDocument: { uri: string } } =>
  isObject(params) && isObject(params.textDocument) && typeof params.textDocument.uri === 'string';

const invalid = (method: string, needs: string) =>
  new ResponseError(ErrorCodes.InvalidParams, `${method} needs ${needs}`);

/** A completion's, hover's or definition's params: a document and a position in it. */
export function positionParams(method: string, params: unknown): TextDocumentPositionParams {
  if (hasDocument(params) && isPosition(params.position)) return params as unknown as TextDocumentPositionParams;
  throw invalid(method, 'textDocument.uri (a string) and position {line, character} (integers from 0)');
}

/** A code action's params: a document, a range in it, and a context whose diagnostics, if given, are a list. */
export function codeActionParams(method: string, params: unknown): CodeActionParams {
  const context = isObject(params) ? params.context : undefined;
  if (
    hasDocument(params) &&
    isObject(params.range) &&
    isPosition(params.range.start) &&
    isPosition(params.range.end) &&
    (context === undefined ||
      (isObject(context) && (context.diagnostics === undefined || Array.isArray(context.diagnostics))))
  )
    return params as unknown as CodeActionParams;
  throw invalid(method, 'textDocument.uri (a string), range {start, end} and context {diagnostics: [...]}');
}

/** A references request's params: a position, and a context whose includeDeclaration, if given, is a boolean. */
export function referenceParams(method: string, params: unknown): ReferenceParams {
  const context = isObject(params) ? params.context : undefined;
  if (
    hasDocument(params) &&
    isPosition(params.position) &&
    (context === undefined ||
      (isObject(context) && ['boolean', 'undefined'].includes(typeof context.includeDeclaration)))
  )
    return params as unknown as ReferenceParams;
  throw invalid(method, 'textDocument.uri (a string), position {line, character} and context {includeDeclaration}');
}

/** A rename's params: a position and the new name. */
export function renameParams(method: string, params: unknown): RenameParams {
  if (hasDocument(params) && isPosition(params.position) && typeof params.newName === 'string')
    return params as unknown as RenameParams;
  throw invalid(method, 'textDocument.uri (a string), position {line, character} and newName (a string)');
}

/** workspace/willRenameFiles' params: the files (or folders) renamed, each an oldUri and a newUri. */
export function renameFilesParams(method: string, params: unknown): RenameFilesParams {
  if (
    isObject(params) &&
    Array.isArray(params.files) &&
    params.files.every((f) => isObject(f) && typeof f.oldUri === 'string' && typeof f.newUri === 'string')
  )
    return params as unknown as RenameFilesParams;
  throw invalid(method, 'files: [{oldUri, newUri}] (strings)');
}
