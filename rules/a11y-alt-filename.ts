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
  docs: {
    explanation:
      'An image\'s alt text stands in for the image (WCAG 1.1.1, Non-text Content): a file name is no text alternative (failure F30), and it is what editors and tools write when an image is dropped in (`![image.png](…)`, `alt="Screenshot 2024-05-02 at 10.14.03.png"`). This rule reports a Markdown image or `<img>` whose alt text is a file name: one word or more ending in an image\'s or a video\'s extension. `mint a11y` passes such an image, as its alt text is not empty. Images only agents see and snippets are left alone. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid: '---\ntitle: "Home"\n---\n\n![The settings page, its API keys tab open](/images/settings.png)',
    invalid: '---\ntitle: "Home"\n---\n\n![settings.png](/images/settings.png)',
  },
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
