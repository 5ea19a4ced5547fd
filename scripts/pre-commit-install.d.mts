export const preCommit4: string;
/** Installs pre-commit 4.x once into a cache folder; returns its command, or undefined when pip cannot. */
export function ensurePreCommit4(): string | undefined;
