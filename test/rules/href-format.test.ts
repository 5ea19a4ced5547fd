import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const anchors = (...hrefs: string[]) =>
  docsWith(`{\n    "anchors": [{ "anchor": "Docs", "pages": ["a"] }],\n    "global": { "anchors": [\n${hrefs.map((h, i) => `      { "anchor": "L${i}", "href": ${JSON.stringify(h)} }`).join(',\n')}\n    ] }\n  }`);

ruleTester('href-format', {
  valid: [{ name: 'URLs, mailto and relative paths', docs: anchors('https://example.com/blog', 'http://example.com', 'mailto:team@example.com', '/changelog', 'guides/start', '#faq', '//cdn.example.com/x') }],
  invalid: [
    {
      name: 'schemes, blanks and broken URLs',
      docs: anchors('javascript:alert(1)', '', 'https://', 'docs/my page', 'mailto:nobody', 'FILE:///etc/passwd'),
      errors: [
        { severity: 'error', line: 5, column: 33, endLine: 5, endColumn: 54, message: 'href of global anchor "L0" uses the "javascript:" scheme; only http, https and mailto links or relative paths are allowed' },
        { severity: 'error', line: 6, column: 33, endLine: 6, endColumn: 35, message: 'href of global anchor "L1" is empty' },
        { severity: 'error', line: 7, column: 33, endLine: 7, endColumn: 43, message: 'href of global anchor "L2" is not a valid URL' },
        { severity: 'error', line: 8, column: 33, endLine: 8, endColumn: 47, message: 'href of global anchor "L3" contains white space' },
        { severity: 'error', line: 9, column: 33, endLine: 9, endColumn: 48, message: 'href of global anchor "L4" is not a valid mailto address' },
        { severity: 'error', line: 10, column: 33, endLine: 10, endColumn: 53, message: 'href of global anchor "L5" uses the "file:" scheme; only http, https and mailto links or relative paths are allowed' },
      ],
    },
  ],
});
