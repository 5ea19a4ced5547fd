import { fileURLToPath, pathToFileURL } from 'node:url';

export const uriOf = (file: string): string => pathToFileURL(file).href;
export const pathOf = (uri: string): string => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
