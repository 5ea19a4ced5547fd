// `npm run anchors-differential`: the ids navlint's anchorsOf finds in each page of the corpus,
// against the ids in the platform's own render of that page. The platform's side runs only its own
// functions, from the install `npm run conformance` makes (scripts/conformance.mjs): the prebuild's
// snippet inlining (findAndRemoveImports, resolveAllImports, stringifyTree) for a page with imports,
// then getMdx's text passes and compile (getMDXOptions' remark and rehype plugins inside @mintlify/mdx's
// `serialize`: remark-gfm, remark-smartypants, remark-math first), and a last rehype step that reads
// the `id` of every element of the finished tree. Left out of that compile, as they make no id:
// `serialize`'s rehype-katex and syntax highlighting (shiki), and the second, JavaScript-free compile.
// The ids are compared in two groups: those on components and headings and of footnotes (the
// platform's own: target 0 disagreements), and those written on HTML elements (`<div id>`, `<a id>`,
// navlint's addition to the platform's link checker). For information, the ids the platform's link
// checker (`mint broken-links --check-anchors`, link-rot's decorateGraphNodeFromPageContent) would
// accept are counted against the render's too.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { corpusSites, loadPlatform, platformFiles, quietly } from './conformance.mjs';
import { cacheRoot, ensureInstall, installDir } from './platform-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpusDir = join(root, '../shared/corpus');
const resultsFile = join(installDir, 'anchors.json'); // the platform's ids by page (its text, and its site's snippets when it imports): its compile is most of a run
const reportFile = join(cacheRoot, 'anchors-report.json');
const EXAMPLES = Number(process.env.NAVLINT_ANCHORS_EXAMPLES ?? 15);
const ONLY = process.env.NAVLINT_ANCHORS_ONLY; // only the pages whose corpus path contains this text
const note = (text) => process.stderr.write(`${text}\n`);

// --- navlint ---------------------------------------------------------------------------------------

/** anchorTargets and a page parse as src/parsers/mdx.ts makes it (the `{#id}` pass, then the same processor; the frontmatter's mode), bundled from the sources. */
async function loadNavlint() {
  const entry = `
    import remarkFrontmatter from 'remark-frontmatter';
    import remarkGfm from 'remark-gfm';
    import remarkMath from 'remark-math';
    import remarkMdx from 'remark-mdx';
    import remarkParse from 'remark-parse';
    import { unified } from 'unified';
    import { findFrontmatter, frontmatterAttributes } from './src/parsers/frontmatter-block';
    import { preprocessMdx } from './src/parsers/mdx-preprocess';
    export { anchorTargets } from './src/parsers/page-anchors';
    const processor = unified().use(remarkParse).use([remarkMdx, remarkGfm, [remarkFrontmatter, ['yaml', 'toml']], remarkMath]).freeze();
    export const parse = (text) => processor.parse(preprocessMdx(text).text);
    // The frontmatter's mode, as src/parsers/mdx.ts reads it for anchorTargets.
    export const modeOf = (text) => {
      const block = findFrontmatter(text);
      try {
        const mode = block && frontmatterAttributes(text, block)?.mode;
        return typeof mode === 'string' ? mode : undefined;
      } catch {
        return undefined;
      }
    };
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const file = join(tmpdir(), `navlint-anchors-${process.pid}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

// --- The platform ----------------------------------------------------------------------------------

async function loadRender() {
  const modules = join(installDir, 'node_modules');
  const load = async (path) => import(pathToFileURL(join(modules, path)).href);
  const common = await load('@mintlify/common/dist/index.js');
  const { getExportMapFromTree } = await load('@mintlify/common/dist/mdx/snippets/getExportMap.js');
  const linkRot = await load('@mintlify/link-rot/dist/static-checking/getBrokenInternalLinks.js');
  // @mintlify/mdx's serialize, as getMdx calls it (its own copy of the packages, as it resolves them).
  const { serialize } = await load('@mintlify/common/node_modules/next-mdx-remote-client/dist/csr/serialize.js');
  const remarkGfm = (await load('@mintlify/common/node_modules/remark-gfm/index.js')).default;
  const remarkSmartypants = (await load('remark-smartypants/dist/plugin.js')).default;
  const remarkMath = (await load('remark-math/index.js')).default;
  const versions = Object.fromEntries(
    ['@mintlify/common', '@mintlify/common/node_modules/@mintlify/mdx', 'remark-smartypants'].map((pkg) => [
      pkg.replace(/^.*node_modules\//, ''),
      JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version,
    ]),
  );
  return { common, getExportMapFromTree, linkRot, serialize, remarkGfm, remarkSmartypants, remarkMath, versions };
}

const STOP = 'navlint: ids read';

/** The ids of the finished tree (hast, MDX elements passed through), in document order, with the element each is on. */
function readIds(render, into) {
  const {
    COMPONENTS_WITHOUT_ID,
    COMPONENTS_WITH_CLEANED_ID,
    safeCleanHeadingId,
    isVisibilityElement,
    isHiddenFromHumans,
    resolveVisibilityFor,
  } = render.common;
  return () => (tree) => {
    const walk = (node) => {
      // A comment (what remarkMdxRemoveUnknownJsx leaves of an unknown element) renders nothing of its content; nor does content for agents only.
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return;
      if (isVisibilityElement(node) && isHiddenFromHumans(resolveVisibilityFor(node))) return;
      if (
        (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') &&
        node.name &&
        !COMPONENTS_WITHOUT_ID.has(node.name)
      ) {
        const id = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
        const shown =
          typeof id === 'string' && id && COMPONENTS_WITH_CLEANED_ID.has(node.name) ? safeCleanHeadingId(id) : id;
        if (typeof shown === 'string' && shown) into.push({ id: shown, element: node.name });
      }
      if (node.type === 'element' && node.properties?.id)
        into.push({ id: String(node.properties.id), element: 'footnote' });
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
    throw new Error(STOP); // nothing after this step makes an id: the compile to JavaScript is skipped
  };
}

/** getMdx's compile of a text, with the page's metadata; the panel (remarkMdxExtractPanel) is compiled after, as getMdx does. */
async function renderIds(render, content, metadata) {
  const { getMDXOptions, preprocessCustomHeadingIds, preprocessMdxFragmentCode } = render.common;
  const ids = [];
  const compileOnce = async (text) => {
    const mdxExtracts = {};
    const options = getMDXOptions({
      data: { snippetTreeMap: {}, pageMetadata: metadata, config: {}, path: 'page' },
      rehypePlugins: [readIds(render, ids)],
      mdxExtracts,
    });
    const { value } = await quietly(() =>
      render.serialize({
        source: preprocessCustomHeadingIds(preprocessMdxFragmentCode(text)),
        options: {
          mdxOptions: {
            ...options,
            remarkPlugins: [render.remarkGfm, render.remarkSmartypants, render.remarkMath, ...options.remarkPlugins],
            format: 'mdx',
          },
          scope: {},
          parseFrontmatter: true,
        },
      }),
    );
    if (!String(value.error?.message ?? '').includes(STOP))
      throw new Error(`the platform's compile failed: ${value.error?.message ?? 'no ids read'}`);
    return mdxExtracts.panel?.content;
  };
  const panel = await compileOnce(content);
  if (panel) await compileOnce(panel);
  return { ids, panel: Boolean(panel) };
}

/** The ids `mint broken-links --check-anchors` accepts for a page (link-rot's own steps, on the text it reads). */
async function linkRotIds(render, content) {
  const { coreRemark, preprocessCustomHeadingIds, remarkComponentIds, remarkExtractTableOfContents } = render.common;
  const extracts = {};
  const processor = coreRemark().use(remarkComponentIds).use(remarkExtractTableOfContents, extracts);
  const tree = processor.parse(preprocessCustomHeadingIds(content));
  await processor.run(tree);
  return new Set([
    ...(extracts.tableOfContents ? render.linkRot.flattenTableOfContentsSlugs(extracts.tableOfContents) : []),
    ...render.linkRot.extractComponentAnchorIds(tree),
  ]);
}

/** The prebuild's snippets of a site (readSnippetsV2Contents), their own imports resolved (resolveImportsAndWriteFiles' resolveImportsInSnippets). */
async function platformSnippets(platform, render, site, names) {
  const { findAndRemoveImports, topologicalSort, hasImports, resolveAllImports } = render.common;
  const read = (filename) =>
    platform.preparseMdxTree(readFileSync(join(site, filename), 'utf8'), site, join(site, filename), () => {});
  const snippets = await Promise.all(
    names.map(async (filename) => ({ ...(await findAndRemoveImports(await read(filename))), filename })),
  );
  const order = topologicalSort(
    Object.fromEntries(snippets.map((s) => [s.filename, Object.keys(s.importMap)])),
  ).reverse();
  const ordered = order.map((filename) => snippets.find((s) => s.filename === filename)).filter(Boolean);
  for (const snippet of ordered) {
    if (hasImports(snippet))
      snippet.tree = (
        await quietly(() => resolveAllImports({ snippets: ordered, fileWithImports: snippet, onWarning: () => {} }))
      ).value;
  }
  return snippets;
}

/** The text getMdx compiles for a page: the prebuild's tree (readPageContents), its snippets inlined when it imports any, written back out. */
async function pageText(platform, render, site, text, filename, snippets) {
  const { findAndRemoveImports, hasImports, resolveAllImports, stringifyTree } = render.common;
  const found = await findAndRemoveImports(await platform.preparseMdxTree(text, site, join(site, filename), () => {}));
  if (!hasImports(found)) return stringifyTree(found.tree);
  const { value } = await quietly(() =>
    resolveAllImports({ snippets: snippets(), fileWithImports: { ...found, filename }, onWarning: () => {} }),
  );
  return stringifyTree(value);
}

// --- Comparison ------------------------------------------------------------------------------------

const isHtmlElement = (name) => /^[a-z]/.test(name); // lowercase: an HTML (or SVG) element as written; the rest the platform's
const groupOf = (target) => (target.element === 'footnote' || !isHtmlElement(target.element) ? 'platform' : 'element');
const unique = (targets) => {
  const seen = new Set();
  return targets.filter((t) => !seen.has(t.id) && seen.add(t.id));
};

function compare(platform, navlint, ordered) {
  const result = {};
  for (const group of ['platform', 'element']) {
    // An id both groups have (a heading's and a div's) is compared in the group of its first element.
    const theirs = unique(platform)
      .filter((t) => groupOf(t) === group)
      .map((t) => t.id);
    const ours = navlint.filter((t) => groupOf(t) === group).map((t) => t.id);
    const missing = theirs.filter((id) => !ours.includes(id));
    const extra = ours.filter((id) => !theirs.includes(id));
    const order = !missing.length && !extra.length && ordered && theirs.join('\n') !== ours.join('\n');
    result[group] = { missing, extra, order, count: theirs.length };
  }
  return result;
}

async function main() {
  const started = Date.now();
  const sites = corpusSites();
  if (!sites) {
    note(`anchors-differential: the corpus is skipped: ${corpusDir} is absent`);
    return;
  }
  ensureInstall();
  const [platform, render, navlint] = await Promise.all([loadPlatform(), loadRender(), loadNavlint()]);
  const known = new Map(
    existsSync(resultsFile) && process.env.NAVLINT_ANCHORS_FRESH !== '1'
      ? Object.entries(JSON.parse(readFileSync(resultsFile, 'utf8')))
      : [],
  );
  const used = new Set();
  let compiled = 0;
  const rows = [];
  const totals = {
    pages: 0,
    failed: 0,
    platform: { ids: 0, pages: 0, order: 0 },
    element: { ids: 0, pages: 0, order: 0 },
    linkRot: { missing: 0, extra: 0, pages: 0 },
  };

  for (const site of sites) {
    const { files } = await platformFiles(platform, site);
    const pages = files.filter((f) => f.category === 'page' && /\.mdx?$/.test(f.name)).map((f) => f.name);
    const snippetNames = files.filter((f) => f.category === 'snippet-v2').map((f) => f.name);
    const snippetsHash = createHash('sha256');
    for (const name of snippetNames)
      snippetsHash
        .update(name)
        .update('\0')
        .update(readFileSync(join(site, name)))
        .update('\0');
    const snippetsKey = snippetsHash.digest('base64url');
    let snippets;
    // navlint's side: a snippet's tree by its path, read when first imported; an import is resolved from the file that makes it.
    const navlintTrees = new Map();
    const pathOf = new Map();
    for (const name of pages) {
      const label = relative(corpusDir, join(site, name));
      if (ONLY && !label.includes(ONLY)) continue;
      const text = readFileSync(join(site, name), 'utf8');
      const imports = /^import\s/m.test(text);
      totals.pages += 1;
      const key = createHash('sha256')
        .update(name)
        .update('\0')
        .update(text)
        .update('\0')
        .update(imports ? snippetsKey : '')
        .digest('base64url');
      used.add(key);
      if (!known.has(key)) {
        try {
          if (imports && !snippets) snippets = await platformSnippets(platform, render, site, snippetNames);
          const content = await pageText(platform, render, site, text, name, () => snippets);
          let metadata = {};
          try {
            metadata = render.common.parseFrontmatter(content).attributes ?? {};
          } catch {}
          known.set(key, {
            ...(await renderIds(render, content, metadata)),
            linkRot: [...(await linkRotIds(render, text))],
          });
        } catch (error) {
          known.set(key, { failed: String(error?.message ?? error).split('\n')[0] });
        }
        compiled += 1;
        if (compiled % 250 === 0)
          note(
            `anchors-differential: ${compiled} pages compiled by the platform (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
      }
      const theirs = known.get(key);
      if (theirs.failed) {
        totals.failed += 1;
        rows.push({ page: label, failed: theirs.failed });
        continue;
      }
      const page = navlint.parse(text);
      pathOf.set(page, name);
      const snippet = (source, from) => {
        if (!/^(\/|\.\.?\/)/.test(source)) return undefined;
        const path = source.startsWith('/')
          ? posix.normalize(source)
          : posix.resolve(posix.dirname(pathOf.get(from)), source);
        if (!snippetNames.includes(path) || !/\.mdx?$/.test(path)) return undefined;
        if (!navlintTrees.has(path)) {
          const tree = navlint.parse(readFileSync(join(site, path), 'utf8'));
          navlintTrees.set(path, tree);
          pathOf.set(tree, path);
        }
        return navlintTrees.get(path);
      };
      const ours = navlint.anchorTargets(page, { snippet, mode: navlint.modeOf(text) });
      const result = compare(theirs.ids, ours, !theirs.panel);
      for (const group of ['platform', 'element']) {
        const r = result[group];
        totals[group].ids += r.count;
        if (r.missing.length || r.extra.length) totals[group].pages += 1;
        if (r.order) totals[group].order += 1;
      }
      const rendered = new Set(theirs.ids.map((t) => t.id));
      const linkRot = new Set(theirs.linkRot);
      const rotMissing = [...rendered].filter((id) => !linkRot.has(id));
      const rotExtra = [...linkRot].filter((id) => !rendered.has(id));
      totals.linkRot.missing += rotMissing.length;
      totals.linkRot.extra += rotExtra.length;
      if (rotMissing.length || rotExtra.length) totals.linkRot.pages += 1;
      if (
        result.platform.missing.length ||
        result.platform.extra.length ||
        result.platform.order ||
        result.element.missing.length ||
        result.element.extra.length ||
        result.element.order
      ) {
        rows.push({ page: label, ...result });
      }
    }
  }

  const lines = [];
  lines.push(
    `anchors-differential: navlint's anchorsOf against the ids of the platform's render (@mintlify/common ${render.versions['@mintlify/common']}, @mintlify/mdx ${render.versions['@mintlify/mdx']}, remark-smartypants ${render.versions['remark-smartypants']})`,
  );
  lines.push(`pages: ${totals.pages} (${totals.failed} the platform does not compile, left out)`);
  for (const [group, title] of [
    ['platform', 'heading, component and footnote ids'],
    ['element', 'ids written on HTML elements'],
  ]) {
    const list = rows.filter((row) => row[group] && (row[group].missing.length || row[group].extra.length));
    const missing = list.reduce((sum, row) => sum + row[group].missing.length, 0);
    const extra = list.reduce((sum, row) => sum + row[group].extra.length, 0);
    lines.push(
      `${title}: ${totals[group].ids} rendered; disagreements ${missing + extra} (${missing} navlint misses, ${extra} navlint has that the render does not) on ${list.length} pages; same ids in another order on ${totals[group].order} pages`,
    );
    for (const row of list.slice(0, EXAMPLES))
      lines.push(
        `  ${row.page}: ${row[group].missing.length ? `misses ${JSON.stringify(row[group].missing.slice(0, 6))} ` : ''}${row[group].extra.length ? `has ${JSON.stringify(row[group].extra.slice(0, 6))}` : ''}`,
      );
    if (list.length > EXAMPLES) lines.push(`  … ${list.length - EXAMPLES} more in the report`);
    for (const row of rows.filter((r) => r[group]?.order).slice(0, 5)) lines.push(`  order differs: ${row.page}`);
  }
  for (const row of rows.filter((r) => r.failed).slice(0, EXAMPLES))
    lines.push(`  not compiled: ${row.page}: ${row.failed}`);
  lines.push(
    `for information, the platform's link checker (link-rot --check-anchors) against the same render: ${totals.linkRot.missing} rendered ids it does not accept, ${totals.linkRot.extra} it accepts that are not rendered, on ${totals.linkRot.pages} pages`,
  );
  lines.push(
    `platform compiles: ${compiled} now, ${known.size - compiled} from ${resultsFile} (NAVLINT_ANCHORS_FRESH=1 compiles all); ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  lines.push(`report: ${reportFile}`);
  process.stdout.write(`${lines.join('\n')}\n`);

  mkdirSync(cacheRoot, { recursive: true });
  if (compiled > 0) {
    // A run on some pages (NAVLINT_ANCHORS_ONLY) keeps the others'; a full run keeps only its own, so the file does not grow with every edit of the corpus.
    const kept = ONLY ? [...known.keys()] : [...used];
    writeFileSync(`${resultsFile}.tmp`, JSON.stringify(Object.fromEntries(kept.map((key) => [key, known.get(key)]))));
    renameSync(`${resultsFile}.tmp`, resultsFile);
  }
  writeFileSync(reportFile, `${JSON.stringify({ versions: render.versions, totals, rows }, null, 1)}\n`);
  const disagreements = rows.filter(
    (/** @type {any} */ row) =>
      !row.failed &&
      (row.platform.missing.length ||
        row.platform.extra.length ||
        row.element.missing.length ||
        row.element.extra.length),
  ).length;
  process.exitCode = disagreements > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`anchors-differential: ${error?.stack ?? error}\n`);
  process.exitCode = 2;
});
