// The page files of a site as the benches' yardsticks read them: .mdx, and .md but README, LICENSE,
// CONTRIBUTING, CONTRIBUTE, CHANGELOG; no dot folders, no node_modules. Nearly the files navlint parses
// (src/site/page-parses.ts), not exactly: .mintignore is not read, and .jsx and .tsx snippets are left out.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const excluded = new Set(['readme', 'license', 'contributing', 'contribute', 'changelog']);

/** Every page file below a folder (absolute paths), in the order of the walk. */
export function pageFilesBelow(folder, found = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) pageFilesBelow(path, found);
    else if (
      entry.isFile() &&
      (entry.name.endsWith('.mdx') ||
        (entry.name.endsWith('.md') && !excluded.has(entry.name.slice(0, -3).toLowerCase())))
    )
      found.push(path);
  }
  return found;
}
