import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (files: Record<string, string>) => ({
  'docs.json': docsWith('{ "pages": ["index"] }'),
  'index.mdx': '# Home\n',
  ...files,
});
const cannot = 'this file does not parse as JSON or YAML, as the platform reads it: ';

ruleTester('data-syntax', {
  valid: [
    {
      name: "JSON and YAML files that parse, referenced or not; files the platform does not read: .mintignore'd, node_modules, an extension in capitals",
      files: site({
        'data/plans.json': '{ "free": 0, "pro": 20 }\n',
        'api/openapi.yaml': 'openapi: 3.1.0\ninfo: { title: A, version: "1" }\npaths: {}\n',
        'config.yml': '# a comment\nlist:\n  - a\n  - b\n',
        'drafts/broken.json': '{ "a": ',
        '.mintignore': 'drafts/\n',
        'node_modules/pkg/package.json': '{ "name": ',
        'LEGACY.JSON': '{ "a": ',
        // js-yaml 4.3.2 refuses a merge of more than 100 mappings; the platform's 4.3.1 loads it.
        'merges.yaml': `${Array.from({ length: 101 }, (_, i) => `m${i}: &m${i} { k${i}: ${i} }`).join('\n')}\nall:\n  <<: [${Array.from({ length: 101 }, (_, i) => `*m${i}`).join(', ')}]\n`,
      }),
    },
  ],
  invalid: [
    {
      name: 'a repeated key in JSON, an unclosed object, a bad indentation in YAML, after a byte order mark: each at the place js-yaml names',
      files: site({
        'data/plans.json': '{\n  "free": 0,\n  "free": 20\n}\n',
        'data/open.json': '{ "a": [1, 2\n',
        'ci.yaml': 'jobs:\n  build:\n    steps: 1\n   bad: 2\n',
        'bom.json': '\uFEFF{ "a": 1, "a": 2 }',
      }),
      errors: [
        {
          file: 'bom.json',
          severity: 'error',
          line: 1,
          // js-yaml drops the byte order mark, and editors do not show it: the second "a" is the 11th column.
          column: 11,
          endLine: 1,
          endColumn: 11,
          message: `${cannot}duplicated mapping key`,
        },
        {
          file: 'ci.yaml',
          severity: 'error',
          line: 4,
          column: 4,
          endLine: 4,
          endColumn: 4,
          messageId: 'unparsable',
          data: { reason: 'bad indentation of a mapping entry' },
        },
        {
          file: 'data/open.json',
          severity: 'error',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 1,
          messageId: 'unparsable',
          data: { reason: 'unexpected end of the stream within a flow collection' },
        },
        {
          file: 'data/plans.json',
          severity: 'error',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 3,
          messageId: 'unparsable',
          data: { reason: 'duplicated mapping key' },
        },
      ],
    },
    {
      name: 'a YAML stream of several documents (js-yaml names no place): at the marker of the second, whether the first has one or not',
      files: site({
        'a.yaml': '# two\nname: a\n---\nname: b\n',
        'b.yaml': '%YAML 1.2\n---\nname: a\n...\nname: b\n',
      }),
      errors: [
        {
          file: 'a.yaml',
          severity: 'error',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 1,
          messageId: 'unparsable',
          data: { reason: 'expected a single document in the stream, but found more' },
        },
        {
          file: 'b.yaml',
          severity: 'error',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 1,
          messageId: 'unparsable',
          data: { reason: 'expected a single document in the stream, but found more' },
        },
      ],
    },
  ],
});
