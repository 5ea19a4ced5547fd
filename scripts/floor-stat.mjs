// The floor of the page parse targets (issue 26), not scripts/floor.mjs's (issue 15): what a run that
// finds nothing changed cannot do without: start node, stat every file of the docs folder (a walk of
// its folders as navlint's: no dot names, no node_modules, no symbolic links followed) and read
// docs.json.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The floor's work on a docs folder; the count of files statted. */
export function floorWork(root) {
  let files = 0;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        statSync(path);
        files++;
      }
    }
  };
  walk(root);
  readFileSync(join(root, 'docs.json'));
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(floorWork(process.argv[2]));
