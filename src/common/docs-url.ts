import pkg from '../../package.json';

/** Where navlint's documentation lives: the README, whose table of the rules has a row per rule, at its id's anchor, that links its page. */
export const homepage: string = pkg.homepage;

export function ruleDocsUrl(ruleId: string): string {
  return `${homepage}#${ruleId}`;
}
