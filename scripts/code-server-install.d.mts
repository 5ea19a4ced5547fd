export const CODE_SERVER_VERSION: string;
export const codeServerDir: string;
export const codeServerEntry: string;
export function ensureCodeServer(): string;
