import { describe, expect, it } from 'vitest';
import { keysOf, type SchemaNode, schemasAt, valuesOf } from '../src/engine/schema-walk';

// A tiny schema of its own, so these tests do not move when navlint's schema grows.
const schema = {
  $defs: {
    root: {
      type: 'object',
      properties: {
        theme: { enum: ['mint', 'maple'], description: 'The look' },
        colors: { $ref: '#/$defs/colors' },
        icon: {
          anyOf: [
            { type: 'string' },
            { type: 'object', properties: { name: { type: 'string' }, library: { enum: ['lucide', 'tabler'] } } },
          ],
        },
        links: { type: 'array', items: { $ref: '#/$defs/link' } },
        pair: { type: 'array', prefixItems: [{ const: 'first' }, { const: 'second' }] },
        labels: {
          type: 'object',
          patternProperties: { '^x-': { enum: [1, 2] } },
          additionalProperties: { const: true },
        },
        tree: { $ref: '#/$defs/tree' },
        mode: { allOf: [{ $ref: '#/$defs/mode' }, { enum: ['auto'] }] },
        'a/b': { const: 'slash' },
      },
    },
    colors: {
      type: 'object',
      properties: { primary: { type: 'string' }, light: { type: 'string' } },
      oneOf: [{ properties: { dark: { type: 'string' } } }],
    },
    link: {
      type: 'object',
      properties: {
        href: { type: 'string' },
        kind: { const: 'external' },
        graphql: { not: {}, expected: 'only a tab takes "graphql"' },
        sdk: false,
        asyncapi: { not: true },
      },
    },
    tree: { type: 'object', properties: { child: { $ref: '#/$defs/tree' }, leaf: { enum: [true, false, null] } } },
    mode: { enum: ['light', 'dark'] },
  },
} as const;
const root = schema as unknown as SchemaNode;
const start = schema.$defs.root as unknown as SchemaNode;
const keys = (path: (string | number)[]) => keysOf(schemasAt(root, start, path)).map((k) => k.key);
const values = (path: (string | number)[]) => valuesOf(schemasAt(root, start, path));

describe('the schema walk behind key and value completion', () => {
  it('lists the keys of an object, with descriptions, in schema order', () => {
    expect(keys([])).toEqual(['theme', 'colors', 'icon', 'links', 'pair', 'labels', 'tree', 'mode', 'a/b']);
    expect(keysOf(schemasAt(root, start, []))[0]).toEqual({ key: 'theme', description: 'The look' });
  });

  it('follows $ref, anyOf/oneOf/allOf branches, items and prefixItems', () => {
    expect(keys(['colors'])).toEqual(['primary', 'light', 'dark']);
    expect(keys(['icon'])).toEqual(['name', 'library']);
    expect(values(['icon', 'library'])).toEqual(['lucide', 'tabler']);
    expect(keys(['links', 3])).toEqual(['href', 'kind']); // not graphql, sdk or asyncapi, which the schema names only to refuse
    expect(values(['links', 0, 'kind'])).toEqual(['external']);
    expect(values(['pair', 1])).toEqual(['second']);
    expect(values(['mode'])).toEqual(['light', 'dark', 'auto']);
    expect(valuesOf(schemasAt(root, { $ref: '#/$defs/root/properties/a~1b' }, []))).toEqual(['slash']);
  });

  it('gives enum and const values of any JSON type', () => {
    expect(values(['theme'])).toEqual(['mint', 'maple']);
    expect(values(['tree', 'child', 'child', 'leaf'])).toEqual([true, false, null]);
    expect(values(['labels', 'x-size'])).toEqual([1, 2]);
    expect(values(['labels', 'other'])).toEqual([true]);
  });

  it('ends recursive $refs, and says nothing where the schema says nothing', () => {
    expect(keys(['tree', 'child', 'child'])).toEqual(['child', 'leaf']);
    expect(keys(['nope'])).toEqual([]);
    expect(values(['colors', 'primary'])).toEqual([]);
    expect(keys(['links', 'x'])).toEqual([]);
    expect(schemasAt(root, { $ref: '#/$defs/missing' }, [])).toEqual([{ $ref: '#/$defs/missing' }]);
    expect(schemasAt(root, { $ref: 'other.json#/x' }, ['a'])).toEqual([]);
  });
});
