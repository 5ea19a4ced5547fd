import { member } from '../src/parsers/json';
import { supportedLanguages } from '../src/engine/languages';
import { type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import { didYouMean } from '../src/common/suggest';

export const meta: RuleMeta = {
  id: 'language-code',
  description: 'a language code outside the spec\'s list; suggests the right one',
  defaultSeverity: 'error',
  fixable: true,
  docs: {
    explanation:
      'The platform supports these language codes (spec 2.5): ar, cs, cn, zh-Hant, nl, en, fr, de, he, hi, id, it, jp, ko, lv, no, pl, pt-BR, ro, ru, es, sv, tr, ua, uz, vi. Some differ from ISO 639 (jp, not ja; ua, not uk; cn, not zh). The fix replaces a code whose right form is certain (a different case, or an alias such as ja → jp); an ambiguous one (zh, pt) gets suggestions. Extra codes can be accepted with "languages" in the config file.',
    valid: '{ "language": "jp", "tabs": [] }',
    invalid: '{ "language": "ja", "tabs": [] }',
  },
};

const supported = supportedLanguages;

/** Codes whose supported form is certain. Keys are lower case. */
const aliases: Record<string, string> = {
  ja: 'jp', 'ja-jp': 'jp', uk: 'ua', 'uk-ua': 'ua', 'zh-cn': 'cn', 'zh-hans': 'cn', 'zh-sg': 'cn', 'zh-tw': 'zh-Hant', 'zh-hk': 'zh-Hant',
  iw: 'he', in: 'id', nb: 'no', nn: 'no', kr: 'ko', 'ko-kr': 'ko', cz: 'cs', se: 'sv',
};
/** Codes that could mean more than one supported code. */
const ambiguous: Record<string, string[]> = { zh: ['cn', 'zh-Hant'], pt: ['pt-BR'], 'pt-pt': ['pt-BR'] };

export function check({ model, report, settings }: RuleContext): void {
  const accepted = new Set([...supported, ...settings.languages]);
  for (const element of model.elements) {
    if (element.kind !== 'language') continue;
    const code = member(element.node, 'language');
    if (code?.type !== 'string' || accepted.has(code.value as string)) continue;
    const written = code.value as string;
    const lower = written.toLowerCase();
    const certain = supported.find((s) => s.toLowerCase() === lower) ?? aliases[lower];
    const candidates = certain ? [certain] : ambiguous[lower] ?? nearest(written);
    const hint = candidates.length ? `; did you mean ${candidates.map((c) => `"${c}"`).join(' or ')}?` : '';
    report({
      span: code,
      message: `language code "${written}" is not supported${hint}`,
      fix: certain ? replaceSpan(code, JSON.stringify(certain)) : undefined,
      suggestions: candidates.map((c) => ({ desc: `Use "${c}"`, fix: replaceSpan(code, JSON.stringify(c)) })),
    });
  }
}

function nearest(code: string): string[] {
  const base = code.split('-')[0].toLowerCase();
  if (base !== code.toLowerCase()) {
    const byBase = supported.find((s) => s.toLowerCase() === base) ?? aliases[base];
    if (byBase) return [byBase];
  }
  const close = didYouMean(code, supported, 1);
  return close ? [close] : [];
}
