import { isExternal } from '../src/engine/docs-json';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import { redirectedUrl, sitePath, withoutSegment } from '../src/engine/site-urls';

export const meta = {
  id: 'redirect-destination',
  description:
    'a redirect whose destination lands on no page, generated endpoint page, folder of listed pages, redirect source or URL; suggests the nearest page',
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    landsNowhere:
      'redirect destination "{{destination}}" lands on no page, generated endpoint page, folder of listed pages or redirect source{{hint}}',
  },
} satisfies RuleMeta;

export function check({ report, urls }: RuleContext<typeof meta>): void {
  // Redirects written with the site's base path are redirect-base-path's one finding: each is checked without it.
  const basePath = urls().redirectBasePath();
  for (const { destination } of urls().redirects) {
    const value = destination?.value as string | undefined;
    if (!destination || value === undefined || value === '' || isExternal(value) || /[:*]/.test(sitePath(value)))
      continue;
    const path = (basePath !== undefined && withoutSegment(value, basePath)) || value;
    if (urls().landing(path)) continue;
    const near = urls().nearest(path);
    const { hint, suggestions } = didYouMeanAt(
      destination,
      near && redirectedUrl(value, path === value ? `/${near}` : `/${basePath}/${near}`),
    );
    report({
      span: destination,
      messageId: 'landsNowhere',
      data: { destination: value, hint },
      suggestions,
    });
  }
}
