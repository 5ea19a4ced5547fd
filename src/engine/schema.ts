import type { ErrorObject, ValidateFunction } from 'ajv';
import docsSchema from '../../schemas/docs.schema.json';
import * as validators from '../generated/validators.js';
import { type JNode, member, property, toShallowValue, toValue } from '../parsers/json';
import {
  childContainers,
  describeElement,
  type NavElement,
  type NavModel,
  nameKeyOf,
  type SchemaIssue,
  unresolvedRefs,
} from './model';
import { keysOf, type PathSegment, type SchemaNode, schemasAt } from './schema-walk';

/** The schema definition of an element: its kind in camelCase; a global link's follows its array (`globalAnchor`). */
export function definitionName(element: NavElement): string | undefined {
  if (element.kind === 'page' || element.kind === 'endpoint') return undefined;
  const name =
    element.kind === 'global-link'
      ? `global-${element.container.slice('global.'.length).replace(/s$/, '')}`
      : element.kind;
  return name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

function validatorFor(element: NavElement): ValidateFunction | undefined {
  const name = definitionName(element);
  return name ? (validators as Record<string, ValidateFunction>)[name] : undefined;
}

/** Validates docs.json's top level and every navigation element against the schema of its kind. */
export function validateModel(model: NavModel): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  // In a file that does not parse, a "missing" field is usually the syntax error's doing: say nothing.
  const broken = new Set(model.readIssues.filter((i) => i.kind === 'syntax').map((i) => i.span.file));
  if (model.docs) {
    if (model.docs.type !== 'object') {
      issues.push({ kind: 'invalid', span: model.docs, message: 'docs.json must be a JSON object' });
    } else {
      // Every key in full but navigation, whose elements are validated one by one below.
      const value = Object.fromEntries(
        model.docs.properties.map((p) => [
          p.key,
          p.key === 'navigation' ? toShallowValue(p.value, 0) : toValue(p.value),
        ]),
      );
      validateNode(validators.docs as ValidateFunction, model.docs, undefined, issues, value);
    }
  }
  for (const element of model.elements) {
    const validate = validatorFor(element);
    if (validate) validateNode(validate, element.node, element, issues);
  }
  const refs = unresolvedRefs(model);
  const inRef = ({ span }: SchemaIssue) =>
    refs.some((ref) => ref.file === span.file && span.offset >= ref.offset && span.offset < ref.offset + ref.length);
  return issues.filter((issue) => !(issue.missing && broken.has(issue.span.file)) && !inRef(issue));
}

function validateNode(
  validate: ValidateFunction,
  node: JNode,
  element: NavElement | undefined,
  issues: SchemaIssue[],
  value = elementValue(node),
): void {
  if (validate(value)) return;
  const definition = element ? definitionName(element)! : 'docs';
  for (const error of withoutBranchErrors(validate.errors ?? [])) {
    issues.push(toIssue(error, node, element, definition));
  }
}

/** An element's own fields in full; its child arrays only as deep as their schemas look (item types). */
function elementValue(node: JNode): unknown {
  if (node.type !== 'object') return toValue(node);
  const value: Record<string, unknown> = {};
  for (const prop of node.properties) {
    value[prop.key] =
      prop.key in childContainers
        ? toShallowValue(prop.value, 1)
        : prop.key === 'global'
          ? toShallowValue(prop.value, 2)
          : toValue(prop.value);
  }
  return value;
}

const definitions = (docsSchema as unknown as { $defs: Record<string, SchemaNode> }).$defs;

/**
 * What the schema says about the value at a path of an element, found by walking the schema JSON
 * (the compiled validators are not verbose, to stay small, so errors do not carry their schema).
 * Its wording (`expected`) is the first of the schemas the walk finds there that is not a bare
 * `$ref`, which is the branch of an anyOf that knows the path (`logo.light` is in the object form).
 * Its keys, a did-you-mean's candidates, are those of every schema there (`keysOf`): an anyOf's
 * object forms (an icon's `name`, `style`, `library`; a string form has none), and not a key a
 * schema names only to refuse it (`graphql` off a group). The path is the tree's (`locate`): a
 * key of digits is a key.
 */
function schemaAt(
  definition: string,
  path: PathSegment[],
): { expected?: string; schemas: ReturnType<typeof schemasAt> } {
  const schemas = schemasAt(docsSchema as unknown as SchemaNode, definitions[definition], path);
  const described = schemas.find((schema) => typeof schema.$ref !== 'string');
  return { expected: typeof described?.expected === 'string' ? described.expected : undefined, schemas };
}

/**
 * The keys a did-you-mean may offer for an unknown key of an object: those of the object forms that
 * have every known key the object has (of `fonts`' two forms, the one with "heading" when it has a
 * "heading"; all of them when none fits), less the keys the object has already.
 */
function candidateKeys(schemas: ReturnType<typeof schemasAt>, object: JNode): string[] {
  const has = new Set(object.type === 'object' ? object.properties.map((p) => p.key) : []);
  const known = (list: typeof schemas) => keysOf(list).map(({ key }) => key);
  const present = known(schemas).filter((key) => has.has(key));
  const fitting = schemas.filter(
    (schema) =>
      typeof schema.properties === 'object' &&
      schema.properties !== null &&
      present.every((key) => Object.hasOwn(schema.properties as object, key)),
  );
  return known(fitting.length > 0 ? fitting : schemas).filter((key) => !has.has(key));
}

/**
 * Ajv reports a failed anyOf once for itself and once for each branch. Of the branches of the
 * value's type (an object where a path or an object is allowed), the one with the fewest errors says
 * precisely what is wrong, and of two with as many, one that fails only by unknown keys (which the
 * platform's build ignores: warnings); when no single branch stands out, keep only the anyOf, which
 * carries navlint's wording (`expected`). `if` errors restate the `then` error beside them; a
 * `propertyNames` error restates the error of the name inside it.
 */
function withoutBranchErrors(errors: ErrorObject[]): ErrorObject[] {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const kept = new Set(errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames'));
  // Innermost first: a chosen branch may hold an anyOf of its own.
  for (const alternative of alternatives.sort((a, b) => b.schemaPath.length - a.schemaPath.length)) {
    const below = (e: ErrorObject) =>
      e.schemaPath.startsWith(`${alternative.schemaPath}/`) &&
      (e.instancePath === alternative.instancePath || e.instancePath.startsWith(`${alternative.instancePath}/`));
    const branchOf = (e: ErrorObject) => e.schemaPath.slice(alternative.schemaPath.length + 1).split('/')[0];
    const inside = errors.filter(below);
    const branches = new Set(inside.map(branchOf));
    const wrongType = new Set(
      inside.filter((e) => e.keyword === 'type' && e.instancePath === alternative.instancePath).map(branchOf),
    );
    // The branches of the value's type, fewest errors first, and of equal ones those that fail only by unknown keys.
    const ranked = [...branches]
      .filter((branch) => !wrongType.has(branch))
      .map((branch) => {
        const own = inside.filter((e) => branchOf(e) === branch && kept.has(e));
        return { branch, count: own.length, unknownOnly: own.every(isUnknownKey) };
      })
      .sort((a, b) => a.count - b.count || Number(b.unknownOnly) - Number(a.unknownOnly));
    const [best, next] = ranked;
    // The platform's union takes its first member that parses, and one that fails here only by
    // unknown keys may parse there (they are dropped): the first such branch, unless one before it
    // has fewer errors, is the one the build uses (`fonts` with `family` beside `heading` and `body`
    // takes `family`; of two link forms that both have an unknown key, the first).
    const firstUnknownOnly = ranked
      .filter((rank) => rank.unknownOnly)
      .sort((a, b) => Number(a.branch) - Number(b.branch))[0];
    const chosen =
      firstUnknownOnly && best && (best.unknownOnly || Number(firstUnknownOnly.branch) < Number(best.branch))
        ? firstUnknownOnly.branch
        : best && (!next || next.count > best.count || (best.unknownOnly && !next.unknownOnly))
          ? best.branch
          : undefined;
    for (const e of inside) if (branchOf(e) !== chosen) kept.delete(e);
    if (chosen !== undefined) kept.delete(alternative);
  }
  return errors.filter((e) => kept.has(e));
}

/** An error that only says a key is unknown: the platform's build ignores such keys. */
function isUnknownKey(error: ErrorObject): boolean {
  return error.keyword === 'additionalProperties';
}

/** Where a schema error is, and what the schema says there: what each kind of issue is worded from. */
interface ErrorPlace {
  error: ErrorObject;
  element: NavElement | undefined;
  /** Ajv's instance path, one step a segment. */
  segments: string[];
  /** The deepest node the tree has on the path. */
  node: JNode;
  /** The element (or docs.json) and the path inside it, as a message names them. */
  subject: string;
  /** The schema's wording for the value there, if it has one. */
  expected?: string;
  schemas: ReturnType<typeof schemasAt>;
}

function toIssue(error: ErrorObject, root: JNode, element: NavElement | undefined, definition: string): SchemaIssue {
  const segments =
    error.instancePath === ''
      ? []
      : error.instancePath
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const { node, path } = locate(root, segments);
  const owner = element ? describeElement(element) : 'docs.json';
  const subject = segments.length === 0 ? owner : `${owner}: "${readablePath(path)}"`;
  const place: ErrorPlace = { error, element, segments, node, subject, ...schemaAt(definition, path) };
  switch (error.keyword) {
    case 'required':
      return missingFieldIssue(place);
    case 'additionalProperties':
      return unknownPropertyIssue(place);
    case 'enum':
    case 'const':
      return valueNotAllowedIssue(place);
    case 'not':
      // A key the published schema knows but allows nowhere here (`{ "not": {} }`): `graphql` off a tab.
      return {
        kind: 'invalid',
        span: property(nodeAt(root, segments.slice(0, -1)), segments[segments.length - 1])?.keySpan ?? node,
        message: `${subject} is not allowed here${place.expected ? `: ${place.expected}` : ''}`,
      };
    default:
      return { kind: 'invalid', span: node, message: `${subject} ${constraintMessage(error, place.expected)}` };
  }
}

function missingFieldIssue({ error, element, segments, node, subject }: ErrorPlace): SchemaIssue {
  const missing = (error.params as { missingProperty: string }).missingProperty;
  const nameKey = element ? nameKeyOf(element) : undefined;
  const named = segments.length === 0 && nameKey ? property(node, nameKey) : undefined;
  const hint =
    element?.kind === 'group' && missing === 'pages' ? ' (or "openapi", to list every endpoint of a spec)' : '';
  return {
    kind: 'invalid',
    missing,
    span: named?.span ?? { file: node.file, offset: node.offset, length: 1 },
    message: `${subject} is missing required field "${missing}"${hint}`,
  };
}

function unknownPropertyIssue({ error, node, subject, schemas }: ErrorPlace): SchemaIssue {
  const key = (error.params as { additionalProperty: string }).additionalProperty;
  const prop = property(node, key);
  return {
    kind: 'unknown',
    span: prop?.keySpan ?? node,
    message: `${subject} has unknown property "${key}"`,
    key,
    known: candidateKeys(schemas, node),
  };
}

/** A value, or a key of an object whose names are a fixed list, that is none of those allowed (`enum`, `const`). */
function valueNotAllowedIssue({ error, node, subject }: ErrorPlace): SchemaIssue {
  const values =
    error.keyword === 'enum'
      ? (error.params as { allowedValues: unknown[] }).allowedValues
      : [(error.params as { allowedValue: unknown }).allowedValue];
  const name = (error as ErrorObject & { propertyName?: string }).propertyName;
  if (name !== undefined) {
    // A key outside a fixed list of names (footer socials): the platform refuses it, unlike an unknown key it ignores.
    const prop = property(node, name)!;
    return {
      kind: 'invalid',
      span: prop.keySpan,
      message: `${subject} has unknown key "${name}"`,
      actual: name,
      allowed: values.filter((v): v is string => typeof v === 'string'),
    };
  }
  const allowed =
    values.length > 10
      ? `one of ${values.length} names such as ${JSON.stringify(values[0])}`
      : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  const actual = node.type === 'string' ? (node.value as string) : undefined;
  return {
    kind: 'invalid',
    span: node,
    message: `${subject} must be ${allowed}`,
    actual,
    allowed: values.filter((v): v is string => typeof v === 'string'),
  };
}

/** What a value that fails a constraint on itself (its type, pattern, length, ...) must be, after its subject. */
function constraintMessage(error: ErrorObject, expected: string | undefined): string {
  switch (error.keyword) {
    case 'pattern':
      return `must be ${expected ?? `a string matching ${(error.params as { pattern: string }).pattern}`}`;
    case 'format': {
      const format = (error.params as { format: string }).format;
      return `must be ${format === 'uri' ? 'an absolute URL' : `a ${format}`}`;
    }
    case 'minLength': {
      const limit = (error.params as { limit: number }).limit;
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`;
    }
    case 'minItems': {
      const limit = (error.params as { limit: number }).limit;
      return limit === 1 ? 'must not be empty' : `must have at least ${limit} items`;
    }
    case 'maxItems':
      return `must have at most ${(error.params as { limit: number }).limit} items`;
    case 'type':
      return `must be ${expected ?? article((error.params as { type: string | string[] }).type)}`;
    case 'anyOf':
    case 'oneOf':
      return `must be ${expected ?? 'of another shape'}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * The node at an instance path of Ajv's below `root` (the deepest the tree has), and the path with
 * each step as the tree has it: an index in an array a number, a key in an object a string, digits
 * or not (`errors."404"`). Ajv's paths are strings, whatever the step; past the last node the tree
 * has, a step of digits is taken for an index.
 */
function locate(root: JNode, segments: string[]): { node: JNode; path: PathSegment[] } {
  let node = root;
  let found = true;
  const path: PathSegment[] = [];
  for (const segment of segments) {
    const index = found ? node.type === 'array' : /^\d+$/.test(segment);
    path.push(index ? Number(segment) : segment);
    if (!found) continue;
    const next = node.type === 'array' ? node.items[Number(segment)] : member(node, segment);
    if (next) node = next;
    else found = false;
  }
  return { node, path };
}

function nodeAt(root: JNode, segments: string[]): JNode {
  return locate(root, segments).node;
}

/**
 * A path as a message names it: `pages[1]` for an index, `errors.404` for a key of digits,
 * `seo.metatags["og.title"]` for a key that would read as more than one step (or as nothing).
 */
function readablePath(path: PathSegment[]): string {
  return path.reduce<string>((text, s) => {
    if (typeof s === 'number') return `${text}[${s}]`;
    if (s === '' || /[.[\]"\s]/.test(s)) return `${text}[${JSON.stringify(s)}]`;
    return text ? `${text}.${s}` : s;
  }, '');
}

function article(type: string | string[]): string {
  const words: Record<string, string> = {
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
    object: 'an object',
    array: 'an array',
    integer: 'an integer',
    null: 'null',
  };
  return (Array.isArray(type) ? type : [type]).map((t) => words[t] ?? t).join(' or ');
}
