import {
  embeds,
  fileLinks,
  leftOutHint,
  linkOrigins,
  linkSpan,
  linkTarget,
  pagesRendering,
  rewrittenAgainstFile,
  writtenLink,
} from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import type { SiteUrls } from '../src/engine/site-urls';

export const meta = {
  id: 'page-image',
  description:
    "an image or file a page embeds (Markdown image, src of img, video, source, iframe, img of Card, an icon path, a path in a src of the site's own component) that is not in the docs folder",
  defaultSeverity: 'error',
  fixable: false,
  messages: {
    missing: '{{element}} "{{url}}" is not a file of the docs folder{{hint}}',
    missingOnPage:
      '{{element}} "{{url}}" (on "{{page}}", which renders this snippet) is not a file of the docs folder{{hint}}',
  },
  readsSiteFiles: true,
  parsesPages: true,
  docs: {
    explanation:
      'A page embeds files by path: Markdown images (and a reference definition that only images use: `![Flow][flow]` with `[flow]: /images/flow.png`), the `src` of `<img>`, `<video>`, `<source>`, `<audio>`, `<iframe>` and any other HTML element, the `img` of `<Card>` and the `src` of `<Icon>` (the platform\'s components that load a file), `poster`, and an `icon` given as a path, written as a string or as an expression that is one string literal (`src={"/images/flow.png"}`). Each one inside the site must be a file of the docs folder that the platform deploys (not one `.mintignore` excludes, nor under `node_modules/` and the like), or a URL of the site, with its case as written: the servers that host the sites tell `Logo.png` from `logo.png`. A relative path is read against the page\'s URL, as a browser reads it, but a `./` or `../` one as the platform renders it where it rewrites it before the page is served, against the page file\'s folder: in a Markdown image, `<img src>` and `<source src>` written as a string (`./images/a.png` on `guides/index.mdx`, served at `/guides`, is `/guides/images/a.png`). A path may carry the base path the site is served under (`/docs/images/flow.png`; the platform strips it from an image\'s path), and the file is then looked up without it: the base path docs.json shows (its `seo.metatags.canonical`, its absolute links to the site, the segment its redirects carry), or, when it shows none, a first segment the platform serves sites under (`docs`, `help`…) where the site has nothing of its own, which page-link says once is a guess. A relative path in a snippet is read from each page that renders it. The platform\'s link checker does not read `<video src>`. A `src`, `img` or `poster` of a component of the site\'s own (`<Video>`, `<AgentFeedbackCTA>`) is what that component makes of it: real sites pass paths there (`<Video src="/media/intro.mp4" />`) and identifiers too (`<AgentFeedbackCTA src="docs-agent" />`, which names where feedback came from, 30 times on one site), so it is taken for a file only when it reads as a path: it starts with `/`, `./` or `../`, or ends in a file extension. External URLs are not fetched. A did-you-mean suggests a file of the same folder with the nearest name, or one of the same name in another folder.',
    valid: 'A page: "![Diagram](/images/flow.png)" with images/flow.png',
    invalid: 'A page: "![Diagram](/images/Flow.png)" with images/flow.png',
  },
} satisfies RuleMeta;

export function check({ site, report, urls, didYouMean, pagesToCheck }: RuleContext<typeof meta>): void {
  let near: ((path: string) => string | undefined) | undefined;
  let rendering: ((snippet: string) => string[]) | undefined;
  for (const found of fileLinks(site, pagesToCheck())) {
    const [url] = found.link;
    if (!embeds(found.link)) continue;
    // A snippet's relative path is read from each page that renders it: reported for the first it misses from.
    const origins = linkOrigins(found, () => (rendering ??= pagesRendering(site)));
    const missing = origins
      .map((from) => ({ from, target: linkTarget(url, from, site, urls(), rewrittenAgainstFile(found.link)) }))
      .find(({ target }) => target.kind === 'missing');
    if (missing?.target.kind !== 'missing') continue;
    const span = linkSpan(site, found);
    near ??= nearestFile(site.assetFiles(), urls(), didYouMean);
    const file = near(missing.target.path);
    const { hint, suggestions } = didYouMeanAt(span, file === undefined ? undefined : `/${file}`, {
      write: (text) => writtenLink(span, found, text) ?? text,
    });
    report({
      span,
      messageId: missing.from === found.file ? 'missing' : 'missingOnPage',
      data: {
        element: found.link[4] === '!' || found.link[4] === '!:' ? 'image' : found.link[4],
        url,
        page: missing.from,
        hint: (missing.target.leftOut ? leftOutHint : '') + hint,
      },
      suggestions,
      about: missing.target.path,
    });
  }
}

/**
 * The file a missing one most likely is: a file of the same folder with the nearest name (a typo,
 * another case), or one of the same name in another folder (moved); never a file of another folder
 * and another name (`images/languages/ar.png` is no `images/languages-dark.png`). A path carrying
 * the base path the site may be served under is also looked for without it.
 */
function nearestFile(
  files: readonly string[],
  urls: SiteUrls,
  didYouMean: RuleContext['didYouMean'],
): (path: string) => string | undefined {
  const byFolder = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, file: string) => {
    const list = map.get(key);
    if (list) list.push(file);
    else map.set(key, [file]);
  };
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    add(byFolder, file.slice(0, slash + 1).toLowerCase(), file);
    add(byName, file.slice(slash + 1).toLowerCase(), file);
  }
  const nearest = (path: string) => {
    const slash = path.lastIndexOf('/');
    const folder = byFolder.get(path.slice(0, slash + 1).toLowerCase()) ?? [];
    const named = byName.get(path.slice(slash + 1).toLowerCase()) ?? [];
    return didYouMean(path, folder) ?? didYouMean(path, named, Infinity);
  };
  return (path) => {
    const first = path.slice(0, path.indexOf('/') + 1);
    return (
      nearest(path) ?? (first && urls.mayBeBasePath(first.slice(0, -1)) ? nearest(path.slice(first.length)) : undefined)
    );
  };
}
