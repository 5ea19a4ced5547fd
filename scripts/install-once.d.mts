/** Runs install(staging) unless folder holds a finished install; then folder holds it. */
export function installOnce(folder: string, install: (staging: string) => void): void;
