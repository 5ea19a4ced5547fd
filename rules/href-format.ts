import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta: RuleMeta = {
  id: 'href-format',
  description: 'a link in docs.json that is neither an http(s) or mailto URL nor a relative path',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'Every link docs.json writes is an external link (http, https or mailto) or a path inside the documentation ("/changelog", "guides/start"): the "href" of navigation elements and global links, of navbar links and its primary button, of footer links, of contextual-menu options, the logo\'s, a language\'s own navbar and footer, and the markdown links of banners. Any other scheme ("javascript:", "file:"), an empty value, white space or a URL without a host is a broken or unsafe link.',
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
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto')
    return `uses the "${scheme}:" scheme; only http, https and mailto links or relative paths are allowed`;
  if (scheme === 'mailto') return /^mailto:[^@]+@[^@]+$/i.test(href) ? undefined : 'is not a valid mailto address';
  try {
    return new URL(href).host ? undefined : 'has no host';
  } catch {
    return 'is not a valid URL';
  }
}

export function check({ links: docsLinks, report }: RuleContext): void {
  const { strings, links } = docsLinks();
  for (const { node, label } of strings) {
    const problem = hrefProblem(node.value as string);
    if (problem) report({ span: node, message: `href of ${label} ${problem}` });
  }
  for (const { href, span, label } of links) {
    const problem = hrefProblem(href);
    if (problem) report({ span, message: `link "${href}" in ${label} ${problem}` });
  }
}
