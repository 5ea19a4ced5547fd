import { platformLanguages, specLanguages } from '../../src/engine/languages';
import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const languages = (...codes: string[]) =>
  docsWith(
    `{ "languages": [\n${codes.map((c) => `    { "language": "${c}", "pages": ["index"] }`).join(',\n')}\n  ] }`,
  );

ruleTester('language-code', {
  valid: [
    { name: 'every code of the spec', docs: languages(...specLanguages) },
    // Real sites: the vendor's own site uses zh; others ja and zh-Hans.
    { name: 'every code the platform accepts (zh, ja, zh-Hans, uk, ...)', docs: languages(...platformLanguages) },
    {
      name: 'an extra code accepted by the config',
      docs: languages('en', 'tlh'),
      options: { settings: { languages: ['tlh'] } },
    },
  ],
  invalid: [
    {
      // A code is part of the site's URLs: renaming it is a suggestion, never a --fix.
      name: 'a code in another case: suggested, not fixed',
      docs: languages('FR', 'pt-br', 'pt_BR', 'FR-CA'),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 19,
          endLine: 3,
          endColumn: 23,
          message: 'language code "FR" is not supported; did you mean "fr"?',
          suggestions: [{ desc: 'Use "fr"', output: languages('fr', 'pt-br', 'pt_BR', 'FR-CA') }],
        },
        {
          severity: 'error',
          line: 4,
          column: 19,
          endLine: 4,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'pt-br', hint: '; did you mean "pt-BR"?' },
          suggestions: [{ desc: 'Use "pt-BR"', output: languages('FR', 'pt-BR', 'pt_BR', 'FR-CA') }],
        },
        {
          severity: 'error',
          line: 5,
          column: 19,
          endLine: 5,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'pt_BR', hint: '; did you mean "pt-BR"?' },
          suggestions: [{ desc: 'Use "pt-BR"', output: languages('FR', 'pt-br', 'pt-BR', 'FR-CA') }],
        },
        {
          severity: 'error',
          line: 6,
          column: 19,
          endLine: 6,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'FR-CA', hint: '; did you mean "fr-CA" or "fr-ca"?' },
          suggestions: [
            { desc: 'Use "fr-CA"', output: languages('FR', 'pt-br', 'pt_BR', 'fr-CA') },
            { desc: 'Use "fr-ca"', output: languages('FR', 'pt-br', 'pt_BR', 'fr-ca') },
          ],
        },
      ],
    },
    {
      name: 'aliases, a region the platform lacks, near spellings and unknown codes',
      docs: languages('iw', 'zh-HK', 'de-DE', 'jp-JP', 'esp', 'xx'),
      errors: [
        {
          severity: 'error',
          line: 3,
          column: 19,
          endLine: 3,
          endColumn: 23,
          messageId: 'unsupported',
          data: { code: 'iw', hint: '; did you mean "he"?' },
          suggestions: [{ desc: 'Use "he"', output: languages('he', 'zh-HK', 'de-DE', 'jp-JP', 'esp', 'xx') }],
        },
        {
          severity: 'error',
          line: 4,
          column: 19,
          endLine: 4,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'zh-HK', hint: '; did you mean "zh-Hant"?' },
          suggestions: [{ desc: 'Use "zh-Hant"', output: languages('iw', 'zh-Hant', 'de-DE', 'jp-JP', 'esp', 'xx') }],
        },
        {
          severity: 'error',
          line: 5,
          column: 19,
          endLine: 5,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'de-DE', hint: '; did you mean "de"?' },
          suggestions: [{ desc: 'Use "de"', output: languages('iw', 'zh-HK', 'de', 'jp-JP', 'esp', 'xx') }],
        },
        {
          severity: 'error',
          line: 6,
          column: 19,
          endLine: 6,
          endColumn: 26,
          messageId: 'unsupported',
          data: { code: 'jp-JP', hint: '; did you mean "jp"?' },
          suggestions: [{ desc: 'Use "jp"', output: languages('iw', 'zh-HK', 'de-DE', 'jp', 'esp', 'xx') }],
        },
        {
          severity: 'error',
          line: 7,
          column: 19,
          endLine: 7,
          endColumn: 24,
          messageId: 'unsupported',
          data: { code: 'esp', hint: '; did you mean "es"?' },
          suggestions: [{ desc: 'Use "es"', output: languages('iw', 'zh-HK', 'de-DE', 'jp-JP', 'es', 'xx') }],
        },
        {
          severity: 'error',
          line: 8,
          column: 19,
          endLine: 8,
          endColumn: 23,
          messageId: 'unsupported',
          data: { code: 'xx', hint: '' },
        },
      ],
    },
    {
      name: 'a global language link is checked too (found by the differential test)',
      docs: docsWith(
        '{ "pages": ["index"], "global": { "languages": [{ "language": "DE", "href": "https://de.example.com" }] } }',
      ),
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 79,
          endLine: 2,
          endColumn: 83,
          messageId: 'unsupported',
          data: { code: 'DE', hint: '; did you mean "de"?' },
          suggestions: [
            {
              desc: 'Use "de"',
              output: docsWith(
                '{ "pages": ["index"], "global": { "languages": [{ "language": "de", "href": "https://de.example.com" }] } }',
              ),
            },
          ],
        },
      ],
    },
  ],
});
