import { dataLocator } from './data-locations';

/** What the platform's reading of an OpenAPI Overlay refuses, at a place in its text. */
export interface OverlayProblem {
  offset: number;
  length: number;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Found {
  path: string[];
  at: 'key' | 'value';
  message: string;
}

const isObject = (value: unknown): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const versionPattern = /^1\.[01](\.\d+)?$/;

/**
 * The platform's check of an Overlay document (@mintlify/validation's overlay schema, Overlay
 * Specification 1.0 and 1.1), on the document as it sees it: made JSON first (a YAML date becomes
 * a string). Every rule of that schema is checked on its own, so a document fails here exactly when
 * it fails there, though the platform names only some of its problems at a time.
 */
export function overlayProblems(text: string, loaded: object): OverlayProblem[] {
  const document = JSON.parse(JSON.stringify(loaded)) as { [key: string]: Json };
  const found: Found[] = [];
  const refuse = (path: string[], message: string, at: Found['at'] = 'value') => found.push({ path, at, message });
  const known = (value: { [key: string]: Json }, path: string[], keys: string[]) => {
    // zod builds its result without a `__proto__` member, so the platform never sees one.
    for (const key of Object.keys(value)) if (!keys.includes(key) && !key.startsWith('x-') && key !== '__proto__') refuse([...path, key], `unknown field "${key}": only the fixed fields and "x-" extensions are allowed`, 'key');
  };
  const optionalString = (value: { [key: string]: Json }, path: string[], key: string) => {
    if (value[key] !== undefined && typeof value[key] !== 'string') refuse([...path, key], `"${key}" must be a string`);
  };

  const { overlay, info, actions } = document;
  if (typeof overlay !== 'string') refuse(['overlay'], 'the "overlay" version must be a string, e.g. "1.1.0"');
  else if (!versionPattern.test(overlay)) refuse(['overlay'], 'the platform reads Overlay Specification versions 1.0.x and 1.1.x only');
  if (!isObject(info)) refuse(info === undefined ? [] : ['info'], info === undefined ? 'the Overlay misses the required "info"' : '"info" must be an object', info === undefined ? 'key' : 'value');
  else {
    for (const key of ['title', 'version']) if (typeof info[key] !== 'string') refuse(['info', ...(key in info ? [key] : [])], key in info ? `"info.${key}" must be a string` : `"info" misses the required "${key}"`, key in info ? 'value' : 'key');
    optionalString(info, ['info'], 'description');
    known(info, ['info'], ['title', 'version', 'description']);
  }
  optionalString(document, [], 'extends');
  if (!Array.isArray(actions) || actions.length === 0) refuse(actions === undefined ? [] : ['actions'], actions === undefined ? 'the Overlay misses the required "actions"' : 'the "actions" array must hold at least one action', actions === undefined ? 'key' : 'value');
  else actions.forEach((action, index) => checkAction(action, ['actions', String(index)], typeof overlay === 'string' && overlay.startsWith('1.0'), refuse, known, optionalString));
  known(document, [], ['overlay', 'info', 'extends', 'actions']);

  const locate = dataLocator(text);
  return found.map(({ path, at, message }) => ({ ...(at === 'key' ? locate.key(path) : locate.value(path)), message }));
}

function checkAction(
  action: Json,
  path: string[],
  versionOne: boolean,
  refuse: (path: string[], message: string, at?: Found['at']) => void,
  known: (value: { [key: string]: Json }, path: string[], keys: string[]) => void,
  optionalString: (value: { [key: string]: Json }, path: string[], key: string) => void,
): void {
  if (!isObject(action)) return refuse(path, 'an action must be an object');
  const { target, update, copy, remove } = action;
  if (typeof target !== 'string' || target.trim() === '') refuse(target === undefined ? path : [...path, 'target'], 'an action needs a non-empty "target" JSONPath expression', target === undefined ? 'key' : 'value');
  optionalString(action, path, 'description');
  if (copy !== undefined && (typeof copy !== 'string' || copy.trim() === '')) refuse([...path, 'copy'], '"copy" must be a non-empty string');
  if (remove !== undefined && typeof remove !== 'boolean') refuse([...path, 'remove'], '"remove" must be true or false');
  known(action, path, ['target', 'description', 'update', 'copy', 'remove']);
  if (update !== undefined && copy !== undefined) refuse(path, 'an action sets both "update" and "copy": use one modifier per action', 'key');
  if (update === undefined && copy === undefined && remove !== true) refuse(path, 'an action without "update", "copy" or "remove: true" has no effect', 'key');
  if (versionOne && copy !== undefined) refuse([...path, 'copy'], '"copy" needs Overlay Specification 1.1.0 or later: declare overlay: "1.1.0"', 'key');
}
