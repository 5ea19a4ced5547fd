export const quietSettings: Record<string, unknown>;
export function installExtension(vsix: string, folders: { userData: string; extensions: string }): void;
export function startCodeServer(options: {
  userData: string;
  extensions: string;
  folder: string;
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
}): Promise<{ url: string; stop: () => Promise<void> }>;
