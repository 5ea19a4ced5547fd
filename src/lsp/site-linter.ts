import * as fs from 'node:fs';
import * as path from 'node:path';
import { ruleSet } from '../../rules';
import { applySuppressions, type SuppressionEntries } from '../engine/bulk-suppressions';
import { type Config, defaultConfig } from '../engine/config';
import {
  type Finding,
  type LintOptions,
  type LintResult,
  lintOptionsOf,
  runRules,
  siteFor,
  sortFindings,
  withDirectives,
} from '../engine/lint';
import { readsSiteFiles } from '../engine/rule';
import { foldersOfListedPages } from '../engine/site-urls';
import type { SiteFiles } from '../site/files';
import type { Site } from '../site/site';
import { relint } from './incremental';
import type { PageChanges } from './page-changes';
import { fileSlices, findingsBySlice } from './page-slices';
import type { Publishable } from './publisher';

/** A lint of a site's docs.json: its result, the config's options it ran with (the rules that read the pages run with them after), and the versions of the documents it read. */
export interface SiteLint {
  result: LintResult;
  options: Pick<LintOptions, 'ruleSet' | 'rules' | 'scopes' | 'reportUnusedDisableDirectives' | 'settings' | 'a11y'>;
  /** The version of every open document when it ran, by URI: its diagnostics are published with them. */
  versions: ReadonlyMap<string, number>;
}

export interface SiteLinterHost {
  /** The files as a lint reads them: the editor's unsaved text over the disk's. */
  files: SiteFiles;
  isOpen(file: string): boolean;
  /** The version of every open document, by URI. */
  versions(): ReadonlyMap<string, number>;
  /** The config in force for a docs folder. */
  config(root: string): Config;
  /** The entries of a docs folder's suppressions file (none when there is none). */
  suppressions(root: string): SuppressionEntries;
  /** Where the site's caches live (undefined: none). */
  cacheDir: string | undefined;
  publish(lint: Publishable, versions: ReadonlyMap<string, number>, complete: boolean): void;
  /** Clears the diagnostics published so far. */
  clear(): void;
}

/**
 * What a lint of one site does: docs.json's lint (the previous model patched when the edit allows,
 * ./incremental.ts), then the rules that read the pages over its model, each publishing. It keeps the
 * site's `Site`, made anew when the config's extension key changes (the specs' operations depend on
 * it), and the findings of the last run over the pages, which a run over the pages typed in updates.
 */
export class SiteLinter {
  private current: Site;
  /** The findings of the rules that read the pages, as their last run left them. */
  private pageFindings?: Finding[];
  /**
   * What docs.json's edits changed since the rules that read the pages last ran, when each only
   * renamed a label or changed a page entry (incremental.ts): the pages the entries named before and
   * after, and the folders the entries listed at that run. Undefined after any other edit.
   */
  private entriesSince?: { pages: Set<string>; folders: ReadonlySet<string> };

  constructor(
    readonly docsFile: string,
    private readonly host: SiteLinterHost,
  ) {
    this.current = this.siteWith(defaultConfig.extensionKey);
  }

  get site(): Site {
    return this.current;
  }

  /** Lints docs.json without the rules that read the pages and publishes it; 'gone' (its diagnostics cleared) when docs.json is neither open nor on disk. */
  lintDocs(previous: SiteLint | undefined): SiteLint | 'gone' {
    if (!this.host.isOpen(this.docsFile) && !fs.existsSync(this.docsFile)) {
      this.host.clear();
      return 'gone';
    }
    const config = this.host.config(path.dirname(this.docsFile));
    let patchable = previous?.result;
    if (this.current.extensionKey !== config.extensionKey) {
      // The specs' operations are read anew, and every page is checked again.
      this.current = this.siteWith(config.extensionKey);
      this.pageFindings = undefined;
      patchable = undefined;
    }
    const { extensionKey: _, ...options } = lintOptionsOf(config, ruleSet);
    // docs.json's diagnostics first: the rules that read every page report in the pages, and run after (checkPages).
    const { result, edit } = relint(patchable, {
      ...options,
      docsFile: this.docsFile,
      site: this.current,
      persistCaches: false,
      ruleFilter: (meta) => !meta.readsSiteFiles,
    });
    if (edit.kind === 'other') this.entriesSince = undefined;
    else if (edit.kind === 'page entry') for (const page of edit.pages) this.entriesSince?.pages.add(page);
    const lint = { result, options, versions: this.host.versions() };
    this.suppressByFile(result);
    this.host.publish(result, lint.versions, false);
    return lint;
  }

  /** Parses the site's pages on the workers, while the server answers. */
  parsePages(stop: () => boolean): Promise<void> {
    return this.current.parsePagesInBackground(stop);
  }

  /**
   * Runs the rules that read the pages over a lint's model, adds their findings to its result and
   * publishes it whole. After edits of pages alone, or of docs.json that changed its page entries
   * and not the folders they list (and a run over every page before), only the files those can
   * change are checked, the others' findings kept; says whether the pages typed in alone were. A
   * run over every page goes slice by slice, and stops, keeping and publishing nothing, once
   * `superseded` says a newer lint made it stale ('superseded').
   */
  async checkPages(
    lint: SiteLint,
    since: PageChanges,
    superseded: () => boolean,
  ): Promise<'typed pages' | 'every page' | 'superseded'> {
    const site = this.current;
    const focus = this.pageFindings && this.focusAfter(lint, since);
    this.entriesSince = undefined; // until the run is over
    const pageFindings = focus ? this.focusedFindings(lint, focus) : await this.everyPageFindings(lint, superseded);
    if (!pageFindings) return 'superseded';
    this.pageFindings = pageFindings;
    // Now that every rule has run: the directives over all the findings, those that turn nothing off, the suppressions file.
    const docsRules = [...lint.result.findings, ...lint.result.suppressed].filter(
      (finding) => !ruleSet.siteFileRuleIds.has(finding.ruleId) && finding.ruleId !== 'unused-disable-directive',
    );
    const settled = withDirectives([...docsRules, ...pageFindings], site, lint.options);
    lint.result.findings = sortFindings(settled.reported);
    lint.result.suppressed = sortFindings(settled.suppressed);
    this.suppressByFile(lint.result);
    this.host.publish(lint.result, lint.versions, true);
    this.entriesSince = { pages: new Set(), folders: foldersOfListedPages(lint.result.model, site) };
    if (since.kind === 'typed' && focus) return 'typed pages';
    // The caches after the diagnostics: writing every page's verdict need not delay them.
    if (!focus) site.persist();
    return 'every page';
  }

  /** The findings of the rules that read the pages after a run over the files of `focus` (relative to the docs folder), the others' kept. */
  private focusedFindings(lint: SiteLint, focus: ReadonlySet<string>): Finding[] {
    const site = this.current;
    const pages = runRules(lint.result.model, site, { ...this.pageRuleOptions(lint), focus });
    const kept = (this.pageFindings ?? []).filter((finding) => !focus.has(path.relative(site.root, finding.file.path)));
    return [...kept, ...pages.findings, ...pages.suppressed];
  }

  /**
   * The findings of the rules that read the pages over every page, a slice of the files at a time
   * (./page-slices.ts: a keystroke meanwhile waits for one slice, not the run); undefined once superseded.
   */
  private everyPageFindings(lint: SiteLint, superseded: () => boolean): Promise<Finding[] | undefined> {
    const site = this.current;
    const docsFiles = lint.result.files.map((file) => path.relative(site.root, file.path).split(path.sep).join('/'));
    const slices = fileSlices(site, docsFiles);
    return findingsBySlice(lint.result.model, site, this.pageRuleOptions(lint), slices, superseded);
  }

  private pageRuleOptions(lint: SiteLint) {
    return { ...lint.options, ruleFilter: readsSiteFiles, persistCaches: false };
  }

  /**
   * The files (relative to the docs folder) whose findings of the rules that read the pages may have
   * changed since their last run, when that can be told: the pages typed in; or, when docs.json's
   * edits changed page entries and labels alone and the entries list the same folders (then the
   * site's URLs are the same, site-urls.ts), docs.json and its `$ref` files, and the pages the
   * entries named before and after. Undefined: every page may have.
   */
  private focusAfter(lint: SiteLint, since: PageChanges): ReadonlySet<string> | undefined {
    const site = this.current;
    if (since.kind === 'typed') return new Set([...since.files].map((file) => path.relative(site.root, file)));
    if (since.kind !== 'docs' || !this.entriesSince) return undefined;
    const { pages, folders } = this.entriesSince;
    const listed = foldersOfListedPages(lint.result.model, site);
    if (listed.size !== folders.size || [...listed].some((folder) => !folders.has(folder))) return undefined;
    const files = [...pages].flatMap((page) => site.lookupPage(page).file ?? []);
    return new Set([...lint.result.files.map((file) => path.relative(site.root, file.path)), ...files]);
  }

  /** Moves the findings the suppressions file holds from those reported to those suppressed. */
  private suppressByFile(result: LintResult): void {
    const entries = this.host.suppressions(this.current.root);
    if (Object.keys(entries).length === 0) return;
    const applied = applySuppressions(result.findings, entries, this.current.root);
    result.findings = sortFindings(applied.reported);
    result.suppressed = sortFindings([...result.suppressed, ...applied.suppressed]);
  }

  /** The files a lint read besides the pages: docs.json, its `$ref` files, its specs and .mintignore. */
  filesRead(lint: SiteLint | undefined): string[] {
    return [
      ...(lint?.result.files.map((file) => file.path) ?? []),
      ...this.current.specFiles(),
      path.join(this.current.root, '.mintignore'),
    ];
  }

  private siteWith(extensionKey: string): Site {
    // The disk caches are keyed by the file on disk: an open document has none (overlayFiles), so its unsaved text is always read.
    return siteFor({ docsFile: this.docsFile, files: this.host.files, cacheDir: this.host.cacheDir, extensionKey });
  }
}
