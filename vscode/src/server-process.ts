// navlint's language server as a child process the extension starts itself, so that it knows how the
// process ended (its exit code and last words on stderr) and can tell a writer why navlint stopped.
import { type ChildProcess, fork } from 'node:child_process';

/** The last line of `text` that says something. */
export function lastLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? ''
  );
}

/** How a process ended, in words: `exited with code 3: navlint: something broke`. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  const said = lastLine(stderr);
  return `the server ${how}${said ? `: ${said}` : ''}`;
}

/** The stderr kept for the message: enough for the last lines, however much the server writes. */
const stderrKept = 4096;

export class ServerProcess {
  private child: ChildProcess | undefined;
  private stderr = '';
  private exited: Promise<string> | undefined;

  constructor(
    private readonly file: string,
    private readonly cwd: string | undefined,
  ) {}

  /** Starts `navlint lsp --stdio`; vscode-languageclient reads its stdout and copies its stderr to the output. */
  async start(): Promise<ChildProcess> {
    const child = fork(this.file, ['lsp', '--stdio', `--clientProcessId=${process.pid}`], {
      cwd: this.cwd,
      silent: true,
      execArgv: [],
      // VS Code's own Node runs the server (Electron as Node in the desktop app): no Node install needed.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-stderrKept);
    });
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => resolve(`the server could not run: ${error.message}`));
      child.once('exit', (code, signal) => resolve(describeExit(code, signal, this.stderr)));
    });
    return child;
  }

  /** Ends the process if it still runs, and says how it ended. */
  async end(): Promise<string> {
    const child = this.child;
    if (!child || !this.exited) return 'the server did not start';
    if (child.exitCode === null && child.signalCode === null) child.kill();
    return this.exited;
  }
}
