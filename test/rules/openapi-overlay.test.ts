import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (files: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...files,
});
const refuses = ': the platform refuses this Overlay, so `mint validate` fails';

ruleTester('openapi-overlay', {
  valid: [
    {
      name: "Overlay 1.0 and 1.1 documents with every kind of action, x- extensions, __proto__ members (the platform's zod leaves them out), and a version YAML reads as a date (the platform makes it a string)",
      files: site({
        'overlays/a.yaml':
          'overlay: 1.1.0\ninfo:\n  title: O\n  version: 2024-01-01\nactions:\n  - target: $.info\n    update: { x-a: 1 }\n  - target: $.paths\n    copy: $.x\n  - target: $.tags\n    remove: true\n',
        'overlays/c.yaml':
          'overlay: 1.0.0\n__proto__: {}\ninfo: { title: O, version: "1", __proto__: {} }\nactions: [{ target: $, remove: true, __proto__: {} }]\n',
        'overlays/b.json':
          '{ "overlay": "1.0.2", "x-team": 1, "info": { "title": "O", "version": "1", "x-a": 2 }, "extends": "../api.yaml", "actions": [{ "target": "$.info", "update": null, "x-b": 3 }] }\n',
      }),
    },
  ],
  invalid: [
    {
      name: 'a version the platform does not read, a missing info.version, an unknown field, no action: each where it is written',
      files: site({
        'a.yaml': 'overlay: 2.0.0\ninfo:\n  title: O\n  owner: me\nactions: []\n',
        'b.yaml': 'overlay: 1.0\ninfo: O\nextends: null\n',
      }),
      errors: [
        {
          file: 'a.yaml',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 15,
          message: `the platform reads Overlay Specification versions 1.0.x and 1.1.x only${refuses}`,
        },
        {
          file: 'a.yaml',
          severity: 'error',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 5,
          messageId: 'refused',
          data: { problem: '"info" misses the required "version"' },
        },
        {
          file: 'a.yaml',
          severity: 'error',
          line: 4,
          column: 3,
          endLine: 4,
          endColumn: 8,
          messageId: 'refused',
          data: { problem: 'unknown field "owner": only the fixed fields and "x-" extensions are allowed' },
        },
        {
          file: 'a.yaml',
          severity: 'error',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 8,
          messageId: 'refused',
          data: { problem: 'the "actions" array must hold at least one action' },
        },
        {
          file: 'b.yaml',
          severity: 'error',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'refused',
          data: { problem: 'the Overlay misses the required "actions"' },
        },
        {
          file: 'b.yaml',
          severity: 'error',
          line: 1,
          column: 10,
          endLine: 1,
          endColumn: 13,
          messageId: 'refused',
          data: { problem: 'the "overlay" version must be a string, e.g. "1.1.0"' },
        },
        {
          file: 'b.yaml',
          severity: 'error',
          line: 2,
          column: 7,
          endLine: 2,
          endColumn: 8,
          messageId: 'refused',
          data: { problem: '"info" must be an object' },
        },
        {
          file: 'b.yaml',
          severity: 'error',
          line: 3,
          column: 10,
          endLine: 3,
          endColumn: 14,
          messageId: 'refused',
          data: { problem: '"extends" must be a string' },
        },
      ],
    },
    {
      name: 'actions: without effect, with both update and copy, copy in Overlay 1.0, a blank target, one that is no object',
      files: site({
        'o.yaml':
          'overlay: 1.0.0\ninfo: { title: O, version: "1" }\nactions:\n  - target: $.a\n    remove: false\n  - target: $.b\n    update: {}\n    copy: $.x\n  - target: "  "\n    remove: true\n  - $.c\n',
      }),
      errors: [
        {
          file: 'o.yaml',
          severity: 'error',
          line: 4,
          column: 5,
          endLine: 4,
          endColumn: 6,
          messageId: 'refused',
          data: { problem: 'an action without "update", "copy" or "remove: true" has no effect' },
        },
        {
          file: 'o.yaml',
          severity: 'error',
          line: 6,
          column: 5,
          endLine: 6,
          endColumn: 6,
          messageId: 'refused',
          data: { problem: 'an action sets both "update" and "copy": use one modifier per action' },
        },
        {
          file: 'o.yaml',
          severity: 'error',
          line: 8,
          column: 5,
          endLine: 8,
          endColumn: 9,
          messageId: 'refused',
          data: { problem: '"copy" needs Overlay Specification 1.1.0 or later: declare overlay: "1.1.0"' },
        },
        {
          file: 'o.yaml',
          severity: 'error',
          line: 9,
          column: 13,
          endLine: 9,
          endColumn: 17,
          messageId: 'refused',
          data: { problem: 'an action needs a non-empty "target" JSONPath expression' },
        },
        {
          file: 'o.yaml',
          severity: 'error',
          line: 11,
          column: 5,
          endLine: 11,
          endColumn: 8,
          messageId: 'refused',
          data: { problem: 'an action must be an object' },
        },
      ],
    },
  ],
});
