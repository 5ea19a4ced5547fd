import { a11yPages } from '../src/engine/a11y-pages';
import type { RuleContext, RuleMeta } from '../src/engine/rule';

export const meta = {
  id: 'a11y-image-link',
  description:
    'a link whose only content is an image with no alt text, which leaves the link without a name (accessibility, beyond `mint a11y`)',
  defaultSeverity: 'off',
  a11y: 'error',
  fixable: false,
  messages: {
    unnamed:
      "a link whose only content is an image with no alt text has no name: a screen reader reads its URL, or nothing; the image's alt text is the link's text, and says where it leads (WCAG 2.4.4, failure F89)",
  },
  readsSiteFiles: true,
  parsesPages: true,
  docs: {
    explanation:
      'When an image is all a link holds (a logo, a badge, a screenshot that leads to the full size), the image\'s alt text is the link\'s name: with none, a screen reader reads the link\'s URL, or nothing (WCAG 2.4.4 and 4.1.2; failure F89). This rule reports a Markdown link whose content is only images without alt text (`[![](/logo.png)](https://acme.com)`), also where `"decorativeAlt": true` accepts an empty alt elsewhere: an image in a link is never decorative. `a11y-image-alt` reports the image itself, as `mint a11y` does, unless empty alts are accepted; an `<a>` that holds an image alone is `a11y-link-text`\'s. Links only agents see and snippets are left alone. An accessibility rule: off until the accessibility rules are turned on (`--a11y`, or `"a11y"` in the config file).',
    valid: '---\ntitle: "Home"\n---\n\n[![Acme\'s home page](/logo.png)](https://acme.com)',
    invalid: '---\ntitle: "Home"\n---\n\n[![](/logo.png)](https://acme.com)',
  },
} satisfies RuleMeta;

export function check({ site, pagesToCheck, report }: RuleContext<typeof meta>): void {
  for (const page of a11yPages(site, pagesToCheck())) {
    for (const link of page.a11y.bareLinks ?? []) {
      if (link.tag !== '' || link.agents || link.name || !link.emptyImages) continue;
      report({ span: page.spanOf(link.at), messageId: 'unnamed' });
    }
  }
}
