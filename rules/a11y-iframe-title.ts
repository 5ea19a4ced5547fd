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
  docs: {
    explanation:
      'An `<iframe>` is a page inside the page: a video from YouTube or Loom, a demo, a form. A screen reader announces it by its title, and its users decide from that whether to go into it (WCAG 4.1.2, Name, Role, Value; technique H64). This rule reports an `<iframe>` whose `title` is missing or blank and which has no `aria-label` or `aria-labelledby` instead (a title given as an expression is taken as given). `mint a11y` does not check this; the platform\'s own guide to accessible docs asks for it. Frames only agents see (`<Visibility for="agents">`) are left alone, as are snippets. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid:
      '---\ntitle: "Home"\n---\n\n<iframe src="https://www.youtube.com/embed/abc" title="Tutorial: set up your first site" />',
    invalid: '---\ntitle: "Home"\n---\n\n<iframe src="https://www.youtube.com/embed/abc" />',
  },
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
