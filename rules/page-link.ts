import { relativePath } from '../src/common/paths';
import {
  docsJsonHrefs,
  embeds,
  type FileLink,
  fileLinks,
  type LinkTarget,
  leftOutHint,
  linkOrigins,
  linkSpan,
  linkTarget,
  pagesRendering,
  rewrittenAgainstFile,
  writtenLink,
} from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta, replaceSpan } from '../src/engine/rule';
import { redirectedUrl, redirectSource, type SiteUrls, sitePath } from '../src/engine/site-urls';
import type { Span } from '../src/parsers/source';

export const meta = {
  id: 'page-link',
  description:
    'a link in a page or snippet that lands on no page, generated endpoint page, redirect or file of the site; or one that goes through a redirect',
  defaultSeverity: 'error',
  fixable: true,
  messages: {
    throughRedirect: 'link "{{url}}" goes through a redirect to "{{destination}}": link to it directly',
    // {{on}}: where a snippet's link is followed from, ` on "page", which renders this snippet,`; else nothing.
    missing: 'link "{{url}}"{{on}} lands on no page, generated endpoint page, redirect or file{{hint}}',
    // A redirect takes the link, to a path of the site where nothing is.
    deadRedirect:
      'link "{{url}}"{{on}} goes through the redirect "{{source}}" to "{{destination}}", which lands on no page, generated endpoint page, redirect or file{{hint}}',
    // The redirects lead back round: a browser stops with "too many redirects".
    redirectLoop:
      'link "{{url}}"{{on}} goes through the redirect "{{source}}", and the redirects from there lead back round: a browser stops with too many redirects',
    // `mint broken-links` reads a relative link from the root, where a browser reads it from the page's URL.
    missingForReader:
      'link "{{url}}"{{on}} lands on no page, generated endpoint page, redirect or file; the platform\'s link checker reads it as "/{{platformPath}}", which lands, but a reader\'s browser goes to "/{{path}}"{{hint}}',
    // Said once per segment, at the first link (or image) of the pages that relies on it.
    basePathGuessed:
      'link "{{url}}" lands only if the site is served under "/{{segment}}", where it has nothing, and docs.json does not show where the site is served (by seo.metatags.canonical, absolute links to its pages or redirects that carry a base path, all agreeing): {{unchecked}}; set seo.metatags.canonical to the site\'s URL to have them checked',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({ site, model, report, urls, links, pagesToCheck, checks }: RuleContext<typeof meta>): void {
  reportGuessedBasePaths({ site, model, report, links, checks, pagesToCheck }, urls());
  let redirectsByPath: Map<string, string> | undefined;
  let rendering: ((snippet: string) => string[]) | undefined;
  for (const found of fileLinks(site, pagesToCheck())) {
    const [url] = found.link;
    if (embeds(found.link)) continue;
    const origins = linkOrigins(found, () => (rendering ??= pagesRendering(site)));
    if (origins[0] !== found.file) {
      // A snippet's relative link: followed from each page that renders it, reported for the first it misses from.
      for (const page of origins) {
        const target = linkTarget(url, page, site, urls(), rewrittenAgainstFile(found.link));
        if (target.kind !== 'missing') continue;
        reportMissing(found, target, { site, report, urls: urls() }, page);
        break;
      }
      continue;
    }
    const target = linkTarget(url, found.file, site, urls(), rewrittenAgainstFile(found.link));
    if (target.kind === 'missing') {
      reportMissing(found, target, { site, report, urls: urls() });
    } else if (target.kind === 'redirect') {
      redirectsByPath ??= plainRedirects(urls());
      const destination = redirectsByPath.get(target.path);
      if (!destination) continue;
      const span = linkSpan(site, found);
      const fixTo = (to: string) => {
        const written = writtenLink(span, found, to);
        return written === undefined ? undefined : replaceSpan(span, written, `Link straight to "${to}"`);
      };
      report({
        span,
        severity: 'warn',
        messageId: 'throughRedirect',
        data: { url, destination },
        fix: fixTo(redirectedUrl(url, destination)),
      });
    }
  }
}

function reportMissing(
  found: FileLink,
  { path, platformPath, leftOut, through }: Extract<LinkTarget, { kind: 'missing' }>,
  { site, report, urls }: Pick<RuleContext<typeof meta>, 'site' | 'report'> & { urls: SiteUrls },
  renderedOn?: string,
): void {
  const span = linkSpan(site, found);
  const on = renderedOn === undefined ? '' : ` on "${renderedOn}", which renders this snippet,`;
  if (through?.loop) {
    // The redirects are to mend (redirect-loop, in docs.json): no page here is more likely meant than another.
    report({
      span,
      about: path,
      messageId: 'redirectLoop',
      data: { url: found.link[0], on, source: through.source },
    });
    return;
  }
  // Through a redirect, the page meant is most likely the one nearest to where it sends the link.
  // A file left out of the deploy is the page meant: no other page is suggested.
  const near = leftOut
    ? undefined
    : urls.nearest(`/${through ? sitePath(through.destination) : path}`, pagesOn(found, renderedOn));
  // The page meant, with the section and query the link asked of it.
  const meant = near === undefined ? undefined : redirectedUrl(found.link[0], `/${near}`);
  const { hint, suggestions } = didYouMeanAt(span, meant, {
    write: (text) => writtenLink(span, found, text) ?? text,
  });
  if (through) {
    report({
      span,
      about: path,
      messageId: 'deadRedirect',
      data: {
        url: found.link[0],
        on,
        source: through.source,
        destination: through.destination,
        hint,
      },
      suggestions,
    });
    return;
  }
  report({
    span,
    about: path,
    messageId: platformPath === undefined ? 'missing' : 'missingForReader',
    data: {
      url: found.link[0],
      on,
      platformPath: platformPath ?? '',
      path,
      hint: (leftOut ? leftOutHint : '') + hint,
    },
    suggestions,
  });
}

/**
 * Says once per segment that links and images land only through a base path docs.json does not
 * show (SiteUrls.mayBeBasePath), at the first of them (in the pages, else in docs.json), rather than
 * passing them in silence: a site at docs.example.com that links `/docs/sdk/x` has them broken.
 */
function reportGuessedBasePaths(
  {
    site,
    model,
    report,
    links,
    checks,
    pagesToCheck,
  }: Pick<RuleContext<typeof meta>, 'site' | 'model' | 'report' | 'links' | 'checks' | 'pagesToCheck'>,
  urls: SiteUrls,
): void {
  if (urls.basePath()) return;
  const docsFile = relativePath(site.root, model.docsFile.path);
  type Written = { url: string; file: string; span: () => Span };
  /** The links and images of the files (and docs.json's, `withDocs`) that land only through a guessed base path, by segment. */
  const guesses = (files: readonly string[], withDocs: boolean) => {
    const guessed = new Map<string, Written[]>();
    const add = (link: Written) => {
      // Only a path from the root can carry a base path.
      const first = /^\/([^/?#]+)/.exec(link.url)?.[1];
      if (first === undefined || !urls.mayBeBasePath(first)) return;
      const target = linkTarget(link.url, link.file, site, urls);
      const segment = 'guessedBasePath' in target ? target.guessedBasePath : undefined;
      if (segment === undefined) return;
      const list = guessed.get(segment);
      if (list) list.push(link);
      else guessed.set(segment, [link]);
    };
    for (const found of fileLinks(site, files))
      add({ url: found.link[0], file: found.file, span: () => linkSpan(site, found) });
    if (withDocs)
      for (const { href, span } of docsJsonHrefs(links())) add({ url: href, file: docsFile, span: () => span });
    return guessed;
  };
  // The finding is at the first such link of the site: only a file checked that has one may hold it.
  const all = site.parsedPages();
  let guessed = guesses(pagesToCheck(), checks(docsFile));
  if (guessed.size > 0 && pagesToCheck().length < all.length) guessed = guesses(all, true);
  for (const [segment, [first, ...others]] of guessed) {
    if (!checks(first.file)) continue;
    report({
      span: first.span(),
      severity: 'warn',
      messageId: 'basePathGuessed',
      data: {
        url: first.url,
        segment,
        unchecked: others.length
          ? `it and the ${others.length} other links and images that start with "/${segment}" are not checked`
          : 'it is not checked',
      },
    });
  }
}

/**
 * What a did-you-mean never offers for a link that lands nowhere (as pagePaths has them): the page it
 * is on (for a snippet's link, the snippet and the page it is followed from), where it would lead nowhere new.
 */
function pagesOn(found: FileLink, renderedOn: string | undefined): Set<string> {
  return new Set([found.file, renderedOn ?? found.file].map((file) => file.replace(/\.mdx?$/, '')));
}

/** Redirects from a plain path to a page of the site, by their source's path; not a temporary one (RedirectEntry). */
function plainRedirects(urls: SiteUrls): Map<string, string> {
  const byPath = new Map<string, string>();
  // A page that is also a redirect's source is one the redirect takes readers from (redirect-shadowed-page): no link should go there.
  const sources = new Set(
    urls.redirects.flatMap(({ source }) => (typeof source?.value === 'string' ? [sitePath(source.value)] : [])),
  );
  for (const { source, destination, temporary } of urls.redirects) {
    const from = typeof source?.value === 'string' ? redirectSource(source.value) : undefined;
    const to = destination?.value;
    // The first redirect that takes a path is the one that fires: a later one of that path ("/old/"
    // after "/old") never does, even where the first sends nowhere a link could go instead.
    if (!from?.path || byPath.has(from.path)) continue;
    const direct =
      !temporary && // a temporary one is an alias meant to move: the link goes as meant
      typeof to === 'string' &&
      to.startsWith('/') &&
      urls.landing(to) === 'page' &&
      sitePath(to) !== from.path &&
      !sources.has(sitePath(to.replace(/[?#].*$/, '')));
    byPath.set(from.path, direct ? to : '');
  }
  return byPath;
}
