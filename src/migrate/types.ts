import type { Finding, LintOptions } from '../engine/lint';
import type { PageElement } from '../engine/model';
import type { GeneratedPage } from '../engine/site-urls';
import type { EndpointRef } from '../parsers/endpoint-entry';
import type { Operation } from '../parsers/openapi';
import type { SpecLookup } from '../site/site-index';
import type { Scope } from './scope';

/** One MDX endpoint page at one place in the navigation. */
export interface PagePlace {
  element: PageElement;
  /** Page file relative to the docs folder. */
  file: string;
  endpoint: EndpointRef;
  spec: SpecLookup;
  operation: Operation;
  metadata: Record<string, unknown>;
  content: string;
  scope: Scope;
}

/** A page that cannot be migrated as it is, and why. */
export interface Refusal {
  /** Relative to the docs folder. */
  file: string;
  message: string;
}

/** A redirect the migration adds to docs.json: from a page's old URL to where it now is. */
export interface AddedRedirect {
  source: string;
  destination: string;
}

export interface MigrationPlan {
  /** The docs folder. */
  root: string;
  /** New text of every file that changes (docs.json, $ref files, specs), absolute path → text. */
  writes: Map<string, { original: string; updated: string }>;
  /** MDX files to delete, absolute. */
  deletes: string[];
  /** Pages that lost to another page for the same endpoint: a later one in their language and version (spec 2.6). */
  overridden: { file: string; winner: string; endpoint: string }[];
  /** Endpoints migrated. */
  migrated: number;
  /** Redirects added to docs.json: from an old page URL to where its content now is. */
  redirects: AddedRedirect[];
  /** What the run says besides the diff: specs chosen per language, extension keys kept. */
  notes: string[];
  /** Pages left as they are (--skip-unresolved), and why. */
  skipped: Refusal[];
  /** Pages of another language than --prefer-language's on a spec that takes its text, kept as MDX pages, and why. */
  kept: Refusal[];
  /** The site's findings before the migration. */
  findings: Finding[];
  /** Errors the migrated site would have that the site has not: the migration must not write then. */
  introduced: Finding[];
  /** The pages the migrated site's endpoint entries generate (computed on the planned files). */
  generated: GeneratedPage[];
  /** The URL of every page migrated (winners and the pages they override), → where it is after the migration. */
  urls: Map<string, string>;
}

/** Why a migration cannot start: nothing has been written. */
export class MigrationError extends Error {}

export interface MigrationOptions extends Pick<LintOptions, 'docsFile' | 'ruleSet' | 'rules' | 'settings'> {
  extensionKey: string;
  /** Let the pages move to the platform's generated URLs, with a redirect from each old URL. */
  newUrls?: boolean;
  /** Where pages of several languages document one spec: this language's text wins. */
  preferLanguage?: string;
  /** Migrate what can be, and leave the pages that cannot as they are. */
  skipUnresolved?: boolean;
}
