import * as path from 'node:path';
import { didYouMeanAt, type MessageIdOf, type RuleContext, type RuleMeta, type Suggestion } from '../src/engine/rule';
import { resolveImportSource } from '../src/parsers/import-scan';
import type { ImportedName, PageImport, PagePosition } from '../src/parsers/page-parse';
import type { SourceFile, Span } from '../src/parsers/source';
import type { SiteIndex } from '../src/site/site-index';

export const meta = {
  id: 'mdx-import',
  description:
    'an import in a page, a snippet or a .jsx or .tsx file that the platform cannot resolve: not local, a missing file, a missing export, a name defined twice',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // {{source}}: the import's source as a JSON string; {{consequence}}: what dropping it leaves undefined.
    notLocal:
      '{{source}} is not a local import: the platform imports only files of the docs folder, by a path starting with "/", "./" or "../", so it drops this import with a warning, and {{consequence}}{{hint}}',
    noFile:
      '{{source}} is not a file the platform can import: there is no {{path}}; it drops this import with a warning, so {{consequence}}{{hint}}',
    noExtension:
      '{{source}} is not a file the platform can import: it adds no extension, and there is no {{path}}; it drops this import with a warning, so {{consequence}}{{hint}}',
    notImportableType:
      '{{source}} is not a file the platform can import: it imports only .mdx, .md, .jsx and .tsx files; it drops this import with a warning, so {{consequence}}{{hint}}',
    jsFile:
      '{{source}} is not a file the platform can import: it imports only .mdx, .md, .jsx and .tsx files (rename it to .jsx); it drops this import with a warning, so {{consequence}}{{hint}}',
    underscoreSnippets:
      '{{source}} is not a file the platform can import: files under _snippets/ cannot be imported (move it to snippets/); it drops this import with a warning, so {{consequence}}{{hint}}',
    leftOut:
      '{{source}} is not a file the platform can import: the platform leaves this file out of the site (README.md, LICENSE.md, CHANGELOG.md, CONTRIBUTING.md and SKILL.md files, and what .mintignore excludes); it drops this import with a warning, so {{consequence}}{{hint}}',
    missingExport:
      '{{source}} does not export {{imported}} (it exports {{names}}): the platform warns and {{local}} is not defined on the page (a component renders nothing){{hint}}',
    missingExportNoNames:
      '{{source}} does not export {{imported}} (it exports nothing by name): the platform warns and {{local}} is not defined on the page (a component renders nothing){{hint}}',
    noDefault:
      'imports {{local}} as the default of {{source}}, which has no content and no default export, only {{names}}: <{{local}} /> renders nothing (the platform warns); import one of its exports by name',
    // {{first}}: `the import from /snippets/a.mdx`, or `the page's own export`.
    declaredTwice:
      '{{name}} is already defined differently by {{first}}: the platform keeps the first definition, so this import of {{name}} from {{source}} is ignored, and warns that "{{name}}" is declared twice; import it under another name ({ {{imported}} as Other{{name}} })',
    declaredTwiceWhole:
      '{{source}} exports {{name}}, which {{first}} already defines differently: the platform keeps the first definition, so this {{name}} is not used, and warns that "{{name}}" is declared twice',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

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

type Context = Pick<RuleContext<typeof meta>, 'site' | 'report' | 'didYouMean'>;

export function check({ site, report, didYouMean, pagesToCheck, checks }: RuleContext<typeof meta>): void {
  const imports = new SiteImports(site);
  // The platform resolves a .jsx or .tsx file's imports as a snippet's, wherever the file is (prebuild's snippetsV2).
  for (const file of [...pagesToCheck(), ...site.parsedScripts().filter(checks)]) {
    if (file.toLowerCase().startsWith('_snippets/')) continue; // the platform's old snippets: their imports are never resolved
    const parse = site.pageParse(file);
    if (parse.imports) new PageImports(file, imports, { site, report, didYouMean }).check(parse.imports);
  }
}

/** What the platform can import on a site, and what each snippet exports: worked out as a lint asks, once. */
class SiteImports {
  private readonly parsed: readonly string[];
  private readonly parsedFiles: Set<string>;
  private scripts: Set<string> | undefined;
  private candidates: string[] | undefined;
  private readonly exportedByFile = new Map<string, Exported | undefined>();

  constructor(private readonly site: SiteIndex) {
    this.parsed = site.parsedPages();
    this.parsedFiles = new Set(this.parsed);
  }

  /** The file a resolved path is, if the platform can import it: listed among its snippets by that exact path. */
  targetOf(resolved: string): Target | undefined {
    const file = resolved.slice(1);
    const extension = path.posix.extname(file).toLowerCase();
    if (!importable.includes(extension) || file.toLowerCase().startsWith('_snippets/')) return undefined;
    if (extension === '.jsx' || extension === '.tsx')
      return (this.scripts ??= new Set(this.site.scriptFiles())).has(file) ? { file, script: true } : undefined;
    // What the platform parses: its walk leaves README.md and the like out everywhere, snippets/ too.
    return this.parsedFiles.has(file) ? { file, script: false } : undefined;
  }

  /**
   * What an .mdx or .md snippet exports once the platform has resolved its own imports: its exports,
   * the names it imports by name, and all that the snippets it imports whole export.
   */
  exportedBy(target: Target, visiting = new Set<string>()): Exported | undefined {
    if (target.script) return undefined;
    if (this.exportedByFile.has(target.file)) return this.exportedByFile.get(target.file);
    const parse = this.site.pageParse(target.file);
    if (parse.error || visiting.has(target.file)) return undefined;
    visiting.add(target.file);
    const names = new Map<string, string | undefined>(Object.entries(parse.exports?.definitions ?? {}));
    let known = true;
    for (const imported of parse.imports ?? []) {
      const resolved = resolveImportSource(imported.source, target.file);
      const inner = resolved === undefined ? undefined : this.targetOf(resolved);
      if (!inner) continue; // dropped, and reported where it is
      const innerExports = this.exportedBy(inner, visiting);
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
    this.exportedByFile.set(target.file, exported);
    return exported;
  }

  /** The snippet files an import of a missing file may mean, as import paths. */
  snippetCandidates(): string[] {
    this.candidates ??= [...this.parsed.filter((f) => f.startsWith('snippets/')), ...this.site.scriptFiles()].map(
      (f) => `/${f}`,
    );
    return this.candidates;
  }
}

/** The imports of one page or snippet, checked as the platform resolves them. */
class PageImports {
  private readonly source: SourceFile;
  /** The names defined so far on the page: its own exports, then what each import brings. */
  private readonly defined: Map<string, Defined>;

  constructor(
    private readonly file: string,
    private readonly imports: SiteImports,
    private readonly context: Context,
  ) {
    this.source = context.site.sourceFile(file);
    const own = context.site.pageParse(file).exports?.definitions ?? {};
    this.defined = new Map(Object.entries(own).map(([name, definition]) => [name, { definition, from: undefined }]));
  }

  /** As the platform: the imports of one source together, sources in the order they first appear. */
  check(imports: readonly PageImport[]): void {
    const bySource = new Map<string, PageImport[]>();
    for (const imported of imports) bySource.set(imported.source, [...(bySource.get(imported.source) ?? []), imported]);
    for (const [written, statements] of bySource) {
      const resolved = resolveImportSource(written, this.file);
      const target = resolved === undefined ? undefined : this.imports.targetOf(resolved);
      if (!target) {
        for (const imported of statements) this.reportSource(imported, resolved);
        continue;
      }
      const exported = this.imports.exportedBy(target);
      for (const imported of statements)
        for (const name of imported.names) this.checkName(imported, name, resolved!, exported);
    }
  }

  /** One name an import binds, from a file it can import (`exported` undefined when its exports are unknown). */
  private checkName(imported: PageImport, name: ImportedName, resolved: string, exported: Exported | undefined): void {
    if (name.kind === 'named') {
      if (exported && !exported.names.has(name.imported!)) this.reportExport(imported, name, exported);
      else this.define(name.local, exported?.names.get(name.imported!), resolved, name, imported, false);
      return;
    }
    if (!exported) return; // a .jsx or .tsx snippet, or one that does not parse
    if (name.kind === 'default' && !exported.names.has('default') && exported.names.size > 0 && exported.onlyEsm)
      this.reportDefault(imported, name, exported);
    for (const [key, definition] of exported.names) this.define(key, definition, resolved, name, imported, true);
  }

  private spanOf(start: PagePosition, end: PagePosition): Span {
    const offset = this.source.offsetAt(start.line, start.column);
    return { file: this.source, offset, length: Math.max(this.source.offsetAt(end.line, end.column) - offset, 0) };
  }

  /** Defines a name an import brings (`whole`: by importing a snippet whole), reporting one defined before differently. */
  private define(
    name: string,
    definition: string | undefined,
    from: string,
    at: ImportedName,
    imported: PageImport,
    whole: boolean,
  ): void {
    const existing = this.defined.get(name);
    if (!existing) {
      this.defined.set(name, { definition, from });
      return;
    }
    const same =
      existing.definition !== undefined && definition !== undefined
        ? existing.definition === definition
        : existing.from === from;
    if (same) return;
    this.context.report({
      span: this.spanOf(at.start, at.end),
      messageId: whole ? 'declaredTwiceWhole' : 'declaredTwice',
      data: {
        name,
        first: existing.from ? `the import from ${existing.from}` : "the page's own export",
        source: JSON.stringify(imported.source),
        imported: at.imported ?? '',
      },
    });
  }

  /** An import the platform drops: not local, or not a file it can import. */
  private reportSource(imported: PageImport, resolved: string | undefined): void {
    const span = this.spanOf(imported.sourceStart, imported.sourceEnd);
    const quote = this.source.text[span.offset] === "'" ? "'" : '"';
    const write = (c: string) => quote + c + quote;
    const data = { source: JSON.stringify(imported.source), consequence: undefinedNames(imported, this.file) };
    if (resolved === undefined) {
      // `snippets/a.mdx`: a file of the folder, written without the leading slash the platform needs.
      const rooted = path.posix.normalize(`/${imported.source}`);
      const { hint, suggestions } = didYouMeanAt(span, this.imports.targetOf(rooted) ? rooted : undefined, { write });
      this.context.report({ span, messageId: 'notLocal', data: { ...data, hint }, suggestions });
      return;
    }
    const why = this.whyNotImportable(resolved);
    // A file that is there but cannot be imported is explained; only a path to nothing gets the nearest snippet file.
    const near =
      why.messageId === 'noFile' ? this.context.didYouMean(resolved, this.imports.snippetCandidates()) : why.near;
    const asWritten = near && (imported.source.startsWith('/') ? near : relativeSource(this.file, near));
    const { hint, suggestions } = didYouMeanAt(span, asWritten, { write });
    this.context.report({ span, messageId: why.messageId, data: { ...data, path: resolved, hint }, suggestions });
  }

  /** Why the platform cannot import a resolved path, and the file meant when it is only the extension that is missing. */
  private whyNotImportable(resolved: string): { messageId: MessageIdOf<typeof meta>; near?: string } {
    const extension = path.posix.extname(resolved).toLowerCase();
    const exists = () => this.context.site.lookupFile(resolved).exists;
    if (!importable.includes(extension)) {
      const near = importable
        .map((ext) => resolved + ext)
        .find((withExtension) => this.imports.targetOf(withExtension));
      if (near) return { messageId: 'noExtension', near };
      if (exists()) return { messageId: extension === '.js' ? 'jsFile' : 'notImportableType' };
      return { messageId: 'noFile' };
    }
    if (resolved.toLowerCase().startsWith('/_snippets/') && exists()) return { messageId: 'underscoreSnippets' };
    return { messageId: exists() ? 'leftOut' : 'noFile' };
  }

  private reportExport(imported: PageImport, name: ImportedName, exported: Exported): void {
    const span = this.spanOf(name.start, name.end);
    const names = [...exported.names.keys()].filter((n) => n !== 'default');
    const near = this.context.didYouMean(name.imported!, names);
    // `{ Foo }` binds Foo: the suggestion keeps that name (`{ Bar as Foo }`) so the page's <Foo /> still finds it.
    const write = (c: string) => (name.imported === name.local ? `${c} as ${name.local}` : c);
    const { hint, suggestions } = didYouMeanAt(span, near, { write });
    this.context.report({
      span,
      messageId: names.length ? 'missingExport' : 'missingExportNoNames',
      data: {
        source: JSON.stringify(imported.source),
        imported: name.imported!,
        names: names.join(', '),
        local: name.local,
        hint,
      },
      suggestions,
    });
  }

  private reportDefault(imported: PageImport, name: ImportedName, exported: Exported): void {
    const names = [...exported.names.keys()];
    const start = this.source.offsetAt(name.start.line, name.start.column);
    const end = this.source.offsetAt(name.end.line, name.end.column);
    const suggestions: Suggestion[] | undefined =
      imported.names.length === 1
        ? names.map((n) => {
            const text = n === name.local ? `{ ${n} }` : `{ ${n} as ${name.local} }`;
            return { desc: `Import ${text}`, fix: { range: [start, end], text } };
          })
        : undefined;
    this.context.report({
      span: this.spanOf(name.start, name.end),
      messageId: 'noDefault',
      data: { local: name.local, source: JSON.stringify(imported.source), names: names.join(', ') },
      suggestions: suggestions?.length ? suggestions : undefined,
    });
  }
}

/** What dropping an import leaves undefined in the file (a page, or a script, whose code then fails), as its messages say it. */
function undefinedNames(imported: PageImport, file: string): string {
  const locals = imported.names.map((n) => n.local);
  if (locals.length === 0) return 'the import does nothing';
  const are = `${locals.join(', ')} ${locals.length === 1 ? 'is' : 'are'}`;
  return /\.[jt]sx$/i.test(file)
    ? `${are} not defined in the script (its code fails where it uses ${locals.length === 1 ? 'it' : 'them'})`
    : `${are} not defined on the page (a component renders nothing)`;
}

/** A file of the docs folder (`/snippets/a.mdx`) as a source relative to a file's folder (`../snippets/a.mdx`). */
function relativeSource(file: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(`/${file}`), target);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
