// The platform's own validation of one spec file, in a fresh process, as its prebuild runs it: the
// text loaded with its js-yaml, then @mintlify/common's validate (external $refs, the version, its
// parser's schema and reference checks). Prints on its last line, as JSON, the in-process time of
// the two (the first validation compiles the parser's schema, as the platform's first does) and the
// verdict. From the install of ./platform-install.mjs. Usage: node scripts/platform-spec-validate.mjs FILE
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installDir } from './platform-install.mjs';

const modules = join(installDir, 'node_modules');
const { default: yaml } = await import(pathToFileURL(join(modules, 'js-yaml/index.js')).href);
const { validate } = await import(pathToFileURL(join(modules, '@mintlify/common/dist/openapi/validate.js')).href);
const text = readFileSync(process.argv[2], 'utf8');
const started = performance.now();
let valid = true;
try {
  await validate(yaml.load(text));
} catch {
  valid = false;
}
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, valid })}\n`);
