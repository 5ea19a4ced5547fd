import { ruleTester } from '../rule-tester';
import { siteWithPage } from '../sites';

const unnamed =
  "a link whose only content is an image with no alt text has no name: a screen reader reads its URL, or nothing; the image's alt text is the link's text, and says where it leads (WCAG 2.4.4, failure F89)";

ruleTester('a11y-image-link', {
  valid: [
    {
      name: "an image with alt text, an image beside text; an <a> is a11y-link-text's",
      files: siteWithPage(
        '[![Acme\'s home page](/l.png)](/c) [![](/l.png) Home](/d) <a href="/f"><img src="/l.png" alt="" /></a>',
      ),
    },
  ],
  invalid: [
    {
      name: 'images without alt text alone in a link, also where empty alts are accepted as decorative',
      files: siteWithPage('[![](/l.png)](/a) [![ ](/l.png) ![](/m.png)](/b) [<img src="/l.png" />](/e)'),
      options: { settings: { decorativeAlt: true } },
      errors: [
        { file: 'index.mdx', severity: 'error', line: 5, column: 1, endLine: 5, endColumn: 18, message: unnamed },
        { file: 'index.mdx', severity: 'error', line: 5, column: 19, endLine: 5, endColumn: 49, message: unnamed },
        { file: 'index.mdx', severity: 'error', line: 5, column: 50, endLine: 5, endColumn: 76, message: unnamed },
      ],
    },
  ],
});
