import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { repo } from './helpers';

export interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  source: string;
  code: string;
  codeDescription?: { href: string };
  message: string;
}

/** A language client over stdio, as an editor is, recording every diagnostics notification. */
export class Client {
  readonly process: ChildProcess;
  readonly connection: MessageConnection;
  readonly published: { uri: string; version?: number; diagnostics: Diagnostic[] }[] = [];
  /** What the server sent with window/showMessage, and with $/logTrace (the client asks for traces). */
  readonly messages: string[] = [];
  readonly traces: string[] = [];
  private waiters: (() => void)[] = [];

  constructor(
    readonly root: string,
    /** What the client answers to workspace/configuration for the "navlint" section. */
    private readonly settings: object = { run: 'onType' },
    bin = path.join(repo, 'bin/navlint.cjs'),
  ) {
    this.process = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.connection = createMessageConnection(
      new StreamMessageReader(this.process.stdout!),
      new StreamMessageWriter(this.process.stdin!),
    );
    this.connection.onNotification(
      'textDocument/publishDiagnostics',
      (params: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
        this.published.push(params);
        for (const wake of this.waiters.splice(0)) wake();
      },
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', () => [this.settings]);
    this.connection.onNotification(
      'window/showMessage',
      (params: { message: string }) => void this.messages.push(params.message),
    );
    this.connection.onNotification(
      '$/logTrace',
      (params: { message: string }) => void this.traces.push(params.message),
    );
    this.connection.listen();
  }

  uri(file: string): string {
    return pathToFileURL(path.join(this.root, file)).href;
  }

  async initialize(
    capabilities: object = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, configuration: true } },
    clientInfo?: { name: string },
  ): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(this.root).href,
      capabilities,
      initializationOptions: this.settings,
      clientInfo,
      trace: 'messages',
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** The next diagnostics for a file published after `since` (an index into `published`) that satisfy `test`. */
  async diagnostics(
    file: string,
    since: number,
    test: (d: Diagnostic[]) => boolean = () => true,
    timeout = 10_000,
  ): Promise<Diagnostic[]> {
    const uri = this.uri(file);
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = this.published
        .slice(since)
        .reverse()
        .find((p) => p.uri === uri && test(p.diagnostics));
      if (found) return found.diagnostics;
      if (Date.now() > deadline)
        throw new Error(`no diagnostics for ${file} after ${since}: ${JSON.stringify(this.published.slice(since))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The code actions the server offers for a range of a file, with the diagnostics the editor sends. */
  codeActions(
    file: string,
    range: Diagnostic['range'],
    diagnostics: Diagnostic[],
  ): Promise<{ title: string; edit?: { changes?: Record<string, { range: unknown; newText: string }[]> } }[]> {
    return this.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: this.uri(file) },
      range,
      context: { diagnostics },
    });
  }

  open(file: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uri(file), languageId: file.endsWith('.json') ? 'json' : 'mdx', version, text },
    });
  }

  change(file: string, text: string, version: number): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri(file), version },
      contentChanges: [{ text }],
    });
  }

  async stop(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    return new Promise((resolve) => {
      if (this.process.exitCode !== null) resolve(this.process.exitCode);
      this.process.on('exit', (code) => resolve(code));
    });
  }
}
