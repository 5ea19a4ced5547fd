import { member } from '../src/parsers/json';
import { describeElement } from '../src/engine/model';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'href-format',
  description: 'an href that is neither an http(s) or mailto URL nor a relative path',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'An "href" on a navigation element is an external link (http, https or mailto) or a path inside the documentation ("/changelog", "guides/start"). Any other scheme ("javascript:", "file:"), an empty value, white space or a URL without a host is a broken or unsafe link.',
    valid: '{ "anchor": "Blog", "href": "https://example.com/blog" }',
    invalid: '{ "anchor": "Blog", "href": "javascript:alert(1)" }',
  },
};

/** Why an href is not acceptable, or undefined when it is. */
function hrefProblem(href: string): string | undefined {
  if (href.trim() === '') return 'is empty';
  if (/[\s\u0000-\u001f]/.test(href)) return 'contains white space';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return undefined; // a relative path, an anchor or a protocol-relative URL
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return `uses the "${scheme}:" scheme; only http, https and mailto links or relative paths are allowed`;
  if (scheme === 'mailto') return /^mailto:[^@]+@[^@]+$/i.test(href) ? undefined : 'is not a valid mailto address';
  try {
    return new URL(href).host ? undefined : 'has no host';
  } catch {
    return 'is not a valid URL';
  }
}

export function check({ model, report }: RuleContext): void {
  for (const element of model.elements) {
    const href = member(element.node, 'href');
    if (href?.type !== 'string') continue; // the schema reports a non-string
    const problem = hrefProblem(href.value as string);
    if (problem) report({ span: href, message: `href of ${describeElement(element)} ${problem}` });
  }
}
