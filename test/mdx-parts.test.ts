import { describe, expect, it } from 'vitest';
import { parseSiteFile, parsesInSmallHeap } from '../src/parsers/mdx';
import { partBoundaries } from '../src/parsers/mdx-chunks';

// Every place a text may be cut is taken (parts of one character), from the first character on.
const everyCut = { from: 0, size: 1 };
const whole = { from: Number.POSITIVE_INFINITY, size: 1 };

/** The offsets of `cuts` as the lines they start. */
const linesAt = (text: string, cuts: number[]) => cuts.map((at) => text.slice(at, text.indexOf('\n', at)));

describe('where a page may be cut into parts', () => {
  it('before a block at the top of the page after a blank line, not before a continuation', () => {
    const text = [
      '# Title',
      '',
      'A paragraph',
      'goes on.',
      '',
      '- a list',
      '',
      '  its item goes on',
      '',
      '<Note>A note</Note>',
      '',
      '{1 + 1}',
      '',
      '---',
      '',
      '> quoted',
      '',
      '## Last',
      '',
    ].join('\n');
    expect(linesAt(text, partBoundaries(text, 1))).toEqual([
      'A paragraph',
      '<Note>A note</Note>',
      '{1 + 1}',
      '## Last',
    ]);
  });

  it('not inside fenced code or math, nor inside a component, whose tags may take several lines', () => {
    const text = [
      'Start',
      '',
      '```js',
      '',
      'inside the fence',
      '````',
      '',
      'After fence',
      '',
      '$$',
      '',
      'x',
      '$$',
      '',
      '<Tabs>',
      '',
      'inside Tabs',
      '',
      '<Tab',
      '  title="a>b"',
      '',
      'still the tag',
      '>',
      '',
      'In tab `</Tabs>`',
      '',
      '</Tab>',
      '</Tabs>',
      '',
      'Out',
      '',
    ].join('\n');
    expect(linesAt(text, partBoundaries(text, 1))).toEqual(['After fence', '<Tabs>', 'Out']);
  });

  it('nowhere when the page defines a link reference or a footnote, which reach across the page', () => {
    expect(partBoundaries('See [x].\n\nMore\n\n[x]: /a\n', 1)).toEqual([]);
    expect(partBoundaries('Note[^1].\n\nMore\n\n- [^1]: why\n', 1)).toEqual([]);
  });

  it('into parts of about the size asked, none shorter than half of it at the end', () => {
    const text = Array.from({ length: 10 }, (_, i) => `Paragraph ${i} ${'x'.repeat(88)}\n\n`).join('');
    expect(partBoundaries(text, 250).map((at) => text.slice(at, at + 12))).toEqual(['Paragraph 3 ', 'Paragraph 6 ']);
  });
});

describe('a page parsed in parts', () => {
  const parses = (text: string) => [parseSiteFile(text, {}, everyCut), parseSiteFile(text, {}, whole)];

  it('has the parse of the whole page: links, anchors, imports and exports at their places', () => {
    const text = [
      '---',
      'title: A page',
      '---',
      '',
      "import { Since } from '/snippets/since.mdx';",
      '',
      '# Start',
      '',
      'See [the guide](/guide#install).',
      '',
      "import Other, { Card as C } from '/snippets/other.mdx';",
      '',
      '## Start',
      '',
      '<C href="/cards" title="x" />',
      '',
      'export const limit = { rate: 10 };',
      '',
      '![](/images/a.png)',
      '',
    ].join('\n');
    const [parts, all] = parses(text);
    expect(parts).toEqual(all);
    expect(parts.imports?.map((found) => [found.source, found.start, found.names.map((name) => name.end)])).toEqual([
      ['/snippets/since.mdx', { line: 5, column: 1 }, [{ line: 5, column: 15 }]],
      [
        '/snippets/other.mdx',
        { line: 11, column: 1 },
        [
          { line: 11, column: 13 },
          { line: 11, column: 21 },
        ],
      ],
    ]);
    expect(parts.anchors).toEqual(['start', 'start-2']);
    expect(parts.links?.map(([url, line, column]) => [url, line, column])).toEqual([
      ['/guide#install', 9, 17],
      ['/cards', 15, 10],
      ['/images/a.png', 19, 5],
    ]);
  });

  it('counts a lone carriage return as a line ending, as the parser does', () => {
    const text = 'A\rB\n\nFirst\n\n<img src="/a.png" />\n\n{/* navlint-disable-next-line page-link */}\n\n[x](/y)\n';
    const [parts, all] = parses(text);
    expect(parts).toEqual(all);
    expect(parts.directives?.map((directive) => directive.start)).toEqual([{ line: 8, column: 1 }]);
  });

  it('reports the whole parse’s error, at its place, when a later part does not parse', () => {
    const text = 'Fine\n\nAlso fine\n\nResponses arrive in <200ms.\n\nAfter\n';
    const [parts, all] = parses(text);
    expect(parts).toEqual(all);
    expect(parts.error).toMatchObject({ start: { line: 5, column: 22 }, ruleId: 'unexpected-character' });
  });

  it('is parsed whole when a fence the cut could not see runs to a part’s end', () => {
    // The quote's fence ends with the quote, at the blank line: the second ``` opens code that runs
    // to the page's end, where the cut's count of fences takes it for the close of the first.
    const text = '> ```\n> code\n\n```\n\n## Heading in the code\n';
    expect(linesAt(text, partBoundaries(text, 1))).toEqual(['## Heading in the code']);
    const [parts, all] = parses(text);
    expect(parts).toEqual(all);
    expect(parts.anchors).toEqual([]);
  });
});

describe('which texts a parse worker leaves to the main thread (their parse would need more than its small heap)', () => {
  const sections = (kb: number) =>
    Array.from({ length: kb }, (_, i) => `## Section ${i}\n\n${'Words. '.repeat(142)}\n\n`).join('');

  it('a page whose longest part, or whose whole, is long; a long script', () => {
    expect(parsesInSmallHeap(sections(120))).toBe(true);
    expect(parsesInSmallHeap(sections(700))).toBe(true);
    expect(parsesInSmallHeap(`<div>\n\n${sections(140)}</div>\n`)).toBe(false);
    expect(parsesInSmallHeap(`${sections(60)}<div>\n\n${sections(140)}</div>\n\n${sections(60)}`)).toBe(false);
    expect(parsesInSmallHeap(sections(800))).toBe(false);
    expect(parsesInSmallHeap(`export const data = [${'1, '.repeat(60_000)}];\n`, { script: 'jsx' })).toBe(false);
    expect(parsesInSmallHeap(`export const data = [${'1, '.repeat(30_000)}];\n`, { script: 'jsx' })).toBe(true);
  });
});
