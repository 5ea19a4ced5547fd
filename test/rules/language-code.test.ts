import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const languages = (...codes: string[]) => docsWith(`{ "languages": [\n${codes.map((c) => `    { "language": "${c}", "pages": ["index"] }`).join(',\n')}\n  ] }`);

ruleTester('language-code', {
  valid: [
    { name: 'every code of the spec', docs: languages('ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi') },
    { name: 'an extra code accepted by the config', docs: languages('en', 'zh'), options: { settings: { languages: ['zh'] } } },
  ],
  invalid: [
    {
      name: 'ISO codes the platform spells otherwise (fixed)',
      docs: languages('ja', 'pt-br', 'zh-TW', 'uk'),
      errors: [
        { severity: 'error', line: 3, column: 19, endLine: 3, endColumn: 23, message: 'language code "ja" is not supported; did you mean "jp"?',
          suggestions: [{ desc: 'Use "jp"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"jp\", \"pages\": [\"index\"] },\n    { \"language\": \"pt-br\", \"pages\": [\"index\"] },\n    { \"language\": \"zh-TW\", \"pages\": [\"index\"] },\n    { \"language\": \"uk\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
        { severity: 'error', line: 4, column: 19, endLine: 4, endColumn: 26, message: 'language code "pt-br" is not supported; did you mean "pt-BR"?',
          suggestions: [{ desc: 'Use "pt-BR"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"ja\", \"pages\": [\"index\"] },\n    { \"language\": \"pt-BR\", \"pages\": [\"index\"] },\n    { \"language\": \"zh-TW\", \"pages\": [\"index\"] },\n    { \"language\": \"uk\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
        { severity: 'error', line: 5, column: 19, endLine: 5, endColumn: 26, message: 'language code "zh-TW" is not supported; did you mean "zh-Hant"?',
          suggestions: [{ desc: 'Use "zh-Hant"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"ja\", \"pages\": [\"index\"] },\n    { \"language\": \"pt-br\", \"pages\": [\"index\"] },\n    { \"language\": \"zh-Hant\", \"pages\": [\"index\"] },\n    { \"language\": \"uk\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
        { severity: 'error', line: 6, column: 19, endLine: 6, endColumn: 23, message: 'language code "uk" is not supported; did you mean "ua"?',
          suggestions: [{ desc: 'Use "ua"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"ja\", \"pages\": [\"index\"] },\n    { \"language\": \"pt-br\", \"pages\": [\"index\"] },\n    { \"language\": \"zh-TW\", \"pages\": [\"index\"] },\n    { \"language\": \"ua\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
      ],
      output: languages('jp', 'pt-BR', 'zh-Hant', 'ua'),
    },
    {
      name: 'ambiguous and unknown codes are suggested, not fixed',
      docs: languages('zh', 'fr-CA', 'xx'),
      errors: [
        { severity: 'error', line: 3, column: 19, endLine: 3, endColumn: 23, message: 'language code "zh" is not supported; did you mean "cn" or "zh-Hant"?',
          suggestions: [{ desc: 'Use "cn"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"cn\", \"pages\": [\"index\"] },\n    { \"language\": \"fr-CA\", \"pages\": [\"index\"] },\n    { \"language\": \"xx\", \"pages\": [\"index\"] }\n  ] }\n}\n" },
            { desc: 'Use "zh-Hant"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"zh-Hant\", \"pages\": [\"index\"] },\n    { \"language\": \"fr-CA\", \"pages\": [\"index\"] },\n    { \"language\": \"xx\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
        { severity: 'error', line: 4, column: 19, endLine: 4, endColumn: 26, message: 'language code "fr-CA" is not supported; did you mean "fr"?',
          suggestions: [{ desc: 'Use "fr"', output: "{ \"theme\": \"mint\", \"name\": \"Test\", \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"languages\": [\n    { \"language\": \"zh\", \"pages\": [\"index\"] },\n    { \"language\": \"fr\", \"pages\": [\"index\"] },\n    { \"language\": \"xx\", \"pages\": [\"index\"] }\n  ] }\n}\n" }] },
        { severity: 'error', line: 5, column: 19, endLine: 5, endColumn: 23, message: 'language code "xx" is not supported' },
      ],
    },
  ],
});
