import { a11yPages, isBlank } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-iframe-title',
  description: 'an `<iframe>` (a video or demo embedded) without a title (accessibility, beyond `mint a11y`)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    untitled:
      '<iframe>{{src}} has no title: a screen reader announces a frame with no name, and its users cannot tell what it holds before they enter it (WCAG 4.1.2, technique H64)',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const media of page.a11y.media ?? []) {
      if (media.tag !== 'iframe' || media.agents || !isBlank(media.title) || !isBlank(media.label)) continue;
      const src = typeof media.src === 'string' && !isBlank(media.src) ? ` "${media.src}"` : '';
      report({ span: page.spanOf(media.at), messageId: 'untitled', data: { src } });
    }
  }
}
