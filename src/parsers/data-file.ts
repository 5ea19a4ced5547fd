import { jsoncParser, jsYaml } from '../common/lazy';
import { aliasBomb, firstAliasAt, walkExceeds } from './openapi';
import { type SpecProblem, specProblems } from './openapi-validation';
import { type OverlayProblem, overlayProblems } from './overlay-document';

/** Why a data file does not parse, and where (an offset in its text). */
export interface DataSyntaxError {
  reason: string;
  offset: number;
}

/** A `$ref` to another file or a URL, which the platform refuses in a spec: where its document has it (the platform's path), its value, its place in the text. */
export interface ExternalRef {
  path: string;
  value: string;
  offset: number;
}

/** What the platform's reading of a .json, .yaml or .yml file finds. */
export interface DataFacts {
  /** It does not parse. */
  syntax?: DataSyntaxError;
  /** An OpenAPI Overlay (a top-level `overlay` key): the platform applies it to specs before it checks them. */
  overlay?: true;
  /** An Overlay that the platform's reading of it refuses: why, and where. */
  overlayProblems?: OverlayProblem[];
  /** A valid Overlay's `extends`: the spec it applies to, relative to the Overlay's own folder (or a URL). */
  overlayExtends?: string;
  /** It is a spec to the platform (a top-level `openapi` key, not an overlay): its external `$ref`s. */
  externalRefs?: ExternalRef[];
  /** A spec whose version the platform's validation does not take (not 3.0.x or 3.1.x, or Swagger 2.0): why, and where its `openapi` value is. */
  version?: { problem: string; offset: number; length: number };
  /** A spec of a version it takes, which its validation refuses: the schema's errors, or else its `$ref`s that resolve to nothing. */
  problems?: SpecProblem[];
}

/**
 * A data file as the platform reads every one of them (categorizeFilePaths): loaded with js-yaml 4,
 * JSON files included (YAML's flow style is a superset of JSON, but a repeated key is an error there);
 * an object with an `overlay` key is an overlay; one with an `openapi` key is a spec, whose external
 * `$ref`s its validation refuses first (@mintlify/common's checkForExternalRefs), then a version it
 * does not read, then what its parser's validation refuses (openapi-validation.ts).
 */
export function dataFileFacts(text: string): DataFacts {
  let document: unknown;
  try {
    document = jsYaml().load(text);
  } catch (error) {
    const { reason, mark, message } = error as { reason?: string; mark?: { position?: number }; message?: string };
    // js-yaml counts from after a byte order mark, which it drops.
    const skipped = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    // js-yaml names no place for a stream of several documents: its second one is the place.
    const position =
      typeof mark?.position === 'number'
        ? mark.position + skipped
        : /single document/.test(reason ?? '')
          ? secondDocumentAt(text)
          : skipped;
    return { syntax: { reason: reason ?? message ?? String(error), offset: Math.min(text.length, position) } };
  }
  if (!document || typeof document !== 'object') return {};
  if (!Array.isArray(document) && 'overlay' in document) {
    // The platform copies an Overlay through JSON.stringify, which an alias bomb makes throw or never end.
    const bomb = aliasBomb(text, document);
    if (bomb)
      return {
        overlay: true,
        overlayProblems: [
          {
            offset: bomb.offset,
            length: 1,
            message: `${bomb.problem}: navlint does not expand it, and the platform's reading of an Overlay copies every value`,
          },
        ],
      };
    const problems = overlayProblems(text, document);
    if (problems.length) return { overlay: true, overlayProblems: problems };
    const { extends: target } = document as { extends?: unknown };
    return typeof target === 'string' ? { overlay: true, overlayExtends: target } : { overlay: true };
  }
  if (!Object.keys(document).includes('openapi')) return {};
  const facts: DataFacts = { externalRefs: locateRefs(text, findExternalRefs(document)) };
  const problem = versionProblem(document as Record<string, unknown>);
  if (problem) facts.version = { problem, ...openapiValueAt(text) };
  else if (facts.externalRefs!.length === 0) {
    const bomb = aliasBomb(text, document) ?? deepAliases(text, document);
    if (bomb) {
      facts.problems = [
        {
          offset: bomb.offset,
          length: 1,
          message: `${bomb.problem}: navlint does not validate it, and the platform's validation walks every value, for minutes or until it runs out of memory`,
          unvalidated: true,
        },
      ];
      return facts;
    }
    const problems = specProblems(
      text,
      document as Record<string, unknown>,
      String((document as { openapi: string }).openapi).startsWith('3.0') ? '3.0' : '3.1',
    );
    if (problems.length) facts.problems = problems;
  }
  return facts;
}

/** Aliases nested so that the platform's walk of the spec would take more than 20 million steps (minutes), and where the first is. */
function deepAliases(text: string, document: unknown): { problem: string; offset: number } | undefined {
  const offset = firstAliasAt(text);
  if (offset === undefined || !walkExceeds(document, 20_000_000)) return undefined;
  return { problem: 'its aliases nest so deep that walking it takes more than 20,000,000 steps', offset };
}

/**
 * The spec an Overlay's `extends` names, as the platform resolves it (resolveExtends): a path
 * relative to the Overlay's folder, or to the docs folder with a leading slash, as a relative path
 * without `.` and `..` segments; a URL names no file of the folder.
 */
export function overlayTarget(overlayFile: string, target: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) return undefined;
  const segments = target.startsWith('/') ? [] : overlayFile.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** Where a YAML stream's second document starts: the first document marker (`---`, or the end marker `...`) after some content. */
function secondDocumentAt(text: string): number {
  let content = false;
  for (const { 0: line, index } of text.matchAll(/^.*$/gm)) {
    if (/^(?:---|\.\.\.)(?:\s|$)/.test(line)) {
      if (content) return index;
      content = /\S/.test(line.slice(3).replace(/#.*/, ''));
    } else if (!/^\s*(?:#|$)/.test(line) && !line.startsWith('%')) content = true;
  }
  return 0;
}

/**
 * The version check of the platform's validation (its Scalar parser's `details`): `swagger` starting
 * with 2.0 is refused, then `openapi` must be a string starting with 3.0 or 3.1.
 */
function versionProblem(document: Record<string, unknown>): string | undefined {
  const starts = (value: unknown, version: string) => typeof value === 'string' && value.startsWith(version);
  if (starts(document.swagger, '2.0')) return 'OpenAPI versions prior to 3.0 not supported';
  if (starts(document.openapi, '3.0') || starts(document.openapi, '3.1')) return undefined;
  return 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.';
}

/** Where the top-level `openapi` value is written: in JSON the root object's member; in YAML a key at a line's start; else the file's start. */
function openapiValueAt(text: string): { offset: number; length: number } {
  if (/^\uFEFF?\s*\{/.test(text)) {
    const node = jsoncParser().findNodeAtLocation(jsoncParser().parseTree(text) ?? ({} as never), ['openapi']);
    return node ? { offset: node.offset, length: node.length } : { offset: 0, length: 0 };
  }
  const match = /^\uFEFF?["']?openapi["']?[ \t]*:[ \t]*/m.exec(text);
  if (!match) return { offset: 0, length: 0 };
  const offset = match.index + match[0].length;
  const value = /^(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s,}#]*)/.exec(text.slice(offset))![0];
  return { offset, length: value.length };
}

/**
 * checkForExternalRefs' walk, as the platform makes it: every `$ref` key whose string value does not
 * start with `#`, at any depth, and in any string value that parses as JSON or YAML to an object.
 */
function findExternalRefs(
  input: unknown,
  path = '',
  refs: Omit<ExternalRef, 'offset'>[] = [],
  visited = new WeakSet<object>(),
): Omit<ExternalRef, 'offset'>[] {
  if (typeof input === 'string') {
    // No `$`, written or escaped, no `$ref` key in whatever it parses to: spares parsing every description.
    if (!mayHoldDollar.test(input)) return refs;
    const parsed = parsedString(input);
    if (parsed) findExternalRefs(parsed, path, refs, visited);
    return refs;
  }
  if (!input || typeof input !== 'object' || visited.has(input)) return refs;
  visited.add(input);
  if (Array.isArray(input)) {
    input.forEach((item, i) => findExternalRefs(item, `${path}[${i}]`, refs, visited));
    return refs;
  }
  for (const [key, value] of Object.entries(input)) {
    const inner = path ? `${path}.${key}` : key;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) refs.push({ path: inner, value });
    else findExternalRefs(value, inner, refs, visited);
  }
  return refs;
}

/** A `$` as it is written, or as JSON's and YAML's escapes write it. */
const mayHoldDollar = /\$|\\(?:u0024|x24|U00000024)/;

/** checkForExternalRefs' tryParse: JSON, else YAML that gives an object (or null). */
function parsedString(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    try {
      const result = jsYaml().load(value);
      return typeof result === 'object' ? result : null;
    } catch {
      return null;
    }
  }
}

/**
 * Each reference's place: the next `$ref` written with its value after the last one found with that
 * value (the walk's order is not the text's: integer-like keys come first), else the value anywhere,
 * else the file's start (a value written with escapes).
 */
function locateRefs(text: string, refs: Omit<ExternalRef, 'offset'>[]): ExternalRef[] {
  const nextFrom = new Map<string, number>();
  return refs.map((ref) => {
    const from = nextFrom.get(ref.value) ?? 0;
    const quoted = ref.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`\\$ref["']?\\s*:\\s*["']?(${quoted})`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    const offset = match ? match.index + match[0].length - match[1].length : Math.max(0, text.indexOf(ref.value, from));
    nextFrom.set(ref.value, offset + ref.value.length);
    return { ...ref, offset };
  });
}
