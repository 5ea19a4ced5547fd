import { pushTo } from '../common/collections';
import { displayPath } from '../common/paths';
import { addRedirectsEdit, redirectNodes, setProperty } from '../engine/json-edits';
import { type NavElement, type NavModel, specsInForce } from '../engine/model';
import type { Fix } from '../engine/rule';
import { removeItem } from '../engine/text-edits';
import { formatEndpoint } from '../parsers/endpoint-entry';
import type { JNode } from '../parsers/json';
import type { SiteIndex } from '../site/site-index';
import { type AddedRedirect, MigrationError } from './types';
import { type Chosen, winnerOf } from './winners';

/**
 * The docs.json (and $ref file) edits: each migrated page entry becomes its endpoint entry. Where the
 * spec is not in scope, the enclosing element gets "openapi" when it has none in scope at all, and the
 * entry names the spec ("spec.yaml GET /x") when its scope is another spec.
 */
export function docsEdits(model: NavModel, site: SiteIndex, chosen: Chosen): Map<string, Fix[]> {
  const edits = new Map<string, Fix[]>();
  const add = (node: JNode, fix: Fix) => pushTo(edits, node.file.path, fix);
  const given = new Map<NavElement, string>(); // parents that receive "openapi", and which spec
  for (const place of chosen.migrating) {
    const winner = winnerOf(chosen, place);
    // A page that lost to another page in the same pages array would list the endpoint twice there: drop it.
    if (winner !== place && winner.element.node.parent === place.element.node.parent) {
      add(place.element.node, removeItem(place.element.node.parent!, place.element.node));
      continue;
    }
    const specFile = winner.spec.spec!.file;
    const relative = displayPath(specFile, model.root);
    const parent = place.element.parent;
    const scope = specsInForce(model, place.element);
    const inScope = scope?.some((source) => site.lookupSpec(source).spec?.file === specFile) ?? false;
    let entry = formatEndpoint(
      winner.operation.webhook !== undefined
        ? { webhook: winner.operation.webhook }
        : { method: winner.operation.method, path: winner.operation.path },
    );
    if (!inScope) {
      if (!scope && (given.get(parent) ?? relative) === relative) {
        if (!given.has(parent)) {
          given.set(parent, relative);
          add(parent.node, setProperty(parent.node, 'openapi', relative));
        }
      } else {
        entry = `${relative} ${entry}`;
      }
    }
    add(place.element.node, {
      range: [place.element.node.offset, place.element.node.offset + place.element.node.length],
      text: JSON.stringify(entry),
    });
  }
  return edits;
}

/**
 * The redirect edits: `adding` appended to the site's redirects, and each redirect of the site to a page
 * that moves (--new-urls) pointed straight at its new place, so that no chain is made.
 */
export function redirectEdits(
  model: NavModel,
  urls: Map<string, string>,
  adding: AddedRedirect[],
  notes: string[],
): Map<string, Fix[]> {
  const edits = new Map<string, Fix[]>();
  const add = (file: string, fix: Fix) => pushTo(edits, file, fix);
  for (const { node, source, destination } of redirectNodes(model)) {
    const moved = urls.get(destination.replace(/^\/+/, ''));
    if (moved === undefined || moved === destination.replace(/^\/+/, '')) continue;
    add(node.file.path, { range: [node.offset, node.offset + node.length], text: JSON.stringify(`/${moved}`) });
    notes.push(`note: the redirect from ${source} now goes to /${moved}: ${destination} moves there`);
  }
  if (adding.length > 0) add(...redirectEdit(model, adding));
  return edits;
}

/** The edit that adds redirects (addRedirectsEdit), or why the migration cannot add them. */
function redirectEdit(model: NavModel, redirects: AddedRedirect[]): [string, Fix] {
  const edit = addRedirectsEdit(model, redirects);
  if (!edit) throw new MigrationError(`docs.json "redirects" is not a list: the migration cannot add its redirects`);
  return edit;
}
