import { ruleTester } from '../rule-tester';
import { onLine, siteWithPage } from '../sites';

ruleTester('a11y-link-name', {
  valid: [
    {
      name: "text, code, an image's alt text, a link title, an expression; an image alone without alt and <a> are other rules'",
      files: siteWithPage(`[Text](/b) [\`code\`](/c) [![Logo](/l.png)](/d) [](/e "Quickstart") [{label}](/f)

[![](/l.png)](/g) <a href="/h"></a>

<Card title="T" href="/j" /> <Card href="/k">Text</Card> <Card icon="x" /> <Card href="/l" title={t} />

<Visibility for="agents">
[](/m)
</Visibility>`),
    },
  ],
  invalid: [
    {
      name: 'an empty link, a blank one, an icon alone, a card with neither title nor text',
      files: siteWithPage(`[](/quickstart) [ ](/a) [<Icon icon="x" />](/f)

<Card href="/i" icon="rocket" />`),
      errors: [
        {
          ...onLine(5, 1, 16),
          message:
            'a link with no text: a screen reader reads its URL, or nothing, in its place (WCAG 2.4.4, 4.1.2); write what it leads to between the brackets',
        },
        { ...onLine(5, 17, 24), messageId: 'markdown' },
        { ...onLine(5, 25, 48), messageId: 'markdown' },
        {
          ...onLine(7, 1, 6),
          message:
            '<Card href> with neither a title nor text: a screen reader has no name to read for the link (WCAG 2.4.4, 4.1.2)',
        },
      ],
    },
  ],
});
