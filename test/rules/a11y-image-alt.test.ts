import { ruleTester } from '../rule-tester';
import { onLine, siteWithPage } from '../sites';

// What @mintlify/cli 4.0.1552's `mint a11y` reports, at its lines and columns (test/a11y-differential.test.ts holds the rule to it on real sites).
ruleTester('a11y-image-alt', {
  valid: [
    {
      name: 'images and videos with alt text; an iframe is not checked; snippets and files imported as snippets are not pages',
      files: siteWithPage(
        '![Chart of requests per day](/c.png) <img src="/g.png" alt="Acme" /> <video src="/w.mp4" alt="Demo of the editor" /> <iframe src="https://x" />',
        {
          'snippets/s.mdx': '![](/s.png)\n',
          'guide.mdx': "import Part from '/guide-part.mdx'\n\n<Part />\n",
          'guide-part.mdx': '![](/p.png)\n',
        },
      ),
    },
    {
      name: 'with "decorativeAlt": true, an empty alt marks a decorative image',
      files: siteWithPage('![](/a.png) <img src="/e.png" alt="" /> <video src="/v.mp4" alt="" />'),
      options: { settings: { decorativeAlt: true } },
    },
  ],
  invalid: [
    {
      name: 'empty, blank, missing and expression alts of Markdown images, img and video, those only agents see included',
      files: siteWithPage(`![](/a.png) ![ ](/b.png)

<img src="/d.png" /> <img src="/e.png" alt="" /> <img src="/f.png" alt={alt} /> <img alt />

<video src="/v.mp4" />

<Visibility for="agents">
![](/agents.png)
</Visibility>`),
      errors: [
        {
          ...onLine(5, 1, 12),
          message:
            'image "/a.png" has an empty alt text, which `mint a11y` reports: describe the image, or, if the site marks decorative images so (WCAG H67), set "decorativeAlt": true',
        },
        {
          ...onLine(5, 13, 25),
          message: 'image "/b.png" has an alt text of white space, which tells a screen reader nothing (WCAG 1.1.1)',
        },
        {
          ...onLine(7, 1, 5),
          message: '<img> "/d.png" has no alt text: a screen reader has nothing to read in its place (WCAG 1.1.1)',
        },
        { ...onLine(7, 22, 26), messageId: 'empty', data: { element: '<img>', src: ' "/e.png"' } },
        {
          ...onLine(7, 50, 54),
          message: '<img> "/f.png" has an alt that is no string literal, which `mint a11y` takes for none (WCAG 1.1.1)',
        },
        { ...onLine(7, 81, 85), messageId: 'expression', data: { element: '<img>', src: '' } },
        {
          ...onLine(9, 1, 7),
          message:
            '<video> "/v.mp4" has no alt text, which `mint a11y` asks of every video: give it one (what a screen reader reads of a video is its aria-label or title; its text alternatives are captions or a transcript, WCAG 1.2)',
        },
        { ...onLine(12, 1, 17), messageId: 'empty', data: { element: 'image', src: ' "/agents.png"' } },
      ],
    },
    {
      name: 'with "decorativeAlt": true, a blank or missing alt is still no alt',
      files: siteWithPage('![](/a.png) ![ ](/b.png) <img src="/e.png" alt="" /> <img src="/d.png" />'),
      options: { settings: { decorativeAlt: true } },
      errors: [
        { ...onLine(5, 13, 25), messageId: 'blank', data: { element: 'image', src: ' "/b.png"' } },
        { ...onLine(5, 54, 58), messageId: 'missing', data: { element: '<img>', src: ' "/d.png"' } },
      ],
    },
    {
      name: 'a page with custom heading ids is checked as the platform builds it (mint a11y parses it without that pass, and skips it)',
      files: siteWithPage('## Setup {#setup}\n\n![](/a.png)'),
      errors: [{ ...onLine(7, 1, 12), messageId: 'empty', data: { element: 'image', src: ' "/a.png"' } }],
    },
  ],
});
