import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

/** A file name of an image or a video: what an editor writes as the alt text of a file dropped in. */
const fileName = /^[^\s/\\]+(?: [^\s/\\]+)*\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?|heic|mp4|webm|mov)$/i;

export const meta = {
  id: 'a11y-alt-filename',
  description: 'an image whose alt text is a file name (`alt="screenshot.png"`) (accessibility, beyond `mint a11y`)',
  defaultSeverity: 'off',
  a11y: 'warn',
  fixable: false,
  messages: {
    fileName:
      'the alt text "{{alt}}" is a file name, which tells a screen reader nothing of what the image shows (WCAG 1.1.1, failure F30)',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const media of page.a11y.media ?? []) {
      if ((media.tag !== '!' && media.tag !== 'img') || media.agents || typeof media.alt !== 'string') continue;
      const alt = media.alt.trim();
      if (fileName.test(alt)) report({ span: page.spanOf(media.at), messageId: 'fileName', data: { alt } });
    }
  }
}
