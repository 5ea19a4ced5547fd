import { isObject } from '../common/collections';
import { dataLocator } from './data-locations';

/** What the platform's reading of an OpenAPI Overlay refuses, at a place in its text. */
export interface OverlayProblem {
  offset: number;
  length: number;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
interface Found {
  path: string[];
  at: 'key' | 'value';
  message: string;
}

const isJsonObject = (value: unknown): value is JsonObject => isObject(value);
const versionPattern = /^1\.[01](\.\d+)?$/;

/** What the checks share: the problems found so far, and the checks every object of an Overlay gets. */
class OverlayChecks {
  readonly found: Found[] = [];

  refuse(path: string[], message: string, at: Found['at'] = 'value'): void {
    this.found.push({ path, at, message });
  }

  /** A required member: missing (at the object) or of the wrong kind (at its value). */
  required(value: JsonObject, path: string[], key: string, test: (member: Json) => boolean, wrong: string): void {
    if (!(key in value))
      this.refuse(path, `${path.length ? `"${path.join('.')}"` : 'the Overlay'} misses the required "${key}"`, 'key');
    else if (!test(value[key]!)) this.refuse([...path, key], wrong);
  }

  optionalString(value: JsonObject, path: string[], key: string): void {
    if (value[key] !== undefined && typeof value[key] !== 'string')
      this.refuse([...path, key], `"${key}" must be a string`);
  }

  /** Fields beside the fixed ones must be `x-` extensions; zod builds its result without a `__proto__` member, so the platform never sees one. */
  onlyKnown(value: JsonObject, path: string[], keys: string[]): void {
    for (const key of Object.keys(value))
      if (!keys.includes(key) && !key.startsWith('x-') && key !== '__proto__')
        this.refuse(
          [...path, key],
          `unknown field "${key}": only the fixed fields and "x-" extensions are allowed`,
          'key',
        );
  }
}

/**
 * The platform's check of an Overlay document (@mintlify/validation's overlay schema, Overlay
 * Specification 1.0 and 1.1), on the document as it sees it: made JSON first (a YAML date becomes
 * a string). Every rule of that schema is checked on its own, so a document fails here exactly when
 * it fails there, though the platform names only some of its problems at a time.
 */
export function overlayProblems(text: string, loaded: object): OverlayProblem[] {
  const document = JSON.parse(JSON.stringify(loaded)) as JsonObject;
  const checks = new OverlayChecks();
  const { overlay, info, actions } = document;
  if (typeof overlay !== 'string') checks.refuse(['overlay'], 'the "overlay" version must be a string, e.g. "1.1.0"');
  else if (!versionPattern.test(overlay))
    checks.refuse(['overlay'], 'the platform reads Overlay Specification versions 1.0.x and 1.1.x only');
  checks.required(document, [], 'info', isJsonObject, '"info" must be an object');
  if (isJsonObject(info)) {
    for (const key of ['title', 'version'])
      checks.required(info, ['info'], key, (member) => typeof member === 'string', `"info.${key}" must be a string`);
    checks.optionalString(info, ['info'], 'description');
    checks.onlyKnown(info, ['info'], ['title', 'version', 'description']);
  }
  checks.optionalString(document, [], 'extends');
  checks.required(
    document,
    [],
    'actions',
    (member) => Array.isArray(member) && member.length > 0,
    'the "actions" array must hold at least one action',
  );
  if (Array.isArray(actions))
    actions.forEach((action, index) =>
      checkAction(checks, action, ['actions', String(index)], typeof overlay === 'string' && overlay.startsWith('1.0')),
    );
  checks.onlyKnown(document, [], ['overlay', 'info', 'extends', 'actions']);

  const locate = dataLocator(text);
  return checks.found.map(({ path, at, message }) => ({
    ...(at === 'key' ? locate.key(path) : locate.value(path)),
    message,
  }));
}

function checkAction(checks: OverlayChecks, action: Json, path: string[], versionOne: boolean): void {
  if (!isJsonObject(action)) {
    checks.refuse(path, 'an action must be an object');
    return;
  }
  const { target, update, copy, remove } = action;
  if (typeof target !== 'string' || target.trim() === '')
    checks.refuse(
      target === undefined ? path : [...path, 'target'],
      'an action needs a non-empty "target" JSONPath expression',
      target === undefined ? 'key' : 'value',
    );
  checks.optionalString(action, path, 'description');
  if (copy !== undefined && (typeof copy !== 'string' || copy.trim() === ''))
    checks.refuse([...path, 'copy'], '"copy" must be a non-empty string');
  if (remove !== undefined && typeof remove !== 'boolean')
    checks.refuse([...path, 'remove'], '"remove" must be true or false');
  checks.onlyKnown(action, path, ['target', 'description', 'update', 'copy', 'remove']);
  if (update !== undefined && copy !== undefined)
    checks.refuse(path, 'an action sets both "update" and "copy": use one modifier per action', 'key');
  if (update === undefined && copy === undefined && remove !== true)
    checks.refuse(path, 'an action without "update", "copy" or "remove: true" has no effect', 'key');
  if (versionOne && copy !== undefined)
    checks.refuse(
      [...path, 'copy'],
      '"copy" needs Overlay Specification 1.1.0 or later: declare overlay: "1.1.0"',
      'key',
    );
}
