import { type CompletionItem, CompletionItemKind } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LintResult } from '../engine/lint';
import {
  linkTarget,
  markdownDestination,
  pageUrlPath,
  renderedAnchors,
  rewritesHolder,
} from '../engine/page-link-targets';
import { siteUrls } from '../engine/site-urls';

/** The URL being typed before the cursor: in a Markdown link's parentheses, or an href, src, img or poster attribute's quotes. */
const typedUrl = /(?:\]\(|\b(?:href|src|img|poster)=["'])([^\s"')]*)$/;
/** The same, where it embeds a file: an image's parentheses, or a src, img or poster attribute. */
const typedFile = /(?:!\[[^\]]*\]\(|\b(?:src|img|poster)=["'])[^\s"')]*$/;
/** The element and attribute whose quoted value is being typed (`Card href`). */
const typedAttribute = /<([A-Za-z][\w.:-]*)\s[^<>]*?\b(href|src|img|poster)=["'][^"']*$/;

/**
 * Completion inside a link of an MDX page: the site's page paths (and generated endpoint pages)
 * while the path is typed, or its files (images, videos…) where the link embeds one; the ids of the
 * target page (or this one) after `#`. Each item replaces what is typed of the path, or of the
 * fragment, up to the cursor.
 */
export function completeLink(
  document: TextDocument,
  offset: number,
  file: string,
  { model, site }: Pick<LintResult, 'model' | 'site'>,
): CompletionItem[] {
  const position = document.positionAt(offset);
  const lineBefore = document.getText({ start: { line: position.line, character: 0 }, end: position });
  const typed = typedUrl.exec(lineBefore)?.[1];
  if (typed === undefined || /^[a-z][a-z0-9+.-]*:/i.test(typed)) return [];
  const hash = typed.indexOf('#');
  const replaced = hash >= 0 ? typed.slice(hash + 1) : typed;
  const range = { start: document.positionAt(offset - replaced.length), end: position };
  const urls = siteUrls(model, site);
  if (hash < 0 && typedFile.test(lineBefore)) {
    const data = new Set(site.dataFiles()); // docs.json, specs: never embedded
    // Not a dot file (.mintignore), which no one embeds; in a Markdown destination a path with white
    // space or parentheses in angle brackets, and none that cannot be written there or in quotes.
    const markdown = lineBefore.lastIndexOf('](') > Math.max(lineBefore.lastIndexOf('"'), lineBefore.lastIndexOf("'"));
    const files = site
      .assetFiles()
      .filter((asset) => !data.has(asset) && !/(?:^|\/)\./.test(asset) && !/[<>"'\r\n]/.test(asset));
    return files.map((asset, i) => {
      const url = `/${asset}`;
      return item(url, CompletionItemKind.File, range, i, undefined, markdown ? markdownDestination(url) : url);
    });
  }
  if (hash < 0) {
    const paths = [...new Set(urls.pagePaths().map((page) => `/${pageUrlPath(page)}`))].sort();
    return paths.map((url, i) => item(url, CompletionItemKind.File, range, i));
  }
  // A `./` path is read as the platform renders it where it rewrites the holder's (Markdown, <a href>, <Card href>…).
  const attribute = lineBefore.endsWith(`](${typed}`) ? undefined : typedAttribute.exec(lineBefore);
  const holder = attribute ? `${attribute[1]} ${attribute[2]}` : '';
  const target =
    hash === 0 ? { kind: 'self' as const } : linkTarget(typed.slice(0, hash), file, site, urls, rewritesHolder(holder));
  const page = target.kind === 'self' ? file : target.kind === 'page' ? target.file : undefined;
  const anchors = page === undefined ? [] : (renderedAnchors(site, page, new Set(site.parsedPages())) ?? []);
  return anchors.map((id, i) =>
    item(id, CompletionItemKind.Reference, range, i, page === file ? undefined : `/${pageUrlPath(page!)}`),
  );
}

function item(
  label: string,
  kind: CompletionItemKind,
  range: { start: { line: number; character: number }; end: { line: number; character: number } },
  order: number,
  detail?: string,
  newText = label,
): CompletionItem {
  return {
    label,
    kind,
    ...(detail ? { detail } : {}),
    sortText: String(order).padStart(5, '0'),
    textEdit: { range, newText },
  };
}
