import { didYouMean } from '../src/common/suggest';
import { supportedLanguages } from '../src/engine/languages';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import { member } from '../src/parsers/json';

export const meta = {
  id: 'language-code',
  description: 'a language code that neither the spec nor the platform accepts; suggests the right one',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    unsupported: 'language code "{{code}}" is not supported{{hint}}',
  },
  settings: ['languages'],
} satisfies RuleMeta;

const supported = supportedLanguages;

/** Codes that are not accepted and whose intended one is known. Keys are lower case. */
const aliases: Record<string, string> = {
  iw: 'he',
  in: 'id',
  nb: 'no',
  nn: 'no',
  kr: 'ko',
  cz: 'cs',
  se: 'sv',
  dk: 'da',
  'zh-hk': 'zh-Hant',
  'zh-sg': 'zh-Hans',
  'pt-pt': 'pt',
};

export function check({ model, report, settings }: RuleContext<typeof meta>): void {
  const accepted = new Set([...supported, ...settings.languages]);
  for (const element of model.elements) {
    // Languages, and the language links of `global` (the platform checks both against its list).
    if (element.kind !== 'language' && !(element.kind === 'global-link' && element.container === 'global.languages'))
      continue;
    const code = member(element.node, 'language');
    if (code?.type !== 'string' || accepted.has(code.value as string)) continue;
    const written = code.value as string;
    const { hint, suggestions } = didYouMeanAt(code, intended(written));
    report({ span: code, messageId: 'unsupported', data: { code: written, hint }, suggestions });
  }
}

/** The accepted codes a wrong one most likely means: the same in another case, an alias, its language without the region, or a near spelling. */
function intended(code: string): string[] {
  const lower = code.toLowerCase().replace(/_/g, '-');
  const sameCode = supported.filter((s) => s.toLowerCase() === lower);
  if (sameCode.length > 0) return sameCode;
  if (aliases[lower]) return [aliases[lower]];
  const base = lower.split('-')[0];
  if (base !== lower) {
    const byBase = supported.find((s) => s === base) ?? aliases[base];
    if (byBase) return [byBase];
  }
  const close = didYouMean(code, supported, 1);
  return close ? [close] : [];
}
