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
