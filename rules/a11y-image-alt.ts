import { a11yPages, isBlank } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-image-alt',
  description: 'an image (Markdown, `<img>`) or `<video>` without alt text, as `mint a11y` checks it (accessibility)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  settings: ['decorativeAlt'],
  messages: {
    missing: '{{element}}{{src}} has no alt text: a screen reader has nothing to read in its place (WCAG 1.1.1)',
    expression:
      '{{element}}{{src}} has an alt that is no string literal, which `mint a11y` takes for none (WCAG 1.1.1)',
    blank: '{{element}}{{src}} has an alt text of white space, which tells a screen reader nothing (WCAG 1.1.1)',
    video:
      '<video>{{src}} has no alt text, which `mint a11y` asks of every video: give it one (what a screen reader reads of a video is its aria-label or title; its text alternatives are captions or a transcript, WCAG 1.2)',
    empty:
      '{{element}}{{src}} has an empty alt text, which `mint a11y` reports: describe the image, or, if the site marks decorative images so (WCAG H67), set "decorativeAlt": true',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, settings, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const media of page.a11y.media ?? []) {
      if (media.tag !== '!' && media.tag !== 'img' && media.tag !== 'video') continue;
      const { alt } = media;
      if ((typeof alt === 'string' && alt.trim() !== '') || (alt === '' && settings.decorativeAlt)) continue;
      report({
        span: page.spanOf(media.at),
        // mint a11y's verdict: an alt that is blank (empty among them), none, or no string.
        messageId:
          alt === undefined
            ? media.tag === 'video'
              ? 'video'
              : 'missing'
            : alt === true
              ? 'expression'
              : alt === ''
                ? 'empty'
                : 'blank',
        data: {
          element: media.tag === '!' ? 'image' : `<${media.tag}>`,
          src: typeof media.src === 'string' && !isBlank(media.src) ? ` "${media.src}"` : '',
        },
      });
    }
  }
}
