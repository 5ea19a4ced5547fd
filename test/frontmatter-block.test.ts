import fc from 'fast-check';
import frontMatter from 'front-matter';
import { describe, expect, it } from 'vitest';
import {
  findFrontmatter,
  frontmatterAttributes,
  frontmatterBody,
  frontmatterYaml,
  opensFrontmatter,
  yamlOffset,
} from '../src/parsers/frontmatter-block';

/** What the reader makes of a page: the block's YAML, its fields (or 'error'), and the body. */
function read(text: string): { yaml?: string; fields?: unknown; body: string } {
  const block = findFrontmatter(text);
  if (!block) return { body: frontmatterBody(text, block) };
  let fields: unknown;
  try {
    fields = frontmatterAttributes(text, block);
  } catch {
    fields = 'error';
  }
  return { yaml: frontmatterYaml(text, block), fields, body: frontmatterBody(text, block) };
}

/** What front-matter 4.0.2 itself (the platform's reader) makes of it, in the same shape. */
function platform(text: string): { yaml?: string; fields?: unknown; body: string } {
  let result: ReturnType<typeof frontMatter>;
  try {
    result = frontMatter(text);
  } catch {
    return { yaml: read(text).yaml, fields: 'error', body: read(text).body };
  }
  return result.frontmatter === undefined
    ? { body: result.body }
    : { yaml: result.frontmatter, fields: result.attributes, body: result.body };
}

describe('findFrontmatter: the block where the platform finds it', () => {
  it('finds a block at the start, its YAML between its lines', () => {
    const text = '---\ntitle: A\n---\nbody\n';
    expect(findFrontmatter(text)).toEqual({ start: 0, end: 17, yaml: [3, 13] });
    expect(read(text)).toEqual({ yaml: 'title: A', fields: { title: 'A' }, body: 'body\n' });
  });

  it('reads a block after a byte order mark, which is part of the block', () => {
    const text = '\ufeff---\ntitle: A\n---\nbody\n';
    expect(findFrontmatter(text)).toEqual({ start: 0, end: 18, yaml: [4, 14] });
    expect(read(text)).toEqual({ yaml: 'title: A', fields: { title: 'A' }, body: 'body\n' });
  });

  it('reads CRLF lines: the YAML keeps its \\r, the parser reads it', () => {
    const text = '---\r\ntitle: A\r\nmode: custom\r\n---\r\nbody\r\n';
    const block = findFrontmatter(text);
    expect(block).toEqual({ start: 0, end: 34, yaml: [3, 29] });
    expect(read(text)).toEqual({
      yaml: 'title: A\r\nmode: custom',
      fields: { title: 'A', mode: 'custom' },
      body: 'body\r\n',
    });
  });

  it('finds no block that does not close', () => {
    expect(findFrontmatter('---\ntitle: A\nbody\n')).toBeUndefined();
    expect(read('---\ntitle: A\nbody\n')).toEqual({ body: '---\ntitle: A\nbody\n' });
  });

  it('opens no block on a line of `---` followed by text, nor with white space after it', () => {
    expect(findFrontmatter('--- title\ntitle: A\n---\nbody\n')).toBeUndefined();
    expect(findFrontmatter('---  \ntitle: A\n---\nbody\n')).toBeUndefined();
    // But such a first line lets front-matter look further: the first later `---` line opens a block.
    const later = 'Intro --- text\n\n---\ntitle: A\n---\nbody\n';
    expect(findFrontmatter(later)).toEqual({ start: 16, end: 33, yaml: [19, 29] });
    expect(read(later)).toEqual({ yaml: 'title: A', fields: { title: 'A' }, body: 'Intro --- text\n\nbody\n' });
    // A first line without `---` ends the search, even with a block below.
    expect(findFrontmatter('\n---\ntitle: A\n---\n')).toBeUndefined();
    expect(findFrontmatter('# Title\n---\ntitle: A\n---\n')).toBeUndefined();
  });

  it('reads an empty block as no fields', () => {
    expect(findFrontmatter('---\n---\nbody\n')).toEqual({ start: 0, end: 8, yaml: [3, 4] });
    expect(read('---\n---\nbody\n')).toEqual({ yaml: '', fields: {}, body: 'body\n' });
    expect(read('---\n\n---\nbody\n')).toEqual({ yaml: '', fields: {}, body: 'body\n' });
  });

  it('reads no TOML block (`+++`): the platform reads its frontmatter as YAML only', () => {
    expect(findFrontmatter('+++\ntitle = "A"\n+++\nbody\n')).toBeUndefined();
  });

  it('takes `= yaml =` as a delimiter, `...` as a closing line, and blank lines after it as part of the block', () => {
    expect(read('= yaml =\ntitle: A\n= yaml =\nbody\n')).toEqual({
      yaml: 'title: A',
      fields: { title: 'A' },
      body: 'body\n',
    });
    expect(read('---\ntitle: A\n...\nbody\n')).toEqual({ yaml: 'title: A', fields: { title: 'A' }, body: 'body\n' });
    expect(read('---\ntitle: A\n---   \n\n\nbody\n')).toEqual({
      yaml: 'title: A',
      fields: { title: 'A' },
      body: 'body\n',
    });
  });

  it('gives a YAML scalar as it is, and throws the YAML error with its place in the trimmed YAML', () => {
    expect(read('---\nhello\n---\n').fields).toBe('hello');
    const text = '---\n\n  title: A\n b: c\n---\n';
    const block = findFrontmatter(text)!;
    let position = -1;
    try {
      frontmatterAttributes(text, block);
    } catch (error) {
      position = (error as { mark: { position: number } }).mark.position;
    }
    expect(position).toBeGreaterThan(0);
    // The place in the page is in the YAML as written, past the white space the parser never saw.
    expect(yamlOffset(text, block, 0)).toBe(text.indexOf('title'));
  });

  it('opensFrontmatter: a first line that holds `---` or `= yaml =` anywhere', () => {
    expect(['---', '--- x', 'a---b', '= yaml =', '\ufeff---'].map(opensFrontmatter)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', '--', '+++', '# Title'].map(opensFrontmatter)).toEqual([false, false, false, false]);
  });

  it('agrees with front-matter on generated pages', () => {
    const line = fc.constantFrom(
      '---',
      '--- ',
      '---x',
      'x ---',
      '...',
      '= yaml =',
      '',
      '  ',
      'title: A',
      'mode: custom',
      'a: [',
      '  b: c',
      '# Heading',
      '+++',
      '\ufeff---',
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const text = lines.join(eol);
        expect([text, read(text)]).toEqual([text, platform(text)]);
      }),
      { numRuns: 3000 },
    );
  });
});
