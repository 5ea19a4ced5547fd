// Part of npm run lint: the import graph of src/ and rules/ has no cycle (type-only imports included)
// and every import points down the layers: shells → formatters → rules/ (the registry and the rules,
// which the shells hand to the engine) → engine → site → parsers → common; the command line above
// the other shells, which it starts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const layers = {
  common: 0,
  generated: 0,
  parsers: 1,
  site: 2,
  engine: 3,
  rules: 4,
  formatters: 5,
  lsp: 6,
  migrate: 6,
  analytics: 6,
  // The command line starts the other shells.
  cli: 7,
};

function filesBelow(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory()
      ? filesBelow(file)
      : /\.ts$/.test(name) && !name.endsWith('.d.ts')
        ? [file]
        : [];
  });
}

function layerOf(file) {
  const parts = relative(root, file).split(/[\\/]/);
  return parts[0] === 'rules' ? 'rules' : parts[1];
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined; // JSON and generated files: leaves of the graph
}

const files = [...filesBelow(join(root, 'src')), ...filesBelow(join(root, 'rules'))];
const graph = new Map();
const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const edges = [];
  // Static imports and re-exports (type-only ones too) and dynamic import().
  for (const match of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g,
  )) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (!target) continue;
    edges.push(target);
    const [own, theirs] = [layerOf(file), layerOf(target)];
    const allowed = layers[theirs] < layers[own] || own === theirs;
    if (!allowed)
      problems.push(`${relative(root, file)} imports ${relative(root, target)}: ${own} may not import ${theirs}`);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: any with two or more files is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(file) {
  indexOf.set(file, index);
  low.set(file, index++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indexOf.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
  }
  if (low.get(file) === indexOf.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) problems.push(`cycle: ${component.sort().join(' ↔ ')}`);
  }
}
for (const file of graph.keys()) if (!indexOf.has(file)) connect(file);

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`${files.length} files: no cycles, every import points down the layers\n`);
