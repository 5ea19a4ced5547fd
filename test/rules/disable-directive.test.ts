import { ruleTester } from '../rule-tester';
import { docsWith } from '../sites';

const site = (page: string) => ({ 'docs.json': docsWith('{ "pages": ["index"] }'), 'index.mdx': page });

ruleTester('disable-directive', {
  valid: [
    {
      name: 'directives that name rules navlint has, or none, with and without a reason',
      files: site(
        '# Home\n\n{/* navlint-disable-next-line page-link, page-anchor -- served by the proxy */}\n[x](/proxy)\n\n{/* navlint-disable */}\n{/* navlint-enable */}\n{/* navlint-disable-line unused-disable-directive */}\n',
      ),
    },
    {
      name: 'a comment that is no directive, and one in code',
      files: site('# Home\n\n{/* navlint is great */}\n\n```mdx\n{/* navlint-disable page-lnk */}\n```\n'),
    },
  ],
  invalid: [
    {
      name: 'a rule id with a typo, in the MDX and in the frontmatter, each with the nearest rule id',
      files: site(
        '---\ntitle: Home\n# navlint-disable-next-line frontmater-type\nmode: wide\n---\n\n{/* navlint-disable-next-line page-lnk -- served by the proxy */}\n[x](/proxy)\n',
      ),
      errors: [
        {
          file: 'index.mdx',
          severity: 'error',
          line: 3,
          column: 29,
          endLine: 3,
          endColumn: 44,
          message:
            '"navlint-disable-next-line" names rule "frontmater-type", which navlint does not have, so it turns nothing off; did you mean "frontmatter-type"?; navlint rules lists them',
          suggestions: [
            {
              desc: 'Use "frontmatter-type"',
              output:
                '---\ntitle: Home\n# navlint-disable-next-line frontmatter-type\nmode: wide\n---\n\n{/* navlint-disable-next-line page-lnk -- served by the proxy */}\n[x](/proxy)\n',
            },
          ],
        },
        {
          file: 'index.mdx',
          severity: 'error',
          line: 7,
          column: 31,
          endLine: 7,
          endColumn: 39,
          message:
            '"navlint-disable-next-line" names rule "page-lnk", which navlint does not have, so it turns nothing off; did you mean "page-link"?; navlint rules lists them',
          suggestions: [
            {
              desc: 'Use "page-link"',
              output:
                '---\ntitle: Home\n# navlint-disable-next-line frontmater-type\nmode: wide\n---\n\n{/* navlint-disable-next-line page-link -- served by the proxy */}\n[x](/proxy)\n',
            },
          ],
        },
      ],
    },
  ],
});
