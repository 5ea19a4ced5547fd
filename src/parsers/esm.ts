import { cacheKeyHash } from '../common/key-hash';
import type { ImportedName, PageExports, PageImport, PageParse, PagePosition } from './page-parse';

/** The parts of the trees the parse gives that navlint reads (mdast's root, acorn's ESTree of an ESM block). */
export interface MdastRoot {
  children: { type: string; data?: { estree?: { body: EsNode[] } } }[];
}
interface EsLocated {
  start: number;
  end: number;
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface EsName extends EsLocated {
  name?: string;
  value?: string;
}
interface EsDeclaration extends EsLocated {
  type: string;
  id?: EsName | null;
  declarations?: { id: EsName & { type: string } }[];
}
export interface EsNode extends EsLocated {
  type: string;
  source?: (EsLocated & { value: string }) | null;
  specifiers?: (EsLocated & { type: string; imported?: EsName; exported?: EsName; local: EsName })[];
  declaration?: (EsDeclaration & { name?: string }) | null;
}

/**
 * The imports and exports of a file's ESM blocks, as the platform reads them from its tree (a page's
 * `mdxjsEsm` nodes; a script's one node, as @mintlify/common's getJsxEsmTree makes it): `text` is
 * what was parsed (the nodes' offsets are in it), `at` turns an ESTree position (0-based column, a
 * line of `text`) into the file's own.
 */
export function esmOf(
  tree: MdastRoot,
  text: string,
  at: (position: { line: number; column: number }) => PagePosition,
): PageParse {
  const imports: PageImport[] = [];
  const exports: PageExports = { names: [], default: false, definitions: {} };
  const nameOf = (node?: { name?: string; value?: string }) => node?.name ?? node?.value ?? '';
  // A definition as the platform compares two (its text regenerated, so spacing aside), the declared name left out.
  const definition = (statement: EsLocated, id?: EsLocated | null) => {
    const written = id
      ? `${text.slice(statement.start, id.start)}\u0000${text.slice(id.end, statement.end)}`
      : text.slice(statement.start, statement.end);
    return cacheKeyHash(
      written
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^export\s+/, '')
        .replace(/;$/, ''),
    );
  };
  const exported = (name: string, hash: string) => {
    if (name === 'default') exports.default = true;
    else if (!exports.names.includes(name)) exports.names.push(name);
    // An own key only: `constructor` or `__proto__` is a name like any other.
    if (!Object.hasOwn(exports.definitions, name))
      Object.defineProperty(exports.definitions, name, {
        value: hash,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  for (const node of tree.children) {
    const body = node.type === 'mdxjsEsm' ? (node.data?.estree?.body ?? []) : [];
    for (const statement of body) {
      if (statement.type === 'ImportDeclaration' && statement.source) {
        const names = (statement.specifiers ?? []).map((s): ImportedName => {
          const start = at(s.loc.start);
          // A shorthand `{ A }` shares one node for both names, whose position the parser shifts twice: the specifier's is right, and the name's length.
          const imported = s.type === 'ImportSpecifier' ? s.imported : undefined;
          const end = imported
            ? imported === s.local
              ? { line: start.line, column: start.column + s.local.name!.length }
              : at(imported.loc.end)
            : at(s.loc.end);
          if (s.type === 'ImportDefaultSpecifier') return { kind: 'default', local: s.local.name!, start, end };
          if (s.type === 'ImportNamespaceSpecifier') return { kind: 'namespace', local: s.local.name!, start, end };
          return { kind: 'named', imported: nameOf(s.imported), local: s.local.name!, start, end };
        });
        const { loc, source } = statement;
        imports.push({
          source: source.value,
          start: at(loc.start),
          end: at(loc.end),
          sourceStart: at(source.loc.start),
          sourceEnd: at(source.loc.end),
          names,
        });
      } else if (statement.type === 'ExportDefaultDeclaration') {
        const declared =
          statement.declaration?.type === 'Identifier' ? declarationIn(body, statement.declaration.name!) : undefined;
        exported('default', declared ? definition(declared.statement, declared.id) : definition(statement));
      } else if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
        const declared = statement.declaration;
        if (declared?.type === 'VariableDeclaration') {
          for (const d of declared.declarations ?? [])
            if (d.id.type === 'Identifier') exported(d.id.name!, definition(statement, d.id));
        } else if (declared?.id?.name) {
          exported(declared.id.name, definition(statement, declared.id));
        }
        for (const s of statement.specifiers ?? []) {
          const local = declarationIn(body, nameOf(s.local));
          if (local) exported(nameOf(s.exported), definition(local.statement, local.id));
        }
      }
    }
  }
  const onlyEsm = tree.children.every((node) => node.type === 'yaml' || node.type === 'mdxjsEsm');
  return {
    ...(imports.length ? { imports } : {}),
    ...(exports.names.length || exports.default ? { exports } : {}),
    ...(onlyEsm ? { onlyEsm: true as const } : {}),
  };
}

/** The declaration of a name at the top of an ESM block (where the platform looks for what `export { x }` exports), and its name. */
function declarationIn(body: EsNode[], name: string): { statement: EsNode; id: EsLocated } | undefined {
  for (const statement of body) {
    const declared = statement as unknown as EsDeclaration;
    if (statement.type === 'VariableDeclaration') {
      for (const d of declared.declarations ?? [])
        if (d.id.type === 'Identifier' && d.id.name === name) return { statement, id: d.id };
    } else if (
      (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') &&
      declared.id?.name === name
    ) {
      return { statement, id: declared.id };
    }
  }
  return undefined;
}
