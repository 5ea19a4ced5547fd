import * as path from 'node:path';
import { displayPath } from '../common/paths';
import { type Finding, type LintOptions, type LintResult, lint } from '../engine/lint';
import type { NavModel } from '../engine/model';
import { withoutPageParses } from '../engine/rule';
import { generatedPages } from '../engine/site-urls';
import { applyFixes } from '../engine/text-edits';
import { diskFiles, overlayFiles } from '../site/files';
import type { Site } from '../site/site';
import { docsEdits, redirectEdits } from './docs-edits';
import { findEndpointPages, rootEndpointPages } from './pages';
import { siteLanguages } from './scope';
import { extensionWrites, setExtensions } from './spec-edits';
import { chooseSpecsByLanguage } from './spec-languages';
import { MigrationError, type MigrationOptions, type MigrationPlan, type PagePlace, type Refusal } from './types';
import { collisions, movedUrls, newRedirects } from './urls';
import { type Chosen, chooseMigrating, decideWinners, overriddenPages } from './winners';

const refusalText = (refusals: Refusal[]) => refusals.map((r) => `  ${r.file}: ${r.message}`).join('\n');

/**
 * Plans the whole migration in memory (spec 2.6 steps 1-4): finds the MDX endpoint pages in the
 * navigation, resolves each to its operation, moves frontmatter to `metadata` and body to `content`
 * of the vendor extension (other keys of the extension kept), keeps each page's URL (the extension's
 * `href`, or with newUrls a redirect to the generated page), and rewrites the page entries as endpoint
 * entries. Then lints the planned site. Writes nothing.
 */
export function planMigration(options: MigrationOptions): MigrationPlan {
  const { model, findings, site } = lint({ ...options, ruleFilter: withoutPageParses });
  const found = findEndpointPages(model, site);
  const refused = new Map<string, string>(found.problems.map((p) => [p.file, p.message]));
  for (const [file, message] of rootEndpointPages(model, site, found.places)) refused.set(file, message);
  if (options.preferLanguage !== undefined && !siteLanguages(model).includes(options.preferLanguage)) {
    throw new MigrationError(
      `--prefer-language ${options.preferLanguage}: the site has no such language (it has ${siteLanguages(model).join(', ') || 'none'})`,
    );
  }
  // Each refusal found may free or block others (a winner refused leaves its losers): plan again
  // without the refused pages until nothing new is refused.
  for (;;) {
    const attempt = planOnce(
      model,
      site,
      found.places.filter((p) => !refused.has(p.file)),
      options,
    );
    const fresh = attempt.refusals.filter((r) => !refused.has(r.file));
    if (fresh.length === 0 && (options.skipUnresolved || refused.size === 0)) {
      const skipped = [...refused].map(([file, message]) => ({ file, message }));
      return { ...attempt.plan, findings, introduced: newErrors(findings, attempt.after.findings), skipped };
    }
    for (const r of fresh) refused.set(r.file, r.message);
    if (!options.skipUnresolved) {
      const all = [...refused].map(([file, message]) => ({ file, message }));
      throw new MigrationError(
        `cannot migrate; nothing was changed:\n${refusalText(all)}\n(--skip-unresolved migrates the other pages and leaves these as they are)`,
      );
    }
  }
}

type PlanPart = Omit<MigrationPlan, 'findings' | 'introduced' | 'skipped'>;

/** One round of planning: the plan for the candidates, what it refuses, and the lint of the site it would leave. */
function planOnce(
  model: NavModel,
  site: Site,
  candidates: PagePlace[],
  options: MigrationOptions,
): { plan: PlanPart; refusals: Refusal[]; after: LintResult } {
  const relative = (file: string) => displayPath(file, model.root);
  const { chosen, refusals, notes, kept } = choosePages(model, site, candidates, options.preferLanguage);
  const texts = new PlannedTexts(model, chosen.migrating);
  // Each spec is parsed once and all its operations edited together: parsing a multi-megabyte spec
  // again for each endpoint would make a large migration quadratic.
  const { bySpec, hrefOf, refusals: sharing } = extensionWrites(chosen.winners, texts.read, options, notes, relative);
  refusals.push(...sharing);
  for (const [file, extensions] of bySpec)
    texts.set(file, setExtensions(file, texts.current(file), extensions, options.extensionKey));
  const docsFixes = docsEdits(model, site, chosen);
  for (const [file, fixes] of docsFixes) texts.set(file, applyFixes(texts.read(file), fixes).text);
  const deletes = [...new Set(chosen.migrating.map((p) => path.join(model.root, p.file)))];

  // The planned site, without redirects: where each operation's page is, and what it would collide with.
  let after = predict(model, texts.writes, deletes, options);
  const generated = generatedPages(after.model, after.site, { unlistedOperations: false });
  const planned = after.site;
  refusals.push(...collisions(generated, chosen.winners, (page) => planned.pageFile(page), relative));
  const moved = movedUrls(chosen, hrefOf, generated);
  const added = newRedirects(model, chosen.migrating, moved.redirects);
  refusals.push(...moved.refusals, ...added.refusals);
  const redirectFixes = redirectEdits(model, moved.urls, added.adding, notes);
  if (redirectFixes.size > 0) {
    // One pass over the original text with the entry edits: their offsets are the original's.
    for (const [file, fixes] of redirectFixes)
      texts.set(file, applyFixes(texts.read(file), [...(docsFixes.get(file) ?? []), ...fixes]).text);
    after = predict(model, texts.writes, deletes, options);
  }
  const plan: PlanPart = {
    root: model.root,
    writes: texts.writes,
    deletes,
    overridden: overriddenPages(chosen),
    migrated: chosen.winners.size,
    redirects: added.adding,
    notes,
    kept,
    generated,
    urls: moved.urls,
  };
  return { plan, refusals, after };
}

/**
 * The pages a round migrates: each candidate on the spec of its language (or kept as a page, or
 * refused), then the page whose text each endpoint gets (spec 2.6).
 */
function choosePages(
  model: NavModel,
  site: Site,
  candidates: PagePlace[],
  prefer: string | undefined,
): { chosen: Chosen; refusals: Refusal[]; notes: string[]; kept: Refusal[] } {
  const { places, refusals, languageNotes, kept } = chooseSpecsByLanguage(model, site, candidates, prefer);
  const decided = decideWinners(places, new Set(refusals.map((r) => r.file)));
  refusals.push(...decided.refusals);
  const chosen = chooseMigrating(places, decided, new Set(refusals.map((r) => r.file)));
  return { chosen, refusals, notes: [...languageNotes], kept };
}

/** The planned text of each file the migration changes, and its text before. */
class PlannedTexts {
  readonly writes = new Map<string, { original: string; updated: string }>();

  constructor(
    private readonly model: NavModel,
    private readonly migrating: PagePlace[],
  ) {}

  /** A file's text before the migration: the lint read every file written already (docs.json and its $ref files, or a spec). */
  read = (file: string): string =>
    this.model.files.find((f) => f.path === file)?.text ??
    this.migrating.find((p) => p.spec.spec!.file === file)!.spec.spec!.source!.text;

  current(file: string): string {
    return this.writes.get(file)?.updated ?? this.read(file);
  }

  set(file: string, updated: string): void {
    this.writes.set(file, { original: this.writes.get(file)?.original ?? this.read(file), updated });
  }
}

/** Lints the site as the plan would leave it: planned texts read in place of the files, deleted pages gone. */
function predict(
  model: NavModel,
  writes: Map<string, { updated: string }>,
  deletes: string[],
  options: Pick<LintOptions, 'ruleSet' | 'rules' | 'settings' | 'extensionKey'>,
): LintResult {
  const files = overlayFiles(diskFiles, (file) => writes.get(file)?.updated, new Set(deletes));
  return lint({
    docsFile: model.docsFile.path,
    root: model.root,
    files,
    ruleSet: options.ruleSet,
    rules: options.rules,
    settings: options.settings,
    extensionKey: options.extensionKey,
    ruleFilter: withoutPageParses,
  });
}

/** Errors of a lint that were not there before: what a migration must not introduce. */
export function newErrors(before: Finding[], after: Finding[]): Finding[] {
  const counts = new Map<string, number>();
  const key = (f: Finding) => `${f.ruleId}\u0000${f.message}`;
  for (const f of before) if (f.severity === 2) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  return after.filter((f) => {
    if (f.severity !== 2) return false;
    const left = counts.get(key(f)) ?? 0;
    counts.set(key(f), left - 1);
    return left <= 0;
  });
}
