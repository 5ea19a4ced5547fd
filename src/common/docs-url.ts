import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repository } from '../../package.json';
import { version } from './version';

/** navlint's repository on the web, from package.json's `repository` (`git+https://….git`). */
export const repositoryUrl: string = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/**
 * A rule's page in the repository at this release's tag, where a report read elsewhere (SARIF in code
 * scanning, JSON in another tool) can link: release tags hold the published package, rule pages included.
 */
export function ruleDocsUrl(ruleId: string): string {
  return `${repositoryUrl}/blob/v${version}/rules/${ruleId}.md`;
}

let packageRoot: string | undefined;

/**
 * A rule's page as a file of the running copy of navlint (an npm install, a checkout, the VS Code
 * extension's server), which an editor opens offline. The package's top is the nearest folder up
 * from this code with a package.json: dist/ in an install, src/common/ in the tests.
 */
function rulePageFile(ruleId: string): string {
  if (packageRoot === undefined) {
    const here = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : import.meta.url;
    let folder = path.dirname(here);
    while (!fs.existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder)
      folder = path.dirname(folder);
    packageRoot = folder;
  }
  return path.join(packageRoot, 'rules', `${ruleId}.md`);
}

export function ruleDocsFileUrl(ruleId: string): string {
  return pathToFileURL(rulePageFile(ruleId)).href;
}

/** The text of a rule's page, rules/<id>.md, as the running copy of navlint ships it; undefined when it does not. */
export function rulePageText(ruleId: string): string | undefined {
  try {
    return fs.readFileSync(rulePageFile(ruleId), 'utf8');
  } catch {
    return undefined;
  }
}
