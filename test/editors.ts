import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeSite, repo } from './helpers';
import { page, usersSpec } from './sites';

/**
 * What the editor tests (Neovim, Emacs) do in a real editor with navlint as its language server:
 * steps of completion and quick fixes on a small site, and the buffer's text after each.
 */
export interface Step {
  file: string;
  /** The buffer's text, "|" where the cursor is. */
  text: string;
  /** Accept the completion item with this label. */
  complete?: string;
  /** Apply the code action with this title. */
  action?: string;
  /** "none": ask for code actions with an empty context.diagnostics. */
  diagnostics?: 'none';
}

/** After a step: the buffer's text, and the completion menu's labels or the actions' titles. */
export interface Outcome {
  text: string;
  menu?: string[];
  titles?: string[];
}

export const getUser = '---\ntitle: Get a user\nopenapi: GET /users/{id}\n---\n';

export function editorSite(): string {
  return makeSite({
    'docs.json': docs('"index"'),
    'index.mdx': page(),
    'quickstart.mdx': page(),
    'guides/later.mdx': page(),
    'api/get-user.mdx': getUser,
    'users.yaml': usersSpec,
  });
}

/** docs.json with the Start group's pages, the API group's pages and lines before navigation. */
export function docs(start: string, { api = '"GET /users", "api/get-user"', top = '' } = {}): string {
  return `{\n${top}  "navigation": {\n    "groups": [\n      { "group": "Start", "pages": [${start}] },\n      { "group": "API", "openapi": "users.yaml", "pages": [${api}] }\n    ]\n  }\n}\n`;
}

const operations = ['GET /users', 'POST /users', 'GET /users/{userId}', 'DELETE /users/{userId}', 'POST /admin/reset'];

/** Steps every client gets right, with their outcome. */
export const steps: [Step, Outcome][] = [
  // Completion of a page: an empty array, after a comma, the opening quote just typed, between
  // the quotes, a half-typed string, inside a string, and the end of an unfinished file.
  [
    { file: 'docs.json', text: docs('|'), complete: 'quickstart' },
    { text: docs('"quickstart"'), menu: ['guides/later', 'index', 'quickstart'] },
  ],
  [{ file: 'docs.json', text: docs('"index", |'), complete: 'quickstart' }, { text: docs('"index", "quickstart"') }],
  [{ file: 'docs.json', text: docs('"index", "|'), complete: 'quickstart' }, { text: docs('"index", "quickstart"') }],
  [{ file: 'docs.json', text: docs('"index", "|"'), complete: 'quickstart' }, { text: docs('"index", "quickstart"') }],
  [
    { file: 'docs.json', text: docs('"index", "qui|'), complete: 'quickstart' },
    { text: docs('"index", "quickstart"') },
  ],
  [
    { file: 'docs.json', text: docs('"index", "gui|"'), complete: 'guides/later' },
    { text: docs('"index", "guides/later"') },
  ],
  [
    { file: 'docs.json', text: '{\n  "navigation": {\n    "pages": ["|', complete: 'index' },
    { text: '{\n  "navigation": {\n    "pages": ["index"' },
  ],
  // In a group that sets openapi, its operations come first.
  [
    { file: 'docs.json', text: docs('"index"', { api: '|' }), complete: 'GET /users/{userId}' },
    {
      text: docs('"index"', { api: '"GET /users/{userId}"' }),
      menu: [...operations, 'api/get-user', 'guides/later', 'quickstart'],
    },
  ],
  // A key at docs.json's top level, and an enum value.
  [
    { file: 'docs.json', text: docs('"index"', { top: '  "sty|\n' }), complete: 'styling' },
    { text: docs('"index"', { top: '  "styling"\n' }) },
  ],
  [
    {
      file: 'docs.json',
      text: docs('"index"', { top: '  "styling": { "eyebrows": "|" },\n' }),
      complete: 'breadcrumbs',
    },
    {
      text: docs('"index"', { top: '  "styling": { "eyebrows": "breadcrumbs" },\n' }),
      menu: ['section', 'breadcrumbs'],
    },
  ],

  // Quick fixes: a --fix fix, a fix that is also the suggestion (one action), a page, a key and an
  // endpoint suggestion, and a frontmatter suggestion asked for with no diagnostics in the context.
  [
    {
      file: 'docs.json',
      text: docs('"index"').replace('"group": "Start",', '"group": "Start", "exp|anded": true,'),
      action: 'Remove "expanded"',
    },
    {
      text: docs('"index"'),
      titles: ['Remove "expanded"'],
    },
  ],
  [
    {
      file: 'docs.json',
      text: '{\n  "navigation": {\n    "pages": ["ind|ex.mdx"]\n  }\n}\n',
      action: 'Use "index"',
    },
    {
      text: '{\n  "navigation": {\n    "pages": ["index"]\n  }\n}\n',
      titles: ['Use "index"'],
    },
  ],
  [
    { file: 'docs.json', text: docs('"index", "quik|start"'), action: 'Use "quickstart"' },
    { text: docs('"index", "quickstart"'), titles: ['Use "quickstart"'] },
  ],
  [
    {
      file: 'docs.json',
      text: docs('"index", { "group": "More", "exp|and": true, "pages": ["quickstart"] }'),
      action: 'Rename to "expanded"',
    },
    {
      text: docs('"index", { "group": "More", "expanded": true, "pages": ["quickstart"] }'),
      titles: ['Rename to "expanded"'],
    },
  ],
  [
    { file: 'docs.json', text: docs('"index"', { api: '"GET /u|serz", "api/get-user"' }), action: 'Use "GET /users"' },
    { text: docs('"index"'), titles: ['Use "GET /users"'] },
  ],
  // (docs.json, still open, lists the page.)
  [
    {
      file: 'api/get-user.mdx',
      text: getUser.replace('openapi', 'open|api'),
      action: 'Use "GET /users/{userId}"',
      diagnostics: 'none',
    },
    {
      text: getUser.replace('{id}', '{userId}'),
      titles: ['Use "GET /users/{userId}"', 'Disable frontmatter-openapi for this line'],
    },
  ],
  // A page that does not parse: a fix, and a suggestion that closes a card before the next one.
  [
    { file: 'index.mdx', text: '# Home\n\nLoads in |<200ms.\n', action: 'Escape "<" as "&lt;"' },
    { text: '# Home\n\nLoads in &lt;200ms.\n', titles: ['Escape "<" as "&lt;"'] },
  ],
  [
    {
      file: 'quickstart.mdx',
      text: '<CardGroup>\n  <Card title="One">\n    First.\n  <Card title="Two">\n    Second.\n  </Card>\n|</CardGroup>\n',
      action: 'Close <Card> before the next <Card>',
    },
    {
      text: '<CardGroup>\n  <Card title="One">\n    First.\n  </Card>\n  <Card title="Two">\n    Second.\n  </Card>\n</CardGroup>\n',
      titles: ['Close <Card> before the next <Card>'],
    },
  ],
];

/** An editor's outcomes, with only the fields the expected outcomes name. */
export function comparable(outcomes: Outcome[], expected: Outcome[]): Outcome[] {
  return outcomes.map((o, i) => ({
    text: o.text,
    ...(expected[i]?.menu ? { menu: o.menu } : {}),
    ...(expected[i]?.titles ? { titles: o.titles } : {}),
  }));
}

/** Whether an editor runs (`probe`: its arguments for a run that fails without what the tests need); when not, one line says which tests are skipped and why. */
export function installed(program: string, tests: string, packages: string, probe = ['--version']): boolean {
  const ok = spawnSync(program, probe, { stdio: 'ignore', timeout: 60_000 }).status === 0;
  if (!ok && !process.env.CI) console.log(`${tests}: skipped, ${packages} not installed (apt-get install ${packages})`);
  return ok;
}

/** Runs an editor on the steps in a new site; its script writes the outcomes to $NAVLINT_OUT. */
export function runEditor(
  command: string,
  args: string[],
  editorSteps: Step[],
): { outcomes: Outcome[]; status: number | null; stderr: string } {
  const site = editorSite();
  const out = path.join(site, 'outcomes.json');
  const result = spawnSync(command, args, {
    cwd: site,
    encoding: 'utf8',
    timeout: 240_000,
    env: {
      ...process.env,
      NAVLINT_SITE: site,
      NAVLINT_OUT: out,
      NAVLINT_STEPS: JSON.stringify(editorSteps),
      NAVLINT_NODE: process.execPath,
      NAVLINT_BIN: path.join(repo, 'bin/navlint.cjs'),
    },
  });
  const outcomes = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Outcome[]) : [];
  return { outcomes, status: result.status, stderr: result.stderr };
}
