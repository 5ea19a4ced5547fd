import { ruleTester } from '../rule-tester';
import { siteWithPage } from '../sites';

const untitled = (src: string) =>
  `<iframe> "${src}" has no title: a screen reader announces a frame with no name, and its users cannot tell what it holds before they enter it (WCAG 4.1.2, technique H64)`;

ruleTester('a11y-iframe-title', {
  valid: [
    {
      name: 'a title, an aria-label, a title given as an expression; a frame only agents see',
      files: siteWithPage(`<iframe src="https://www.youtube.com/embed/a" title="Tutorial: the first site" />
<iframe src="https://www.youtube.com/embed/d" aria-label="Demo" /> <iframe src={url} title={title} />

<Visibility for="agents">
<iframe src="https://www.youtube.com/embed/f" />
</Visibility>`),
    },
  ],
  invalid: [
    {
      name: 'no title, a blank one, and a frame written over several lines (reported at its first)',
      files: siteWithPage(`<iframe src="https://www.youtube.com/embed/b" />
<iframe src="https://www.youtube.com/embed/c" title=" " />
<iframe
  src="https://loom.com/embed/e"
></iframe>`),
      errors: [
        {
          file: 'index.mdx',
          severity: 'error',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 8,
          message: untitled('https://www.youtube.com/embed/b'),
        },
        {
          file: 'index.mdx',
          severity: 'error',
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 8,
          messageId: 'untitled',
          data: { src: ' "https://www.youtube.com/embed/c"' },
        },
        {
          file: 'index.mdx',
          severity: 'error',
          line: 7,
          column: 1,
          endLine: 7,
          endColumn: 8,
          message: untitled('https://loom.com/embed/e'),
        },
      ],
    },
  ],
});
