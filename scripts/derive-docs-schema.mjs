// Derives the `docs` definition of schemas/docs.schema.json (docs.json outside `navigation`) from the
// platform's published docs.json schema in ../shared/reference: the same keys, types, enums, patterns
// and required fields, with every `$ref` written out, the nine per-theme copies folded into one
// `theme` enum, and navlint's wording (`expected`) for values that match none of several shapes.
// Run it when the reference changes: node scripts/derive-docs-schema.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const referenceFile = join(root, '../shared/reference/docs-json.schema.json');
const schemaFile = join(root, 'schemas/docs.schema.json');

/** The `docs` definition derived from the reference schema. */
export function deriveDocsDefinition(reference) {
  const at = (pointer) =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], reference);

  /** The schema with every $ref replaced by its target (a $ref back into itself stays open: {}). */
  const inline = (node, stack) => {
    if (Array.isArray(node)) return node.map((item) => inline(item, stack));
    if (!node || typeof node !== 'object') return node;
    if (node.$ref) {
      if (stack.includes(node.$ref)) return {};
      const { $ref, ...beside } = node;
      return inline({ ...at($ref), ...beside }, [...stack, $ref]);
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'properties' || key === 'patternProperties'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, stack)]))
          : inline(value, stack),
      ]),
    );
  };

  const branches = reference.anyOf;
  const properties = {};
  for (const branch of branches) {
    for (const [key, value] of Object.entries(branch.properties)) {
      if (key in properties || key === 'theme' || key === 'navigation') continue;
      properties[key] = withWording(inline(value, []));
    }
  }
  const themes = branches.map((branch) => branch.properties.theme.const);
  return {
    type: 'object',
    description:
      "docs.json: every key of the platform's published schema (derived by scripts/derive-docs-schema.mjs); navigation elements have definitions of their own.",
    required: branches[0].required,
    additionalProperties: false,
    properties: {
      theme: { enum: themes, description: 'The layout theme of the site.' },
      navigation: {
        type: 'object',
        description: 'The navigation: its elements are checked by the definitions of their kinds.',
      },
      ...properties,
    },
  };
}

/** Adds navlint's wording to every anyOf (what a value must be), so that one mistake reads as one sentence. */
function withWording(node) {
  if (Array.isArray(node)) return node.map(withWording);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withWording(v)]))
        : withWording(value),
    ]),
  );
  if (out.anyOf && !out.expected) out.expected = unique(out.anyOf.map(shapeOf).filter(Boolean)).join(', or ');
  if (out.pattern === '^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$') out.expected = 'a hex colour such as "#0D9373"';
  // `\_` is `_` to a non-unicode RegExp and an error to a unicode one (which Ajv compiles).
  if (typeof out.pattern === 'string') out.pattern = out.pattern.replace(/\\_/g, '_');
  return out;
}

function unique(items) {
  return [...new Set(items)];
}

/** A short description of one shape: `a string`, `"a" or "b"`, `an object { "light", "dark", "href"? }`. */
function shapeOf(schema) {
  if (schema.not) return ''; // matches nothing: {"not": {}}
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum)
    return schema.enum.length > 8
      ? `one of ${schema.enum.length} names such as ${JSON.stringify(schema.enum[0])}`
      : schema.enum.map((v) => JSON.stringify(v)).join(' or ');
  if (schema.anyOf) return unique(schema.anyOf.map(shapeOf).filter(Boolean)).join(', or ');
  const type = schema.type;
  if (type === 'object' && schema.properties) {
    const required = new Set(schema.required ?? []);
    const keys = Object.keys(schema.properties).map((key) => `"${key}"${required.has(key) ? '' : '?'}`);
    return `an object { ${keys.join(', ')} }`;
  }
  if (type === 'array')
    return schema.items?.type && !schema.items.anyOf ? `an array of ${plural(shapeOf(schema.items))}` : 'an array';
  const words = {
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
    integer: 'an integer',
    object: 'an object',
    null: 'null',
  };
  return (Array.isArray(type) ? type : [type]).map((t) => words[t] ?? t).join(' or ');
}

function plural(shape) {
  return shape.replace(/^an? (\w+)/, (_, noun) => `${noun}s`).replace(/^objects \{/, 'objects {');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reference = JSON.parse(readFileSync(referenceFile, 'utf8'));
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const derived = deriveDocsDefinition(reference);
  if (process.argv.includes('--check')) {
    const same = JSON.stringify(schema.$defs.docs) === JSON.stringify(derived);
    process.stdout.write(
      same
        ? 'schemas/docs.schema.json is up to date\n'
        : 'schemas/docs.schema.json differs from the reference: run node scripts/derive-docs-schema.mjs\n',
    );
    process.exit(same ? 0 : 1);
  }
  schema.$defs.docs = derived;
  writeFileSync(schemaFile, `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(
    `schemas/docs.schema.json: docs.json's ${Object.keys(derived.properties).length} top-level keys\n`,
  );
}
