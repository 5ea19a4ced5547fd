import type { ValidateFunction } from 'ajv';
import { pushTo } from '../common/collections';
import openapi30 from '../generated/openapi30';
import openapi31 from '../generated/openapi31';
import { type DataLocator, dataLocator } from './data-locations';
import { resolveSpecReferences } from './openapi-references';
import { shapeProblems } from './openapi-shape';

/** Why the platform's validation refuses a spec, at a place in its text. */
export interface SpecProblem {
  offset: number;
  length: number;
  message: string;
  /** The values allowed where a wrong one is written. */
  allowed?: string[];
  /** A string is wanted where something else is written. */
  wantsString?: true;
  /** Not the platform's refusal: navlint did not validate the spec (its aliases would make the walk endless). */
  unvalidated?: true;
}

const validators: Record<'3.0' | '3.1', ValidateFunction> = { '3.0': openapi30, '3.1': openapi31 };

/**
 * The platform's validation of a spec after its external references and its version were accepted
 * (its parser's Validator): `info.version` defaults to "0.0.1" (the document is changed so), the
 * document must match the OpenAPI schema of its version, and then its `$ref`s must resolve. Each
 * stage runs only when the one before passed, as there.
 */
export function specProblems(text: string, document: Record<string, unknown>, version: '3.0' | '3.1'): SpecProblem[] {
  const locate = dataLocator(text);
  const info = document.info as Record<string, unknown> | undefined;
  if (info && !info.version) {
    // The platform's default assigns to it, which throws for a string or a number.
    if (typeof info !== 'object') return [{ ...locate.value(['info']), message: '"info" must be an object' }];
    info.version = '0.0.1';
  }
  const validate = validators[version];
  if (!validate(document)) {
    return shapeProblems(validate.errors ?? [], document).map(({ path, at, ...problem }) => ({
      ...(at === 'key' ? locate.key(path) : locate.value(path)),
      ...problem,
    }));
  }
  const { unresolved, failure } = resolveSpecReferences(document);
  if (failure) return [failureAt(document, failure, locate)];
  const places = referencePlaces(document);
  return unresolved.flatMap((value) => {
    const message = `$ref ${JSON.stringify(value) ?? String(value)} points at nothing in this spec`;
    const at = places.get(value) ?? [];
    return at.length ? at.map((path) => ({ ...locate.value(path), message })) : [{ offset: 0, length: 0, message }];
  });
}

/** Where the platform's resolution threw: at the `$ref` it was resolving, else at a member named `hasOwnProperty` (its walk calls that name), else the file's start. */
function failureAt(
  document: unknown,
  { message, ref }: { message: string; ref?: unknown },
  locate: DataLocator,
): SpecProblem {
  const because = `the platform's resolution of the spec's references fails on it ("${message}")`;
  const [at] = ref === undefined ? [] : (referencePlaces(document).get(ref) ?? []);
  if (at) return { ...locate.value(at), message: `$ref ${JSON.stringify(ref)}: ${because}` };
  const [named] = membersWhere(document, (key) => key === 'hasOwnProperty');
  if (named) return { ...locate.key(named), message: `a member named "hasOwnProperty": ${because}` };
  return { offset: 0, length: 0, message: `the platform's resolution of the spec's references fails ("${message}")` };
}

/**
 * The paths of the members that pass a test, in document order; the test is told whether the member
 * is in a `properties` map (where `$ref` is a property's name, not a reference). An object shared
 * through a YAML alias is walked at its first place only.
 */
function membersWhere(
  document: unknown,
  test: (key: string, value: unknown, inPropertiesMap: boolean) => boolean,
): string[][] {
  const found: string[][] = [];
  const seen = new WeakSet<object>();
  const visit = (node: unknown, path: string[], inPropertiesMap: boolean) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (test(key, value, inPropertiesMap)) found.push([...path, key]);
      visit(value, [...path, key], key === 'properties' && !inPropertiesMap);
    }
  };
  visit(document, [], false);
  return found;
}

/** The places of every `$ref`, by its value: one walk, however many references fail. */
function referencePlaces(document: unknown): Map<unknown, string[][]> {
  const places = new Map<unknown, string[][]>();
  membersWhere(document, (key, _value, inPropertiesMap) => key === '$ref' && !inPropertiesMap).forEach((path) => {
    pushTo(
      places,
      path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document),
      path,
    );
  });
  return places;
}
