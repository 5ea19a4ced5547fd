/** A hash of the build's inputs in root. */
export function sourcesId(root: string): string;
/** Where the build writes it. */
export function sourcesIdFile(root: string): string;
