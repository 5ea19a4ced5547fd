import * as path from 'node:path';

// How the platform finds which files a file imports before it parses anything (@mintlify/prebuild
// 1.0.1339's categorizeFilePaths: getImportSources and extractImportSourcesFromContent; behaviour
// ported): the files imported this way are snippets to it, parsed with docs.json's variables put in.
const anyImport = /^import\s/m;
const importSource = /import\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const fenceRun = /^(`{3,}|~{3,})/;

/**
 * The import sources of a file's lines that start with `import ` outside code fences, and whether a
 * line did that the pattern cannot read (a declaration over several lines): the platform then takes
 * the sources from the file's parse instead, or these when the file does not parse.
 */
export function scanImports(content: string): { sources: string[]; needsParse: boolean } {
  const sources: string[] = [];
  if (!anyImport.test(content)) return { sources, needsParse: false };
  let needsParse = false;
  let fence: { char: string; length: number } | undefined;
  for (const line of content.split('\n')) {
    const run = fenceRun.exec(line.trimStart())?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run.charAt(0) === fence.char && run.length >= fence.length) fence = undefined;
      continue;
    }
    if (run !== undefined) {
      fence = { char: run.charAt(0), length: run.length };
      continue;
    }
    if (!line.startsWith('import ') && !line.startsWith('import\t')) continue;
    const matches = [...line.matchAll(importSource)];
    if (matches.length === 0) {
      needsParse = true;
      continue;
    }
    for (const match of matches) if (match[1]) sources.push(match[1]);
  }
  return { sources, needsParse };
}

/** The file (`/a/b.mdx`) an import source names as the platform resolves it (resolveImportPath), or undefined for a package or URL. */
export function resolveImportSource(source: string, importer: string): string | undefined {
  if (source.startsWith('/')) return path.posix.normalize(source);
  if (!source.startsWith('./') && !source.startsWith('../')) return undefined;
  return path.posix.resolve(path.posix.dirname(importer.startsWith('/') ? importer : `/${importer}`), source);
}
