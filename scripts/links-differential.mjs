// `node scripts/links-differential.mjs [SITE…]`: the platform's `mint broken-links` against navlint's
// page-link and page-image findings, on every site of ../shared/corpus (or the folders named), link by
// link. The CLI comes from the install `npm run conformance` makes (scripts/conformance.mjs: @mintlify/cli
// in a cache folder, never a dependency of navlint). Each run is in a copy of the site, since a CLI may
// write files, with the CLI's telemetry off (offline, it waits on it: 12 s instead of 4 s on a small
// site). It prints per site: the CLI's time with and without --check-anchors, navlint's, and the links
// both report (agree), only the platform reports, only navlint reports; each navlint-only one says
// whether the platform's checker reads that link at all (it reads Markdown links and images, `src` of
// `img` and `source`, `href` of `a` and `Card`) and, if it does, why it lands there (a file, a page
// generated from a spec, a redirect), from the platform's own link graph (@mintlify/link-rot's
// buildGraph, in this process). The report, with every link, goes to links-report.json beside the install.
//
//   --no-anchors   skip the --check-anchors run (its extra reports are anchors: page-anchor's domain)
//   --all          print every disagreement (else 20 of each kind per site; the report has all)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheRoot, ensureInstall, installDir } from './platform-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpusDir = resolve(root, '../shared/corpus');
const reportFile = join(cacheRoot, 'links-report.json');
const args = process.argv.slice(2);
const withAnchors = !args.includes('--no-anchors');
const EXAMPLES = args.includes('--all') ? Infinity : 20;
const named = args.filter((a) => !a.startsWith('--'));
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
// Offline, the CLI's telemetry waits for its timeouts; CI=true keeps its output plain.
// Its output is drawn by ink, which wraps lines at 80 columns when stdout is not a terminal: the
// CLI's processes (it starts a second one) get a stdout 1,000 columns wide (ink keeps a cell per
// column and line: far wider runs out of memory on 500 links), and a line wrapped all the same is
// joined back below.
const wide = 'data:text/javascript,process.stdout.columns=1000';
const cliEnv = {
  ...process.env,
  MINTLIFY_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  CI: 'true',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${wide}`.trim(),
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function sites() {
  if (named.length) return named.map((dir) => ({ name: dir.replace(/\/+$/, '').split('/').pop(), dir: resolve(dir) }));
  const index = join(corpusDir, 'INDEX.tsv');
  if (!existsSync(index)) throw new Error(`no ${index}: name the sites to compare`);
  return readFileSync(index, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0])
    .map((name) => ({ name, dir: join(corpusDir, name) }));
}

function run(command, argv, options) {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('close', (code) =>
      resolvePromise({ code, text: Buffer.concat(out).toString(), ms: Date.now() - started }),
    );
  });
}

/**
 * `mint broken-links` in `copy` (a copy of the site): its broken links by file, as it prints them
 * ("found N broken links in M files", then each file and its links, `⎿  /path`). One page that does
 * not parse aborts the platform's whole run (`Syntax error - Unable to parse <file>`): that file is
 * taken out of the copy and the run made again, and the files taken out are returned.
 */
async function mintBrokenLinks(copy, flags) {
  const removed = [];
  let firstMs;
  for (;;) {
    const result = await run(join(installDir, 'node_modules', '.bin', 'mint'), ['broken-links', ...flags], {
      cwd: copy,
      env: cliEnv,
    });
    firstMs ??= result.ms;
    const text = result.text.replace(ANSI, '');
    const unparsed = /Syntax error - Unable to parse (.+?) - /.exec(text.replace(/\s+/g, ' '))?.[1];
    if (unparsed && removed.length < 20 && existsSync(join(copy, unparsed))) {
      removed.push(unparsed);
      rmSync(join(copy, unparsed));
      continue;
    }
    const byFile = new Map();
    let file;
    let total;
    let last; // 'file' or 'link': a line wrapped all the same goes on the one before it
    for (const line of text.split('\n')) {
      const found = /^found (\d+) broken links? in/.exec(line.trim());
      if (found) total = Number(found[1]);
      const link = /^\s*⎿\s+(.*)$/.exec(line);
      if (link && file) {
        byFile.get(file).push(link[1].trimEnd());
        last = 'link';
      } else if (total === undefined || found || !line.trim()) last = undefined;
      else if (last === 'link') byFile.get(file).push(`${byFile.get(file).pop()}${line.trim()}`);
      else if (last === 'file') {
        const links = byFile.get(file);
        byFile.delete(file);
        byFile.set((file = `${file}${line.trim()}`), links);
      } else {
        byFile.set((file = line.trim()), []);
        last = 'file';
      }
    }
    const clean = /no broken links found/.test(text);
    const count = [...byFile.values()].reduce((sum, list) => sum + list.length, 0);
    const error =
      !clean && total === undefined
        ? text
            .trim()
            .split('\n')
            .filter((l) => !/checking for broken/.test(l))
            .join(' ')
            .slice(0, 300)
        : undefined;
    if (total !== undefined && total !== count)
      throw new Error(`${copy}: the CLI says ${total} broken links, ${count} read from its output`);
    return { byFile, count, ms: result.ms, firstMs, removed, code: result.code, error, output: text };
  }
}

/** navlint's page-link and page-image findings, each with the URL as the rule read it. */
async function navlintLinks(site) {
  const result = await run(
    process.execPath,
    [join(root, 'bin', 'navlint.cjs'), 'check', site, '--format', 'json', '--no-cache'],
    { cwd: root },
  );
  let results;
  try {
    results = JSON.parse(result.text.slice(result.text.indexOf('[')));
  } catch {
    throw new Error(`navlint gave no JSON on ${site}: ${result.text.slice(0, 300)}`);
  }
  const findings = [];
  for (const { filePath, messages } of results) {
    for (const m of messages) {
      if (m.ruleId !== 'page-link' && m.ruleId !== 'page-image') continue;
      const url = /^(?:link|image|\S+ \S+) "(.*?)" (?:lands on|goes through|is not a file)/.exec(m.message)?.[1];
      findings.push({
        file: relative(site, filePath),
        line: m.line,
        column: m.column,
        rule: m.ruleId,
        severity: m.severity === 2 ? 'error' : 'warn',
        url,
        message: m.message,
      });
    }
  }
  return { findings, ms: result.ms };
}

/** The platform's link graph of a site (what `mint broken-links` builds), to tell why it passes a link. */
async function platformGraph(site) {
  const { buildGraph } = await import(platformModule('link-rot', 'static-checking/getBrokenInternalLinks.js'));
  return quietly(async () => {
    const graph = await buildGraph(site, {});
    graph.precomputeFileResolutions();
    graph.navigationPages = await navigationPages(site);
    return graph;
  });
}

const platformModule = (pkg, path) =>
  pathToFileURL(join(installDir, 'node_modules', '@mintlify', pkg, 'dist', path)).href;

async function quietly(fn) {
  const saved = { log: console.log, warn: console.warn, error: console.error };
  console.log = console.warn = console.error = () => {};
  try {
    return await fn();
  } finally {
    Object.assign(console, saved);
  }
}

/**
 * The pages the platform's build generates from the specs of the navigation: link-rot's
 * getOpenApiPagePaths without its last step, which adds every local spec's pages under the default
 * `api-reference/` too ("keeps us permissive"), pages the build (updateDocsConfigFile →
 * generateOpenApiDivisions → generateOpenApiFromDocsConfig) never makes when the navigation gives
 * the spec a `directory`.
 */
async function navigationPages(site) {
  const [{ readResolvedConfigJson }, prebuild, validation] = await Promise.all([
    import(platformModule('link-rot', 'static-checking/readConfig.js')),
    import(platformModule('prebuild', 'index.js')),
    import(platformModule('validation', 'index.js')),
  ]);
  const resolved = await readResolvedConfigJson(site);
  if (resolved?.configFile !== 'docs.json') return new Set();
  const result = validation.validateDocsConfig(resolved.json);
  if (!result.success) return new Set();
  const explicitOverlays = validation.collectOpenApiOverlayConfig(result.data);
  const openApiFiles = await prebuild.getOpenApiFiles(site, { explicitOverlays });
  const overlayRegistry = await prebuild.buildOverlayRegistryForDirectory(site, { explicitOverlays });
  const pagesAcc = {};
  await prebuild.generateOpenApiFromDocsConfig(result.data.navigation, openApiFiles, pagesAcc, {
    writeFiles: false,
    overlayRegistry,
  });
  return new Set(Object.keys(pagesAcc));
}

/** Why the platform's checker passes a link of `file` it reads: a file, a generated page, a redirect. */
function platformReading(graph, file, url) {
  const node = graph.getNode(file);
  const path = node?.paths.find((p) => p.originalPath === url);
  if (!path) return { reads: false };
  const key = path.toString();
  const nodes = new Set(Object.keys(graph.nodes));
  const files = [...(graph.fileResolutionMap.get(key) ?? [])].filter((f) => nodes.has(f));
  if (graph.virtualNodes.has(key)) {
    const built = graph.navigationPages.has(key);
    return {
      reads: true,
      as: key,
      lands: `a page generated from a spec ("${key}")${built ? '' : ", which only its checker adds (every local spec's pages under api-reference/), not the build"}`,
      generatedOnlyByChecker: !built,
    };
  }
  if (files.length) return { reads: true, as: key, lands: `file or folder ${files.map((f) => `"${f}"`).join(', ')}` };
  if (graph.redirectMap.has(key))
    return { reads: true, as: key, lands: `a redirect ("/${key}" → "/${graph.redirectMap.get(key)}")` };
  for (const source of graph.redirectMap.keys())
    if (graph.matchesWildcardPattern(key, source))
      return { reads: true, as: key, lands: `a redirect pattern ("/${source}")` };
  return { reads: true, as: key, lands: undefined };
}

/** Base paths the platform serves sites under (src/engine/site-urls.ts platformBasePaths). */
const basePaths = new Set(['docs', 'help', 'guides', 'wiki', 'developers', 'academy', 'connect', 'go', 'blog']);

/** Why navlint may pass a link the platform's checker reports, as far as the link's form tells. */
function platformOnlyClass(url) {
  if (!/^[./#]/.test(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url))
    return "a relative link: the platform's checker reads it from the root, a reader's browser (and navlint) against the page's URL";
  const first = /^\/([^/?#]+)/.exec(url)?.[1];
  if (first && basePaths.has(first))
    return `a path carrying the base path "/${first}": the platform's checker looks under ${first}/, navlint without it when the site has nothing of its own there`;
  return 'navlint finds it landing (a folder of listed or generated pages, a file, a redirect)';
}

/** The platform's reading of a link only navlint reports, in general words. */
function navlintOnlyClass(p) {
  if (p.aborted) return 'the platform cannot parse the page';
  if (!p.reads)
    return "the platform's checker does not read this link (it reads Markdown links and images, img and source src, a and Card href)";
  if (!p.lands) return "the platform's graph finds it broken too, but its CLI did not finish";
  if (p.generatedOnlyByChecker)
    return "the platform's checker passes it as a page generated under api-reference/, which its build does not generate (the navigation gives the spec a directory)";
  return `the platform passes it: ${p.lands.replace(/ \(.*\)$/, '').replace(/ ".*$/, '')}`;
}

/** Multiset difference by (file, url). */
function compare(platformByFile, navlintErrors) {
  const keyOf = (file, url) => `${file}\u0000${url}`;
  const pending = new Map();
  for (const [file, urls] of platformByFile)
    for (const url of urls) pending.set(keyOf(file, url), (pending.get(keyOf(file, url)) ?? 0) + 1);
  const agree = [];
  const navlintOnly = [];
  for (const finding of navlintErrors) {
    const key = keyOf(finding.file, finding.url);
    if (pending.get(key)) {
      pending.set(key, pending.get(key) - 1);
      agree.push(finding);
    } else navlintOnly.push(finding);
  }
  const platformOnly = [];
  for (const [key, count] of pending) {
    const [file, url] = key.split('\u0000');
    for (let i = 0; i < count; i++) platformOnly.push({ file, url });
  }
  return { agree, navlintOnly, platformOnly };
}

async function main() {
  ensureInstall();
  const list = sites();
  const report = {
    platform: JSON.parse(readFileSync(join(installDir, 'node_modules', '@mintlify', 'cli', 'package.json'), 'utf8'))
      .version,
    sites: [],
  };
  const out = [];
  const totals = { agree: 0, platformOnly: 0, navlintOnly: 0, warnings: 0, config: 0 };
  for (const { name, dir } of list) {
    process.stderr.write(`links-differential: ${name}…\n`);
    // The CLI may write files: it runs in a copy, which also loses the pages that abort its run.
    const copy = mkdtempSync(join(tmpdir(), 'navlint-links-'));
    let plain;
    let anchors;
    let navlint;
    let agree;
    let navlintOnly;
    let platformOnly;
    let config;
    let errors;
    let warnings;
    try {
      cpSync(dir, copy, { recursive: true, verbatimSymlinks: true });
      plain = await mintBrokenLinks(copy, []);
      anchors = withAnchors ? await mintBrokenLinks(copy, ['--check-anchors']) : undefined;
      navlint = await navlintLinks(dir);
      // docs.json's navigation hrefs are link-target's (the CLI prints them under docs.json): not compared here.
      config = plain.byFile.get('docs.json') ?? [];
      const pages = new Map([...plain.byFile].filter(([file]) => file !== 'docs.json'));
      errors = navlint.findings.filter((f) => f.severity === 'error');
      warnings = navlint.findings.filter((f) => f.severity === 'warn');
      ({ agree, navlintOnly, platformOnly } = compare(pages, errors));
      const graph = navlintOnly.length ? await platformGraph(copy) : undefined;
      for (const finding of navlintOnly) {
        finding.platform = plain.removed.includes(finding.file)
          ? { reads: false, aborted: true }
          : platformReading(graph, finding.file, finding.url);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    const entry = {
      site: name,
      cli: {
        output: plain.output,
        anchorsOutput: anchors?.output,
        plainMs: plain.ms,
        anchorsMs: anchors?.ms,
        abortedMs: plain.removed.length ? plain.firstMs : undefined,
        plain: plain.count,
        anchors: anchors?.count,
        abortedOn: plain.removed,
        error: plain.error ?? anchors?.error,
      },
      navlintMs: navlint.ms,
      agree: agree.length,
      platformOnly,
      navlintOnly,
      navlintWarnings: warnings,
      docsJson: config,
    };
    report.sites.push(entry);
    totals.agree += agree.length;
    totals.platformOnly += platformOnly.length;
    totals.navlintOnly += navlintOnly.length;
    totals.warnings += warnings.length;
    totals.config += config.length;
    out.push(
      `${name}: mint broken-links ${plain.count} in ${seconds(plain.ms)}` +
        (anchors ? `, with --check-anchors ${anchors.count} in ${seconds(anchors.ms)}` : '') +
        `; navlint ${errors.length} errors + ${warnings.length} redirect warnings in ${seconds(navlint.ms)} (no cache)` +
        `; agree ${agree.length}, platform-only ${platformOnly.length}, navlint-only ${navlintOnly.length}` +
        (config.length ? `; docs.json ${config.length} (link-target's)` : ''),
    );
    if (plain.removed.length)
      out.push(
        `  the CLI aborts on ${plain.removed.join(', ')} (a page it cannot parse); it stops after ${seconds(plain.firstMs)} with no link reported; counted (and timed) with ${plain.removed.length === 1 ? 'it' : 'them'} taken out of its copy`,
      );
    if (plain.error) out.push(`  the CLI failed: ${plain.error}`);
    const grouped = (list, classOf, show) => {
      const groups = new Map();
      for (const item of list) {
        const key = classOf(item);
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(item);
      }
      for (const [key, items] of groups) {
        out.push(`  ${key}: ${items.length}`);
        for (const item of items.slice(0, EXAMPLES)) out.push(`    ${show(item)}`);
        if (items.length > EXAMPLES) out.push(`    … ${items.length - EXAMPLES} more in the report`);
      }
    };
    grouped(
      platformOnly,
      ({ url }) => `platform only, ${platformOnlyClass(url)}`,
      ({ file, url }) => `${file}  ${url}`,
    );
    grouped(
      navlintOnly,
      ({ platform: p }) => `navlint only, ${navlintOnlyClass(p)}`,
      (f) =>
        `${f.file}:${f.line}:${f.column}  ${f.url}${f.platform.as && f.platform.lands ? `  (the platform: ${f.platform.lands})` : ''}`,
    );
  }
  out.push(
    `total: agree ${totals.agree}, platform-only ${totals.platformOnly}, navlint-only ${totals.navlintOnly}; navlint's redirect warnings ${totals.warnings} (links that land through a redirect: not broken for either); docs.json links the CLI reports ${totals.config}`,
  );
  out.push(`report: ${reportFile}`);
  writeFileSync(reportFile, `${JSON.stringify({ ...report, totals }, null, 1)}\n`);
  process.stdout.write(`${out.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`links-differential: ${error?.stack ?? error}\n`);
  process.exitCode = 2;
});
