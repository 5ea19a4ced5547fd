/**
 * The examples of a rule's page, `rules/<id>.md`, read as RuleTester cases (as ESLint runs the
 * examples of its rules' pages). Under `## Accepted` and `## Rejected`, each `### heading` is one
 * example: a site made of the fenced blocks under it, each named by its info string, such as
 * ```` ```json docs.json ```` or ```` ```mdx guides/a.mdx ````. A rejected example ends with a
 * ```` ```text findings ```` block, one finding a line; when the editor offers suggestions, a
 * ```` ```text suggestions ```` block, one a line; and, when its fixes change a file, that file after
 * `--fix` (```` ```json docs.json (after --fix) ````). An example without docs.json runs
 * on one that lists its pages; one with `navlint.config.json` runs with that config; a ```` ```text links ````
 * block makes symbolic links to nothing, one a line (`dangling.mdx -> missing/target.mdx`).
 */

export interface SiteBlock {
  /** The file's path in the site, or `findings`. */
  name: string;
  afterFix: boolean;
  text: string;
  /** 1-based line of the block's opening fence in the page. */
  line: number;
}

export interface DocExample {
  kind: 'accepted' | 'rejected';
  title: string;
  line: number;
  blocks: SiteBlock[];
}

export interface DocFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning';
  message: string;
}

/** The blocks that state what the rule reports rather than a file of the site. */
const outcomeBlocks = new Set(['findings', 'suggestions']);

/** Whether a block states an outcome: the findings, the suggestions the editor offers, a file after --fix. */
export const isOutcome = (block: SiteBlock): boolean => block.afterFix || outcomeBlocks.has(block.name);

const fenceOpen = /^(`{3,}|~{3,})\s*(\S*)\s*(.*)$/;

/** The examples of a page, in order, and what is wrong with its structure. */
export function examplesOf(page: string): { examples: DocExample[]; problems: string[] } {
  const lines = page.split('\n');
  const examples: DocExample[] = [];
  const problems: string[] = [];
  let section: DocExample['kind'] | undefined;
  let current: DocExample | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = fenceOpen.exec(line);
    if (fence) {
      const close = lines.findIndex(
        (l, j) => j > i && l.startsWith(fence[1][0].repeat(fence[1].length)) && /^[`~]+\s*$/.test(l),
      );
      if (close < 0) {
        problems.push(`line ${i + 1}: a fence that is not closed`);
        break;
      }
      const [name = '', ...rest] = fence[3].split(/\s+/).filter(Boolean);
      if (current && name) {
        current.blocks.push({
          name,
          afterFix: rest.join(' ') === '(after --fix)',
          text: lines.slice(i + 1, close).join('\n') + (outcomeBlocks.has(name) ? '' : '\n'),
          line: i + 1,
        });
      }
      i = close;
      continue;
    }
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    if (!heading) continue;
    if (heading[1] === '##') {
      section = heading[2] === 'Accepted' ? 'accepted' : heading[2] === 'Rejected' ? 'rejected' : undefined;
      current = undefined;
    } else if (section) {
      current = { kind: section, title: heading[2], line: i + 1, blocks: [] };
      examples.push(current);
    }
  }
  return { examples, problems };
}

const findingLine = /^(\S+):(\d+):(\d+)-(\d+):(\d+) (error|warning) (.+)$/;

/** The findings block's lines: `PATH:LINE:COLUMN-ENDLINE:ENDCOLUMN SEVERITY MESSAGE`. */
export function parseFindings(text: string): DocFinding[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const m = findingLine.exec(line);
      if (!m) throw new Error(`not a finding (PATH:LINE:COLUMN-ENDLINE:ENDCOLUMN SEVERITY MESSAGE): ${line}`);
      return {
        file: m[1],
        line: Number(m[2]),
        column: Number(m[3]),
        endLine: Number(m[4]),
        endColumn: Number(m[5]),
        severity: m[6] as DocFinding['severity'],
        message: m[7],
      };
    });
}

export function formatFinding(f: DocFinding): string {
  return `${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.message}`;
}

/** The site of an example: its files, with a docs.json listing its pages when it shows none. */
export function siteOfExample(example: DocExample): Record<string, string> {
  const files: Record<string, string> = {};
  for (const block of example.blocks) if (!block.afterFix && !isOutcome(block)) files[block.name] = block.text;
  if (!('docs.json' in files)) {
    const pages = Object.keys(files)
      .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('snippets/'))
      .map((name) => name.replace(/\.mdx?$/, ''));
    files['docs.json'] = `${JSON.stringify({ navigation: { pages } }, null, 2)}\n`;
  }
  return files;
}
