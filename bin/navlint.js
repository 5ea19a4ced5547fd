#!/usr/bin/env node
// The bundle in dist/ is built by `npm run build` (npm ci and npm install run it through `prepare`).
try {
  await import('../dist/bin.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js')) {
    process.stderr.write('navlint: dist/ is missing; run `npm run build` first\n');
    process.exit(2);
  }
  throw error;
}
