/**
 * What changed in a site since the rules that read the pages last ran over all of it, in the
 * language server: nothing; only the text of pages typed in the editor (a run over those pages alone
 * gives their findings, the other pages' are kept); only docs.json's text typed in the editor (when
 * each edit only renamed navigation elements or changed page entries, and the entries list the same
 * folders, only docs.json's findings and those of the pages named change: the site linter checks those);
 * or anything else (a file on disk, a page that came or went, the config), after which every page is
 * checked again.
 */
export type PageChanges =
  | { kind: 'unchanged' }
  | { kind: 'typed'; files: ReadonlySet<string> }
  | { kind: 'docs' }
  | { kind: 'other' };

/** A change: a page's text typed in the editor (`file`, absolute), docs.json's, or any other. */
export type Change = { kind: 'typed'; file: string } | { kind: 'docs' } | { kind: 'other' };

export const unchangedPages: PageChanges = { kind: 'unchanged' };

export function afterChange(since: PageChanges, change: Change): PageChanges {
  if (since.kind === 'other' || change.kind === 'other') return { kind: 'other' };
  if (change.kind === 'docs') return since.kind === 'typed' ? { kind: 'other' } : { kind: 'docs' };
  if (since.kind === 'docs') return { kind: 'other' };
  const files = new Set(since.kind === 'typed' ? since.files : []);
  files.add(change.file);
  return { kind: 'typed', files };
}

/** Both sets of changes: those a superseded run took, and those made meanwhile. */
export function pageChangesUnion(a: PageChanges, b: PageChanges): PageChanges {
  if (a.kind === 'unchanged') return b;
  if (b.kind === 'unchanged') return a;
  if (a.kind === 'other' || b.kind === 'other') return { kind: 'other' };
  if (a.kind === 'docs' || b.kind === 'docs') return a.kind === b.kind ? a : { kind: 'other' };
  return { kind: 'typed', files: new Set([...a.files, ...b.files]) };
}

/** Whether an edit of a file's text in the editor counts as typing in a page: an .mdx or .md file. */
export const isPageText = (file: string): boolean => /\.mdx?$/i.test(file);
