import { relativePath } from '../src/common/paths';
import {
  docsJsonHrefs,
  embeds,
  fileLinks,
  linkSpan,
  linkTarget,
  pagesRendering,
  renderedAnchors,
  rewrittenAgainstFile,
} from '../src/engine/page-link-targets';
import { didYouMeanAt, type RuleContext, type RuleMeta } from '../src/engine/rule';
import type { Span } from '../src/parsers/source';

export const meta = {
  id: 'page-anchor',
  description: "a link's #fragment that names no heading, component or element id of the page it leads to",
  defaultSeverity: 'warn',
  fixable: false,
  messages: {
    onPage: 'anchor "#{{fragment}}" is no heading or id of "{{file}}"{{hint}}',
    onRenderingPage: 'anchor "#{{fragment}}" is no heading or id of "{{file}}", which renders this snippet{{hint}}',
    onThisPage: 'anchor "#{{fragment}}" is no heading or id of this page{{hint}}',
    // Said once per page, at the first link into it: the other anchors into it are not checked either.
    unparsedTarget:
      'anchor "#{{fragment}}" is not checked: "{{file}}" does not parse as MDX, so its headings and ids are unknown (mdx-syntax says where)',
  },
  readsSiteFiles: true,
  parsesPages: true,
} satisfies RuleMeta;

export function check({
  site,
  model,
  report,
  urls,
  didYouMean,
  pagesToCheck,
  checks,
  links,
}: RuleContext<typeof meta>): void {
  let parsed: ReadonlySet<string> | undefined;
  const anchorsByFile = new Map<string, string[] | undefined>();
  const unparsedSaid = new Set<string>();
  /**
   * Reports the link's fragment when the page it leads to has no such id; `fragmentSpan` is where the
   * fragment is written, `againstFile` whether the platform reads its `./` path from the file's folder.
   */
  const checkFragment = (
    url: string,
    fromFile: string,
    againstFile: boolean,
    fragmentSpan: () => Span,
    renderedSnippet = false,
  ): boolean => {
    const target = linkTarget(url, fromFile, site, urls(), againstFile);
    const file = target.kind === 'self' ? fromFile : target.kind === 'page' ? target.file : undefined;
    const fragment = target.kind === 'self' || target.kind === 'page' ? target.fragment : undefined;
    if (file === undefined || fragment === undefined || fragment === '' || fragment.startsWith(':~:')) return false;
    if (!anchorsByFile.has(file))
      anchorsByFile.set(file, renderedAnchors(site, file, (parsed ??= new Set(site.parsedPages()))));
    const anchors = anchorsByFile.get(file);
    if (!anchors) {
      // It does not parse (mdx-syntax reports it there): a link into it says once that its anchors wait for that.
      if (unparsedSaid.has(file) || target.kind === 'self') return false;
      unparsedSaid.add(file);
      report({ span: fragmentSpan(), messageId: 'unparsedTarget', data: { fragment, file }, about: file });
      return true;
    }
    // As a browser looks: the fragment as the URL holds it (non-ASCII percent-encoded), then decoded.
    const id = decoded(fragment);
    if (anchors.includes(id) || anchors.includes(asInUrl(fragment))) return false;
    const span = fragmentSpan();
    // Compared decoded (a tab's id is percent-encoded), and suggested as a link lands on it: decoded
    // where a browser encodes it back (what is not ASCII), else as it is (`q%26a`).
    const readable = anchors.map(decoded);
    const near = didYouMean(id, readable);
    const landing = near === undefined ? undefined : anchors[readable.indexOf(near)];
    const written = landing !== undefined && asInUrl(decoded(landing)) !== landing ? landing : near;
    const { hint, suggestions } = didYouMeanAt(span, written, { write: (text) => text, show: (text) => `#${text}` });
    report({
      span,
      messageId: target.kind !== 'self' ? 'onPage' : renderedSnippet ? 'onRenderingPage' : 'onThisPage',
      data: { fragment, file, hint },
      suggestions,
      about: file,
    });
    return true;
  };
  let rendering: ((snippet: string) => string[]) | undefined;
  for (const found of fileLinks(site, pagesToCheck())) {
    const [url, , , , , audience] = found.link;
    // Agents read the page's Markdown, which has no rendered ids to land on.
    if (embeds(found.link) || !url.includes('#') || audience === 'agents') continue;
    const span = () => afterHash(linkSpan(site, found), url);
    if (found.snippet && !url.startsWith('/')) {
      // Its own `#id`, or a relative path, is read on each page that renders it: reported for the first it misses on.
      for (const page of (rendering ??= pagesRendering(site, true))(found.file))
        if (checkFragment(url, page, rewrittenAgainstFile(found.link), span, true)) break;
      continue;
    }
    checkFragment(url, found.file, rewrittenAgainstFile(found.link), span);
  }
  // docs.json's links (a navbar's, a banner's) lead into the pages too; a link from the root has no page of its own.
  const docsFile = relativePath(site.root, model.docsFile.path);
  if (!checks(docsFile)) return;
  for (const { href, span, quoted } of docsJsonHrefs(links())) {
    if (!href.includes('#') || /^\s*[#?]/.test(href)) continue; // the root's own fragment or query: href-format's
    const written = quoted ? { ...span, offset: span.offset + 1, length: Math.max(0, span.length - 2) } : span;
    checkFragment(href, docsFile, false, () =>
      afterHash(written, written.file.text.slice(written.offset, written.offset + written.length)),
    );
  }
}

/** The part of a link's span after its `#`, where `written` is the link as its file has it. */
function afterHash(span: Span, written: string): Span {
  const hashAt = written.indexOf('#') + 1;
  return { ...span, offset: span.offset + hashAt, length: Math.max(0, span.length - hashAt) };
}

/** A fragment as the URL parser keeps it: what is not ASCII, and spaces, percent-encoded (a tab's id is so). */
function asInUrl(fragment: string): string {
  return new URL(`#${fragment}`, 'https://docs.invalid/').hash.slice(1);
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
