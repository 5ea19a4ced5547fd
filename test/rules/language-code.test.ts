import { docsWith, testRule } from '../helpers';

const languages = (...codes: string[]) => docsWith(`{ "languages": [\n${codes.map((c) => `    { "language": "${c}", "pages": ["index"] }`).join(',\n')}\n  ] }`);

testRule('language-code', {
  valid: [
    { name: 'every code of the spec', docs: languages('ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi') },
    { name: 'an extra code accepted by the config', docs: languages('en', 'zh'), options: { settings: { languages: ['zh'] } } },
  ],
  invalid: [
    {
      name: 'ISO codes the platform spells otherwise (fixed)',
      docs: languages('ja', 'pt-br', 'zh-TW', 'uk'),
      errors: [
        { line: 3, column: 19, endLine: 3, endColumn: 23, message: 'language code "ja" is not supported; did you mean "jp"?' },
        { line: 4, column: 19, endLine: 4, endColumn: 26, message: 'language code "pt-br" is not supported; did you mean "pt-BR"?' },
        { line: 5, column: 19, endLine: 5, endColumn: 26, message: 'language code "zh-TW" is not supported; did you mean "zh-Hant"?' },
        { line: 6, column: 19, endLine: 6, endColumn: 23, message: 'language code "uk" is not supported; did you mean "ua"?' },
      ],
      output: languages('jp', 'pt-BR', 'zh-Hant', 'ua'),
    },
    {
      name: 'ambiguous and unknown codes are suggested, not fixed',
      docs: languages('zh', 'fr-CA', 'xx'),
      errors: [
        { line: 3, column: 19, endLine: 3, endColumn: 23, message: 'language code "zh" is not supported; did you mean "cn" or "zh-Hant"?' },
        { line: 4, column: 19, endLine: 4, endColumn: 26, message: 'language code "fr-CA" is not supported; did you mean "fr"?' },
        { line: 5, column: 19, endLine: 5, endColumn: 23, message: 'language code "xx" is not supported' },
      ],
      output: languages('zh', 'fr-CA', 'xx'),
    },
  ],
});
