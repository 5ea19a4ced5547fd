// The strings of the `pages` lists of a docs.json's navigation, those of the files it takes in with
// "$ref" included (mintlify's own docs keep each language's navigation in one): page paths and
// endpoint entries alike. Shared by the floor (scripts/floor.mjs) and the bench's counts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function pageEntries(root) {
  const entries = [];
  const walk = (value, folder, inPages) => {
    if (typeof value === 'string') {
      if (inPages) entries.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v, folder, inPages);
    } else if (value && typeof value === 'object') {
      if (typeof value.$ref === 'string') {
        const file = join(folder, value.$ref);
        return walk(JSON.parse(readFileSync(file, 'utf8')), dirname(file), inPages);
      }
      for (const [key, v] of Object.entries(value)) walk(v, folder, key === 'pages');
    }
  };
  walk(JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')).navigation, root, false);
  return entries;
}
