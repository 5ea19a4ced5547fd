import { ruleTester } from '../rule-tester';
import { page, requiredKeys } from '../sites';

/** What a missing file's message adds when the file is there but not deployed. */
const leftOut =
  '; the file is there, but the platform does not deploy it (.mintignore, or its own rules for README.md, node_modules/ and the like)';

/** A page whose body is `body`, its first line on line 5. */
const body = (text: string) => `---\ntitle: Page\n---\n\n${text}\n`;

/** A site of two listed pages and two images; `files` adds or replaces files, `keys` adds top-level keys of docs.json. */
const site = (files: Record<string, string>, keys = '') => ({
  'index.mdx': page(),
  'images/flow.png': '',
  'images/integrations/setup-form.png': '',
  ...files,
  'docs.json': `{ ${requiredKeys}${keys}
  "navigation": { "pages": ["index", "guides/a"] }
}
`,
});

ruleTester('page-image', {
  valid: [
    {
      name: 'images from the root and relative to the page, in Markdown, img, Card img and an icon path; external and template sources',
      files: site({
        'guides/a.mdx':
          body(`![Flow](/images/flow.png) ![Flow](../images/flow.png) <img src="/images/integrations/setup-form.png" />
<Card title="C" img="/images/flow.png" icon="/images/flow.png" /> <Card title="D" icon="rocket" />
![Remote](https://example.com/a.png) <img src={props.src} /> <img src={"/images/flow.png"} /> <img src={\`/images/\${name}.png\`} />`),
      }),
    },
    {
      // The platform strips the base path a site is served under from an image's path
      // (@mintlify/common getS3ImageUri → removeBasePath); spree__spree writes 435 images so.
      name: 'an image path carrying the base path the site is served under (/docs), when the site has nothing of its own under it',
      files: site({ 'guides/a.mdx': body('![Setup](/docs/images/integrations/setup-form.png)') }),
    },
  ],
  invalid: [
    {
      name: 'an image path with a first segment the platform serves sites under, on a site that docs.json shows at the root of its host',
      files: site(
        { 'guides/a.mdx': body('![Flow](/docs/images/flow.png)') },
        ' "navbar": { "links": [{ "label": "A", "href": "https://docs.example.com/guides/a" }] },',
      ),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 9,
          endLine: 5,
          endColumn: 30,
          message: 'image "/docs/images/flow.png" is not a file of the docs folder; did you mean "/images/flow.png"?',
          suggestions: [{ desc: 'Use "/images/flow.png"', output: body('![Flow](/images/flow.png)') }],
        },
      ],
    },
    {
      // The shape of a held-out site: enterprise/k8s-install/index.mdx, served at /enterprise/k8s-install, embeds ./images/….
      name: "a ./ path on an index page, read from the file's folder where the platform rewrites it, from the page's URL elsewhere",
      files: site({
        'enterprise/k8s-install/images/architecture.svg': '',
        'enterprise/k8s-install/index.mdx': body(`![Architecture](./images/architecture.svg)
<img src="./images/architecture.svg" /> <source src="../k8s-install/images/architecture.svg" />
<video src="./images/architecture.svg" /> <img src={"./images/architecture.svg"} />`),
      }),
      errors: [
        {
          severity: 'error',
          file: 'enterprise/k8s-install/index.mdx',
          line: 7,
          column: 13,
          endLine: 7,
          endColumn: 38,
          message:
            'video src "./images/architecture.svg" is not a file of the docs folder; did you mean "/enterprise/k8s-install/images/architecture.svg"?',
          suggestions: [
            {
              desc: 'Use "/enterprise/k8s-install/images/architecture.svg"',
              output: body(`![Architecture](./images/architecture.svg)
<img src="./images/architecture.svg" /> <source src="../k8s-install/images/architecture.svg" />
<video src="/enterprise/k8s-install/images/architecture.svg" /> <img src={"./images/architecture.svg"} />`),
            },
          ],
        },
        {
          severity: 'error',
          file: 'enterprise/k8s-install/index.mdx',
          line: 7,
          column: 54,
          endLine: 7,
          endColumn: 79,
          messageId: 'missing',
          data: {
            element: 'img src',
            url: './images/architecture.svg',
            hint: '; did you mean "/enterprise/k8s-install/images/architecture.svg"?',
          },
          suggestions: [
            {
              desc: 'Use "/enterprise/k8s-install/images/architecture.svg"',
              output: body(`![Architecture](./images/architecture.svg)
<img src="./images/architecture.svg" /> <source src="../k8s-install/images/architecture.svg" />
<video src="./images/architecture.svg" /> <img src={"/enterprise/k8s-install/images/architecture.svg"} />`),
            },
          ],
        },
      ],
    },
    {
      // The shape of a site whose own feedback components take an identifier in `src` (30 of them on one site).
      name: "a src of the site's own component is a file only when it is a path; of an HTML element and <Icon>, always",
      files: site({
        'guides/a.mdx': body(`<GovLegalFeedbackCTA src="docs-monitoring" />
<AgentFeedbackCTA src={"docs-agent"} />
<Video src="/media/intro.mp4" /> <Hero img="hero.webp" />
<video src="intro" /> <Icon src="logo" />`),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 7,
          column: 13,
          endLine: 7,
          endColumn: 29,
          message: 'Video src "/media/intro.mp4" is not a file of the docs folder',
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 7,
          column: 45,
          endLine: 7,
          endColumn: 54,
          messageId: 'missing',
          data: { element: 'Hero img', url: 'hero.webp', hint: '' },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 8,
          column: 13,
          endLine: 8,
          endColumn: 18,
          messageId: 'missing',
          data: { element: 'video src', url: 'intro', hint: '' },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 8,
          column: 34,
          endLine: 8,
          endColumn: 38,
          messageId: 'missing',
          data: { element: 'Icon src', url: 'logo', hint: '' },
        },
      ],
    },
    {
      name: 'an image by a reference definition only images use is checked as an image; one a link uses too is not',
      files: site({
        'guides/a.mdx': body(
          '![Flow][flow] ![Also][both] [see][both]\n\n[flow]: /images/Flow.png\n[both]: /images/nope.png',
        ),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 7,
          column: 9,
          endLine: 7,
          endColumn: 25,
          message: 'image "/images/Flow.png" is not a file of the docs folder; did you mean "/images/flow.png"?',
          suggestions: [
            {
              desc: 'Use "/images/flow.png"',
              output: body(
                '![Flow][flow] ![Also][both] [see][both]\n\n[flow]: /images/flow.png\n[both]: /images/nope.png',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "a missing image, and one whose case differs from the file's: the servers tell them apart",
      files: site({ 'guides/a.mdx': body('![Flow](/images/Flow.png)\n\n<img src="/images/diagram.png" />') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 9,
          endLine: 5,
          endColumn: 25,
          message: 'image "/images/Flow.png" is not a file of the docs folder; did you mean "/images/flow.png"?',
          suggestions: [
            {
              desc: 'Use "/images/flow.png"',
              output: body('![Flow](/images/flow.png)\n\n<img src="/images/diagram.png" />'),
            },
          ],
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 7,
          column: 11,
          endLine: 7,
          endColumn: 30,
          messageId: 'missing',
          data: { element: 'img src', url: '/images/diagram.png', hint: '' },
        },
      ],
    },
    {
      name: 'a missing image written as a string expression, in double quotes and in backticks',
      files: site({
        'guides/a.mdx': body('<img src={"/images/diagram.png"} />\n\n<img src={ `/images/flwo.png` } />'),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 12,
          endLine: 5,
          endColumn: 31,
          messageId: 'missing',
          data: { element: 'img src', url: '/images/diagram.png', hint: '' },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 7,
          column: 13,
          endLine: 7,
          endColumn: 29,
          message: 'img src "/images/flwo.png" is not a file of the docs folder; did you mean "/images/flow.png"?',
          suggestions: [
            {
              desc: 'Use "/images/flow.png"',
              output: body('<img src={"/images/diagram.png"} />\n\n<img src={ `/images/flow.png` } />'),
            },
          ],
        },
      ],
    },
    {
      name: 'an image path carrying the base path whose file is missing all the same',
      files: site({ 'guides/a.mdx': body('![Setup](/docs/images/integrations/setup-forms.png)') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 51,
          messageId: 'missing',
          data: {
            element: 'image',
            url: '/docs/images/integrations/setup-forms.png',
            hint: '; did you mean "/images/integrations/setup-form.png"?',
          },
          suggestions: [
            {
              desc: 'Use "/images/integrations/setup-form.png"',
              output: body('![Setup](/images/integrations/setup-form.png)'),
            },
          ],
        },
      ],
    },
    {
      name: 'a site with a folder of its own at the first segment: "/docs/…" is a path of the site, not a base path',
      files: site({ 'docs/readme.png': '', 'guides/a.mdx': body('![Setup](/docs/images/flow.png)') }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 31,
          messageId: 'missing',
          data: { element: 'image', url: '/docs/images/flow.png', hint: '; did you mean "/images/flow.png"?' },
          suggestions: [{ desc: 'Use "/images/flow.png"', output: body('![Setup](/images/flow.png)') }],
        },
      ],
    },
    {
      // mintlify__docs: the translated pages keep Cards whose icons the English page dropped with its
      // files. A file of another folder and another name is no did-you-mean.
      name: 'a Card icon given as a path to a missing file; no file of its folder or of its name to suggest',
      files: site({
        'images/languages-dark.png': '',
        'guides/a.mdx': body('<Card title="Arabic (ar)" icon="/images/languages/ar.png" horizontal />'),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 33,
          endLine: 5,
          endColumn: 57,
          messageId: 'missing',
          data: { element: 'Card icon', url: '/images/languages/ar.png', hint: '' },
        },
      ],
    },
    {
      name: 'an image the deploy leaves out: under a folder .mintignore names, or in node_modules/',
      files: site({
        '.mintignore': 'drafts/\n',
        'drafts/img.png': '',
        'node_modules/pkg/a.png': '',
        'guides/a.mdx': body('![Draft](/drafts/img.png) ![Dependency](/node_modules/pkg/a.png)'),
      }),
      errors: [
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 25,
          messageId: 'missing',
          data: { element: 'image', url: '/drafts/img.png', hint: leftOut },
        },
        {
          severity: 'error',
          file: 'guides/a.mdx',
          line: 5,
          column: 41,
          endLine: 5,
          endColumn: 64,
          messageId: 'missing',
          data: { element: 'image', url: '/node_modules/pkg/a.png', hint: leftOut },
        },
      ],
    },
  ],
});
