import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { navlint, repo, temporaryFolder } from './helpers';

/** One link of each kind that lands nowhere, and one of each kind that lands (fixtures/broken-links/index.mdx). */
const brokenLinks = `fixtures/broken-links/guides/usage.mdx
  9:26   error    link "/guides/setpu" lands on no page, generated endpoint page, redirect or file; did you mean "/guides/setup"?  page-link
  9:60   error    link "quickstart" lands on no page, generated endpoint page, redirect or file  page-link
  9:106  warning  anchor "#install" is no heading or id of "guides/setup.mdx"  page-anchor
  10:27  warning  anchor "#run" is no heading or id of this page  page-anchor
  10:54  warning  link "/start" goes through a redirect to "/guides/setup": link to it directly  page-link
  10:75  error    image "/images/Logo.png" is not a file of the docs folder; did you mean "/images/logo.png"?  page-image
  12:25  error    link "/guides/old" lands on no page, generated endpoint page, redirect or file  page-link

fixtures/broken-links/snippets/shared.mdx
  3:31  warning  anchor "#flag" is no heading or id of "guides/setup.mdx"; did you mean "#flags"?  page-anchor

✖ 8 problems (4 errors, 4 warnings) … and 1 accessibility finding: --a11y shows it
  0 errors and 1 warning potentially fixable with the \`--fix\` option.
`;

describe('links, anchors and images in pages (fixtures/broken-links)', () => {
  it('reports each link that lands nowhere at its place, and nothing of the links that land', () => {
    expect(navlint(['check', 'fixtures/broken-links'])).toEqual({ code: 1, stdout: brokenLinks, stderr: '' });
  });

  it("--fix links to a redirect's destination directly, and changes nothing else", () => {
    const dir = temporaryFolder();
    fs.cpSync(path.join(repo, 'fixtures/broken-links'), dir, { recursive: true });
    const before = fs.readFileSync(path.join(dir, 'guides/usage.mdx'), 'utf8');
    expect(navlint(['check', dir, '--fix', '--format', 'json']).code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'guides/usage.mdx'), 'utf8')).toBe(
      before.replace('[through a redirect](/start)', '[through a redirect](/guides/setup)'),
    );
  });
});
