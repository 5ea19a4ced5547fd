// navlint's language server as a child process the extension starts itself, so that it knows how the
// process ended (its exit code and last words on stderr) and can tell a writer why navlint stopped.
import { type ChildProcess, fork } from 'node:child_process';

/**
 * What a process said last on stderr that a writer can read: its last error line (`Error: …`) when
 * it threw, else its last line; never Node's version line or a stack frame.
 */
export function lastWords(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^Node\.js v\d/.test(line) && !/^at /.test(line));
  return lines.filter((line) => /^\w*Error\b[^:]*:/.test(line)).pop() ?? lines.pop() ?? '';
}

/** How a process ended, in words: `exited with code 3: navlint: something broke`. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  const said = lastWords(stderr);
  return `the server ${how}${said ? `: ${said}` : ''}`;
}

/** The stderr kept for the message: enough for the last lines, however much the server writes. */
const stderrKept = 4096;

export class ServerProcess {
  private child: ChildProcess | undefined;
  private stderr = '';
  private ended: Promise<string> | undefined;

  /** `graceMs`: how long a server asked to exit gets to write its caches before it is ended by force. */
  constructor(
    private readonly file: string,
    private readonly cwd: string | undefined,
    private readonly graceMs = 2000,
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
    // 'close', not 'exit': stderr is read to its end by then.
    this.ended = new Promise((resolve) => {
      child.once('error', (error) => resolve(`the server could not run: ${error.message}`));
      child.once('close', (code, signal) => resolve(describeExit(code, signal, this.stderr)));
    });
    return child;
  }

  /** Waits for the process to end (ending it after the grace time, or at once), and says how it ended. */
  async end(graceMs = this.graceMs): Promise<string> {
    const { child, ended } = this;
    if (!child || !ended) return 'the server did not start';
    let grace: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      grace = setTimeout(() => resolve(undefined), graceMs);
    });
    const how = await Promise.race([ended, late]);
    clearTimeout(grace);
    if (how !== undefined) return how;
    child.kill();
    return ended;
  }
}
