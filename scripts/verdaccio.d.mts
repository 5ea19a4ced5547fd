export const VERDACCIO_VERSION: string;
/** Installs Verdaccio once into a cache folder; returns its entry point. */
export function ensureVerdaccio(): string;
/** Starts a registry with its storage in folder: its URL, an npmrc naming it (with a token to publish), and a function that stops it. */
export function startRegistry(folder: string): Promise<{ url: string; npmrc: string; stop: () => Promise<void> }>;
