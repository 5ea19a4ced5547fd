import { isExternal } from '../src/engine/docs-json';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import { sitePath } from '../src/engine/site-urls';

export const meta: RuleMeta = {
  id: 'redirect-destination',
  description: 'a redirect whose destination lands on no page, generated endpoint page, redirect source or URL; suggests the nearest page',
  defaultSeverity: 'error',
  fixable: false,
  docs: {
    explanation:
      'A redirect ({ "source", "destination", "permanent"? }) sends readers of an old URL to a new one. Its destination must land somewhere: an absolute URL, a page of the site (its file, or a folder\'s index page), a page the platform generates from an OpenAPI operation of the navigation, or the source of another redirect. A destination with parameters (":slug", ":path*") is not checked. A did-you-mean suggests the nearest page.',
    valid: '{ "redirects": [{ "source": "/old", "destination": "/guides/start" }] }   (with guides/start.mdx)',
    invalid: '{ "redirects": [{ "source": "/old", "destination": "/guides/strat" }] }   (with guides/start.mdx)',
  },
};

export function check({ report, urls }: RuleContext): void {
  for (const { destination } of urls().redirects) {
    const value = destination?.value as string | undefined;
    if (!destination || value === undefined || value === '' || isExternal(value) || /[:*]/.test(sitePath(value))) continue;
    if (urls().landing(value)) continue;
    const near = urls().nearest(value);
    const { hint, suggestions } = didYouMeanAt(destination, near && `/${near}`);
    report({ span: destination, message: `redirect destination "${value}" lands on no page, generated endpoint page or redirect source${hint}`, suggestions });
  }
}
