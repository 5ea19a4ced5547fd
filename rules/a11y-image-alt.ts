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
  docs: {
    explanation:
      'An image needs a text alternative (WCAG 1.1.1, Non-text Content): its alt text is what a screen reader reads, and what shows when the image does not load. The platform\'s `mint a11y` reports every Markdown image whose alt text is empty or blank (`![](/a.png)`), and every `<img>` and `<video>` whose `alt` is missing, not a string literal (`alt={x}`) or blank, at the element\'s first line and column, in every page it builds (not in snippets), those only agents see included; this rule reports exactly those. An empty alt (`alt=""`) is also how HTML marks an image as decorative (WCAG technique H67), which a screen reader then passes over: the platform reports it, and so does this rule by default, so that a site `mint a11y` passes passes here; `"decorativeAlt": true` in the config file accepts an empty alt (not a blank one, nor a missing one) as decorative. An image that is a link\'s only content can never be decorative: `a11y-image-link` reports that. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid:
      '---\ntitle: "Home"\n---\n\n![The dashboard, three projects listed](/images/dashboard.png)\n\n<img src="/logo.png" alt="Acme" />',
    invalid: '---\ntitle: "Home"\n---\n\n![](/images/dashboard.png)\n\n<img src="/logo.png" />',
  },
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
