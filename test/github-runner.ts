import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { temporaryFolder } from './helpers';

/**
 * A composite action's steps run as GitHub's runner runs them, offline: each `run` step's `${{ }}`
 * expressions expanded, then the script run by `bash --noprofile --norc -eo pipefail` in the
 * workspace, with the runner's variables and a fresh $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY; its
 * outputs read back for the steps after it; a step that fails fails the action, and the steps
 * after it are skipped; the action's outputs are then made of what its steps set. A `uses` step (an
 * action from the marketplace) is not run: it is recorded, its `with` expanded, for the test to check.
 */
export interface ActionRun {
  status: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  used: { uses: string; with: Record<string, string> }[];
}

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}

export function runAction(
  actionDir: string,
  options: { inputs?: Record<string, string>; workspace: string; env?: NodeJS.ProcessEnv },
): ActionRun {
  const action = parse(fs.readFileSync(path.join(actionDir, 'action.yml'), 'utf8'));
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs as Record<string, { default?: string }>))
    inputs[name] = options.inputs?.[name] ?? spec.default ?? '';
  const temp = temporaryFolder('navlint-runner-temp-');
  const github = {
    action_path: actionDir,
    workspace: options.workspace,
    run_id: '4242',
    run_attempt: '1',
    repository: 'docs-team/docs',
    sha: '0123456789abcdef0123456789abcdef01234567',
    server_url: 'https://github.com',
  };
  const runner = { os: 'Linux', temp };
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const context = { inputs, github, runner, steps };
  const runnerEnv: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|INPUT_|GITHUB_|RUNNER_)/i.test(key))),
    ...options.env,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: actionDir,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_RUN_ID: github.run_id,
    GITHUB_RUN_ATTEMPT: github.run_attempt,
    GITHUB_REPOSITORY: github.repository,
    GITHUB_SHA: github.sha,
    GITHUB_SERVER_URL: github.server_url,
    RUNNER_OS: runner.os,
    RUNNER_TEMP: temp,
  };
  const result: ActionRun = { status: 0, stdout: '', stderr: '', outputs: {}, summary: '', used: [] };
  for (const [index, step] of (action.runs.steps as Step[]).entries()) {
    if (result.status !== 0) break;
    if (step.if !== undefined && !truthy(evaluate(step.if.replace(/^\$\{\{(.*)\}\}$/s, '$1'), context))) continue;
    if (step.uses) {
      const withValues = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v), context)]),
      );
      result.used.push({ uses: step.uses, with: withValues });
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`step ${index}: shell ${step.shell} is not emulated`);
    const files = { output: path.join(temp, `output-${index}`), summary: path.join(temp, `summary-${index}`) };
    for (const file of Object.values(files)) fs.writeFileSync(file, '');
    const script = path.join(temp, `step-${index}.sh`);
    fs.writeFileSync(script, expand(step.run ?? '', context));
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), context)]));
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: options.workspace,
      env: { ...runnerEnv, ...env, GITHUB_OUTPUT: files.output, GITHUB_STEP_SUMMARY: files.summary },
      encoding: 'utf8',
    });
    result.stdout += run.stdout;
    result.stderr += run.stderr;
    result.summary += fs.readFileSync(files.summary, 'utf8');
    if (step.id) steps[step.id] = { outputs: readOutputs(fs.readFileSync(files.output, 'utf8')) };
    result.status = run.status ?? 1;
  }
  for (const [name, spec] of Object.entries(action.outputs as Record<string, { value: string }>))
    result.outputs[name] = expand(spec.value, context);
  return result;
}

/** $GITHUB_OUTPUT's lines: `name=value`, or `name<<DELIMITER` … `DELIMITER`. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('='))
      outputs[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
  }
  return outputs;
}

type Context = Record<string, unknown>;

/** A text with `${{ expression }}` parts, each replaced by its value. */
function expand(text: string, context: Context): string {
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, expression: string) => String(evaluate(expression, context)));
}

const truthy = (value: unknown) =>
  value !== '' && value !== false && value !== undefined && value !== null && value !== 0;

/**
 * GitHub's expression language, the part action.yml uses: property paths (`steps.setup.outputs.x`,
 * names with `-`), string literals, `==`, `!=` (strings compared ignoring case, as GitHub does),
 * `!`, `&&`, `||` (giving an operand, as GitHub does) and parentheses.
 */
export function evaluate(expression: string, context: Context): unknown {
  const tokens = expression.match(/'(?:[^']|'')*'|==|!=|&&|\|\||[!()]|[A-Za-z_][\w.-]*/g) ?? [];
  let at = 0;
  const unary = (): unknown => {
    const token = tokens[at++];
    if (token === '!') return !truthy(unary());
    if (token === '(') {
      const value = or();
      at++;
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (token === 'true' || token === 'false') return token === 'true';
    return (
      token
        .split('.')
        .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], context) ?? ''
    );
  };
  /** A left-associative chain of one operator over `operand`s. */
  const chain =
    (
      operators: string[],
      operand: () => unknown,
      combine: (left: unknown, right: unknown, operator: string) => unknown,
    ) =>
    (): unknown => {
      let value = operand();
      while (operators.includes(tokens[at])) {
        const operator = tokens[at++];
        value = combine(value, operand(), operator);
      }
      return value;
    };
  const equality = chain(
    ['==', '!='],
    unary,
    (left, right, operator) => (String(left).toLowerCase() === String(right).toLowerCase()) === (operator === '=='),
  );
  const and = chain(['&&'], equality, (left, right) => (truthy(left) ? right : left));
  const or = chain(['||'], and, (left, right) => (truthy(left) ? left : right));
  return or();
}
