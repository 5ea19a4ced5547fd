import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Disposable, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diskFiles, overlayFiles, type SiteFiles } from '../site/files';

export const uriOf = (file: string): string => pathToFileURL(file).href;
export const pathOf = (uri: string): string => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);

/** Told of a document's event, with the path of its file. */
export type DocumentListener = (file: string, document: TextDocument) => void;

/** What of the connection the store listens to: the notifications of text document sync. */
export type DocumentConnection = Parameters<TextDocuments<TextDocument>['listen']>[0];

/**
 * The documents open in the editor (their text and version, as the sync notifications leave them),
 * and the sites' files as a lint reads them: an open document's unsaved text over the file on disk.
 */
export class DocumentStore {
  private readonly documents = new TextDocuments(TextDocument);
  /** Open documents by path: a lint asks for every page of a site, and a URL made for each would cost more than the rest of the lookup. */
  private readonly byPath = new Map<string, TextDocument>();
  /** The editor's text for open documents, `base`'s (the disk's) for the rest. */
  readonly files: SiteFiles;

  constructor(base: SiteFiles = diskFiles) {
    this.files = overlayFiles(
      base,
      (file) => this.byPath.get(file)?.getText(),
      new Set(),
      () => this.byPath.keys(),
    );
    // Before any other listener: whoever hears of an open or a close reads the files as they now are.
    this.documents.onDidOpen(({ document }) => void this.byPath.set(pathOf(document.uri), document));
    this.documents.onDidClose(({ document }) => void this.byPath.delete(pathOf(document.uri)));
  }

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uri);
  }

  isOpen(file: string): boolean {
    return this.byPath.has(file);
  }

  /** The version of every open document, by URI: what a lint that reads the files now sees. */
  versions(): Map<string, number> {
    return new Map(this.documents.all().map((document) => [document.uri, document.version]));
  }

  /** An opened document; its content changes right after (as on every edit). Disposing of what it returns stops the listener. */
  onOpen(listener: DocumentListener): Disposable {
    return this.documents.onDidOpen(({ document }) => listener(pathOf(document.uri), document));
  }

  /** An edit, and the text of a document just opened. */
  onChange(listener: DocumentListener): void {
    this.documents.onDidChangeContent(({ document }) => listener(pathOf(document.uri), document));
  }

  onSave(listener: DocumentListener): void {
    this.documents.onDidSave(({ document }) => listener(pathOf(document.uri), document));
  }

  /** A closed document: its file is the disk's again. */
  onClose(listener: DocumentListener): void {
    this.documents.onDidClose(({ document }) => listener(pathOf(document.uri), document));
  }

  listen(connection: DocumentConnection): void {
    this.documents.listen(connection);
  }
}
