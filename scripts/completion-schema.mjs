// The docs.json schema VS Code's JSON service gets from the extension: the platform's published
// schema with its validation taken out, so that the JSON service completes keys and values and shows
// their descriptions on hover while navlint alone reports mistakes (one finding per mistake, with
// navlint's rule id, did-you-mean and fix). Values the schema allows become suggestions (`examples`).
const validationOnly = new Set([
  'type',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'dependencies',
  'dependentRequired',
  'contains',
  'enum',
  'const',
  'deprecated',
  'errorMessage',
]);

/** A schema (or any value inside one) without validation; `enum`, `const` and booleans' values kept as `examples`. */
export function completionSchema(node) {
  if (Array.isArray(node)) return node.map(completionSchema);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (validationOnly.has(key)) continue;
    // oneOf fails when two alternatives match, which validation-free alternatives all do.
    out[key === 'oneOf' ? 'anyOf' : key] =
      key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions'
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, completionSchema(schema)]))
        : completionSchema(value);
  }
  const values = [
    ...(Array.isArray(node.enum) ? node.enum : []),
    ...('const' in node ? [node.const] : []),
    ...(node.type === 'boolean' ? [true, false] : []),
  ];
  if (values.length > 0) out.examples = [...new Set([...(node.examples ?? []), ...values])];
  return out;
}
