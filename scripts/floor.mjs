// The floor navlint is measured against: read docs.json, JSON.parse it, stat every page file.
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
const docs = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
let found = 0;
const walk = (value) => {
  if (Array.isArray(value)) return value.forEach(walk);
  if (value && typeof value === 'object') return Object.entries(value).forEach(([key, v]) => (key === 'pages' && Array.isArray(v) ? v.forEach((p) => (typeof p === 'string' ? stat(p) : walk(p))) : walk(v)));
};
const stat = (page) => {
  for (const ext of ['.mdx', '.md']) {
    try {
      statSync(join(root, page + ext));
      found++;
      return;
    } catch {}
  }
};
walk(docs.navigation);
console.log(found);
