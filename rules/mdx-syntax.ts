import { type MdxMistake, type MdxMistakeKind, mdxMistake } from '../src/engine/mdx-mistakes';
import { type Repair, repairCandidates } from '../src/engine/mdx-repairs';
import type { Fix, Report, RuleContext, RuleMeta, Suggestion } from '../src/engine/rule';
import type { PageParseError } from '../src/parsers/page-parse';
import type { SourceFile } from '../src/parsers/source';
import type { SiteIndex, TextEdit } from '../src/site/site-index';

// Each message says what is wrong, why the platform refuses it and what to write instead; the
// parser's own words follow, for a search; `after` marks a mistake found past the page's first.
export const meta = {
  id: 'mdx-syntax',
  description:
    'a page or snippet that does not parse (as MDX; a .jsx or .tsx snippet as a script), which the platform cannot build',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    lessThan:
      '"<" starts a tag in MDX, and no tag starts with "{{next}}", so the platform cannot build the page: write "&lt;" for a less-than sign{{after}} (MDX: {{reason}})',
    htmlComment:
      'MDX has no HTML comments, so the platform cannot build the page: write the comment as {/* … */}{{after}} (MDX: {{reason}})',
    openBrace:
      '"{" starts a JavaScript expression in MDX, and nothing closes this one, so the platform cannot build the page: write "\\{" for a brace{{after}} (MDX: {{reason}})',
    expression:
      '{{expression}} is read as a JavaScript expression in MDX, and it is not one, so the platform cannot build the page: write "\\{" for a brace in text{{after}} (MDX: {{reason}})',
    esmWord:
      'a paragraph that starts with "{{word}}" is read as a JavaScript {{word}} in MDX, and this one is not one, so the platform cannot build the page: write "{{capital}}" or reword it{{after}} (MDX: {{reason}})',
    voidTag:
      '<{{name}}> is never closed: MDX closes every element, even an empty one, so the platform cannot build the page; write {{closed}}{{after}} (MDX: {{reason}})',
    capitalVoidTag:
      '<{{name}}> is never closed: MDX reads a capitalized name as a component and closes every element, so the platform cannot build the page; for the HTML element, write {{closed}}{{after}} (MDX: {{reason}})',
    unclosedTag:
      '<{{name}}> is never closed, so the platform cannot build the page: close it with </{{name}}> {{where}}{{asText}}{{after}} (MDX: {{reason}})',
    codeTag:
      '<{{name}}> is never closed, so the platform cannot build the page: if it is code, the backtick that ends the code is missing after it{{after}} (MDX: {{reason}})',
    mismatchedTag:
      '</{{closing}}> does not close the element that is open: <{{name}}> (line {{line}}) is, so the platform cannot build the page; close <{{name}}> first{{after}} (MDX: {{reason}})',
    strayClosingTag:
      '{{tag}} closes an element that is not open, so the platform cannot build the page: remove it{{after}} (MDX: {{reason}})',
    unclosedQuote:
      'the quote ({{quote}}) that opens this attribute value is never closed, so the platform cannot build the page: close it where the value ends{{after}} (MDX: {{reason}})',
    typeArguments:
      '"<" starts a tag in MDX, and "{{written}}" is not one, so the platform cannot build the page: write "&lt;" for its "<"{{after}} (MDX: {{reason}})',
    notMdx: 'does not parse as MDX, so the platform cannot build it: {{reason}}{{after}}',
    notScript: 'does not parse as {{language}}, so the platform cannot build it: {{reason}}',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

type MessageId = keyof typeof meta.messages;

/** The most mistakes reported in one page: each one past the first costs parses of the page. */
const mostMistakesPerPage = 10;
/** And the most text parsed again to find them, so that a large page costs a few parses, not thirty. */
const mostTextParsedPerPage = 1024 * 1024;

export function check({ site, report, pagesToCheck, checks }: RuleContext<typeof meta>): void {
  for (const file of pagesToCheck()) {
    const { error } = site.pageParse(file);
    if (error) reportMistakes(site, file, error, report);
  }
  // .jsx and .tsx snippets: the reason is acorn's or sucrase's, where it is (the platform prints no place).
  for (const file of site.parsedScripts().filter(checks)) {
    const { error } = site.pageParse(file);
    if (!error) continue;
    const source = site.sourceFile(file);
    const offset = source.offsetAt(error.start.line, error.start.column);
    report({
      span: { file: source, offset, length: 0 },
      messageId: 'notScript',
      data: { language: file.endsWith('.tsx') ? 'TSX' : 'JSX', reason: error.reason },
    });
  }
}

/**
 * A page's mistakes, the first where the platform's parser stops, then each one it stops at once the
 * ones before are repaired in memory (by their fix, else their likeliest suggestion), until the page
 * parses, a mistake has no repair, or one is in a repair's own text.
 */
function reportMistakes(
  site: SiteIndex,
  file: string,
  firstError: PageParseError,
  report: (report: Report<MessageId>) => void,
): void {
  const original = site.sourceFile(file);
  const parseAfter = memoParseAfter(site, file);
  const applied: TextEdit[] = [];
  let error: PageParseError | undefined = firstError;
  let source = original;
  let first: string | undefined;
  for (let count = 0; error && count < mostMistakesPerPage && parseAfter.parsed() < mostTextParsedPerPage; count++) {
    const toOriginal = (offset: number) => originalOffset(offset, applied);
    const mistake = mdxMistake(error, source);
    const range = mistake.range.map(toOriginal);
    if (range[0] === undefined || range[1] === undefined) return;
    const stoppedAt = { reason: error.reason, at: toOriginal(source.offsetAt(error.start.line, error.start.column)) };
    const repair = repairOf(mistake, source.text, (fix) => verdict(parseAfter, applied, stoppedAt, fix));
    report({
      span: { file: original, offset: range[0], length: range[1] - range[0] },
      messageId: messageIdOf[mistake.kind],
      data: {
        ...mistake.data,
        ...(mistake.open && mistake.kind === 'mismatchedTag'
          ? { line: original.position(toOriginal(mistake.open.start) ?? 0).line }
          : {}),
        reason: reasonInOriginal(error.reason, source, original, toOriginal),
        after: first ? ` (the parser reaches it once the mistake at ${first} is repaired)` : '',
      },
      ...repair,
    });
    const next = repair.fix ?? repair.suggestions?.[0]?.fix;
    if (!next) return;
    const { line, column } = original.position(range[0]);
    first ??= `${line}:${column}`;
    applied.push({ range: next.range, text: next.text });
    ({ error, source } = parseAfter(applied));
  }
}

/** The page's parse after edits of its text (site.pageParseAfter); and how much text that has parsed. */
type ParseAfter = ((edits: readonly TextEdit[]) => ReturnType<SiteIndex['pageParseAfter']>) & { parsed(): number };

/** The page's parse after edits, each set of edits parsed once: the repair a mistake's verdict tried is the next text read. */
function memoParseAfter(site: SiteIndex, file: string): ParseAfter {
  const parses = new Map<string, ReturnType<SiteIndex['pageParseAfter']>>();
  let parsed = 0;
  const parseAfter = (edits: readonly TextEdit[]) => {
    const key = JSON.stringify(edits.map(({ range, text }) => [range, text]));
    let parse = parses.get(key);
    if (!parse) {
      parses.set(key, (parse = site.pageParseAfter(file, edits)));
      parsed += parse.source.text.length;
    }
    return parse;
  };
  return Object.assign(parseAfter, { parsed: () => parsed });
}

/** The message of each kind of mistake. */
const messageIdOf = {
  lessThan: 'lessThan',
  htmlComment: 'htmlComment',
  openBrace: 'openBrace',
  expression: 'expression',
  esmWord: 'esmWord',
  voidTag: 'voidTag',
  capitalVoidTag: 'capitalVoidTag',
  unclosedTag: 'unclosedTag',
  codeTag: 'codeTag',
  mismatchedTag: 'mismatchedTag',
  strayClosingTag: 'strayClosingTag',
  unclosedQuote: 'unclosedQuote',
  typeArguments: 'typeArguments',
  other: 'notMdx',
} as const satisfies Record<MdxMistakeKind, MessageId>;

/**
 * An offset of the text with `applied` edits made (ranges of the text as it is, none overlapping) in
 * the text as it is; undefined inside an edit's own text.
 */
function originalOffset(offset: number, applied: readonly TextEdit[]): number | undefined {
  let shift = 0;
  for (const edit of [...applied].sort((a, b) => a.range[0] - b.range[0])) {
    const start = edit.range[0] + shift;
    const end = start + edit.text.length;
    if (offset <= start) break;
    if (offset < end) return undefined;
    shift += edit.text.length - (edit.range[1] - edit.range[0]);
  }
  return offset - shift;
}

/** The parser's words with the places they quote (`(7:1-7:7)`) in the page as it is. */
function reasonInOriginal(
  reason: string,
  source: SourceFile,
  original: SourceFile,
  toOriginal: (offset: number) => number | undefined,
): string {
  if (source === original) return reason;
  return reason.replace(/\b(\d+):(\d+)\b/g, (all, line: string, column: string) => {
    const at = toOriginal(source.offsetAt(Number(line), Number(column)));
    if (at === undefined) return all;
    const place = original.position(at);
    return `${place.line}:${place.column}`;
  });
}

/**
 * The fix or suggestions for a mistake, where its kind and the text around it make the intent
 * plain: each one offered only where the platform's parser then gets past the mistake (the page
 * parses, or fails on another mistake, outside the edit). Of each kind, the first candidate after
 * which the page parses, else the first that gets past. Their ranges are the page's as it is.
 */
function repairOf(
  mistake: MdxMistake,
  text: string,
  verdictOf: (fix: Fix) => Verdict,
): { fix?: Fix; suggestions?: Suggestion[] } {
  const { fixes, suggestions } = repairCandidates(mistake, text);
  const repair = chosen(fixes, verdictOf)[0];
  if (repair) return { fix: { ...repair.fix, title: repair.desc } };
  const offered = chosen(suggestions, verdictOf).map(({ desc, fix }) => ({ desc, fix }));
  return offered.length ? { suggestions: offered } : {};
}

type Verdict = { verdict: 'parses' | 'past' | 'stuck'; fix?: Fix };

/** Of each kind of candidate, in order, the first after which the page parses, else the first that gets past. */
function chosen(candidates: Repair[], verdictOf: (fix: Fix) => Verdict): Repair[] {
  return [...new Set(candidates.map((candidate) => candidate.kind))].flatMap((kind) => {
    let past: Repair | undefined;
    for (const candidate of candidates.filter((other) => other.kind === kind)) {
      const { verdict, fix } = verdictOf(candidate.fix);
      if (!fix) continue;
      if (verdict === 'parses') return [{ ...candidate, fix }];
      if (verdict === 'past') past ??= { ...candidate, fix };
    }
    return past ? [past] : [];
  });
}

/**
 * What the parser makes of the page after a candidate edit (at the places of the text with `applied`
 * made), with the edit at the page's own places: it parses; it gets past the error it stopped at
 * (its first error is another one, outside the edit: before it too, as the tree's errors come after
 * the tokenizer's); or it is stuck (the same error, or one in the edit or just after it).
 */
function verdict(
  parseAfter: ParseAfter,
  applied: readonly TextEdit[],
  stopped: { reason: string; at: number | undefined },
  fix: Fix,
): Verdict {
  const start = originalOffset(fix.range[0], applied);
  const end = originalOffset(fix.range[1], applied);
  if (start === undefined || end === undefined) return { verdict: 'stuck' };
  const edit: Fix = { range: [start, end], text: fix.text };
  const after = parseAfter([...applied, edit]);
  if (!after.error) return { verdict: 'parses', fix: edit };
  const offset = originalOffset(after.source.offsetAt(after.error.start.line, after.error.start.column), [
    ...applied,
    edit,
  ]);
  const inEdit = offset === undefined || (offset >= start && offset <= end);
  const same = after.error.reason === stopped.reason && offset === stopped.at;
  return { verdict: inEdit || same ? 'stuck' : 'past', fix: edit };
}
