/** The language codes of the spec (2.5). Some differ from ISO 639: jp, ua, cn. */
export const specLanguages = ['ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi'];

/** The language codes the platform's docs.json schema accepts (../shared/reference/navigation-fields.md); case counts. */
export const platformLanguages = [
  'en', 'cn', 'zh', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'es', 'fr', 'fr-CA', 'fr-ca', 'ja', 'jp', 'ja-jp', 'ja-JP', 'pt', 'pt-BR', 'de', 'ko', 'it',
  'ru', 'ro', 'cs', 'id', 'ar', 'tr', 'hi', 'sv', 'no', 'da', 'lv', 'nl', 'uk', 'vi', 'pl', 'uz', 'he', 'ca', 'fi', 'hu',
];

/** Every valid language code: the spec's list plus the platform's. */
export const supportedLanguages = [...new Set([...specLanguages, ...platformLanguages])];
