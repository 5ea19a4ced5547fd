/** Packs navlint as it is published into `into` (default .artifacts/; the folder in into/package), building first unless build is false; returns the tarball's path. */
export function pack(options?: { build?: boolean; into?: string }): string;
