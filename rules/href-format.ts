import type { MessageData, MessageIdOf, RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'href-format',
  description: 'a link in docs.json that is neither an http(s) or mailto URL nor a relative path',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    // {{subject}}: `href of <the element>`, or `link "<href>" in <the element>` for a link inside a text.
    empty: '{{subject}} is empty',
    whiteSpace: '{{subject}} contains white space',
    scheme:
      '{{subject}} uses the "{{scheme}}:" scheme; only http, https and mailto links or relative paths are allowed',
    badMailto: '{{subject}} is not a valid mailto address',
    badUrl: '{{subject}} is not a valid URL',
  },
} satisfies RuleMeta;

/** Why an href is not acceptable (a message and its data but the subject), or undefined when it is. */
function hrefProblem(href: string): { messageId: MessageIdOf<typeof meta>; data?: MessageData } | undefined {
  if (href.trim() === '') return { messageId: 'empty' };
  if (/[\s\u0000-\u001f]/.test(href)) return { messageId: 'whiteSpace' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return undefined; // a relative path, an anchor or a protocol-relative URL
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return { messageId: 'scheme', data: { scheme } };
  if (scheme === 'mailto') return /^mailto:[^@]+@[^@]+$/i.test(href) ? undefined : { messageId: 'badMailto' };
  // An http(s) URL with no host does not parse.
  try {
    new URL(href);
    return undefined;
  } catch {
    return { messageId: 'badUrl' };
  }
}

export function check({ links: docsLinks, report }: RuleContext<typeof meta>): void {
  const { strings, links } = docsLinks();
  for (const { node, label } of strings) {
    const problem = hrefProblem(node.value as string);
    if (problem) report({ span: node, ...problem, data: { subject: `href of ${label}`, ...problem.data } });
  }
  for (const { href, span, label } of links) {
    const problem = hrefProblem(href);
    if (problem) report({ span, ...problem, data: { subject: `link "${href}" in ${label}`, ...problem.data } });
  }
}
