import * as fs from 'node:fs';
import * as path from 'node:path';
import { distance } from 'fastest-levenshtein';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { defaultMaxDistance, didYouMean, isNear, SuggestionIndex } from '../src/common/suggest';
import { headingSlug } from '../src/parsers/slug';
import { corpusSites } from './helpers';

// What a did-you-mean calls near (isNear), held to real names of the corpus's sites: their page
// paths, their pages' heading anchors and their specs' operation paths. A real name with a typo
// in it must get its did-you-mean; two real names of one folder, page or path that differ by a
// different last word must not be offered for each other (`/v1/analytics/{projectId}/visitors`
// is not `…/assistant`).

const { corpus, sites } = corpusSites('the did-you-mean threshold test');

/** The names a site's did-you-means choose among, by kind; anchors by page. */
interface SiteNames {
  pages: string[];
  operations: string[];
  anchors: string[][];
}

function namesOf(dir: string): SiteNames {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .sort();
  const pageFiles = files.filter((file) => /\.mdx?$/.test(file));
  const pages = pageFiles.map((file) =>
    file
      .replace(/\.mdx?$/, '')
      .split(path.sep)
      .join('/'),
  );
  const anchors = pageFiles.map((file) => {
    const headings = fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^#{2,6} +(.+?) *$/gm);
    return [...new Set([...headings].map((heading) => headingSlug(heading[1])))].filter((slug) => slug !== '');
  });
  const operations = new Set<string>();
  for (const file of files.filter((f) => /\.(json|ya?ml)$/.test(f))) {
    let spec: unknown;
    try {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      spec = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
    } catch {
      continue; // not a spec
    }
    const paths = (spec as { openapi?: unknown; paths?: unknown } | null)?.paths;
    if (!(spec as { openapi?: unknown }).openapi || !paths || typeof paths !== 'object') continue;
    for (const p of Object.keys(paths)) operations.add(p);
  }
  return { pages, operations: [...operations].sort(), anchors };
}

/** A repeatable stream of numbers in [0, 1) (mulberry32): the same typos on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A typo in one word (3 letters or more) of `name`: a letter changed, two neighbours swapped, a
 * letter dropped or added, or (in a word of 6 letters or more) two letters changed; undefined when
 * the name has no such word.
 */
function typo(name: string, next: () => number): string | undefined {
  const words = [...name.matchAll(/[a-z]{3,}/g)];
  if (words.length === 0) return undefined;
  const word = words[Math.floor(next() * words.length)];
  const start = word.index;
  const text = word[0];
  const pick = (n: number) => Math.floor(next() * n);
  const other = (c: string) => letters.replace(c, '')[pick(25)];
  const at = pick(text.length);
  const kinds = text.length >= 6 ? 5 : 4;
  let changed: string;
  switch (pick(kinds)) {
    case 0:
      changed = text.slice(0, at) + other(text[at]) + text.slice(at + 1);
      break;
    case 1: {
      const i = Math.min(at, text.length - 2);
      changed = text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
      break;
    }
    case 2:
      changed = text.slice(0, at) + text.slice(at + 1);
      break;
    case 3:
      changed = text.slice(0, at) + letters[pick(26)] + text.slice(at);
      break;
    default: {
      const second = (at + 2 + pick(text.length - 3)) % text.length;
      const chars = [...text];
      chars[at] = other(chars[at]);
      chars[second] = other(chars[second]);
      changed = chars.join('');
    }
  }
  return name.slice(0, start) + changed + name.slice(start + text.length);
}

/** The words of a name that differ from another's, both ends' common words taken off (split at `-`, `_`, `.`, `/`). */
function differingWords(a: string, b: string): [string, string] {
  const x = a.split(/[-_./]/);
  const y = b.split(/[-_./]/);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let end = 0;
  while (end < x.length - start && end < y.length - start && x[x.length - 1 - end] === y[y.length - 1 - end]) end++;
  return [x.slice(start, x.length - end).join('-'), y.slice(start, y.length - end).join('-')];
}

/**
 * Two names that are different words, not a typo of each other: what differs is a word on each side,
 * at least half of its letters different, neither the start of the other (`get`, `getting`).
 */
function differentWords(a: string, b: string): boolean {
  const [x, y] = differingWords(a, b);
  if (!/^[a-z]{3,}$/.test(x) || !/^[a-z]{3,}$/.test(y) || x.startsWith(y) || y.startsWith(x)) return false;
  return distance(x, y) >= Math.ceil(Math.max(x.length, y.length) / 2);
}

/** Pairs of names in one group (a folder, a page, a path) whose last segment differs by different words. */
function siblingPairs(names: readonly string[], parentOf: (name: string) => string): [string, string][] {
  const byParent = new Map<string, string[]>();
  for (const name of names) {
    const parent = parentOf(name);
    byParent.set(parent, [...(byParent.get(parent) ?? []), name]);
  }
  const pairs: [string, string][] = [];
  for (const group of byParent.values())
    for (const a of group) for (const b of group) if (a !== b && differentWords(a, b)) pairs.push([a, b]);
  return pairs;
}

const folderOf = (name: string) => name.slice(0, name.lastIndexOf('/') + 1);

describe.skipIf(sites.length === 0)('did-you-means on the corpus: near for typos, never for another real name', () => {
  const names = new Map(sites.map((site) => [site, namesOf(path.join(corpus, site))]));

  it('the cases of the issue', () => {
    expect(isNear('/v1/analytics/{projectId}/visitors', '/v1/analytics/{projectId}/assistant')).toBe(false);
    expect(isNear('/v1/analytics/visitors', '/v1/analytics/assistant')).toBe(false);
    expect(isNear('/v1/analytcs/visitors', '/v1/analytics/visitors')).toBe(true);
    expect(isNear('quickstrat', 'quickstart')).toBe(true);
    expect(isNear('cli/overveiw', 'cli/overview')).toBe(true);
    const mintlify = names.get('mintlify__docs')!;
    expect(mintlify.operations).toContain('/v1/analytics/{projectId}/visitors');
    expect(mintlify.operations).toContain('/v1/analytics/{projectId}/assistant');
    expect(mintlify.pages).toContain('quickstart');
  });

  for (const site of sites) {
    it(`${site}: every typo of a real page path, anchor and operation path is near it, and gets a did-you-mean`, () => {
      const { pages, operations, anchors } = names.get(site)!;
      const next = random(59);
      const lists = [pages, operations, ...anchors.filter((list) => list.length > 0)];
      const missed: string[] = [];
      let tried = 0;
      for (const list of lists) {
        const real = new Set(list);
        const index = new SuggestionIndex(list);
        // A few hundred of each site: enough for every kind of typo in every kind of name.
        const step = Math.max(1, Math.floor(list.length / 200));
        for (let i = 0; i < list.length; i += step) {
          const wrong = typo(list[i], next);
          if (wrong === undefined || real.has(wrong)) continue;
          tried++;
          if (!isNear(wrong, list[i]) || index.nearest(wrong) === undefined)
            missed.push(`${wrong} → ${list[i]} (got ${index.nearest(wrong)?.candidate})`);
        }
      }
      expect(missed).toEqual([]);
      expect(tried).toBeGreaterThan(0);
    });

    it(`${site}: no real page, anchor or operation is offered for another of its folder, page or path that differs by a word`, () => {
      const { pages, operations, anchors } = names.get(site)!;
      const pairs = [
        ...siblingPairs(pages, folderOf),
        ...siblingPairs(operations, folderOf),
        ...anchors.flatMap((list) => siblingPairs(list, () => '')),
      ];
      const offered = pairs.filter(([a, b]) => isNear(a, b) || didYouMean(a, [b]) !== undefined);
      expect(offered).toEqual([]);
    });
  }

  // The old threshold (a third of the whole name) offered 11,545 of the 37,034 pairs.
  it('the old threshold offered some of those pairs across the corpus: the test guards a real change', () => {
    let before = 0;
    for (const { pages, operations, anchors } of names.values()) {
      const pairs = [
        ...siblingPairs(pages, folderOf),
        ...siblingPairs(operations, folderOf),
        ...anchors.flatMap((list) => siblingPairs(list, () => '')),
      ];
      before += pairs.filter(([a, b]) => distance(a, b) <= defaultMaxDistance(a)).length;
    }
    expect(before).toBeGreaterThan(0);
  });
});
