import { ignorePackage } from './lazy';

/**
 * What the platform leaves out of a docs folder whatever `.mintignore` says before it (@mintlify/common
 * 1.0.1182's DEFAULT_MINT_IGNORES, in its order): tools' dot folders, `.mintlify` but for its folders,
 * `skills/` and data files, `node_modules`, and four Markdown files by name.
 */
export const defaultMintIgnores = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

const toolFolders = new Set(['.git', '.github', '.claude', '.agents', '.idea', '.vscode', '.cursor']);
const ignoredLast = new Set(['node_modules', 'readme.md', 'license.md', 'changelog.md', 'contributing.md']);
const dataFile = /\.(?:json|ya?ml)$/i;

/**
 * Whether the platform's walk leaves out an entry of a folder it entered: `relative` is its path from
 * the docs folder, `name` its last part. The rules above, as `ignore` matches them (case aside, and
 * the last rule that matches decides), written out: the walk asks this of every file and folder.
 */
function ignoredByDefault(relative: string, name: string, folder: boolean): boolean {
  const lower = name.toLowerCase();
  let ignored = toolFolders.has(lower);
  if (relative.length > 10 && relative.charCodeAt(0) === 46 && relative.slice(0, 10).toLowerCase() === '.mintlify/') {
    const inSkills = relative.length > 17 && relative.slice(10, 17).toLowerCase() === 'skills/';
    ignored = !(folder || inSkills || dataFile.test(name));
  }
  return ignored || ignoredLast.has(lower);
}

/** Whether the platform leaves out every folder of this name, whatever `.mintignore` says (`.git`, `node_modules`…). */
export function ignoredFolderName(name: string): boolean {
  return ignoredByDefault(name, name, true);
}

/** A rule of `.mintignore` as `ignore` compiled it. */
interface CompiledRule {
  regex: RegExp;
  negative: boolean;
}

/**
 * The platform's ignore rules for a docs folder (@mintlify/common's createMintIgnoreMatcher and
 * isMintIgnoredBy, with `ignore` 7.0.5, which it uses): the defaults, then `.mintignore`'s lines,
 * gitignore's syntax throughout (`!` negates, a trailing `/` means folders only, a pattern without
 * `/` matches at any depth, case does not matter), each line once (a line equal to a default or an
 * earlier line is dropped, as the platform's Set does). The answer is for an entry of a folder the
 * walk entered, so not itself ignored: as in the platform's walk, the last rule that matches the
 * entry's path (a folder's with a `/` after it) decides.
 */
export function mintIgnoreMatcher(
  mintignore: string | undefined,
): (relative: string, name: string, folder: boolean) => boolean {
  const rules = userRules(mintignore);
  if (rules.length === 0) return ignoredByDefault;
  return (relative, name, folder) => {
    const tested = folder ? `${relative}/` : relative;
    for (let i = rules.length - 1; i >= 0; i--) if (rules[i].regex.test(tested)) return !rules[i].negative;
    return ignoredByDefault(relative, name, folder);
  };
}

/** `.mintignore`'s rules after the defaults, compiled by `ignore` itself (its rule objects, of the version pinned). */
function userRules(mintignore: string | undefined): CompiledRule[] {
  if (mintignore === undefined) return [];
  const lines = [...new Set([...defaultMintIgnores, ...mintignore.split(/\r?\n/).map((line) => line.trim())])].slice(
    defaultMintIgnores.length,
  );
  if (!lines.some((line) => line && !line.startsWith('#'))) return [];
  const matcher = ignorePackage()().add(lines) as unknown as { _rules: { _rules: CompiledRule[] } };
  return matcher._rules._rules.map((rule) => ({ regex: rule.regex, negative: rule.negative }));
}

/**
 * Whether the platform leaves out a file, by its path alone (not for a walk: each folder on the way
 * is looked at first, as `ignore` does, and a file below a folder left out is left out).
 */
export function isMintIgnored(
  matcher: (relative: string, name: string, folder: boolean) => boolean,
  relative: string,
): boolean {
  const parts = relative.split('/');
  for (let i = 0; i < parts.length; i++) {
    if (matcher(parts.slice(0, i + 1).join('/'), parts[i], i < parts.length - 1)) return true;
  }
  return false;
}
