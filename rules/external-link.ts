import { relativePath } from '../src/common/paths';
import { docsJsonHrefs, fileLinks, isWebUrl, linkSpan, webUrl } from '../src/engine/page-link-targets';
import type { MessageData, MessageIdOf, RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'external-link',
  description:
    'an http(s) link in a page that answers 404, 410 or another client error, a server error, or nothing, when `--check-external` asks it',
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    // Why the request failed (src/site/url-checks.ts): `could not be reached (ECONNREFUSED)`, `no answer within 10 s`.
    unreachable: 'link "{{url}}" {{error}}',
    serverError: 'link "{{url}}" answers {{status}}, a server error, after retries',
    notFound: 'link "{{url}}" answers 404 Not Found',
    gone: 'link "{{url}}" answers 410 Gone',
    clientError: 'link "{{url}}" answers {{status}}',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({
  site,
  report,
  externalLinks,
  pagesToCheck,
  links,
  checks,
  model,
}: RuleContext<typeof meta>): void {
  if (!externalLinks) return;
  const problemAt = (url: string) => {
    const verdict = isWebUrl(url) ? externalLinks.get(webUrl(url)) : undefined;
    return verdict && problemOf(verdict);
  };
  if (checks(relativePath(site.root, model.docsFile.path))) {
    for (const { href, span } of docsJsonHrefs(links())) {
      const problem = problemAt(href);
      if (problem) report({ span, ...problem, data: { url: href, ...problem.data } });
    }
  }
  for (const found of fileLinks(site, pagesToCheck())) {
    const [url] = found.link;
    const problem = problemAt(url);
    if (problem) report({ span: linkSpan(site, found), ...problem, data: { url, ...problem.data } });
  }
}

/** What is wrong with an answer, as a message with its data (all but the URL); undefined when nothing is. */
function problemOf(
  verdict: { status: number } | { error: string },
): { messageId: MessageIdOf<typeof meta>; data: MessageData } | undefined {
  if ('error' in verdict) return { messageId: 'unreachable', data: { error: verdict.error } };
  const { status } = verdict;
  if (status >= 500) return { messageId: 'serverError', data: { status } };
  if (status === 404) return { messageId: 'notFound', data: {} };
  if (status === 410) return { messageId: 'gone', data: {} };
  if (status >= 400 && status !== 401 && status !== 403 && status !== 429)
    return { messageId: 'clientError', data: { status } };
  return undefined;
}
