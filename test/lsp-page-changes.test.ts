import { describe, expect, it } from 'vitest';
import { afterChange, pageChangesUnion, unchangedPages } from '../src/lsp/page-changes';

describe('what changed since the rules that read the pages last ran', () => {
  const typed = (...files: string[]) => ({ kind: 'typed' as const, files: new Set(files) });

  it("docs.json typed in alone stays 'docs'; with a page typed in, or anything else, every page is checked", () => {
    expect(afterChange(unchangedPages, { kind: 'docs' })).toEqual({ kind: 'docs' });
    expect(afterChange({ kind: 'docs' }, { kind: 'docs' })).toEqual({ kind: 'docs' });
    expect(afterChange({ kind: 'docs' }, { kind: 'typed', file: '/a.mdx' })).toEqual({ kind: 'other' });
    expect(afterChange(typed('/a.mdx'), { kind: 'docs' })).toEqual({ kind: 'other' });
    expect(afterChange({ kind: 'docs' }, { kind: 'other' })).toEqual({ kind: 'other' });
    expect(afterChange(typed('/a.mdx'), { kind: 'typed', file: '/b.mdx' })).toEqual(typed('/a.mdx', '/b.mdx'));
  });

  it('a superseded run’s changes and those made meanwhile, together', () => {
    expect(pageChangesUnion({ kind: 'docs' }, unchangedPages)).toEqual({ kind: 'docs' });
    expect(pageChangesUnion({ kind: 'docs' }, { kind: 'docs' })).toEqual({ kind: 'docs' });
    expect(pageChangesUnion({ kind: 'docs' }, typed('/a.mdx'))).toEqual({ kind: 'other' });
    expect(pageChangesUnion(typed('/a.mdx'), { kind: 'docs' })).toEqual({ kind: 'other' });
    expect(pageChangesUnion(typed('/a.mdx'), typed('/b.mdx'))).toEqual(typed('/a.mdx', '/b.mdx'));
  });
});
