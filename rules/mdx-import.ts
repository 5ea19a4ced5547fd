import * as path from 'node:path';
import { didYouMeanAt, type RuleContext, type RuleMeta, type Suggestion } from '../src/engine/rule';
import { resolveImportSource } from '../src/parsers/import-scan';
import type { ImportedName, PageImport, PagePosition } from '../src/parsers/page-parse';
import type { Span } from '../src/parsers/source';

export const meta: RuleMeta = {
  id: 'mdx-import',
  description:
    'an import in a page or snippet that the platform cannot resolve: not local, a missing file, a missing export, a name defined twice',
  defaultSeverity: 'error',
  fixable: false,
  readsPages: true,
  parsesPages: true,
  docs: {
    explanation:
      'The platform resolves the `import`s of pages and snippets itself (@mintlify/common\'s resolveAllImports): it removes each import and copies in what it names, from a file of the docs folder only. A path starting with "/" is read from the docs folder, "./" and "../" from the importing file\'s folder, exactly as written: no extension is added, the case must match, and only .mdx, .md, .jsx and .tsx files the platform reads can be imported (not .js, not what is under _snippets/, not README.md and the like, even under snippets/, not what .mintignore excludes). Each of these is a warning of the build, so the import is dropped and what it names is not defined on the page (a component of it renders nothing), and `mint validate`, where every warning fails, fails: all are errors. navlint reports an import of a package or URL (`Only local imports are supported`), of a file that is not there (`Could not find file`, with the nearest snippet file), of a name the .mdx or .md snippet does not export (`Could not find export`; names of .jsx and .tsx snippets are not checked), a default import of a snippet that has no content of its own, only exports and none of them default, which renders nothing (`has no default export`), and a name defined twice on one page with different definitions, by two imports or by the page and an import (`is declared twice`: the first one is kept). Definitions are compared by their text, spaces aside; the platform compares them after regenerating the code, so two that differ only in quotes or semicolons are the same to it.',
    valid:
      'A page: "import { Since } from \'/snippets/since.mdx\'" where snippets/since.mdx has "export const Since = …"',
    invalid:
      'A page: "import { Chart } from \'react-charts\'" or "import Intro from \'/snippets/intro\'" (no extension)',
  },
};

const importable = ['.mdx', '.md', '.jsx', '.tsx'];

/** A file an import reaches, relative to the docs folder; `script` for .jsx and .tsx, whose exports navlint does not read. */
interface Target {
  file: string;
  script: boolean;
}

/** What a snippet gives an importer: its exports and theirs (definition hash, undefined when unknown); undefined when unknown. */
interface Exported {
  names: Map<string, string | undefined>;
  /** It has no content of its own (frontmatter and import/export blocks only). */
  onlyEsm: boolean;
}

/** A name defined on a page, and where from (for messages). */
interface Defined {
  definition: string | undefined;
  /** The file it comes from (`/snippets/a.mdx`), or undefined for the page's own export. */
  from: string | undefined;
}

export function check({ site, report, didYouMean, pagesToCheck }: RuleContext): void {
  const parsed = site.parsedPages();
  const parsedFiles = new Set(parsed);
  let scripts: Set<string> | undefined;
  let candidates: string[] | undefined;
  const exportedByFile = new Map<string, Exported | undefined>();

  /** The file a resolved path is, if the platform can import it: listed among its snippets by that exact path. */
  const targetOf = (resolved: string): Target | undefined => {
    const file = resolved.slice(1);
    const extension = path.posix.extname(file).toLowerCase();
    if (!importable.includes(extension) || file.toLowerCase().startsWith('_snippets/')) return undefined;
    if (extension === '.jsx' || extension === '.tsx')
      return (scripts ??= new Set(site.scriptFiles())).has(file) ? { file, script: true } : undefined;
    // What the platform parses: its walk leaves README.md and the like out everywhere, snippets/ too.
    return parsedFiles.has(file) ? { file, script: false } : undefined;
  };

  /**
   * What an .mdx or .md snippet exports once the platform has resolved its own imports: its exports,
   * the names it imports by name, and all that the snippets it imports whole export.
   */
  const exportedBy = (target: Target, visiting = new Set<string>()): Exported | undefined => {
    if (target.script) return undefined;
    if (exportedByFile.has(target.file)) return exportedByFile.get(target.file);
    const parse = site.pageParse(target.file);
    if (parse.error || visiting.has(target.file)) return undefined;
    visiting.add(target.file);
    const names = new Map<string, string | undefined>(Object.entries(parse.exports?.definitions ?? {}));
    let known = true;
    for (const imported of parse.imports ?? []) {
      const resolved = resolveImportSource(imported.source, target.file);
      const inner = resolved === undefined ? undefined : targetOf(resolved);
      if (!inner) continue; // dropped, and reported where it is
      const innerExports = exportedBy(inner, visiting);
      for (const name of imported.names) {
        if (name.kind === 'named') {
          if (!names.has(name.local)) names.set(name.local, innerExports?.names.get(name.imported!));
        } else if (innerExports) {
          for (const [key, definition] of innerExports.names) if (!names.has(key)) names.set(key, definition);
        } else {
          known = false; // a whole .jsx snippet: its names are unknown
        }
      }
    }
    visiting.delete(target.file);
    const exported = known ? { names, onlyEsm: parse.onlyEsm === true } : undefined;
    exportedByFile.set(target.file, exported);
    return exported;
  };

  const snippetCandidates = () =>
    (candidates ??= [...parsed.filter((f) => f.startsWith('snippets/')), ...site.scriptFiles()].map((f) => `/${f}`));

  for (const file of pagesToCheck()) {
    if (file.toLowerCase().startsWith('_snippets/')) continue; // the platform's old snippets: their imports are never resolved
    const { imports } = site.pageParse(file);
    if (!imports) continue;
    const source = site.sourceFile(file);
    const spanOf = (start: PagePosition, end: PagePosition): Span => {
      const offset = source.offsetAt(start.line, start.column);
      return { file: source, offset, length: Math.max(source.offsetAt(end.line, end.column) - offset, 0) };
    };
    const own = site.pageParse(file).exports?.definitions ?? {};
    const defined = new Map<string, Defined>(
      Object.entries(own).map(([name, definition]) => [name, { definition, from: undefined }]),
    );
    const define = (
      name: string,
      definition: string | undefined,
      from: string,
      at: ImportedName,
      imported: PageImport,
      whole: boolean,
    ) => {
      const existing = defined.get(name);
      if (!existing) {
        defined.set(name, { definition, from });
        return;
      }
      const same =
        existing.definition !== undefined && definition !== undefined
          ? existing.definition === definition
          : existing.from === from;
      if (same) return;
      const first = existing.from ? `the import from ${existing.from}` : "the page's own export";
      report({
        span: spanOf(at.start, at.end),
        message: whole
          ? `${JSON.stringify(imported.source)} exports ${name}, which ${first} already defines differently: the platform keeps the first definition, so this ${name} is not used, and warns that "${name}" is declared twice`
          : `${name} is already defined differently by ${first}: the platform keeps the first definition, so this import of ${name} from ${JSON.stringify(imported.source)} is ignored, and warns that "${name}" is declared twice; import it under another name ({ ${at.imported} as Other${name} })`,
      });
    };

    // As the platform: the imports of one source together, sources in the order they first appear.
    const bySource = new Map<string, PageImport[]>();
    for (const imported of imports) bySource.set(imported.source, [...(bySource.get(imported.source) ?? []), imported]);
    for (const [written, statements] of bySource) {
      const resolved = resolveImportSource(written, file);
      const target = resolved === undefined ? undefined : targetOf(resolved);
      if (!target) {
        for (const imported of statements) reportSource(imported, resolved);
        continue;
      }
      const exported = exportedBy(target);
      for (const imported of statements) {
        for (const name of imported.names) {
          if (name.kind === 'named') {
            if (exported && !exported.names.has(name.imported!)) {
              reportExport(imported, name, exported);
              continue;
            }
            define(name.local, exported?.names.get(name.imported!), resolved!, name, imported, false);
            continue;
          }
          if (!exported) continue; // a .jsx or .tsx snippet, or one that does not parse
          if (name.kind === 'default' && !exported.names.has('default') && exported.names.size > 0 && exported.onlyEsm)
            reportDefault(imported, name, exported);
          for (const [key, definition] of exported.names) define(key, definition, resolved!, name, imported, true);
        }
      }
    }

    function undefinedNames(imported: PageImport): string {
      const locals = imported.names.map((n) => n.local);
      return locals.length === 0
        ? 'the import does nothing'
        : `${locals.join(', ')} ${locals.length === 1 ? 'is' : 'are'} not defined on the page (a component renders nothing)`;
    }

    function reportSource(imported: PageImport, resolved: string | undefined): void {
      const span = spanOf(imported.sourceStart, imported.sourceEnd);
      const quote = source.text[span.offset] === "'" ? "'" : '"';
      const written = imported.source;
      if (resolved === undefined) {
        // `snippets/a.mdx`: a file of the folder, written without the leading slash the platform needs.
        const rooted = path.posix.normalize(`/${written}`);
        const { hint, suggestions } = didYouMeanAt(span, targetOf(rooted) ? rooted : undefined, {
          write: (c) => quote + c + quote,
        });
        report({
          span,
          message: `${JSON.stringify(written)} is not a local import: the platform imports only files of the docs folder, by a path starting with "/", "./" or "../", so it drops this import with a warning, and ${undefinedNames(imported)}${hint}`,
          suggestions,
        });
        return;
      }
      const extension = path.posix.extname(resolved).toLowerCase();
      let why = `there is no ${resolved}`;
      let near: string | undefined;
      if (!importable.includes(extension)) {
        near = importable.map((ext) => resolved + ext).find((withExtension) => targetOf(withExtension));
        if (near) why = `it adds no extension, and there is no ${resolved}`;
        else if (site.lookupFile(resolved).exists)
          why = `it imports only .mdx, .md, .jsx and .tsx files${extension === '.js' ? ' (rename it to .jsx)' : ''}`;
      } else if (resolved.toLowerCase().startsWith('/_snippets/') && site.lookupFile(resolved).exists) {
        why = 'files under _snippets/ cannot be imported (move it to snippets/)';
      } else if (site.lookupFile(resolved).exists) {
        why =
          'the platform leaves this file out of the site (README.md, LICENSE.md, CHANGELOG.md, CONTRIBUTING.md and SKILL.md files, and what .mintignore excludes)';
      }
      // A file that is there but cannot be imported is explained; only a path to nothing gets the nearest snippet file.
      if (why.startsWith('there is no')) near = didYouMean(resolved, snippetCandidates());
      const asWritten = near && (written.startsWith('/') ? near : relativeSource(file, near));
      const { hint, suggestions } = didYouMeanAt(span, asWritten, { write: (c) => quote + c + quote });
      report({
        span,
        message: `${JSON.stringify(written)} is not a file the platform can import: ${why}; it drops this import with a warning, so ${undefinedNames(imported)}${hint}`,
        suggestions,
      });
    }

    function reportExport(imported: PageImport, name: ImportedName, exported: Exported): void {
      const span = spanOf(name.start, name.end);
      const names = [...exported.names.keys()].filter((n) => n !== 'default');
      const near = didYouMean(name.imported!, names);
      // `{ Foo }` binds Foo: the suggestion keeps that name (`{ Bar as Foo }`) so the page's <Foo /> still finds it.
      const write = (c: string) => (name.imported === name.local ? `${c} as ${name.local}` : c);
      const { hint, suggestions } = didYouMeanAt(span, near, { write });
      report({
        span,
        message: `${JSON.stringify(imported.source)} does not export ${name.imported} (${names.length ? `it exports ${names.join(', ')}` : 'it exports nothing by name'}): the platform warns and ${name.local} is not defined on the page (a component renders nothing)${hint}`,
        suggestions,
      });
    }

    function reportDefault(imported: PageImport, name: ImportedName, exported: Exported): void {
      const names = [...exported.names.keys()];
      const alone = imported.names.length === 1;
      const suggestions: Suggestion[] | undefined = alone
        ? names.map((n) => {
            const text = n === name.local ? `{ ${n} }` : `{ ${n} as ${name.local} }`;
            return {
              desc: `Import ${text}`,
              fix: {
                range: [
                  source.offsetAt(name.start.line, name.start.column),
                  source.offsetAt(name.end.line, name.end.column),
                ],
                text,
              },
            };
          })
        : undefined;
      report({
        span: spanOf(name.start, name.end),
        message: `imports ${name.local} as the default of ${JSON.stringify(imported.source)}, which has no content and no default export, only ${names.join(', ')}: <${name.local} /> renders nothing (the platform warns); import one of its exports by name`,
        suggestions: suggestions?.length ? suggestions : undefined,
      });
    }
  }
}

/** A file of the docs folder (`/snippets/a.mdx`) as a source relative to a file's folder (`../snippets/a.mdx`). */
function relativeSource(file: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(`/${file}`), target);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
