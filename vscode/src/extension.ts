// navlint in VS Code and its forks: a thin client of `navlint lsp --stdio`. All checking is the
// server's; this file starts it, shows its state, and offers its commands.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  State,
} from 'vscode-languageclient/node';
import { ServerProcess } from './server-process';

/** Where the server comes from: the navlint.path setting, the workspace's node_modules, or the extension's own copy. */
export interface ServerLocation {
  file: string;
  from: 'setting' | 'workspace' | 'extension';
}

/** Folders below a workspace folder where docs sites keep their package.json, as the corpus's repositories do. */
const docsFolders = ['', 'docs', 'packages/docs', 'apps/docs'];

/**
 * The navlint to run: the setting when given, else the workspace's own (so that the editor and CI
 * agree), else the one inside the extension (most docs repositories have no package.json).
 */
export function locateServer(
  setting: string | null | undefined,
  workspaceFolders: string[],
  bundled: string,
): ServerLocation {
  if (setting) return { file: setting, from: 'setting' };
  for (const folder of workspaceFolders)
    for (const below of docsFolders) {
      const file = path.join(folder, below, 'node_modules', 'navlint', 'bin', 'navlint.cjs');
      if (fs.existsSync(file)) return { file, from: 'workspace' };
    }
  return { file: bundled, from: 'extension' };
}

/** A client whose own error messages go to the output only: the extension shows one message of its own. */
class QuietLanguageClient extends LanguageClient {
  override error(message: string, data?: unknown): void {
    super.error(message, data, false);
  }
}

type Status =
  | { state: 'starting' | 'running'; location: ServerLocation }
  | { state: 'failed'; why: string }
  | { state: 'disabled' };

/** The extension's one piece of state: the client, the status it shows, and where its server came from. */
class NavlintExtension {
  private client: LanguageClient | undefined;
  private server: ServerProcess | undefined;
  /** When the extension activated or restarted the server, and whether docs.json's first diagnostics came since. */
  private startedAt = performance.now();
  private docsFileAnswered = false;
  // A log channel: each line with its time, to the millisecond (the server's stderr comes in it too).
  private readonly output = vscode.window.createOutputChannel('navlint', { log: true });
  private readonly trace = vscode.window.createOutputChannel('navlint trace');
  // One for every server the extension starts: a new one per restart would never be disposed.
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*.{json,mdx,md,yaml,yml,jsx,tsx}');
  private readonly statusItem = vscode.window.createStatusBarItem(
    'navlint.status',
    vscode.StatusBarAlignment.Right,
    100,
  );

  constructor(private readonly context: vscode.ExtensionContext) {
    this.statusItem.name = 'navlint';
    this.statusItem.command = 'navlint.showOutput';
    context.subscriptions.push(this.output, this.trace, this.statusItem, this.watcher);
  }

  show(status: Status): void {
    const item = this.statusItem;
    if (status.state === 'disabled') {
      item.hide();
      return;
    }
    item.text =
      status.state === 'failed'
        ? '$(error) navlint'
        : status.state === 'starting'
          ? '$(sync~spin) navlint'
          : '$(check) navlint';
    item.tooltip =
      status.state === 'failed'
        ? `${status.why}. Click to see the output.`
        : `navlint ${status.state} (${status.location.from === 'extension' ? "the extension's own" : status.location.file})`;
    item.backgroundColor =
      status.state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  }

  async start(): Promise<void> {
    const config = vscode.workspace.getConfiguration('navlint');
    if (!config.get<boolean>('enable', true)) return this.show({ state: 'disabled' });
    const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
    // An untrusted workspace's own code never runs: VS Code withholds its navlint.path (restrictedConfigurations).
    const location = locateServer(
      config.get<string | null>('path'),
      vscode.workspace.isTrusted ? folders : [],
      this.context.asAbsolutePath('server/bin/navlint.cjs'),
    );
    if (!fs.existsSync(location.file))
      return this.fail(
        `navlint could not start: ${location.file} does not exist${location.from === 'setting' ? ' (the navlint.path setting)' : ''}`,
      );
    this.output.info(`starting ${location.file} (${location.from})`);
    this.show({ state: 'starting', location });
    const server = new ServerProcess(location.file, folders[0]);
    // Whether this client's server ever ran: a crash later "stopped", one before "could not start".
    let ran = false;
    const client: LanguageClient = new QuietLanguageClient('navlint', 'navlint', () => server.start(), {
      ...this.clientOptions(),
      errorHandler: {
        error: () => ({ action: ErrorAction.Continue }),
        // This handler's own client: a restart may have put another in this.client since.
        closed: async () => {
          await this.stopped(client, server, ran);
          return { action: CloseAction.DoNotRestart, handled: true };
        },
      },
    });
    this.client = client;
    this.server = server;
    client.onDidChangeState(({ newState }) => {
      if (newState !== State.Running || this.client !== client) return;
      ran = true;
      this.show({ state: 'running', location });
      this.output.info(`running ${Math.round(performance.now() - this.startedAt)} ms after the start`);
    });
    try {
      await client.start();
    } catch {
      await this.stopped(client, server, ran);
    }
  }

  private clientOptions(): LanguageClientOptions {
    const documentSelector = [
      { scheme: 'file', pattern: '**/docs.json' },
      { scheme: 'file', pattern: '**/*.{mdx,md}' },
      { scheme: 'file', pattern: '**/*.{json,yaml,yml}' },
    ];
    return {
      documentSelector,
      // The documents the client opens in the server with `initialized`: the server waits for
      // those, not for a set moment, before it lints the workspace's sites from disk.
      initializationOptions: () => ({
        openAtStart: vscode.workspace.textDocuments
          .filter((document) => vscode.languages.match(documentSelector, document) > 0)
          .map((document) => document.uri.toString()),
      }),
      outputChannel: this.output,
      traceOutputChannel: this.trace,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      middleware: {
        handleDiagnostics: (uri, diagnostics, next) => {
          this.noteFirstDiagnostics(uri);
          next(uri, diagnostics);
        },
      },
      synchronize: {
        fileEvents: this.watcher,
      },
      // The extension says why the server stopped, once (stopped()); the client's own messages go to the output.
      initializationFailedHandler: () => false,
    };
  }

  /** How long docs.json's first diagnostics took, in the output: what a writer waits for, and what `npm run bench` reads. */
  private noteFirstDiagnostics(uri: vscode.Uri): void {
    if (this.docsFileAnswered || path.basename(uri.fsPath) !== 'docs.json') return;
    this.docsFileAnswered = true;
    const ms = Math.round(performance.now() - this.startedAt);
    this.output.info(`docs.json's first diagnostics ${ms} ms after the start`);
  }

  /** The server of `client` stopped on its own (a crash, a refusal to start): one message says why. */
  private async stopped(client: LanguageClient, server: ServerProcess, ran: boolean): Promise<void> {
    if (this.client !== client) return;
    this.client = undefined;
    this.server = undefined;
    const why = await server.end();
    this.fail(ran ? `navlint stopped: ${why}` : `navlint could not start: ${why}`);
  }

  private fail(message: string): void {
    this.output.error(message);
    this.show({ state: 'failed', why: message });
    void vscode.window.showErrorMessage(`${message}.`, 'Show output').then((choice) => {
      if (choice) this.output.show(true);
    });
  }

  /** Stops the client and its server, whatever state they are in; the server gets its grace time to exit. */
  private async stopNow(): Promise<void> {
    const { client, server } = this;
    this.client = undefined;
    this.server = undefined;
    // A client still starting cannot be asked to stop: its server is ended at once (the start then
    // fails, and stopped() sees that the client is no longer this.client).
    const running = client?.state === State.Running;
    try {
      if (running) await client.stop();
    } catch (error) {
      this.output.warn(`the server did not stop when asked: ${(error as Error).message}`);
    } finally {
      await server?.end(running ? undefined : 0);
    }
  }

  /** Steps run one after another: a restart asked for while another runs waits for it (never two servers). */
  private steps: Promise<void> = Promise.resolve();
  private inTurn(step: () => Promise<void>): Promise<void> {
    this.steps = this.steps.then(step, step);
    return this.steps;
  }

  stop(): Promise<void> {
    return this.inTurn(() => this.stopNow());
  }

  restart(): Promise<void> {
    return this.inTurn(async () => {
      this.startedAt = performance.now();
      this.docsFileAnswered = false;
      await this.stopNow();
      await this.start();
    });
  }

  showOutput(): void {
    this.output.show(true);
  }
}

/** The URL docs.json's `$schema` names: VS Code's JSON service fetches it unless json.schemas gives its content. */
const platformSchemaUrl = 'https://mintlify.com/docs.json';

/**
 * Points the user's json.schemas entry for the platform's schema URL (and for files named docs.json)
 * at the copy inside the extension, or removes it when navlint.offlineSchema is off. A `$ref` to the
 * file keeps the setting small; it is rewritten when the extension moves (a new version).
 */
async function useShippedSchema(context: vscode.ExtensionContext): Promise<void> {
  const json = vscode.workspace.getConfiguration('json');
  const current = (json.inspect<{ url?: string }[]>('schemas')?.globalValue ?? []).filter(
    (entry) => typeof entry === 'object' && entry !== null,
  );
  const others = current.filter((entry) => entry.url !== platformSchemaUrl);
  const shipped = vscode.Uri.joinPath(context.extensionUri, 'schemas', 'docs-json.schema.json').toString();
  const wanted = vscode.workspace.getConfiguration('navlint').get<boolean>('offlineSchema', true)
    ? [...others, { fileMatch: ['docs.json'], url: platformSchemaUrl, schema: { $ref: shipped } }]
    : others;
  if (JSON.stringify(wanted) === JSON.stringify(current)) return;
  await json.update('schemas', wanted.length > 0 ? wanted : undefined, vscode.ConfigurationTarget.Global);
}

let extension: NavlintExtension | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const navlint = new NavlintExtension(context);
  extension = navlint;
  context.subscriptions.push(
    vscode.commands.registerCommand('navlint.restart', () => navlint.restart()),
    vscode.commands.registerCommand('navlint.showOutput', () => navlint.showOutput()),
    vscode.commands.registerCommand('navlint.fixAll', () =>
      vscode.commands.executeCommand('editor.action.sourceAction', { kind: 'source.fixAll.navlint', apply: 'first' }),
    ),
    vscode.workspace.onDidGrantWorkspaceTrust(() => navlint.restart()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('navlint.enable') || event.affectsConfiguration('navlint.path'))
        void navlint.restart();
      if (event.affectsConfiguration('navlint.offlineSchema')) void useShippedSchema(context);
    }),
  );
  // Side by side: writing the user's settings can take seconds, and docs.json's diagnostics wait for neither.
  await Promise.all([navlint.restart(), useShippedSchema(context)]);
}

export async function deactivate(): Promise<void> {
  await extension?.stop();
}
