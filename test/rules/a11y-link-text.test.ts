import { ruleTester } from '../rule-tester';
import { onLine, siteWithPage } from '../sites';

// What @mintlify/cli 4.0.1552's `mint a11y` reports, at its lines and columns (test/a11y-differential.test.ts holds the rule to it on real sites).
ruleTester('a11y-link-text', {
  valid: [
    {
      name: "an <a> with text, however deep; Markdown links and cards are not this rule's",
      files: siteWithPage(
        '<a href="/x">Text</a> <a href="/n"><span>nested <b>text</b></span></a> [](/a) <Card href="/b" />',
      ),
    },
  ],
  invalid: [
    {
      name: 'an icon alone, blank text, and what names a link for a screen reader but is no text to mint a11y',
      files: siteWithPage(`<a href="/y"><Icon icon="github" /></a> <a href="/z">  </a>

<a href="#t" aria-label="Permalink"><svg /></a> <a href="/i"><img src="/logo.png" alt="Acme" /></a> <a href="/c">\`code\`</a>`),
      errors: [
        {
          ...onLine(5, 1, 3),
          message: '<a> has no text, so a screen reader has no name to read for the link (WCAG 2.4.4, 4.1.2)',
        },
        { ...onLine(5, 41, 43), messageId: 'noText' },
        {
          ...onLine(7, 1, 3),
          message:
            '<a> has no text: its aria-label names it for a screen reader, but `mint a11y` reads text alone and reports it',
        },
        { ...onLine(7, 49, 51), messageId: 'namedOtherwise', data: { name: "image's alt text" } },
        { ...onLine(7, 101, 103), messageId: 'namedOtherwise', data: { name: 'code' } },
      ],
    },
    {
      name: 'an anchor to link to, with no href',
      files: siteWithPage('<a id="anchor" />'),
      errors: [
        {
          ...onLine(5, 1, 3),
          message:
            '<a> has no text, and no href: an anchor to link to, which `mint a11y` reports as a link without text; an element of no meaning (`<span id="…" />`) is the same anchor, which it passes',
        },
      ],
    },
  ],
});
