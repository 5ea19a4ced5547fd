import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';

describe('directives in a page', () => {
  it('reads MDX comments and frontmatter comments, with each rule id and the reason where written', () => {
    const text = [
      '---',
      'title: A # navlint-disable-line frontmatter-type',
      '# navlint-disable-next-line frontmatter-key -- kept for the theme',
      'mode: wide',
      '---',
      '',
      '{/* navlint-disable-next-line page-link, page-anchor -- served by the proxy */}',
      '[x](/proxy) and {/* navlint-disable-line */} here',
      '',
      '{/* a plain comment */}',
      '{/*navlint-enable page-link*/}',
      '',
    ].join('\n');
    expect(parseSiteFile(text).directives).toEqual([
      {
        kind: 'disable-line',
        rules: [{ id: 'frontmatter-type', start: { line: 2, column: 33 }, end: { line: 2, column: 49 } }],
        start: { line: 2, column: 10 },
        end: { line: 2, column: 49 },
      },
      {
        kind: 'disable-next-line',
        rules: [{ id: 'frontmatter-key', start: { line: 3, column: 29 }, end: { line: 3, column: 44 } }],
        reason: 'kept for the theme',
        start: { line: 3, column: 1 },
        end: { line: 3, column: 66 },
      },
      {
        kind: 'disable-next-line',
        rules: [
          { id: 'page-link', start: { line: 7, column: 31 }, end: { line: 7, column: 40 } },
          { id: 'page-anchor', start: { line: 7, column: 42 }, end: { line: 7, column: 53 } },
        ],
        reason: 'served by the proxy',
        start: { line: 7, column: 1 },
        end: { line: 7, column: 80 },
      },
      { kind: 'disable-line', rules: [], start: { line: 8, column: 17 }, end: { line: 8, column: 45 } },
      {
        kind: 'enable',
        rules: [{ id: 'page-link', start: { line: 11, column: 19 }, end: { line: 11, column: 28 } }],
        start: { line: 11, column: 1 },
        end: { line: 11, column: 31 },
      },
    ]);
  });

  it('has none in a page without them, nor in code', () => {
    expect(parseSiteFile('# A\n\n```mdx\n{/* navlint-disable */}\n```\n').directives).toBeUndefined();
  });
});
