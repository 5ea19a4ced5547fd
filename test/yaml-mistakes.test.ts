import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';

/** A page with this frontmatter: its error as navlint reports it (line and column in the page). */
function errorOf(frontmatter: string) {
  const error = parseSiteFile(`---\n${frontmatter}\n---\n\nText.\n`).frontmatterError;
  return error && { at: `${error.start.line}:${error.start.column}`, hint: error.hint, reason: error.reason };
}

describe("the frontmatter's common mistakes, in plain words and at the mistake", () => {
  it('a colon and a space in an unquoted value: quote it, at the value', () => {
    expect(errorOf('title: A\ndescription: Note: this is it')).toEqual({
      at: '3:14',
      hint: 'the value holds ": ", which YAML reads as a key: put it in quotes (description: "Note: this is it")',
      reason: 'incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
    });
  });

  it('a quote never closed: at the quote, not at the end of the block', () => {
    expect(errorOf('title: A\ndescription: "Never closed')).toMatchObject({
      at: '3:14',
      hint: "the double quote opened here is never closed: close it at the value's end",
    });
    expect(errorOf('title: "Webhooks\ndescription: "Get notified."')).toMatchObject({
      at: '2:8',
      hint: "the quote opened here is not closed on its line: close it at the value's end",
    });
  });

  it('a list never closed: at its bracket', () => {
    expect(errorOf('title: A\ntags: [a, b')).toMatchObject({
      at: '3:7',
      hint: 'the list opened here is never closed with "]"',
    });
  });

  it('a tab in the indentation: at its line', () => {
    expect(errorOf('list:\n  - a\n\t- b')).toMatchObject({
      at: '4:1',
      hint: 'indent with spaces: YAML does not allow tabs in indentation',
    });
  });

  it('a key given twice: said so', () => {
    expect(errorOf('title: A\ntitle: B')).toMatchObject({ at: '3:1', hint: 'a key given twice: keep one of them' });
  });

  it("a mistake it does not know keeps the parser's words alone", () => {
    expect(errorOf('title: A\n- b')).toMatchObject({ hint: undefined });
  });
});
