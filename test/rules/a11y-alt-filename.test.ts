import { ruleTester } from '../rule-tester';
import { onLine, siteWithPage } from '../sites';

const warn = { severity: 'warn' as const };

ruleTester('a11y-alt-filename', {
  valid: [
    {
      name: 'a description, a word, a path in a sentence; an image only agents see',
      files: siteWithPage(
        '![The dashboard](/c.png) <img src="/e.png" alt="logo" /> ![image](/f.png) ![Open /path/to/file.png](/g.png)\n\n<Visibility for="agents">\n![a.png](/a.png)\n</Visibility>',
      ),
    },
  ],
  invalid: [
    {
      name: "a file name, an editor's screenshot name with spaces, an <img> with a camera's file name",
      files: siteWithPage(
        '![screenshot.png](/a.png) ![Screenshot 2024-05-02 at 10.14.03.png](/b.png) <img src="/d.png" alt="IMG_2041.JPG" />',
      ),
      errors: [
        {
          ...onLine(5, 1, 26, warn),
          message:
            'the alt text "screenshot.png" is a file name, which tells a screen reader nothing of what the image shows (WCAG 1.1.1, failure F30)',
        },
        { ...onLine(5, 27, 75, warn), messageId: 'fileName', data: { alt: 'Screenshot 2024-05-02 at 10.14.03.png' } },
        { ...onLine(5, 76, 80, warn), messageId: 'fileName', data: { alt: 'IMG_2041.JPG' } },
      ],
    },
  ],
});
