import pkg from '../../package.json';

/** Where navlint's documentation lives: the README, with a section per rule (generated from each rule's meta). */
export const homepage: string = pkg.homepage;

export function ruleDocsUrl(ruleId: string): string {
  return `${homepage}#${ruleId}`;
}
