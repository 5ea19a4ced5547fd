import { ruleTester } from '../rule-tester';
import { page, requiredKeys } from '../sites';

const docs = (rest: string) => `{ ${requiredKeys}\n${rest}\n  "navigation": { "pages": ["index"] }\n}\n`;

ruleTester('file-exists', {
  valid: [
    {
      name: 'every form of every key that names a file, with and without a leading / or ./; URLs are not fetched',
      files: {
        'index.mdx': page(),
        'logo/light.svg': '<svg/>',
        'logo/dark.svg': '<svg/>',
        'favicon.png': 'png',
        'images/bg.png': 'png',
        'fonts/inter.woff2': 'font',
        'docs.json':
          docs(`  "logo": { "light": "/logo/light.svg", "dark": "./logo/dark.svg", "href": "https://acme.com" },
  "favicon": "favicon.png",
  "background": { "image": { "light": "/images/bg.png", "dark": "https://cdn.acme.com/bg-dark.png" } },
  "thumbnails": { "background": "//cdn.acme.com/thumb.png" },
  "fonts": { "heading": { "family": "Inter", "source": "/fonts/inter.woff2", "format": "woff2" }, "body": { "family": "Inter", "source": "https://cdn.acme.com/inter.woff2", "format": "woff2" } },`),
      },
    },
  ],
  invalid: [
    {
      name: 'missing files, each at its string; a path that leaves the docs folder is never read',
      files: {
        'index.mdx': page(),
        'logo/dark.svg': '<svg/>',
        'docs.json': docs(`  "logo": { "light": "/logo/light.svg", "dark": "/logo/dark.svg" },
  "favicon": { "light": "/favicon-light.png", "dark": "../outside/favicon.png" },
  "background": { "image": "/images/bg.png" },
  "thumbnails": { "background": "thumb.png" },
  "fonts": { "family": "Custom", "source": "/fonts/custom.woff2", "format": "woff2" },`),
      },
      errors: [
        {
          severity: 'error',
          line: 2,
          column: 22,
          endLine: 2,
          endColumn: 39,
          message: 'logo.light "/logo/light.svg" not found: the docs folder has no file logo/light.svg',
        },
        {
          severity: 'error',
          line: 3,
          column: 25,
          endLine: 3,
          endColumn: 45,
          messageId: 'missing',
          data: { label: 'favicon.light', value: '/favicon-light.png', path: 'favicon-light.png' },
        },
        {
          severity: 'error',
          line: 3,
          column: 55,
          endLine: 3,
          endColumn: 79,
          message: 'favicon.dark "../outside/favicon.png" points outside the docs folder',
        },
        {
          severity: 'error',
          line: 4,
          column: 28,
          endLine: 4,
          endColumn: 44,
          messageId: 'missing',
          data: { label: 'background.image', value: '/images/bg.png', path: 'images/bg.png' },
        },
        {
          severity: 'error',
          line: 5,
          column: 33,
          endLine: 5,
          endColumn: 44,
          messageId: 'missing',
          data: { label: 'thumbnails.background', value: 'thumb.png', path: 'thumb.png' },
        },
        {
          severity: 'error',
          line: 6,
          column: 44,
          endLine: 6,
          endColumn: 65,
          messageId: 'missing',
          data: { label: 'fonts.source', value: '/fonts/custom.woff2', path: 'fonts/custom.woff2' },
        },
      ],
    },
  ],
});
