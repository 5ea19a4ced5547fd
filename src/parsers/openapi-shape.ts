import type { ErrorObject } from 'ajv';
import { isObject } from '../common/collections';
import { pointerSegments } from './data-locations';

/** One thing wrong with a spec's shape, as a writer reads it: where (a path into the document), what, and whether the key or the value is at fault. */
export interface ShapeProblem {
  path: string[];
  /** The key is wrong (not allowed there, or a name that does not match), or a member is missing from the object it names. */
  at: 'key' | 'value';
  message: string;
  /** The allowed values, when the value must be one of a few. */
  allowed?: string[];
  /** The value must be a string, and is not (a YAML date or number, as `version: 1.0`). */
  wantsString?: true;
}

/** Keywords whose error only says that its branches failed: the branches' own errors say what. */
const summaries = new Set(['oneOf', 'anyOf', 'if', 'allOf']);

/**
 * The errors of a schema validation (ajv's, every error kept) as a writer needs them. The OpenAPI
 * schemas write most places as "a Reference or a Schema" (oneOf, or if/then/else), so one mistake
 * fails several branches: the failures of the branch the writer did not mean are dropped (a missing
 * `$ref` where there is none, anything about `$ref` where there is one), a branch's summary is
 * dropped when a branch says more, and the allowed values of the branches that name some are merged.
 */
export function shapeProblems(errors: readonly ErrorObject[], document: unknown): ShapeProblem[] {
  const located = errors.map((error) => ({ error, path: pointerSegments(error.instancePath) }));
  const meant = located.filter(({ error, path }) => {
    const value = valueAt(document, path);
    const hasRef = isObject(value) && '$ref' in value;
    if (error.keyword === 'required' && error.params.missingProperty === '$ref') return hasRef;
    return !(hasRef && error.keyword === 'additionalProperties' && error.params.additionalProperty === '$ref');
  });
  // Of branches told apart by a value that matches none of them (a parameter's `in`), only that value.
  const told = discriminatedBranches(meant.map(({ error }) => error));
  const decided = meant.filter(({ error }) => {
    if (error.keyword === 'enum' || error.keyword === 'const') return true;
    const branch = branchOf(error.schemaPath);
    return !branch || !told.has(`${branch.choice} ${error.instancePath}`);
  });
  // Every place at or above an error that says what is wrong: a summary there says nothing more.
  const explained = new Set<string>();
  for (const { error, path } of decided)
    if (!summaries.has(error.keyword))
      for (let depth = 0; depth <= path.length; depth++) explained.add(path.slice(0, depth).join('\u0000'));
  const kept = decided.filter(
    ({ error, path }) => !summaries.has(error.keyword) || !explained.has(path.join('\u0000')),
  );
  return merged(kept.length ? kept : located);
}

/** One problem per place and kind: the allowed values of one place together, and the members of which an object needs one (a parameter's `schema` or `content`). */
function merged(errors: readonly { error: ErrorObject; path: string[] }[]): ShapeProblem[] {
  const problems = new Map<string, ShapeProblem>();
  const alternatives = new Map<ShapeProblem, Set<string>>();
  for (const { error, path } of errors) {
    const problem = describe(error, path);
    const choice = error.keyword === 'required' ? branchOf(error.schemaPath)?.choice : undefined;
    const key = `${problem.at} ${problem.path.join('/')} ${problem.allowed ? 'allowed' : (choice ?? problem.message)}`;
    const known = problems.get(key);
    if (!known) problems.set(key, problem);
    else if (known.allowed && problem.allowed) known.allowed = [...new Set([...known.allowed, ...problem.allowed])];
    if (choice)
      alternatives.set(
        known ?? problem,
        (alternatives.get(known ?? problem) ?? new Set()).add(String(error.params.missingProperty)),
      );
  }
  for (const problem of problems.values()) {
    if (problem.allowed) problem.message = `${describePath(problem.path)} must be ${oneOf(problem.allowed)}`;
    const missing = [...(alternatives.get(problem) ?? [])];
    if (missing.length > 1)
      problem.message = `${describePath(problem.path)} misses one of ${missing.map((name) => `"${name}"`).join(', ')}`;
  }
  return [...problems.values()];
}

/** The innermost oneOf or anyOf a schema path goes through, and the branch it takes there. */
function branchOf(schemaPath: string): { choice: string; branch: string } | undefined {
  const match = /^(.*\/(?:oneOf|anyOf))\/(\d+)\//.exec(schemaPath);
  return match ? { choice: match[1]!, branch: match[2]! } : undefined;
}

/**
 * The choices (a oneOf or anyOf, and the object it was applied to) whose branches all refused the
 * same member's value, each with an enum or a const: the value says which branch was meant, and the
 * branches' other complaints about the object are beside the point.
 */
function discriminatedBranches(errors: readonly ErrorObject[]): Set<string> {
  const branches = new Map<string, Set<string>>();
  for (const error of errors) {
    if (error.keyword !== 'enum' && error.keyword !== 'const') continue;
    const branch = branchOf(error.schemaPath);
    if (!branch) continue;
    const parent = error.instancePath.slice(0, error.instancePath.lastIndexOf('/'));
    const key = `${branch.choice} ${parent}`;
    branches.set(key, (branches.get(key) ?? new Set()).add(branch.branch));
  }
  return new Set([...branches].filter(([, seen]) => seen.size > 1).map(([key]) => key));
}

/** A path into a spec as its reader finds it: `paths./users.get`. */
export function describePath(path: readonly string[]): string {
  return path.length ? `"${path.join('.')}"` : 'the spec';
}

function describe(error: ErrorObject, path: string[]): ShapeProblem {
  const { keyword, params } = error;
  switch (keyword) {
    case 'required':
      return { path, at: 'key', message: `${describePath(path)} misses the required "${params.missingProperty}"` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        path: [...path, name],
        at: 'key',
        message: `"${name}" is not allowed in ${describePath(path)} (only the fields the OpenAPI specification names, and "x-" extensions)`,
      };
    }
    case 'propertyNames':
      return {
        path: [...path, String(params.propertyName)],
        at: 'key',
        message: `the name "${params.propertyName}" is not allowed in ${describePath(path)}`,
      };
    case 'pattern':
      return { path, at: 'value', message: `${describePath(path)} must match the pattern ${params.pattern}` };
    case 'enum':
      return { path, at: 'value', message: '', allowed: (params.allowedValues as unknown[]).map(String) };
    case 'const':
      return { path, at: 'value', message: '', allowed: [String(params.allowedValue)] };
    case 'type':
      return {
        path,
        at: 'value',
        message: `${describePath(path)} must be ${[params.type].flat().map(withArticle).join(' or ')}`,
        ...(params.type === 'string' ? { wantsString: true } : {}),
      };
    case 'format':
      return { path, at: 'value', message: `${describePath(path)} must be a ${params.format}` };
    default:
      return { path, at: 'value', message: `${describePath(path)} ${error.message ?? keyword}` };
  }
}

/** A JSON Schema type as a writer says it: "a string", "an object". */
function withArticle(type: string): string {
  return type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function oneOf(values: string[]): string {
  return values.length === 1 ? `"${values[0]}"` : `one of ${values.map((value) => `"${value}"`).join(', ')}`;
}

function valueAt(document: unknown, path: readonly string[]): unknown {
  let value = document;
  for (const segment of path)
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}
