import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSiteFile } from '../src/parsers/mdx';
import { corpusSites } from './helpers';

const { corpus, sites } = corpusSites('the differential test of pages parsed in parts');

// Cut wherever a page may be cut (parts of one character), against the parse of the whole page.
const everyCut = { from: 0, size: 1 };
const whole = { from: Number.POSITIVE_INFINITY, size: 1 };

describe.skipIf(sites.length === 0)('every corpus page parsed in parts has the parse of the whole page', () => {
  it.each(sites)('%s', (site) => {
    const dir = path.join(corpus, site);
    const pages = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.mdx?$/.test(file))
      .sort();
    const differing = pages.filter((page) => {
      const text = fs.readFileSync(path.join(dir, page), 'utf8');
      return JSON.stringify(parseSiteFile(text, {}, everyCut)) !== JSON.stringify(parseSiteFile(text, {}, whole));
    });
    expect(pages.length).toBeGreaterThan(0);
    expect(differing).toEqual([]);
  });
});
