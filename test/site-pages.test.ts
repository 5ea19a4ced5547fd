import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../src/site/files';
import { Site } from '../src/site/site';

describe('the pages of a site', () => {
  it('are listed in the order of their files, a page with two files where its .md sorts; .mdx is the page', () => {
    const names = ['k.mdx', 'k.md', 'k.md-x.mdx', 'a.mdx', 'a-b.mdx', 'z/y.md', 'b.md', 'B.mdx', 'a/c.mdx'];
    const site = new Site('/site', memoryFiles('/site', Object.fromEntries(names.map((name) => [name, '']))));
    // Looked up first: the listing is ordered only when asked for.
    expect(['k', 'a-b', 'z/y', 'nothing'].map((page) => site.pageFile(page))).toEqual(['k.mdx', 'a-b.mdx', 'z/y.md', undefined]);
    expect([...site.pages()]).toEqual([
      ['B', 'B.mdx'],
      ['a-b', 'a-b.mdx'],
      ['a', 'a.mdx'],
      ['a/c', 'a/c.mdx'],
      ['b', 'b.md'],
      ['k', 'k.mdx'],
      ['k.md-x', 'k.md-x.mdx'],
      ['z/y', 'z/y.md'],
    ]);
  });
});
